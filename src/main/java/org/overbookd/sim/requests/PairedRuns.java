package org.overbookd.sim.requests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.CsvInput;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;
import org.overbookd.io.Provenance;

/**
 * Two runs of one workload side by side (section 5.1, figure 6): each request's availability
 * under run A (x) and run B (y), per class, binned in squares of 5 points, the four SLO quadrants,
 * and the penalties of each run (section 5.2).
 */
public final class PairedRuns {

    public static final int BINS = 20;

    /** One class's paired data. counts[x][y]: requests with A's availability in bin x, B's in bin y. */
    public static final class ClassPairs {
        public final int[][] counts = new int[BINS][BINS];
        public int pairs;
        public int bothMet;
        public int onlyA;
        public int onlyB;
        public int neither;
        public double penaltyA;
        public double penaltyB;

        /** Adds another set of pairs (another sample of the same classes) to these. */
        public void addAll(ClassPairs other) {
            for (int x = 0; x < BINS; x++) {
                for (int y = 0; y < BINS; y++) {
                    counts[x][y] += other.counts[x][y];
                }
            }
            pairs += other.pairs;
            bothMet += other.bothMet;
            onlyA += other.onlyA;
            onlyB += other.onlyB;
            neither += other.neither;
            penaltyA += other.penaltyA;
            penaltyB += other.penaltyB;
        }

        void add(double a, boolean metA, double b, boolean metB) {
            counts[bin(a)][bin(b)]++;
            pairs++;
            if (metA && metB) {
                bothMet++;
            } else if (metA) {
                onlyA++;
            } else if (metB) {
                onlyB++;
            } else {
                neither++;
            }
        }
    }

    private record Row(String cls, double availability, boolean met) {}

    private PairedRuns() {}

    /** Squares [0, 5%), [5%, 10%), ..., [95%, 100%]. */
    public static int bin(double availability) {
        return Math.max(0, Math.min(BINS - 1, (int) Math.floor(availability * BINS)));
    }

    /**
     * Adds two runs' outcomes of one workload, in the same (workload) order, to {@code into}, per
     * class: the pairs of availabilities and each run's penalties (section 5.2).
     *
     * @throws IllegalArgumentException when the runs do not hold the same requests in the same order
     */
    public static void pair(Map<String, ClassPairs> into, List<RequestOutcome> a, List<RequestOutcome> b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException(
                    "runs of different workloads: " + a.size() + " and " + b.size() + " requests");
        }
        for (int i = 0; i < a.size(); i++) {
            RequestOutcome x = a.get(i);
            RequestOutcome y = b.get(i);
            if (!x.spec().id().equals(y.spec().id())) {
                throw new IllegalArgumentException("runs of different workloads: request " + i + " is "
                        + x.spec().id() + " and " + y.spec().id());
            }
            ClassPairs c = into.computeIfAbsent(x.spec().serviceClass().name(), k -> new ClassPairs());
            c.add(x.availability(), x.met(), y.availability(), y.met());
            c.penaltyA += PenaltyModel.penalty(x);
            c.penaltyB += PenaltyModel.penalty(y);
        }
    }

    /** Pairs by request id; classes in the order run A lists them. Both runs must hold the same requests. */
    public static Map<String, ClassPairs> read(Path dirA, Path dirB) throws InputException {
        // a directory that is not there, or one without its tables, could not be read (66)
        InputFiles.requireDirectory(dirA);
        InputFiles.requireDirectory(dirB);
        Map<String, Row> a = requests(dirA.resolve("requests.csv"));
        Map<String, Row> b = requests(dirB.resolve("requests.csv"));
        if (!a.keySet().equals(b.keySet())) {
            throw new InputException(
                    dirB.resolve("requests.csv"), "does not hold the same requests as " + dirA.resolve("requests.csv"));
        }
        Map<String, ClassPairs> byClass = new LinkedHashMap<>();
        for (Map.Entry<String, Row> e : a.entrySet()) {
            Row ra = e.getValue();
            Row rb = b.get(e.getKey());
            byClass.computeIfAbsent(ra.cls, k -> new ClassPairs())
                    .add(ra.availability, ra.met, rb.availability, rb.met);
        }
        penalties(dirA.resolve("penalties.csv"), byClass, true);
        penalties(dirB.resolve("penalties.csv"), byClass, false);
        return byClass;
    }

    /**
     * What a run's requests were, as its classes.csv states it (every row states the same).
     *
     * @throws InputException for a classes.csv that is missing, empty, or states no provenance
     */
    public static Provenance workload(Path dir) throws InputException {
        Path file = dir.resolve("classes.csv");
        try (CsvInput in = open(file, Provenance.COLUMNS)) {
            CsvInput.Row row = in.next();
            if (row == null) {
                throw new InputException(file, "no class: not a finished run's table");
            }
            try {
                return Provenance.ofCells(
                        row.text(Provenance.COLUMNS.get(0)),
                        row.text(Provenance.COLUMNS.get(1)),
                        row.text(Provenance.COLUMNS.get(2)));
            } catch (IllegalArgumentException e) {
                throw row.problem(e.getMessage());
            }
        }
    }

    private static Map<String, Row> requests(Path file) throws InputException {
        Map<String, Row> rows = new LinkedHashMap<>();
        try (CsvInput in = open(file, List.of("id", "class", "availability", "met"))) {
            in.forEach(r -> rows.put(
                    r.text("id"),
                    new Row(r.text("class"), r.number("availability"), Boolean.parseBoolean(r.text("met")))));
        }
        return rows;
    }

    private static void penalties(Path file, Map<String, ClassPairs> byClass, boolean runA) throws InputException {
        try (CsvInput in = open(file, List.of("class", "penalty"))) {
            in.forEach(r -> {
                ClassPairs c = byClass.get(r.text("class"));
                double p = r.number("penalty");
                if (c != null && runA) {
                    c.penaltyA += p;
                } else if (c != null) {
                    c.penaltyB += p;
                }
            });
        }
    }

    /** One of a run's own tables, read back; the other columns it has are not needed here. */
    private static CsvInput open(Path file, List<String> columns) throws InputException {
        if (!Files.exists(file)) {
            throw InputException.unreadable(file, "not found: is it a simulate --model requests output directory?");
        }
        return CsvInput.withHeader(file, CsvInput.Columns.atLeast(columns, List.of()));
    }
}
