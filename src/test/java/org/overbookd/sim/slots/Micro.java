package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.policy.hybrid.SlotPolicy;

/** Hand-made clusters and traces small enough to follow on paper. */
final class Micro {

    private final List<ServerType> servers = new ArrayList<>();
    private final List<Task> tasks = new ArrayList<>();

    Micro server(double cpu, int cores, int slots) {
        servers.add(new ServerType("s" + servers.size(), 1, cpu, 1.0, cores, slots));
        return this;
    }

    /** Adds a task; tasks must be added in order of submission. */
    Micro task(double submit, int priority, double cpuSeconds) {
        tasks.add(new Task("t" + tasks.size(), submit, priority, cpuSeconds, Double.NaN));
        return this;
    }

    SlotWorld run(SlotPolicy policy) {
        return new SlotSimulation(new Infrastructure(servers), List.copyOf(tasks), policy).simulate();
    }

    SlotResult result(SlotPolicy policy) {
        return new SlotSimulation(new Infrastructure(servers), List.copyOf(tasks), policy).run();
    }
}
