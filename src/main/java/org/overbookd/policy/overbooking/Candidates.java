package org.overbookd.policy.overbooking;

import java.util.List;
import org.overbookd.model.HostView;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmView;

/**
 * The candidate hosts of one Algorithm 1 step, in host order, and which of them have received their
 * one VM of the step. Rooms are measured once, when the queue has sizes at all, and kept as plain
 * numbers: without sizes every VM fits and the next free host it may run on is the first one not
 * taken (the simulator's VMs may run anywhere), so no host is measured (the simulator's step,
 * hundreds of candidates at every step).
 */
final class Candidates {

    private final List<HostView> hosts;
    private final boolean sized;
    private final boolean[] taken;
    private final long[] cpu;
    private final long[] memory;
    private final double upperBound;
    private int firstFree;
    private int free;
    /** The largest room of any candidate: a VM larger than that is refused without a scan. */
    private final long largestCpu;

    private final long largestMemory;

    Candidates(List<HostView> hosts, boolean sized, double upperBound) {
        this.hosts = hosts;
        this.sized = sized;
        this.taken = new boolean[hosts.size()];
        this.upperBound = upperBound;
        this.free = hosts.size();
        long mostCpu = Long.MAX_VALUE;
        long mostMemory = Long.MAX_VALUE;
        if (sized) {
            cpu = new long[hosts.size()];
            memory = new long[hosts.size()];
            mostCpu = Long.MIN_VALUE;
            mostMemory = Long.MIN_VALUE;
            for (int i = 0; i < cpu.length; i++) {
                Room room = Room.of(hosts.get(i), upperBound);
                cpu[i] = room.cpu();
                memory[i] = room.memory();
                mostCpu = Math.max(mostCpu, cpu[i]);
                mostMemory = Math.max(mostMemory, memory[i]);
            }
        } else {
            cpu = null;
            memory = null;
        }
        this.largestCpu = mostCpu;
        this.largestMemory = mostMemory;
    }

    int size() {
        return hosts.size();
    }

    boolean noneFree() {
        return free == 0;
    }

    boolean free(int index) {
        return !taken[index];
    }

    Room room(int index) {
        return sized ? new Room(cpu[index], memory[index]) : Room.of(hosts.get(index), upperBound);
    }

    /** The first free host that {@code vm}'s size fits and that {@code vm} may run on, or -1. */
    int firstFitting(VmView vm) {
        VmSize size = vm.size();
        if (!Room.fits(largestCpu, largestMemory, size, true)) {
            return -1;
        }
        while (firstFree < taken.length && taken[firstFree]) {
            firstFree++;
        }
        // every room fits an unknown size
        boolean anyRoom = !sized || Room.unknown(size);
        for (int i = firstFree; i < taken.length; i++) {
            if (!taken[i] && (anyRoom || Room.fits(cpu[i], memory[i], size, true)) && vm.mayRunOn(hosts.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The candidate at {@code index}, free or not. */
    HostView host(int index) {
        return hosts.get(index);
    }

    HostView take(int index) {
        taken[index] = true;
        free--;
        return hosts.get(index);
    }
}
