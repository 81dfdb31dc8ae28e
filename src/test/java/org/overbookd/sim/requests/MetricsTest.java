package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/** The penalty model of section 5.2, against hand-worked values (Gini and percentiles: stats.SampleTest). */
class MetricsTest {

    // Values are short decimal fractions; 1e-12 absorbs their binary rounding only.
    private static final double EXACT = 1e-12;
    private static final ServiceClasses CLASSES = ServiceClasses.defaults();

    private static ServiceClass cls(String name) {
        return CLASSES.find(name).orElseThrow();
    }

    @Test
    void table2Credits() {
        assertEquals(0.0, PenaltyModel.bonus(cls("gold"), 0.99995), EXACT);
        assertEquals(0.10, PenaltyModel.bonus(cls("gold"), 0.995), EXACT);
        assertEquals(0.30, PenaltyModel.bonus(cls("gold"), 0.95), EXACT);
        assertEquals(1.0, PenaltyModel.bonus(cls("gold"), 0.9499), EXACT);
        assertEquals(0.10, PenaltyModel.bonus(cls("silver"), 0.8911), EXACT);
        assertEquals(0.30, PenaltyModel.bonus(cls("silver"), 0.89), EXACT);
        assertEquals(1.0, PenaltyModel.bonus(cls("silver"), 0.85), EXACT);
        assertEquals(0.10, PenaltyModel.bonus(cls("bronze"), 0.495), EXACT);
        assertEquals(0.30, PenaltyModel.bonus(cls("bronze"), 0.48), EXACT);
        assertEquals(0.0, PenaltyModel.bonus(cls("bronze"), 0.5), EXACT);
    }

    @Test
    void eqs10And11() {
        // silver at 89%: D = 0.01, 2 h, 0.5 CPU: C = 0.01 * 2 * 0.5 = 0.01; 89% < 89.11% -> 30%
        RequestSpec spec = new RequestSpec("r", 0, 7200, 0.5, 1, cls("silver"), Map.of());
        RequestOutcome o = new RequestOutcome(spec, 0.89, 6408, 792, 0, 3, true);
        assertEquals(0.01, PenaltyModel.cpuHourDeficit(o), EXACT);
        assertEquals(0.013, PenaltyModel.penalty(o), EXACT);
    }
}
