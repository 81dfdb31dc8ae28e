package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.overbookd.stats.Sample;

/**
 * The two validation tests of Silva et al. section 4.4.2, as sim/qos-validation holds them: 20
 * hosts of 10 slots, one hour, every request active throughout, 1 s allocation overheads.
 */
@Tag("slow")
class ValidationScenariosTest {

    private static final Path DIR = Path.of("sim/qos-validation");
    private static final double HOUR = 3600;

    private static List<RequestOutcome> run(boolean qos, String workload) throws Exception {
        return Scenario.run(
                        qos,
                        DIR.resolve(workload),
                        DIR.resolve("hosts.csv"),
                        null,
                        Overheads.constant(Overheads.DEFAULT_S),
                        1,
                        HOUR)
                .outcomes();
    }

    private static List<Double> availabilities(List<RequestOutcome> outcomes, String cls) {
        return outcomes.stream()
                .filter(o -> o.spec().serviceClass().name().equals(cls))
                .map(RequestOutcome::availability)
                .toList();
    }

    @Test
    void test1PriorityKeepsGoldAndSilverWholeAndSplitsBronze() throws Exception {
        List<RequestOutcome> o = run(false, "test1-workload.csv");
        assertTrue(availabilities(o, "gold").stream().allMatch(a -> a == 1.0));
        assertTrue(availabilities(o, "silver").stream().allMatch(a -> a == 1.0));
        List<Double> bronze = availabilities(o, "bronze");
        // 200 slots - 160 gold and silver = 40 bronze that keep running. The other 56 are at most
        // the few minutes they ran before the cluster filled (under 10% of the hour) or nothing.
        assertEquals(40, bronze.stream().filter(a -> a == 1.0).count());
        assertEquals(56, bronze.stream().filter(a -> a < 0.10).count());
    }

    @Test
    void test1QosDrivenBringsEveryRequestCloseToItsSlo() throws Exception {
        // Demand at the SLOs is exactly the capacity: 80 + 0.9 * 80 + 0.5 * 96 = 200 slots. A
        // 10 s watchdog and 1 s overheads blur that by a few seconds per cycle, hence +-2 points.
        for (RequestOutcome r : run(true, "test1-workload.csv")) {
            double slo = r.slo();
            assertTrue(Math.abs(r.availability() - slo) <= 0.02, r.spec().id() + " " + r.availability());
        }
    }

    @Test
    void test2PriorityRunsTheFirst200AndStarvesTheLast21() throws Exception {
        List<RequestOutcome> o = run(false, "test2-workload.csv");
        for (int i = 0; i < o.size(); i++) {
            assertEquals(
                    i < 200 ? 1.0 : 0.0,
                    o.get(i).availability(),
                    0.0,
                    o.get(i).spec().id());
        }
    }

    @Test
    void test2QosDrivenSharesTheSlotsFairly() throws Exception {
        // The fair share is 200 / 221 = 90.5%; +-1.5 points for the watchdog and overheads, and
        // the spread (Gini) stays tiny where the priority run's is 0.095.
        List<RequestOutcome> o = run(true, "test2-workload.csv");
        double[] a = o.stream().mapToDouble(RequestOutcome::availability).toArray();
        for (double v : a) {
            assertTrue(Math.abs(v - 200.0 / 221) <= 0.015, Double.toString(v));
        }
        assertTrue(Sample.of(a).gini(0) < 0.005);
        assertTrue(o.stream().allMatch(r -> r.preemptions() > 0), "every request took its turn off");
    }
}
