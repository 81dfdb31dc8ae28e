package org.overbookd.policy.overbooking;

import org.overbookd.model.HostView;
import org.overbookd.model.VmSize;

/**
 * What a candidate host can still take, in whole units: CPU in hundredths of a core up to the upper
 * bound, and free memory in MiB.
 *
 * <p>The upper bound, not the lower one, sets the CPU room: the lower bound decides which hosts take
 * VMs (the paper's rule, unchanged), and a VM that at full load would take its host past the upper
 * bound is the next suspension, so it does not fit. A VM's full load is its CPU size: what it asked
 * for is all we know before it runs.
 *
 * @param cpu    hundredths of a core, may be negative (no room)
 * @param memory MiB, {@link Long#MAX_VALUE} when the host does not say
 */
record Room(long cpu, long memory) {

    static Room of(HostView host, double upperBound) {
        // (upper - utilization) percent of the host's cores, in hundredths of a core
        long cpu = (long) Math.floor((upperBound - host.utilization()) * host.cores() + 1e-9);
        return new Room(cpu, host.freeMemoryMb());
    }

    /** Hundredths of a core a VM asks for; a VM of unknown CPU counts as the smallest unit. */
    static long cpuUnits(VmSize size) {
        return Math.max(1, Math.round(size.cpu() * 100));
    }

    /** Whether {@code size} fits; an unknown size (the paper's VMs) fits wherever the host is a candidate. */
    boolean fits(VmSize size, boolean checkMemory) {
        return fits(cpu, memory, size, checkMemory);
    }

    /** {@link #fits(VmSize, boolean)} of the room {@code (cpu, memory)}, for callers that keep rooms as plain numbers. */
    static boolean fits(long cpu, long memory, VmSize size, boolean checkMemory) {
        if (unknown(size)) {
            return true;
        }
        boolean cpuFits = size.cpu() == 0 || cpuUnits(size) <= cpu;
        boolean memoryFits = !checkMemory || size.memoryMb() <= memory;
        return cpuFits && memoryFits;
    }

    /**
     * {@code size.equals(VmSize.UNKNOWN)}, asked first by reference (the simulator's views hand out the
     * constant itself), then field by field as the record's equals compares them: a CPU of exactly +0.0
     * ({@code Double.compare}'s equality: -0.0 is not it) and no memory. The record's generated equals
     * goes through {@code ObjectMethods}; asked for every queued VM against every room, it was a tenth
     * of the daemon's decision on a pool whose VMs all have a size.
     */
    static boolean unknown(VmSize size) {
        return size == VmSize.UNKNOWN || Double.doubleToRawLongBits(size.cpu()) == 0L && size.memoryMb() == 0;
    }
}
