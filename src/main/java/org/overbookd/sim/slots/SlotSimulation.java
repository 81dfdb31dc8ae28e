package org.overbookd.sim.slots;

import java.util.List;
import org.overbookd.policy.hybrid.SlotDecision;
import org.overbookd.policy.hybrid.SlotPolicy;

/**
 * A discrete-event run of the slot model. The clock jumps from event to event (task arrivals, task
 * completions); after all events of one instant are handled, the policy is asked for dispatches
 * until it has none, and the servers whose running set changed get their next completion
 * rescheduled at their new rate. The paper's scheduler looks at the queue every unit of time; we
 * look whenever something changed, which is the limit of a small unit and loses nothing in between.
 * The run ends when every task has finished or been dropped.
 */
public final class SlotSimulation {

    private final Infrastructure infra;
    private final List<Task> workload;
    private final SlotPolicy policy;

    /** @param workload tasks in order of submission; a task's place in the list is its identity */
    public SlotSimulation(Infrastructure infra, List<Task> workload, SlotPolicy policy) {
        this.infra = infra;
        this.workload = workload;
        this.policy = policy;
    }

    public SlotResult run() {
        SlotWorld cluster = simulate();
        return SlotResult.of(policy, infra, cluster);
    }

    /** The run, leaving every task's fate in the cluster (tests look at single tasks). */
    SlotWorld simulate() {
        SlotWorld cluster = new SlotWorld(infra, workload, policy.stickySlots(), policy.regularOrder());
        SlotEvents events = new SlotEvents(workload.stream().mapToDouble(Task::submit).toArray());
        Touched touched = new Touched(cluster.servers.length);
        while (!events.isEmpty()) {
            double now = events.nextTime();
            do {
                SlotEvents.Event event = events.poll();
                if (event.kind() == SlotEvents.ARRIVAL) {
                    cluster.arrive(cluster.tasks[event.subject()], now);
                } else if (event.version() == cluster.servers[event.subject()].version) {
                    cluster.complete(event.subject(), now);
                    touched.add(event.subject());
                }
            } while (!events.isEmpty() && events.nextTime() == now);
            for (List<SlotDecision> plan = policy.decide(cluster); !plan.isEmpty(); plan = policy.decide(cluster)) {
                for (SlotDecision decision : plan) {
                    touched.add(cluster.apply(decision, now));
                }
            }
            for (int i = 0; i < touched.count; i++) {
                ServerState server = cluster.servers[touched.servers[i]];
                server.version++;
                double next = server.nextCompletion();
                if (next != Double.POSITIVE_INFINITY) {
                    events.addCompletion(next, server.index, server.version);
                }
            }
            touched.clear();
        }
        return cluster;
    }

    /** The servers changed at the current instant, each once. */
    private static final class Touched {
        final int[] servers;
        final boolean[] marked;
        int count;

        Touched(int n) {
            servers = new int[n];
            marked = new boolean[n];
        }

        void add(int server) {
            if (!marked[server]) {
                marked[server] = true;
                servers[count++] = server;
            }
        }

        void clear() {
            for (int i = 0; i < count; i++) {
                marked[servers[i]] = false;
            }
            count = 0;
        }
    }
}
