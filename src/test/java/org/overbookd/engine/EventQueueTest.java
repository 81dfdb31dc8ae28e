package org.overbookd.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    private record Ref(double time, int kind, long seq, int tag) {
    }

    private static final Comparator<Ref> ORDER = Comparator.comparingDouble(Ref::time)
            .thenComparingInt(Ref::kind).thenComparingLong(Ref::seq);

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
}
