package org.overbookd.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    private record Ref(double time, int kind, long seq, int tag) {}

    /** Times that stress the packed key: both zeros, the extremes, the tiny, neighbours, repeats. */
    private static final double[] SPECIAL_TIMES = {
        -0.0,
        0.0,
        Double.MIN_VALUE,
        -Double.MIN_VALUE,
        Double.MIN_NORMAL,
        -Double.MIN_NORMAL,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        1e300,
        -1e300,
        1e-300,
        -1e-300,
        0x1p53,
        Math.nextUp(0x1p53),
        1.0,
        Math.nextUp(1.0),
        Math.nextDown(1.0),
        -1.0,
        Math.nextDown(-1.0),
        300.0,
        86_400.0 * 29,
    };

    private static final Comparator<Ref> ORDER =
            Comparator.comparingDouble(Ref::time).thenComparingInt(Ref::kind).thenComparingLong(Ref::seq);

    /** Events leave by time, then kind, then the order they were added, however they were added. */
    @Test
    void eventsLeaveInTimeThenKindThenAdditionOrder() {
        SplittableRandom rnd = new SplittableRandom(5);
        EventQueue<String> queue = new EventQueue<>(1);
        List<Ref> added = new ArrayList<>();
        long seq = 0;
        for (int i = 0; i < 5000; i++) {
            double t = rnd.nextInt(200); // many equal times
            int kind = rnd.nextInt(3); // and equal kinds
            queue.add(t, kind, "e" + i, i);
            added.add(new Ref(t, kind, seq++, i));
            if (rnd.nextInt(3) == 0) {
                added.sort(ORDER);
                Ref first = added.remove(0);
                assertEquals(first.tag(), queue.tag());
                queue.remove();
            }
        }
        added.sort(ORDER);
        assertEquals(added.size(), queue.size());
        for (Ref expected : added) {
            assertEquals(expected.time(), queue.time());
            assertEquals(expected.kind(), queue.kind());
            assertEquals(expected.tag(), queue.tag());
            assertEquals("e" + expected.tag(), queue.subject());
            queue.remove();
        }
        assertTrue(queue.isEmpty());
        assertEquals(Double.POSITIVE_INFINITY, queue.time());
    }

    /** An event held outside the queue counts as added after every queued one. */
    @Test
    void anOutsideEventComesAfterQueuedOnesOfItsTimeAndKind() {
        EventQueue<Void> queue = new EventQueue<>();
        assertFalse(queue.before(0, 0), "an empty queue has nothing first");
        queue.add(5, 1, null, 0);
        assertTrue(queue.before(6, 0), "earlier time");
        assertFalse(queue.before(4, 2), "later time");
        assertTrue(queue.before(5, 2), "same time, lower kind");
        assertFalse(queue.before(5, 0), "same time, higher kind");
        assertTrue(queue.before(5, 1), "same time and kind: the queued one was added first");
    }

    @Test
    void negativeZeroComesBeforeZeroAsDoubleCompareHasIt() {
        EventQueue<Void> queue = new EventQueue<>();
        queue.add(0.0, 0, null, 1);
        queue.add(-0.0, 1, null, 2);
        assertEquals(2, queue.tag());
    }

    @Test
    void refusesNaNAndReadingAnEmptyQueue() {
        EventQueue<Void> queue = new EventQueue<>();
        assertThrows(IllegalArgumentException.class, () -> queue.add(Double.NaN, 0, null, 0));
        assertThrows(IllegalStateException.class, queue::kind);
        assertThrows(IllegalStateException.class, queue::remove);
    }

    /**
     * The property the models' bytes rest on: under random adds and removes, with equal times and
     * kinds frequent, both zeros and huge and tiny times, events leave exactly as a plain priority
     * queue over (time as Double.compare, kind, addition number) hands them out, time bits, kind,
     * subject and tag alike; and the outside-event test agrees with that order throughout.
     */
    @Test
    void popsInTheReferenceOrderUnderRandomAddsAndRemoves() {
        SplittableRandom rnd = new SplittableRandom(15);
        EventQueue<Object> queue = new EventQueue<>(1);
        PriorityQueue<Ref> reference = new PriorityQueue<>(ORDER);
        Object[] subjects = new Object[200_000];
        long seq = 0;
        int popped = 0;
        for (int op = 0; op < 200_000; op++) {
            boolean add = reference.isEmpty() || rnd.nextInt(100) < (op % 20_000 < 12_000 ? 60 : 40);
            if (add) {
                double t = time(rnd);
                int kind = rnd.nextInt(10) == 0 ? EventQueue.MAX_KIND - rnd.nextInt(2) : rnd.nextInt(3);
                int tag = (int) seq;
                subjects[tag] = rnd.nextBoolean() ? null : new Object();
                queue.add(t, kind, subjects[tag], tag);
                reference.add(new Ref(t, kind, seq++, tag));
            } else {
                Ref expected = reference.poll();
                assertEquals(
                        Double.doubleToRawLongBits(expected.time()),
                        Double.doubleToRawLongBits(queue.time()),
                        "time of pop " + popped);
                assertEquals(expected.kind(), queue.kind(), "kind of pop " + popped);
                assertEquals(expected.tag(), queue.tag(), "tag of pop " + popped);
                assertSame(subjects[expected.tag()], queue.subject(), "subject of pop " + popped);
                queue.remove();
                popped++;
            }
            assertEquals(reference.size(), queue.size());
            if (op % 7 == 0) {
                double t = time(rnd);
                int kind = rnd.nextInt(4);
                Ref head = reference.peek();
                boolean expected = head != null && ORDER.compare(head, new Ref(t, kind, Long.MAX_VALUE, 0)) < 0;
                assertEquals(expected, queue.before(t, kind), "before(" + t + ", " + kind + ") at op " + op);
            }
        }
        while (!reference.isEmpty()) {
            assertEquals(reference.poll().tag(), queue.tag());
            queue.remove();
        }
        assertTrue(queue.isEmpty());
        assertTrue(popped > 50_000, "the mix removed often enough to exercise the heap: " + popped);
    }

    private static double time(SplittableRandom rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> SPECIAL_TIMES[rnd.nextInt(SPECIAL_TIMES.length)];
            case 1 -> rnd.nextInt(50); // many equal times
            case 2 -> (rnd.nextBoolean() ? -1 : 1) * rnd.nextDouble() * Math.pow(10, rnd.nextInt(-300, 300));
            default -> 1000 + rnd.nextInt(20) * 0.25;
        };
    }

    /** The packed time key orders every pair of times as Double.compare does and gives the time back. */
    @Test
    void theTimeKeyOrdersAsDoubleCompareAndGivesTheTimeBack() {
        for (double a : SPECIAL_TIMES) {
            assertEquals(
                    Double.doubleToRawLongBits(a),
                    Double.doubleToRawLongBits(EventQueue.timeOf(EventQueue.timeKey(a))));
            for (double b : SPECIAL_TIMES) {
                assertEquals(
                        Integer.signum(Double.compare(a, b)),
                        Integer.signum(Long.compare(EventQueue.timeKey(a), EventQueue.timeKey(b))),
                        a + " vs " + b);
            }
        }
    }

    @Test
    void refusesAKindOutsideItsRangeNamingIt() {
        EventQueue<Void> queue = new EventQueue<>();
        IllegalArgumentException negative =
                assertThrows(IllegalArgumentException.class, () -> queue.add(1, -1, null, 0));
        assertTrue(negative.getMessage().contains("kind -1"), negative.getMessage());
        int over = EventQueue.MAX_KIND + 1;
        IllegalArgumentException high = assertThrows(IllegalArgumentException.class, () -> queue.add(1, over, null, 0));
        assertTrue(high.getMessage().contains("kind " + over), high.getMessage());
        assertTrue(queue.isEmpty(), "a refused event is not queued");
        queue.add(1, EventQueue.MAX_KIND, null, 7);
        assertEquals(EventQueue.MAX_KIND, queue.kind());
    }

    /** Times come back bit for bit: -0.0 stays -0.0, the extremes stay themselves. */
    @Test
    void theNegativeZeroAndHugeTimesComeBackBitForBit() {
        EventQueue<Void> queue = new EventQueue<>();
        queue.add(Double.MAX_VALUE, 0, null, 1);
        queue.add(-0.0, 0, null, 2);
        queue.add(Double.NEGATIVE_INFINITY, 3, null, 3);
        assertEquals(Double.NEGATIVE_INFINITY, queue.time());
        queue.remove();
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(queue.time()));
        queue.remove();
        assertEquals(Double.MAX_VALUE, queue.time());
    }
}
