package org.overbookd.io;

import java.nio.file.Path;

/**
 * The Azure Public Dataset V2 VM trace (2019): {@code vmtable.csv} and the
 * {@code vm_cpu_readings-file-N-of-195.csv} files, headerless CSV, plain or .gz. The schema is the
 * dataset's own (github.com/Azure/AzurePublicDataset, AzurePublicDatasetV2.md, fields 6-18):
 * <pre>
 *   vmtable:         vmid, subscriptionid, deploymentid, vmcreated, vmdeleted, maxcpu, avgcpu, p95maxcpu,
 *                    vmcategory, vmcorecountbucket, vmmemorybucket
 *   vm_cpu_readings: timestamp, vmid, mincpu, maxcpu, avgcpu
 * </pre>
 * Timestamps are seconds from the trace's start (readings every 5 minutes); CPU utilization is in
 * percent of the VM's own virtual cores; {@code vmcategory} is Interactive, Delay-insensitive or
 * Unknown; the core count is a bucket ("2", "4", "8", "24", "&gt;24", read as 32: how many cores
 * such a VM has the dataset does not say).
 */
public final class AzureVmRows {

    /** What a core count bucket above 24 is read as. */
    public static final int CORES_ABOVE_24 = 32;

    private AzureVmRows() {}

    /** One VM of vmtable: its id, lifetime in seconds from the trace's start, category and cores. */
    public record Vm(String id, long created, long deleted, String category, int cores) {}

    /** One 5-minute reading: the VM's mean CPU in percent of its cores. */
    public record Reading(long timestamp, String vmId, double avgCpu) {}

    @FunctionalInterface
    public interface Visitor<T> {
        void accept(T row) throws InputException;
    }

    public static void vms(Path file, Visitor<Vm> visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                row.requireWidth(11, "vmtable row (vmid ... vmmemorybucket)");
                long created = row.nonNegative(3, "vmcreated");
                long deleted = row.nonNegative(4, "vmdeleted");
                if (deleted < created) {
                    throw row.problem("vmdeleted " + deleted + " is before vmcreated " + created);
                }
                String category = row.text(8);
                if (!category.equals("Interactive")
                        && !category.equals("Delay-insensitive")
                        && !category.equals("Unknown")) {
                    throw row.problem("vmcategory '" + category + "' is not Interactive, Delay-insensitive or Unknown");
                }
                visit.accept(new Vm(row.text(0), created, deleted, category, cores(row)));
            }
        }
    }

    private static int cores(CsvInput.Row row) throws InputException {
        String bucket = row.text(9);
        if (bucket.equals(">24")) {
            return CORES_ABOVE_24;
        }
        Long n = StrictNumbers.integer(bucket);
        if (n == null || n < 1 || n > 1024) {
            throw row.problem("vmcorecountbucket '" + bucket + "' is not a core count (2, 4, 8, 24 or >24)");
        }
        return n.intValue();
    }

    public static void readings(Path file, Visitor<Reading> visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                row.requireWidth(5, "vm_cpu_readings row (timestamp, vmid, mincpu, maxcpu, avgcpu)");
                double avg = row.number(4, "avgcpu", 0, false);
                if (avg > 100) {
                    throw row.problem("avgcpu " + row.text(4) + " is above 100 percent of the VM's cores");
                }
                visit.accept(new Reading(row.nonNegative(0, "timestamp"), row.text(1), avg));
            }
        }
    }
}
