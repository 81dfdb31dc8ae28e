package org.overbookd.sim.slots;

/**
 * A row of Table 1: {@code count} identical servers with a CPU capacity, memory, cores and slots.
 *
 * <p>Units follow the paper and the Google trace: CPU and memory are normalized so that the largest
 * machine has 1.0, and a task's CPU demand is in CPU-seconds of that same unit. The paper gives no
 * core counts; we give the 1.0 machines 24 cores and the 0.5 machines 12, i.e. every core is 1/24
 * of the largest machine. Then a "powerful" slot (1.0 over 24 slots) always gets a whole core and a
 * "normal" one (0.5 over 24, or 1.0 over 48) at least half a core.
 */
public record ServerType(String name, int count, double cpu, double memory, int cores, int slots) {

    public ServerType {
        if (count < 0 || cores < 1 || slots < 1 || !(cpu > 0) || !(memory >= 0)) {
            throw new IllegalArgumentException("bad server type " + name);
        }
    }

    /** Table 1's last column: the CPU a slot gets when every slot of the server is busy. */
    public double cpuPerSlot() {
        return cpu / slots;
    }
}
