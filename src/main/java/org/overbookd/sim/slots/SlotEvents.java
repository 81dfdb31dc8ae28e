package org.overbookd.sim.slots;

import java.util.PriorityQueue;

/**
 * Future events of a run in a total order: time, then kind (completions before arrivals at the same
 * instant, so a slot freed at t is free for what arrives at t), then creation order. A total order
 * is what makes the same inputs give the same bytes.
 *
 * <p>Arrivals are known in advance and sorted, so they are read from the submission times in turn
 * instead of being put on the heap: the heap holds only completions, about one per server, and
 * each event costs a logarithm of that rather than of the whole trace.
 */
final class SlotEvents {

    static final int COMPLETION = 0;
    static final int ARRIVAL = 1;

    /** {@code subject} is a server for a completion, a task for an arrival. */
    record Event(double time, int kind, int subject, int version) {
    }

    private record Completion(double time, long seq, int server, int version) {
    }

    private final PriorityQueue<Completion> completions = new PriorityQueue<>(256, (a, b) -> {
        int c = Double.compare(a.time, b.time);
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    });
    private final double[] submissions;
    private int nextArrival;
    private long seq;

    /** @param submissions submission times of the tasks, in ascending order, task i at index i */
    SlotEvents(double[] submissions) {
        for (int i = 1; i < submissions.length; i++) {
            if (submissions[i] < submissions[i - 1]) {
                throw new IllegalArgumentException("tasks must be in order of submission (task " + i + ")");
            }
        }
        this.submissions = submissions;
    }

    void addCompletion(double time, int server, int version) {
        completions.add(new Completion(time, seq++, server, version));
    }

    boolean isEmpty() {
        return completions.isEmpty() && nextArrival == submissions.length;
    }

    /** Time of the next event; only when not empty. */
    double nextTime() {
        return completionFirst() ? completions.peek().time() : submissions[nextArrival];
    }

    Event poll() {
        if (completionFirst()) {
            Completion c = completions.poll();
            return new Event(c.time(), COMPLETION, c.server(), c.version());
        }
        int task = nextArrival++;
        return new Event(submissions[task], ARRIVAL, task, 0);
    }

    private boolean completionFirst() {
        return !completions.isEmpty()
                && (nextArrival == submissions.length || completions.peek().time() <= submissions[nextArrival]);
    }
}
