package org.overbookd.experiment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.RequestSettings;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.sim.requests.ClassTotals;
import org.overbookd.sim.requests.HostSpec;
import org.overbookd.sim.requests.Overheads;
import org.overbookd.sim.requests.RequestOutcome;
import org.overbookd.sim.requests.RequestSimulation;
import org.overbookd.sim.requests.RequestSpec;
import org.overbookd.sim.requests.RunResult;

/**
 * One run of the request model as {@code simulate --model requests} makes it with the defaults the
 * experiments keep (1 s overheads, the 10 s watchdog, the paper-text accounting), and what its
 * classes came to, as classes.csv gives them.
 *
 * @param policy the registry's name: qos or priority
 * @param limits the scan limits (none: exact)
 */
record RequestRun(String policy, ScanLimits limits) {

    static final double WATCHDOG_S = 10;

    /** The run's result and its per-class totals, classes in the order of {@code classes}. */
    record Done(RunResult result, Map<ServiceClass, ClassTotals> classes) {}

    Done run(ServiceClasses classes, List<HostSpec> hosts, List<RequestSpec> requests, long seed, double until) {
        RequestScheduler scheduler =
                PolicyRegistry.IN_TREE.create(PolicyRegistry.REQUESTS, policy, new RequestSettings(classes, limits));
        RunResult result = new RequestSimulation(
                        scheduler,
                        hosts,
                        requests,
                        List.of(),
                        Overheads.constant(Overheads.DEFAULT_S),
                        seed,
                        until,
                        WATCHDOG_S)
                .run();
        Map<ServiceClass, ClassTotals> totals = new LinkedHashMap<>();
        classes.all().forEach(c -> totals.put(c, new ClassTotals()));
        for (RequestOutcome o : result.outcomes()) {
            totals.get(o.spec().serviceClass()).add(o);
        }
        return new Done(result, totals);
    }
}
