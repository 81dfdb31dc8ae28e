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
            "utilization",
            "overbooked_hours",
            "suspends",
            "degradation_100",
            "degradation_95",
            "resumes",
            "deploys",
            "low_qos_completed",
            "low_qos_mean_wait_h",
            "low_qos_mean_availability",
            "low_qos_min_availability",
            "high_qos_hours",
            "refused");

    /** The decimals of each metric column, in the order of {@link #METRIC_COLUMNS} (0: a count). */
    public static final List<Integer> METRIC_DECIMALS = List.of(3, 2, 0, 0, 0, 0, 0, 0, 3, 4, 4, 2, 0);

    private SummaryTable() {}

    /** The metric columns of one run, under {@link #METRIC_COLUMNS}. */
    public static List<String> metrics(SimResult r) {
        double[] values = {
            r.utilization(),
            r.overbookedHours(),
            r.suspends(),
            r.degradation100(),
            r.degradation95(),
            r.resumes(),
            r.deploys(),
            r.lowCompleted(),
            r.lowMeanWaitHours(),
            r.lowMeanAvailability(),
            r.lowMinAvailability(),
            r.highHours(),
            r.refused()
        };
        List<String> row = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            int decimals = METRIC_DECIMALS.get(i);
            // counts are longs, exact in a double below 2^53
            row.add(decimals == 0 ? Long.toString((long) values[i]) : fixed(values[i], decimals));
        }
        return row;
    }

    private static String fixed(double value, int decimals) {
        return Decimals.FORMATTER.fixed(value, decimals);
    }
}
