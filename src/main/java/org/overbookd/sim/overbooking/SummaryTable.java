package org.overbookd.sim.overbooking;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.io.Decimals;

/**
 * The metric columns of {@code summary.csv} and {@code sweep.csv}, which follow the run's parameters
 * (config's SimBindings writes those); io.CsvTable writes the files. Numbers are printed with fixed
 * decimals in the root locale so files compare byte for byte.
 */
public final class SummaryTable {

    public static final List<String> METRIC_COLUMNS = List.of(
            "utilization", "overbooked_hours", "suspends", "degradation_100", "degradation_95",
            "resumes", "deploys", "low_qos_completed", "low_qos_mean_wait_h",
            "low_qos_mean_availability", "low_qos_min_availability", "high_qos_hours", "refused");

    private SummaryTable() {
    }

    /** The metric columns of one run, under {@link #METRIC_COLUMNS}. */
    public static List<String> metrics(SimResult r) {
        List<String> row = new ArrayList<>();
        row.add(fixed(r.utilization(), 3));
        row.add(fixed(r.overbookedHours(), 2));
        row.add(Long.toString(r.suspends()));
        row.add(Long.toString(r.degradation100()));
        row.add(Long.toString(r.degradation95()));
        row.add(Long.toString(r.resumes()));
        row.add(Long.toString(r.deploys()));
        row.add(Long.toString(r.lowCompleted()));
        row.add(fixed(r.lowMeanWaitHours(), 3));
        row.add(fixed(r.lowMeanAvailability(), 4));
        row.add(fixed(r.lowMinAvailability(), 4));
        row.add(fixed(r.highHours(), 2));
        row.add(Long.toString(r.refused()));
        return row;
    }

    private static String fixed(double value, int decimals) {
        return Decimals.FORMATTER.fixed(value, decimals);
    }
}
