package org.overbookd.sim.requests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.overbookd.io.InputException;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.ServiceClasses;

/** Runs the simulator in-process on files, as the command does. */
final class Scenario {

    static final ServiceClasses CLASSES = ServiceClasses.defaults();

    private Scenario() {}

    static RunResult run(
            boolean qos, Path workload, Path hosts, Path events, Overheads overheads, long seed, double until)
            throws InputException {
        List<HostSpec> h = Inputs.hosts(hosts);
        List<RequestSpec> r = Inputs.workload(workload, CLASSES, h);
        List<HostEvent> e = events == null ? List.of() : Inputs.hostEvents(events, h);
        RequestScheduler s = qos ? RequestScheduler.qosDriven(CLASSES) : RequestScheduler.priorityBased(CLASSES);
        return new RequestSimulation(s, h, r, e, overheads, seed, until, RequestSimulation.DEFAULT_WATCHDOG_S).run();
    }

    static Path file(Path dir, String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), List.of(lines));
    }

    static RequestOutcome outcome(RunResult result, String id) {
        return result.outcomes().stream()
                .filter(o -> o.spec().id().equals(id))
                .findFirst()
                .orElseThrow();
    }
}
