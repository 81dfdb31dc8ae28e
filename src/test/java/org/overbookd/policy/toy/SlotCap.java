package org.overbookd.policy.toy;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.policy.Argument;
import org.overbookd.policy.PluginFactory;
import org.overbookd.policy.maxweight.Start;
import org.overbookd.policy.maxweight.TypeEvent;
import org.overbookd.policy.maxweight.TypeScheduler;
import org.overbookd.policy.maxweight.TypeSettings;
import org.overbookd.policy.maxweight.TypedView;

/**
 * A toy policy of the VM-type model, kept outside the tree's policies as {@link FirstComeFirstServed}
 * is for the slot model: after every event it starts the oldest waiting VM of any type on the first
 * server it fits, again and again, but never runs more than {@link #PER_SERVER} VMs on one server.
 */
public final class SlotCap implements TypeScheduler {

    public static final Argument<Integer> PER_SERVER =
            Argument.atLeast("per-server", "VMs one server runs at most (default 1).", 1, 1);

    public static final PluginFactory<TypeSettings, TypeScheduler> FACTORY =
            new PluginFactory<>("slot-cap", List.of(PER_SERVER), (settings, args) -> new SlotCap(args.get(PER_SERVER)));

    private final int perServer;

    private SlotCap(int perServer) {
        this.perServer = perServer;
    }

    @Override
    public String name() {
        return "slot-cap";
    }

    @Override
    public List<Start> decide(TypeEvent event) {
        TypedView view = event.view();
        int servers = view.servers();
        int[] running = new int[servers];
        long[][] residual = new long[servers][view.resources()];
        for (int s = 0; s < servers; s++) {
            for (int j = 0; j < view.types(); j++) {
                running[s] += view.running(s, j);
            }
            for (int r = 0; r < view.resources(); r++) {
                residual[s][r] = view.residual(s, r);
            }
        }
        long[] started = new long[view.types()];
        List<Start> starts = new ArrayList<>();
        while (true) {
            int type = -1; // the type whose oldest VM not yet started waits longest
            for (int j = 0; j < view.types(); j++) {
                if (started[j] < view.queued(j)
                        && (type < 0 || view.arrival(j, started[j]) < view.arrival(type, started[type]))) {
                    type = j;
                }
            }
            if (type < 0) {
                return starts;
            }
            int server = -1;
            for (int s = 0; s < servers && server < 0; s++) {
                if (running[s] < perServer && fits(view, residual[s], type)) {
                    server = s;
                }
            }
            if (server < 0) {
                return starts; // first come, first served: the head waits, and so does everything behind it
            }
            starts.add(new Start(server, type));
            started[type]++;
            running[server]++;
            for (int r = 0; r < view.resources(); r++) {
                residual[server][r] -= view.demand(type, r);
            }
        }
    }

    private static boolean fits(TypedView view, long[] residual, int type) {
        for (int r = 0; r < view.resources(); r++) {
            if (view.demand(type, r) > residual[r]) {
                return false;
            }
        }
        return true;
    }
}
