package org.overbookd.sim.slots;

/**
 * What happened to one priority class: counts, evictions and waste, response times of its finished
 * tasks (seconds from first arrival to finish, so queueing and lost executions included, as in
 * section 2.2) overall and split by whether the task was ever evicted (Figure 2's R_0-ev and
 * R_0-nev), and its use of sticky labels (Figure 3a).
 */
public record ClassStats(
        int priority,
        int tasks,
        int finished,
        int dropped,
        int evictedTasks,
        long evictions,
        double wastedCpuSeconds,
        double responseMean,
        double responseP50,
        double responseP90,
        double responseP99,
        double responseMax,
        double responseP50Evicted,
        double responseP50NeverEvicted,
        int finishedOnSticky,
        double stickySlotSeconds) {}
