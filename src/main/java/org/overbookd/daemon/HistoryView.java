package org.overbookd.daemon;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.model.ForwardingClusterView;
import org.overbookd.model.ForwardingHostView;
import org.overbookd.model.ForwardingVmView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;

/**
 * A backend's view whose hosts and low-QoS VMs say how often overbookd acted on them lately, from
 * the {@link GuardHistory}; everything else is the backend's. The VMs the policy may act on (those
 * overbooked on a host and those queued) are the ones it wraps.
 */
final class HistoryView extends ForwardingClusterView {

    private final List<Host> hosts;
    private final List<Vm> queue;

    HistoryView(ClusterView view, GuardHistory history) {
        super(view);
        List<? extends HostView> original = view.hosts();
        this.hosts = new ArrayList<>(original.size());
        for (HostView host : original) {
            hosts.add(new Host(host, history));
        }
        this.queue = wrap(view.queue(), history);
    }

    private static List<Vm> wrap(List<? extends VmView> vms, GuardHistory history) {
        List<Vm> wrapped = new ArrayList<>(vms.size());
        for (VmView vm : vms) {
            wrapped.add(new Vm(vm, history));
        }
        return List.copyOf(wrapped);
    }

    @Override
    public List<Host> hosts() {
        return hosts;
    }

    @Override
    public List<Vm> queue() {
        return queue;
    }

    /** A host of the view, with how often overbookd acted on it lately. */
    static final class Host extends ForwardingHostView {
        private final int id;
        private final GuardHistory history;
        private final List<Vm> overbooked;

        Host(HostView host, GuardHistory history) {
            super(host);
            this.id = host.id();
            this.history = history;
            this.overbooked = wrap(host.overbooked(), history);
        }

        @Override
        public List<Vm> overbooked() {
            return overbooked;
        }

        @Override
        public int actionsSince(Instant since) {
            return history.actionsSince(id, since);
        }
    }

    /** A low-QoS VM of the view, with how often overbookd suspended it lately. */
    static final class Vm extends ForwardingVmView {
        private final long id;
        private final GuardHistory history;

        Vm(VmView vm, GuardHistory history) {
            super(vm);
            this.id = vm.id();
            this.history = history;
        }

        @Override
        public int suspensionsSince(Instant since) {
            return history.suspensionsSince(id, since);
        }
    }
}
