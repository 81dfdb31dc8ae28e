package org.overbookd.sim.requests;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/**
 * Writes requests.csv, classes.csv, intervals.csv and penalties.csv. Fixed decimals in the root
 * locale, '\n' line ends: the same run gives the same bytes.
 */
public final class ResultFiles {

    private ResultFiles() {
    }

    public static void write(RunResult result, ServiceClasses classes, Path dir) throws IOException {
        Files.createDirectories(dir);
        write(dir.resolve("requests.csv"), List.of("id", "class", "slo", "availability", "met", "deficit",
                "preemptions", "run_s", "pending_s", "overhead_s"), requestRows(result));
        write(dir.resolve("classes.csv"), List.of("class", "slo", "requests", "mean_availability",
                "min_availability", "slo_fulfilment", "deficit_mean", "deficit_p95", "deficit_max", "gini",
                "preemptions", "penalty"), classRows(result, classes));
        write(dir.resolve("intervals.csv"), intervalHeader(classes), intervalRows(result, classes));
        write(dir.resolve("penalties.csv"), List.of("id", "class", "availability", "deficit", "duration_h", "cpu",
                "cpu_hour_deficit", "bonus", "penalty"), penaltyRows(result));
    }

    private static List<List<String>> requestRows(RunResult result) {
        List<List<String>> rows = new ArrayList<>();
        for (Outcome o : result.outcomes()) {
            rows.add(List.of(o.spec().id(), o.spec().serviceClass().name(), f(o.slo(), 4), f(o.availability(), 6),
                    Boolean.toString(o.met()), f(o.deficit(), 6), Integer.toString(o.preemptions()),
                    f(o.runS(), 3), f(o.pendingS(), 3), f(o.overheadS(), 3)));
        }
        return rows;
    }

    private static List<List<String>> classRows(RunResult result, ServiceClasses classes) {
        List<List<String>> rows = new ArrayList<>();
        for (ServiceClass c : classes.all()) {
            List<Outcome> of = result.outcomes().stream().filter(o -> o.spec().serviceClass().equals(c)).toList();
            double[] a = of.stream().mapToDouble(Outcome::availability).toArray();
            double[] deficits = of.stream().filter(o -> !o.met()).mapToDouble(Outcome::deficit).toArray();
            long met = of.stream().filter(Outcome::met).count();
            rows.add(List.of(c.name(), f(c.slo(), 4), Integer.toString(of.size()), f(Stats.mean(a), 6),
                    f(of.isEmpty() ? 0 : java.util.Arrays.stream(a).min().orElse(0), 6),
                    f(of.isEmpty() ? 0 : (double) met / of.size(), 6),
                    f(Stats.mean(deficits), 6), f(Stats.percentile(deficits, 0.95), 6),
                    f(java.util.Arrays.stream(deficits).max().orElse(0), 6), f(Stats.gini(a), 6),
                    Long.toString(of.stream().mapToLong(Outcome::preemptions).sum()),
                    f(of.stream().mapToDouble(PenaltyModel::penalty).sum(), 6)));
        }
        return rows;
    }

    private static List<String> intervalHeader(ServiceClasses classes) {
        List<String> header = new ArrayList<>(List.of("start_s", "end_s", "contention"));
        for (ServiceClass c : classes.all()) {
            header.add(c.name() + "_active");
            header.add(c.name() + "_gini");
            header.add(c.name() + "_min_availability");
            header.add(c.name() + "_fulfilment");
        }
        return header;
    }

    private static List<List<String>> intervalRows(RunResult result, ServiceClasses classes) {
        List<List<String>> rows = new ArrayList<>();
        for (IntervalSample s : result.intervals()) {
            List<String> row = new ArrayList<>(List.of(f(s.startS(), 0), f(s.endS(), 0),
                    Contention.of(s.active(), classes.leastImportance()).label()));
            for (ServiceClass c : classes.all()) {
                List<Outcome> of = s.active().stream().filter(o -> o.spec().serviceClass().equals(c)).toList();
                double[] a = of.stream().mapToDouble(Outcome::availability).toArray();
                row.add(Integer.toString(of.size()));
                if (of.isEmpty()) {
                    row.addAll(List.of("", "", ""));
                } else {
                    row.add(f(Stats.gini(a), 6));
                    row.add(f(java.util.Arrays.stream(a).min().orElse(0), 6));
                    row.add(f((double) of.stream().filter(Outcome::met).count() / of.size(), 6));
                }
            }
            rows.add(row);
        }
        return rows;
    }

    private static List<List<String>> penaltyRows(RunResult result) {
        List<List<String>> rows = new ArrayList<>();
        for (Outcome o : result.outcomes()) {
            if (o.met()) {
                continue;
            }
            rows.add(List.of(o.spec().id(), o.spec().serviceClass().name(), f(o.availability(), 6),
                    f(o.deficit(), 6), f(o.spec().durationS() / 3600, 6), f(o.spec().cpu(), 6),
                    f(PenaltyModel.cpuHourDeficit(o), 6),
                    f(PenaltyModel.bonus(o.spec().serviceClass(), o.availability()), 2),
                    f(PenaltyModel.penalty(o), 6)));
        }
        return rows;
    }

    private static void write(Path file, List<String> header, List<List<String>> rows) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter csv = new CSVPrinter(w, format)) {
            csv.printRecord(header);
            for (List<String> row : rows) {
                csv.printRecord(row);
            }
        }
    }

    static String f(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
