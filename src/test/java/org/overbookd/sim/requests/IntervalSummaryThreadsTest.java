package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/**
 * The interval summaries are the same to the bit whether the active requests are read on one
 * thread or in two halves on two, and whether the Gini coefficients are computed on the
 * simulation's thread or on the second one: a burst of 1,500 requests on hosts that hold about
 * half of them, so that many wait and their availabilities differ, summarised both ways. Under the
 * priority baseline, whose passes over an unchanged cluster are skipped: the summaries do not
 * depend on the policy, and the QoS-driven one over this queue costs seconds.
 */
class IntervalSummaryThreadsTest {

    @Test
    void twoThreadsSummariseAsOne() {
        RunResult one = run(Integer.MAX_VALUE);
        RunResult two = run(1);
        assertEquals(one.intervals(), two.intervals());
        assertEquals(one.outcomes(), two.outcomes());
        int most =
                one.intervals().stream().mapToInt(IntervalSample::active).max().orElse(0);
        assertTrue(most > 800, "requests active in the fullest interval: " + most);
        assertTrue(
                one.intervals().stream()
                        .flatMap(i -> i.classes().values().stream())
                        .anyMatch(c -> c.gini() > 0.01 && c.minAvailability() < 0.9),
                "availabilities that differ");
    }

    private static RunResult run(int parallelFrom) {
        SplittableRandom random = new SplittableRandom(34);
        List<HostSpec> hosts = new ArrayList<>();
        for (int h = 0; h < 15; h++) {
            hosts.add(new HostSpec("h" + h, 1, 1, Map.of()));
        }
        List<ServiceClass> classes = ServiceClasses.defaults().all();
        List<RequestSpec> requests = new ArrayList<>();
        for (int r = 0; r < 1500; r++) {
            double size = 0.01 + random.nextDouble(0.02);
            requests.add(new RequestSpec(
                    "r" + r,
                    60 * random.nextInt(10), // a burst in whole minutes: twice what the hosts hold
                    600 + random.nextDouble(3000),
                    size,
                    size,
                    classes.get(random.nextInt(classes.size())),
                    Map.of()));
        }
        RequestScheduler scheduler = RequestScheduler.priorityBased(ServiceClasses.defaults(), new ScanLimits(10, 3));
        return new RequestSimulation(scheduler, hosts, requests, List.of(), Overheads.constant(1), 34, 2 * 3600, 10)
                .withParallelSummaryFrom(parallelFrom)
                .run();
    }
}
