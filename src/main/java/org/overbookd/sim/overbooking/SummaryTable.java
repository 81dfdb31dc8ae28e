package org.overbookd.sim.overbooking;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The metric columns of {@code summary.csv} and {@code sweep.csv}, which follow the run's parameters
 * (config's SimBindings writes those), and the CSV writer of those files and of the other models'
 * summaries. Numbers are printed with fixed decimals in the root locale so files compare byte for byte.
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

    public static void write(Writer out, List<String> header, List<List<String>> rows) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();
        try (CSVPrinter csv = new CSVPrinter(out, format)) {
            csv.printRecord(header);
            for (List<String> row : rows) {
                csv.printRecord(row);
            }
        }
    }

    static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
