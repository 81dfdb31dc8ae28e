package org.overbookd.sim.slots;

/**
 * The CPU rate of a running task, section 2.2: the server's capacity is shared equally among its
 * running tasks, and no task gets more than one core,
 * <pre>
 *   rate = C / N_r   if C / N_r &lt;= C / N_c
 *          C / N_c   otherwise
 * </pre>
 * which is C / max(N_r, N_c). So C / N_s &lt;= rate &lt;= C / N_c as long as at most N_s tasks run.
 * The paper recomputes it every unit of time; the simulator recomputes it exactly whenever N_r
 * changes, which is the only time it can change.
 */
public final class CpuShare {

    private CpuShare() {}

    /**
     * @param capacity C, the server's CPU capacity in CPU-seconds per second
     * @param cores    N_c
     * @param running  N_r, at least 1
     * @return CPU-seconds per second each running task receives
     */
    public static double rate(double capacity, int cores, int running) {
        if (running < 1) {
            throw new IllegalArgumentException("no running task to share " + capacity + " among");
        }
        return capacity / Math.max(running, cores);
    }
}
