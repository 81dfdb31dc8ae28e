package org.overbookd.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;

/**
 * What a sweep shard's directory is, in {@code shard.properties} beside its {@code sweep.csv}: which
 * shard of how many, of which grid (a SHA-256 over every run's complete settings and the build, so a
 * shard run with another config file, another --set or another build is told apart; the swept keys,
 * --set values and the build in words for the person reading an error), which grid positions its rows
 * hold, the exact utilization and suspensions of each run (the charts average them, so they must not
 * go through the rounded CSV), and the SHA-256 of its sweep.csv. The last line, {@code end}, is the
 * SHA-256 of every byte before it: a file cut short or edited is refused, not merged.
 *
 * <p>Written last, by an atomic rename: a shard that did not finish has no marker.
 *
 * @param positions grid positions (from 0) of the rows of the shard's sweep.csv, in order
 * @param points    the charts' figures of those rows, in the same order
 * @param described the grid in words: {@code config}, {@code sweep.<key>} and {@code set.<key>} lines
 */
public record ShardMarker(
        int shard,
        int of,
        int gridRuns,
        String fingerprint,
        Map<String, String> described,
        List<Integer> positions,
        List<SweepCharts.Point> points,
        String csvSha256) {

    public static final String FILE = "shard.properties";
    public static final String CSV = "sweep.csv";

    private static final String GRID = "grid.";
    private static final String RUN = "run.";
    private static final String END = "end = ";

    public ShardMarker {
        described = Map.copyOf(described);
        positions = List.copyOf(positions);
        points = List.copyOf(points);
    }

    /**
     * The grid's fingerprint: the build that ran it, the swept keys (they make sweep.csv's columns),
     * every run's every setting, in grid order, and what each trace file the runs replay holds
     * ({@code traceDigests}: path to {@link org.overbookd.backend.simulated.RecordedWorkload#digest};
     * a setting names the file, not its content). Two shards with equal fingerprints ran the same runs
     * in the same order on the same records with the same simulator.
     */
    public static String fingerprint(SweepGrid whole, Map<String, String> traceDigests, Build build) {
        StringBuilder text = new StringBuilder();
        text.append("build ")
                .append(build.version())
                .append(' ')
                .append(build.classesSha256())
                .append('\n');
        traceDigests.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> text.append("trace ")
                        .append(e.getKey())
                        .append(" sha256 ")
                        .append(e.getValue())
                        .append('\n'));
        text.append("swept");
        for (Option<?> option : whole.swept()) {
            text.append(' ').append(option.key());
        }
        text.append('\n');
        for (Settings run : whole.runs()) {
            for (Option<?> option : Options.ALL) {
                text.append(option.key())
                        .append('=')
                        .append(run.formatted(option))
                        .append('\n');
            }
            text.append('\n');
        }
        return sha256(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Writes the marker into {@code dir}, replacing any, by an atomic rename. */
    public void write(Path dir) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append("# overbookd sweep shard ")
                .append(shard)
                .append('/')
                .append(of)
                .append(": join all ")
                .append(of)
                .append(" with: overbookd sweep merge DIR... --out DIR\n");
        text.append("shard = ").append(shard).append('/').append(of).append('\n');
        text.append(GRID).append("runs = ").append(gridRuns).append('\n');
        text.append(GRID).append("sha256 = ").append(fingerprint).append('\n');
        described.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> text.append(GRID)
                        .append(e.getKey())
                        .append(" = ")
                        .append(e.getValue())
                        .append('\n'));
        text.append("rows = ").append(positions.size()).append('\n');
        text.append(CSV).append(".sha256 = ").append(csvSha256).append('\n');
        text.append("# run.<grid position, from 1> = upper slots lower utilization suspends, exact\n");
        for (int k = 0; k < positions.size(); k++) {
            SweepCharts.Point p = points.get(k);
            text.append(RUN)
                    .append(positions.get(k) + 1)
                    .append(" = ")
                    .append(p.upper())
                    .append(' ')
                    .append(p.slots())
                    .append(' ')
                    .append(p.lower())
                    .append(' ')
                    .append(p.utilization())
                    .append(' ')
                    .append(p.suspends())
                    .append('\n');
        }
        byte[] body = text.toString().getBytes(StandardCharsets.UTF_8);
        text.append(END).append(sha256(body)).append('\n');
        Path tmp = dir.resolve(FILE + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Reads the marker of {@code dir} and checks it against its sweep.csv.
     *
     * @throws InputException naming the directory's file: no marker (not a shard, or one that did not
     *                        finish), a marker cut short or changed, or a sweep.csv that is not the one
     *                        the shard wrote
     */
    public static ShardMarker read(Path dir) throws InputException, IOException {
        InputFiles.requireDirectory(dir);
        Path file = dir.resolve(FILE);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(
                    dir,
                    "not a finished sweep shard: no " + FILE
                            + " (the shard did not finish, or the directory was written by another command)");
        } catch (IOException e) {
            throw InputException.cannotRead(file, 0, e);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        int end = text.lastIndexOf("\n" + END);
        if (end < 0 || !text.endsWith("\n")) {
            throw new InputException(file, "torn: no end line (the file was cut short)");
        }
        String body = text.substring(0, end + 1);
        String declared =
                text.substring(end + 1 + END.length(), text.length() - 1).trim();
        if (!declared.equals(sha256(body.getBytes(StandardCharsets.UTF_8)))) {
            throw new InputException(file, "torn or changed: its end line is not the SHA-256 of the lines above");
        }
        return parse(dir, file, body);
    }

    private static ShardMarker parse(Path dir, Path file, String body) throws InputException, IOException {
        int shard = 0;
        int of = 0;
        int gridRuns = -1;
        int rows = -1;
        String fingerprint = null;
        String csvSha = null;
        Map<String, String> described = new java.util.TreeMap<>();
        List<Integer> positions = new ArrayList<>();
        List<SweepCharts.Point> points = new ArrayList<>();
        String[] lines = body.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf(" = ");
            if (eq < 0) {
                throw new InputException(file, n + 1, "not a 'key = value' line");
            }
            String key = line.substring(0, eq);
            String value = line.substring(eq + 3);
            try {
                if (key.equals("shard")) {
                    String[] io = value.split("/", -1);
                    shard = Integer.parseInt(io[0]);
                    of = Integer.parseInt(io[1]);
                } else if (key.equals(GRID + "runs")) {
                    gridRuns = Integer.parseInt(value);
                } else if (key.equals(GRID + "sha256")) {
                    fingerprint = value;
                } else if (key.startsWith(GRID)) {
                    described.put(key.substring(GRID.length()), value);
                } else if (key.equals("rows")) {
                    rows = Integer.parseInt(value);
                } else if (key.equals(CSV + ".sha256")) {
                    csvSha = value;
                } else if (key.startsWith(RUN)) {
                    positions.add(Integer.parseInt(key.substring(RUN.length())) - 1);
                    String[] f = value.split(" ", -1);
                    points.add(new SweepCharts.Point(
                            Double.parseDouble(f[0]),
                            Integer.parseInt(f[1]),
                            Double.parseDouble(f[2]),
                            Double.parseDouble(f[3]),
                            Long.parseLong(f[4])));
                } else {
                    throw new InputException(file, n + 1, "unknown key " + key);
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new InputException(file, n + 1, "'" + line + "' is not what a shard writes");
            }
        }
        if (of < 1
                || shard < 1
                || shard > of
                || gridRuns < 0
                || fingerprint == null
                || csvSha == null
                || rows != positions.size()) {
            throw new InputException(
                    file,
                    "incomplete: shard, grid.runs, grid.sha256, rows, sweep.csv.sha256 and one"
                            + " run line per row are all needed");
        }
        Path csv = dir.resolve(CSV);
        byte[] csvBytes;
        try {
            csvBytes = Files.readAllBytes(csv);
        } catch (NoSuchFileException e) {
            throw new InputException(csv, "missing: the shard's rows are not there");
        } catch (IOException e) {
            throw InputException.cannotRead(csv, 0, e);
        }
        if (!sha256(csvBytes).equals(csvSha)) {
            throw new InputException(
                    csv,
                    "torn or changed: not the file shard " + shard + "/" + of
                            + " wrote (its SHA-256 differs from the one in " + FILE + ")");
        }
        return new ShardMarker(shard, of, gridRuns, fingerprint, described, positions, points, csvSha);
    }

    /** The lowercase hex SHA-256 of some bytes. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
