package org.overbookd.sim.types;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;

/**
 * The experiment of section 4.2 on any Google-format trace: tasks typed by {@link PowerOfHalfTypes},
 * a fixed number of identical unit servers (size 1 in CPU and memory, the largest a task can be).
 * The number of servers is what sets the load, as in the paper's figure 4 (800 to 1,250 servers for
 * its window of one million arrivals).
 */
public final class TraceScenario {

    private TraceScenario() {}

    /** The section 4.2 setup on a task_events file: its first {@code maxTasks} finished tasks. */
    public static TypesScenario fromGoogleFile(Path file, int levels, int servers, int maxTasks, double horizon)
            throws InputException {
        String name = file.getFileName().toString();
        // a task's size is its CPU and memory request
        return of(
                name,
                GoogleTasks.read(file, maxTasks),
                levels,
                servers,
                horizon,
                Provenance.trace(file, Provenance.Demand.REQUESTED));
    }

    /**
     * The same trace on {@code servers} unit servers: the number of servers sets the load, the types'
     * rates are the trace's own.
     */
    public static TypesScenario withServers(TypesScenario scenario, int servers) {
        if (!(scenario.workload() instanceof ArrivalModel.Trace) || servers < 1) {
            throw new IllegalArgumentException("a trace scenario on at least one server");
        }
        long[] unit = scenario.servers().get(0).capacity();
        List<ServerSpec> unitServers = new ArrayList<>(servers);
        for (int s = 0; s < servers; s++) {
            unitServers.add(new ServerSpec("unit-" + (s + 1), unit.clone()));
        }
        return new TypesScenario(
                scenario.name(),
                scenario.resources(),
                unitServers,
                scenario.types(),
                scenario.workload(),
                scenario.horizon(),
                scenario.provenance());
    }

    /**
     * @param horizon    the run's length in seconds, or NaN for "until the last arrival"
     * @param provenance what the tasks are, for the result tables
     */
    public static TypesScenario of(
            String name, List<GoogleTask> tasks, int levels, int servers, double horizon, Provenance provenance) {
        if (servers < 1) {
            throw new IllegalArgumentException("at least one server");
        }
        PowerOfHalfTypes typing = new PowerOfHalfTypes(levels);
        double span = tasks.isEmpty() ? 0 : tasks.get(tasks.size() - 1).arrival();
        List<VmType> types = typing.types(tasks, span);
        List<TraceTask> typed = new ArrayList<>(tasks.size());
        for (GoogleTask t : tasks) {
            typed.add(new TraceTask(t.arrival(), t.service(), typing.typeOf(t)));
        }
        long units = typing.unitsPerServer();
        List<ServerSpec> unitServers = new ArrayList<>(servers);
        for (int s = 0; s < servers; s++) {
            unitServers.add(new ServerSpec("unit-" + (s + 1), new long[] {units, units}));
        }
        double end = Double.isNaN(horizon) ? Math.max(span, 1) : horizon;
        return new TypesScenario(
                name, List.of("cpu", "mem"), unitServers, types, new ArrivalModel.Trace(typed), end, provenance);
    }
}
