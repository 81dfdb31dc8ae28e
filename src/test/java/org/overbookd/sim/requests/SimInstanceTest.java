package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.InstanceView;
import org.overbookd.policy.qos.ServiceClasses;

/** Reading an instance tells the scheduler its accounting at t and leaves the accounting alone. */
class SimInstanceTest {

    private final SimInstance instance = silver();

    private static SimInstance silver() {
        return new SimInstance(
                new RequestSpec(
                        "r",
                        100,
                        500,
                        0.1,
                        0.1,
                        ServiceClasses.defaults().find("silver").orElseThrow(),
                        Map.of()),
                0,
                1.0);
    }

    /**
     * Submitted at 100 and placed at once (2 s overhead), preempted at 200 and placed again at once
     * (5 s overhead), read at 300: the two accountings differ by the re-allocation's 5 s and agree
     * on the first allocation's 2 s.
     */
    @Test
    void theAccountingsDifferByTheReallocationOverhead() {
        SimInstance i = silver();
        i.advanceTo(100);
        i.allocate("h1", 2);
        i.advanceTo(102);
        i.state = SimInstance.State.RUNNING;
        i.advanceTo(200);
        i.release();
        i.allocate("h2", 5);
        i.advanceTo(205);
        i.state = SimInstance.State.RUNNING;
        i.advanceTo(300);
        assertEquals(1.0, i.availability(OverheadAccounting.PAPER_TEXT), 1e-12);
        assertEquals(
                1.0 - 5.0 / 200,
                i.availability(OverheadAccounting.PUBLISHED_SIMULATOR),
                1e-12,
                "the first allocation's 2 s stay available, the re-allocation's 5 s do not");
        assertEquals(7, i.overhead, 0, "eq. 8 counts every overhead under both");
        InstanceView seen = i.viewAt(300);
        assertEquals(200, seen.runS(), 0, "the scheduler's e is the same under both accountings");
        assertEquals(0, seen.pendingS(), 0);
    }

    /** A re-allocation cut short by the end of the run counts what was paid so far. */
    @Test
    void aReallocationUnderWayCountsWhatWasPaid() {
        SimInstance i = silver();
        i.advanceTo(100);
        i.allocate("h1", 0);
        i.advanceTo(150);
        i.release();
        i.advanceTo(160);
        i.allocate("h1", 8);
        i.advanceTo(163);
        assertEquals((50 + 3 - 3) / 63.0, i.availability(OverheadAccounting.PUBLISHED_SIMULATOR), 1e-12);
        assertEquals(53 / 63.0, i.availability(OverheadAccounting.PAPER_TEXT), 1e-12);
    }

    @Test
    void aViewProjectsTheAccountingToItsInstant() {
        InstanceView waiting = instance.viewAt(130);
        assertEquals(30, waiting.pendingS(), 0);
        instance.advanceTo(130);
        instance.allocate("h", 2);
        InstanceView allocating = instance.viewAt(131.5);
        assertEquals(1.5, allocating.runS(), 0);
        assertEquals(1.5, allocating.overheadS(), 0);
        assertEquals(30, allocating.pendingS(), 0);
    }

    @Test
    void readingDoesNotChangeTheInstance() {
        instance.viewAt(110.1);
        instance.viewAt(120.7);
        assertEquals(0, instance.pending, 0, "a view sums nothing");
        instance.advanceTo(133.3);
        assertEquals(133.3 - 100, instance.pending, 0, "summed once, at the simulator's own event");
    }
}
