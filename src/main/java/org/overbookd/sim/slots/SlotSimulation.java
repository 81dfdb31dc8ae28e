package org.overbookd.sim.slots;

import java.util.List;
import org.overbookd.engine.EventQueue;
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

    /**
     * Event kinds, in their order at one instant: completions before arrivals, so a slot freed at t
     * is free for what arrives at t. A completion's subject is its server and its tag the server's
     * version when it was queued (a later change of the server's running set makes it stale); an
     * arrival's tag is the task's index.
     */
    private static final int COMPLETION = 0;

    private static final int ARRIVAL = 1;

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
        Arrivals arrivals = new Arrivals(workload);
        EventQueue<ServerState> events = new EventQueue<>(256);
        arrivals.queueNext(events);
        Touched touched = new Touched(cluster.servers.length);
        while (!events.isEmpty()) {
            double now = events.time();
            do {
                int kind = events.kind();
                ServerState server = events.subject();
                int tag = events.tag();
                events.remove();
                if (kind == ARRIVAL) {
                    cluster.arrive(cluster.tasks[tag], now);
                    arrivals.queueNext(events);
                } else if (tag == server.version) {
                    cluster.complete(server.index, now);
                    touched.add(server.index);
                }
            } while (!events.isEmpty() && events.time() == now);
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
                    events.add(next, COMPLETION, server, server.version);
                }
            }
            touched.clear();
        }
        return cluster;
    }

    /**
     * The submission times, read one ahead: arrivals are known in advance and sorted, so only the
     * next one is queued and the queue holds about one completion per server; each event costs a
     * logarithm of that rather than of the whole trace.
     */
    private static final class Arrivals {
        private final double[] submissions;
        private int next;

        Arrivals(List<Task> workload) {
            submissions = workload.stream().mapToDouble(Task::submit).toArray();
            for (int i = 1; i < submissions.length; i++) {
                if (submissions[i] < submissions[i - 1]) {
                    throw new IllegalArgumentException("tasks must be in order of submission (task " + i + ")");
                }
            }
        }

        /** Queues the next task's arrival, its index as the tag, if any task is left. */
        void queueNext(EventQueue<ServerState> events) {
            if (next < submissions.length) {
                events.add(submissions[next], ARRIVAL, null, next);
                next++;
            }
        }
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
