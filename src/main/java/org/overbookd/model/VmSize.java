package org.overbookd.model;

/**
 * What a VM asks of a host: CPU in cores (OpenNebula's TEMPLATE/CPU, 0.5 is half a core) and memory
 * in MiB (TEMPLATE/MEMORY). A size of zero in a resource means "not known": such a VM is taken to fit
 * anywhere in it, which is what the paper's policy assumes of every VM.
 */
public record VmSize(double cpu, long memoryMb) {

    public static final VmSize UNKNOWN = new VmSize(0, 0);

    public VmSize {
        if (!(cpu >= 0) || Double.isInfinite(cpu)) {
            throw new IllegalArgumentException("VM CPU must be a finite number >= 0: " + cpu);
        }
        if (memoryMb < 0) {
            throw new IllegalArgumentException("VM memory must be >= 0 MiB: " + memoryMb);
        }
    }
}
