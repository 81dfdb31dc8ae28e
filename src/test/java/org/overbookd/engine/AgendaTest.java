package org.overbookd.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AgendaTest {

    /** Times that stress the parts' borders: signs and zeros, the extremes, bucket edges, beyond the calendar. */
    private static final double[] SPECIAL_TIMES = {
        -0.0,
        0.0,
        Double.MIN_VALUE,
        -Double.MIN_VALUE,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        1e300,
        -1e300,
        0x1p53,
        1.0,
        -1.0,
        300.0,
        Math.nextDown(300.0),
        600.0,
        300.0 * (1 << 14),
        300.0 * ((1 << 14) + 1),
        86_400.0 * 29,
        86_400.0 * 400,
    };

    /**
     * The property: under random adds (plain and in-order hints, right or wrong), removes and
     * subjects turning stale, an agenda hands out the live events exactly as one EventQueue does
     * (time bits, kind, tag, subject), for several bucket widths; an event stale when it comes out
     * of either is skipped on both sides.
     */
    @Test
    void handsOutTheLiveEventsInEventQueueOrder() {
        for (double width : new double[] {300, 0.7, 1e-3, 86_400}) {
            for (long seed = 1; seed <= 3; seed++) {
                replay(width, seed, 50_000);
            }
        }
    }

    private static void replay(double width, long seed, int ops) {
        SplittableRandom rnd = new SplittableRandom(seed * 31 + (long) width);
        BitSet dead = new BitSet();
        Agenda.Stale<Integer> stale = (kind, subject, tag) -> kind == 1 && subject != null && dead.get(subject);
        Agenda<Integer> agenda = new Agenda<>(width, stale);
        EventQueue<Integer> reference = new EventQueue<>();
        List<Integer> subjects = new ArrayList<>();
        double now = 0;
        int popped = 0;
        int live = 0;
        String where = "width " + width + " seed " + seed;
        for (int op = 0; op < ops; op++) {
            int r = rnd.nextInt(100);
            if (r < 55 || reference.isEmpty()) {
                double t = time(rnd, now, width);
                int kind = rnd.nextInt(10) == 0 ? EventQueue.MAX_KIND : rnd.nextInt(3);
                Integer subject = rnd.nextInt(50) == 0 ? null : subjects.size();
                subjects.add(subject);
                int tag = subjects.size() - 1;
                if (rnd.nextInt(3) == 0) {
                    // the lane's hint: mostly right (a constant delay on a clock moving forward), sometimes wrong
                    double hinted = rnd.nextInt(8) == 0 ? t : now + 30;
                    reference.add(hinted, kind, subject, tag);
                    agenda.addInOrder(hinted, kind, subject, tag);
                } else {
                    reference.add(t, kind, subject, tag);
                    agenda.add(t, kind, subject, tag);
                }
            } else if (r < 62) {
                int victim = rnd.nextInt(Math.max(1, subjects.size()));
                dead.set(victim);
            } else {
                // the next live event of each, the stale ones skipped on both sides
                boolean empty = skipStale(reference, stale);
                assertEquals(
                        empty,
                        skipStale(agenda, stale),
                        where + " pop " + popped + ": both have a live event or neither");
                if (empty) {
                    continue;
                }
                assertEquals(
                        Double.doubleToRawLongBits(reference.time()),
                        Double.doubleToRawLongBits(agenda.time()),
                        where + " time of pop " + popped);
                assertEquals(reference.kind(), agenda.kind(), where + " kind of pop " + popped);
                assertEquals(reference.tag(), agenda.tag(), where + " tag of pop " + popped);
                assertSame(reference.subject(), agenda.subject(), where + " subject of pop " + popped);
                double t = reference.time();
                if (t > now && t < 1e12) {
                    now = t;
                }
                reference.remove();
                agenda.remove();
                popped++;
                live++;
            }
            // the agenda holds what the queue holds but the stale events its calendar dropped
            assertTrue(agenda.size() <= reference.size(), where + " size at op " + op);
        }
        while (!skipStale(reference, stale)) {
            assertFalse(skipStale(agenda, stale), where + " agenda ended early");
            assertEquals(reference.tag(), agenda.tag(), where + " tag at the end");
            reference.remove();
            agenda.remove();
        }
        assertTrue(skipStale(agenda, stale), where + " agenda has events the queue has not");
        assertTrue(agenda.isEmpty(), where);
        assertEquals(0, agenda.size(), where);
        assertTrue(live > ops / 10, where + ": the mix handed out enough live events: " + live);
    }

    /** Drops stale events at the head; true when no event is left. */
    private static boolean skipStale(EventQueue<Integer> queue, Agenda.Stale<Integer> stale) {
        while (!queue.isEmpty() && stale.stale(queue.kind(), queue.subject(), queue.tag())) {
            queue.remove();
        }
        return queue.isEmpty();
    }

    private static boolean skipStale(Agenda<Integer> agenda, Agenda.Stale<Integer> stale) {
        while (!agenda.isEmpty() && stale.stale(agenda.kind(), agenda.subject(), agenda.tag())) {
            agenda.remove();
        }
        return agenda.isEmpty();
    }

    private static double time(SplittableRandom rnd, double now, double width) {
        return switch (rnd.nextInt(6)) {
            case 0 -> SPECIAL_TIMES[rnd.nextInt(SPECIAL_TIMES.length)];
            case 1 -> Math.floor(now / width) * width + rnd.nextInt(3) * width; // bucket edges, equal times
            case 2 -> now + rnd.nextInt(50); // near, many equal
            case 3 -> now - rnd.nextDouble() * 1000; // in the past
            default -> now + -Math.log(1 - rnd.nextDouble()) * width * 200; // far, as a VM's finish
        };
    }
    /** Equal times and kinds leave by addition order, whichever part each event waits in. */
    @Test
    void tiesAcrossTheLaneTheCalendarAndTheHeapGoByAdditionOrder() {
        Agenda<String> agenda = new Agenda<>(300, null);
        agenda.add(600, 0, "calendar", 1);
        agenda.addInOrder(600, 0, "lane", 2);
        agenda.add(-5, 1, "heap", 3);
        agenda.add(600, 0, "calendar again", 4);
        agenda.addInOrder(600, 1, "lane, higher kind", 5);
        agenda.add(600, 0, "calendar last", 6);
        List<Integer> tags = new ArrayList<>();
        while (!agenda.isEmpty()) {
            tags.add(agenda.tag());
            agenda.remove();
        }
        assertEquals(List.of(3, 1, 2, 4, 6, 5), tags);
    }

    /** A wrong hint costs nothing but speed: the event still comes out in its place. */
    @Test
    void anEventAddedInOrderThatIsNotStillComesOutInItsPlace() {
        Agenda<String> agenda = new Agenda<>(300, null);
        agenda.addInOrder(10, 0, "a", 1);
        agenda.addInOrder(5, 0, "b", 2);
        agenda.addInOrder(10, 1, "c", 3);
        agenda.addInOrder(10, 0, "d", 4);
        List<String> out = new ArrayList<>();
        while (!agenda.isEmpty()) {
            out.add(agenda.subject());
            agenda.remove();
        }
        assertEquals(List.of("b", "a", "d", "c"), out);
    }

    /** A stale event in the calendar is dropped when its bucket is poured; one in the heap or lane still comes out. */
    @Test
    void staleEventsInTheCalendarAreDroppedUnseen() {
        BitSet dead = new BitSet();
        Agenda<Integer> agenda = new Agenda<>(300, (kind, subject, tag) -> dead.get(subject));
        agenda.add(10_000, 1, 7, 0); // far ahead: calendar
        agenda.addInOrder(30, 0, 7, 1); // lane
        agenda.add(-1, 0, 7, 2); // before 0: heap
        dead.set(7);
        assertEquals(3, agenda.size());
        assertEquals(2, agenda.tag());
        agenda.remove();
        assertEquals(1, agenda.tag());
        agenda.remove();
        assertTrue(agenda.isEmpty());
        assertEquals(0, agenda.size());
        assertEquals(Double.POSITIVE_INFINITY, agenda.time());
    }

    @Test
    void refusesWhatAnEventQueueRefusesAndABadWidth() {
        Agenda<String> agenda = new Agenda<>(300, null);
        assertThrows(IllegalArgumentException.class, () -> agenda.add(Double.NaN, 0, "x", 0));
        assertThrows(IllegalArgumentException.class, () -> agenda.addInOrder(Double.NaN, 0, "x", 0));
        IllegalArgumentException kind =
                assertThrows(IllegalArgumentException.class, () -> agenda.add(1, EventQueue.MAX_KIND + 1, "x", 0));
        assertTrue(kind.getMessage().contains("256"), kind.getMessage());
        assertThrows(IllegalStateException.class, agenda::tag);
        assertThrows(IllegalStateException.class, agenda::remove);
        assertTrue(agenda.isEmpty());
        for (double width : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> new Agenda<String>(width, null), "width " + width);
        }
    }
}
