package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.InstanceView;
import org.overbookd.policy.qos.ServiceClasses;

/** Reading an instance tells the scheduler its accounting at t and leaves the accounting alone. */
class SimInstanceTest {

    private final SimInstance instance = new SimInstance(
            new RequestSpec("r", 100, 500, 0.1, 0.1, ServiceClasses.defaults().find("silver").orElseThrow(), Map.of()),
            0, 1.0);

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
