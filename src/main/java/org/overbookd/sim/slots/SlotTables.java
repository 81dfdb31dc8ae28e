package org.overbookd.sim.slots;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.Provenance;

/**
 * The CSV files of a slot-model run, each with a header and one policy column so that files of
 * several runs concatenate into one table:
 * <ul>
 *   <li>{@code summary.csv}: Table 2 and the Figure 2 medians, one row;</li>
 *   <li>{@code classes.csv}: per priority class, counts, evictions, waste and response times;</li>
 *   <li>{@code sticky.csv}: Figure 3a, each class's use of sticky labels;</li>
 *   <li>{@code slot-types.csv}: Figure 3b, slots configured and finished tasks per slot type.</li>
 * </ul>
 * Every row ends with the workload's provenance (scenario or trace, and where demands came from).
 * Numbers have fixed decimals ({@link Decimals#FORMATTER}), so the same run gives the same bytes; a value
 * that does not exist (the median of no task) is an empty field, which pandas and R read as NA.
 */
public final class SlotTables {

    public static final String SUMMARY = "summary.csv";
    public static final String CLASSES = "classes.csv";
    public static final String STICKY = "sticky.csv";
    public static final String SLOT_TYPES = "slot-types.csv";

    static final List<String> SUMMARY_HEADER = List.of(
            "policy",
            "sticky_slots",
            "evictions",
            "mean_evictions_per_evicted_task",
            "max_evictions_per_task",
            "drops",
            "wasted_cpu_seconds",
            "response_p50_class0_evicted",
            "response_p50_class0_never_evicted",
            "response_p50_class9",
            "eviction_limit",
            "seed",
            "servers",
            "slots",
            "tasks",
            "finished",
            "unfinished",
            "evicted_tasks",
            "finished_on_sticky",
            "last_finish_s");

    static final List<String> CLASSES_HEADER = List.of(
            "policy",
            "class",
            "tasks",
            "finished",
            "dropped",
            "evicted_tasks",
            "evictions",
            "wasted_cpu_seconds",
            "response_mean",
            "response_p50",
            "response_p90",
            "response_p99",
            "response_max",
            "response_p50_evicted",
            "response_p50_never_evicted");

    static final List<String> STICKY_HEADER = List.of(
            "policy",
            "class",
            "finished_on_sticky",
            "share_of_finished_on_sticky",
            "sticky_slot_seconds",
            "share_of_sticky_slot_seconds");

    static final List<String> SLOT_TYPES_HEADER =
            List.of("policy", "slot_type", "configured_slots", "configured_share", "finished_tasks", "finished_share");

    private SlotTables() {}

    /**
     * Writes the four files into {@code dir}, which must exist; returns their paths. Every row ends with
     * the workload's provenance ({@link Provenance#COLUMNS}).
     */
    public static List<Path> write(Path dir, SlotResult r, long seed, Provenance workload) throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(write(dir.resolve(SUMMARY), SUMMARY_HEADER, List.of(summary(r, seed)), workload));
        files.add(write(dir.resolve(CLASSES), CLASSES_HEADER, classes(r), workload));
        files.add(write(dir.resolve(STICKY), STICKY_HEADER, sticky(r), workload));
        files.add(write(dir.resolve(SLOT_TYPES), SLOT_TYPES_HEADER, slotTypes(r), workload));
        return files;
    }

    private static Path write(Path file, List<String> header, List<List<String>> rows, Provenance workload)
            throws IOException {
        List<String> fullHeader = new ArrayList<>(header);
        fullHeader.addAll(Provenance.COLUMNS);
        List<List<String>> fullRows = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            List<String> full = new ArrayList<>(row);
            full.addAll(workload.cells());
            fullRows.add(full);
        }
        CsvTable.write(file, fullHeader, fullRows);
        return file;
    }

    static List<String> summary(SlotResult r, long seed) {
        ClassStats c0 = r.classStats(0);
        return List.of(
                r.policy(),
                count(r.stickySlots()),
                count(r.evictions()),
                fixed(r.meanEvictionsPerEvictedTask(), 3),
                count(r.maxEvictions()),
                count(r.dropped()),
                fixed(r.wastedCpuSeconds(), 3),
                fixed(c0.responseP50Evicted(), 1),
                fixed(c0.responseP50NeverEvicted(), 1),
                fixed(r.classStats(9).responseP50(), 1),
                count(r.evictionLimit()),
                Long.toString(seed),
                count(r.servers()),
                count(r.slots()),
                count(r.tasks()),
                count(r.finished()),
                count(r.unfinished()),
                count(r.evictedTasks()),
                count(r.finishedOnSticky()),
                fixed(r.lastFinish(), 1));
    }

    static List<List<String>> classes(SlotResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (ClassStats c : r.classes()) {
            rows.add(List.of(
                    r.policy(),
                    count(c.priority()),
                    count(c.tasks()),
                    count(c.finished()),
                    count(c.dropped()),
                    count(c.evictedTasks()),
                    count(c.evictions()),
                    fixed(c.wastedCpuSeconds(), 3),
                    fixed(c.responseMean(), 1),
                    fixed(c.responseP50(), 1),
                    fixed(c.responseP90(), 1),
                    fixed(c.responseP99(), 1),
                    fixed(c.responseMax(), 1),
                    fixed(c.responseP50Evicted(), 1),
                    fixed(c.responseP50NeverEvicted(), 1)));
        }
        return rows;
    }

    static List<List<String>> sticky(SlotResult r) {
        double finished = r.finishedOnSticky();
        double seconds =
                r.classes().stream().mapToDouble(ClassStats::stickySlotSeconds).sum();
        List<List<String>> rows = new ArrayList<>();
        for (ClassStats c : r.classes()) {
            rows.add(List.of(
                    r.policy(),
                    count(c.priority()),
                    count(c.finishedOnSticky()),
                    fixed(share(c.finishedOnSticky(), finished), 4),
                    fixed(c.stickySlotSeconds(), 1),
                    fixed(share(c.stickySlotSeconds(), seconds), 4)));
        }
        return rows;
    }

    static List<List<String>> slotTypes(SlotResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (SlotTypeUsage t : r.slotTypes()) {
            rows.add(List.of(
                    r.policy(),
                    t.type(),
                    count(t.configuredSlots()),
                    fixed(share(t.configuredSlots(), r.slots()), 4),
                    count(t.finishedTasks()),
                    fixed(share(t.finishedTasks(), r.finished()), 4)));
        }
        return rows;
    }

    private static double share(double part, double whole) {
        return whole == 0 ? Double.NaN : part / whole;
    }

    private static String count(long n) {
        return Long.toString(n);
    }

    /** Fixed decimals ({@link Decimals#FORMATTER}); empty for NaN. */
    static String fixed(double value, int decimals) {
        return Decimals.FORMATTER.fixedOrEmpty(value, decimals);
    }
}
