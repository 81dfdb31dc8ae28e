package org.overbookd.backend.opennebula;

import org.overbookd.model.VmSize;

/**
 * A VM's size from its TEMPLATE: CPU (cores, may be fractional) and MEMORY (MiB), and its virtual CPUs
 * (VCPU, a count). All are strings
 * in the schema and may hold what a user typed; a value that is not a plain non-negative number
 * counts as unknown (0) rather than failing the whole pool. (The pool parser reads a value of plain
 * digits itself, which these conversions would give the same number for.)
 */
final class TemplateSize {

    private TemplateSize() {}

    static VmSize of(String cpu, String memory) {
        return new VmSize(cores(cpu), mebibytes(memory));
    }

    static double cores(String value) {
        if (value == null) {
            return 0;
        }
        try {
            double cores = Double.parseDouble(value.strip());
            return Double.isFinite(cores) && cores >= 0 ? cores : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The most virtual CPUs a VM is taken to have: a bound on what a template may say, above any real VM. */
    static final int MAX_VCPUS = 1 << 16;

    /** TEMPLATE/VCPU as a count of virtual CPUs, 1 to {@link #MAX_VCPUS}; anything else ("2.0", "lots") is 0, unknown. */
    static int vcpus(String value) {
        if (value == null) {
            return 0;
        }
        try {
            return vcpus(Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** {@link #vcpus(String)} of a number already read. */
    static int vcpus(long count) {
        return count >= 1 && count <= MAX_VCPUS ? (int) count : 0;
    }

    static long mebibytes(String value) {
        if (value == null) {
            return 0;
        }
        try {
            long mb = Long.parseLong(value.strip());
            return Math.max(0, mb);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
