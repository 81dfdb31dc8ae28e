package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

class PeakDemandTest {

    private static final ServiceClass SILVER =
            ServiceClasses.defaults().find("silver").orElseThrow();

    private static RequestSpec r(double submit, double duration, double cpu, double mem) {
        return new RequestSpec("r" + submit, submit, duration, cpu, mem, SILVER, Map.of());
    }

    @Test
    void peaksAreTheMostHeldAtOnceWithCompletionsBeforeArrivalsAtTheSameInstant() {
        // held: [0,100) 1/2, [10,30) 2/1, [30,50) 4/0.5 (the second ends at 30 as the third arrives),
        // [120,130) 0.5/3
        List<RequestSpec> rs = List.of(r(0, 100, 1, 2), r(10, 20, 2, 1), r(30, 20, 4, 0.5), r(120, 10, 0.5, 3));
        PeakDemand.Profile p = PeakDemand.of(rs.iterator(), 200, 60);
        assertEquals(5, p.peakCpu(), 1e-12); // 1 + 4 at t=30, not 1 + 2 + 4
        assertEquals(3, p.peakMem(), 1e-12); // 1 + 2 at t=10, and 3 alone at t=120
        assertEquals(5, p.n(), 1e-12);
        assertArrayEquals(new double[] {5, 0, 0.5, 0}, p.windowCpu(), 1e-12);
        assertArrayEquals(new double[] {3, 0, 3, 0}, p.windowMem(), 1e-12);
    }

    @Test
    void requestsFromTheHorizonOnAreNotCounted() {
        List<RequestSpec> rs = List.of(r(0, 10, 1, 1), r(50, 10, 7, 7));
        PeakDemand.Profile p = PeakDemand.of(rs.iterator(), 50, 25);
        assertEquals(1, p.peakCpu(), 1e-12);
        assertEquals(2, p.windowCpu().length);
    }
}
