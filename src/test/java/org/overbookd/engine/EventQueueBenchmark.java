package org.overbookd.engine;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Timed benchmark (not a test): what one add plus one remove costs in the engine's queue, before
 * issue 15 ({@link BinaryEventQueue}) and now ({@link EventQueue}), over the mix of the simulated
 * backend in a Google cell: about 125,000 pending events (one finish per running VM), 5-minute
 * steps that each take out the events due and add about 1,000, a third at now + a constant (an
 * operation's cost: many equal times, ordered by addition) and the rest at now + an exponential
 * run time, plus one load event per step. The event stream is drawn once beforehand, so the
 * queues replay the same one and no random draw is timed; each round runs each, in rotating
 * order, and the figures are medians. All must hand the events out in the same order (checked).
 * Beside them the {@link Agenda} the simulated backend uses since, its operation ends (the events
 * at now + a constant) in its lane; this stream has no stale events, so the calendar's filter,
 * which the simulator gains by, is not measured here.
 *
 * <p>Arguments: [pending] [steps] [rounds], default 125000 3000 7.
 */
public final class EventQueueBenchmark {

    private static final double STEP = 300;
    private static final int ADDS_PER_STEP = 1_000;
    private static final double OP_COST = 30;

    private EventQueueBenchmark() {}

    /** The two queues behind one face, so the replay loop is written once. */
    private interface Queue {
        void add(double time, int kind, Object subject, int tag);

        /** An event at now + a constant: the agenda's lane takes it, the heaps add it as any other. */
        default void addInOrder(double time, int kind, Object subject, int tag) {
            add(time, kind, subject, tag);
        }

        double time();

        int tag();

        Object subject();

        void remove();
    }

    public static void main(String[] args) {
        int pending = args.length > 0 ? Integer.parseInt(args[0]) : 125_000;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        // Mean run time that keeps the queue at about `pending`: adds per second times mean stay.
        double meanRun = pending * STEP / (ADDS_PER_STEP * 2.0 / 3.0);
        SplittableRandom rnd = new SplittableRandom(15);
        double[] initial = new double[pending];
        for (int i = 0; i < pending; i++) {
            initial[i] = STEP * rnd.nextInt(1, 2) + exponential(rnd, meanRun);
        }
        double[] delta = new double[steps * ADDS_PER_STEP];
        int[] kinds = new int[delta.length];
        for (int i = 0; i < delta.length; i++) {
            if (rnd.nextInt(3) == 0) {
                delta[i] = OP_COST;
                kinds[i] = 0;
            } else {
                delta[i] = exponential(rnd, meanRun);
                kinds[i] = 1;
            }
        }
        Object[] subjects = new Object[pending + delta.length];
        for (int i = 0; i < subjects.length; i++) {
            subjects[i] = Integer.valueOf(i); // distinct objects, as the VMs are
        }
        double[][] ns = new double[3][rounds];
        long[] ops = new long[1];
        for (int round = 0; round < rounds; round++) {
            long[] checks = new long[3];
            for (int which = 0; which < 3; which++) {
                int v = (round + which) % 3;
                Queue queue = v == 0 ? binary() : v == 1 ? quaternary() : agenda();
                long start = System.nanoTime();
                checks[v] = replay(queue, initial, delta, kinds, subjects, ops);
                ns[v][round] = (System.nanoTime() - start) / (double) ops[0];
            }
            if (checks[0] != checks[1] || checks[0] != checks[2]) {
                throw new AssertionError("the queues handed the events out in different orders");
            }
        }
        System.out.printf(
                Locale.ROOT,
                "event queue: %d pending, %d steps of %d adds, %d add+remove pairs per round%n",
                pending,
                steps,
                ADDS_PER_STEP,
                ops[0]);
        System.out.printf(
                Locale.ROOT,
                "event queue: before (binary, 5 arrays) %.1f ns per add+remove (median of %d)%n",
                median(ns[0]),
                rounds);
        System.out.printf(
                Locale.ROOT,
                "event queue: after (4-ary, packed keys) %.1f ns per add+remove (median of %d)%n",
                median(ns[1]),
                rounds);
        System.out.printf(
                Locale.ROOT,
                "event queue: agenda (lane, calendar, small heap) %.1f ns per add+remove (median of %d)%n",
                median(ns[2]),
                rounds);
    }

    /** Replays the stream; returns a checksum of the order events left in; ops[0] = add+remove pairs. */
    private static long replay(
            Queue queue, double[] initial, double[] delta, int[] kinds, Object[] subjects, long[] ops) {
        int next = 0;
        for (double t : initial) {
            queue.add(t, 1, subjects[next], next);
            next++;
        }
        queue.add(STEP, 2, null, -1);
        long check = 0;
        long removed = 0;
        int d = 0;
        for (double now = STEP; d < delta.length; now += STEP) {
            while (queue.time() <= now) {
                Object subject = queue.subject(); // the models read it: part of the cost
                check = check * 31 + queue.tag() + (subject == null ? 0 : 1);
                queue.remove();
                removed++;
            }
            queue.add(now + STEP, 2, null, -1);
            for (int end = d + ADDS_PER_STEP; d < end; d++) {
                if (kinds[d] == 0) {
                    queue.addInOrder(now + delta[d], kinds[d], subjects[next], next);
                } else {
                    queue.add(now + delta[d], kinds[d], subjects[next], next);
                }
                next++;
            }
        }
        ops[0] = (next + steps(delta) + 1 + removed) / 2; // adds (events and load ticks) and removes, in pairs
        return check;
    }

    private static long steps(double[] delta) {
        return delta.length / ADDS_PER_STEP;
    }

    private static Queue binary() {
        BinaryEventQueue<Object> q = new BinaryEventQueue<>(1024);
        return new Queue() {
            public void add(double time, int kind, Object subject, int tag) {
                q.add(time, kind, subject, tag);
            }

            public double time() {
                return q.time();
            }

            public int tag() {
                return q.tag();
            }

            public Object subject() {
                return q.subject();
            }

            public void remove() {
                q.remove();
            }
        };
    }

    private static Queue quaternary() {
        EventQueue<Object> q = new EventQueue<>(1024);
        return new Queue() {
            public void add(double time, int kind, Object subject, int tag) {
                q.add(time, kind, subject, tag);
            }

            public double time() {
                return q.time();
            }

            public int tag() {
                return q.tag();
            }

            public Object subject() {
                return q.subject();
            }

            public void remove() {
                q.remove();
            }
        };
    }

    private static Queue agenda() {
        Agenda<Object> q = new Agenda<>(STEP, null);
        return new Queue() {
            public void add(double time, int kind, Object subject, int tag) {
                q.add(time, kind, subject, tag);
            }

            @Override
            public void addInOrder(double time, int kind, Object subject, int tag) {
                q.addInOrder(time, kind, subject, tag);
            }

            public double time() {
                return q.time();
            }

            public int tag() {
                return q.tag();
            }

            public Object subject() {
                return q.subject();
            }

            public void remove() {
                q.remove();
            }
        };
    }

    private static double exponential(SplittableRandom rnd, double mean) {
        return -mean * Math.log(1 - rnd.nextDouble());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
