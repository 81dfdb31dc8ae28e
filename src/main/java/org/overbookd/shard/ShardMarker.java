package org.overbookd.shard;

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
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;

/**
 * What a shard's directory is, in {@code shard.properties} beside its rows file: which command's
 * shard, which slice of how many runs, the build that ran it, what the whole is of in words (for the
 * person reading an error: the grid, the record, the settings), a fingerprint over everything that
 * makes the runs (two shards with equal fingerprints ran slices of the same runs), the grid positions
 * of its rows, the SHA-256 of its rows file and, for a command whose rows are rounded, each run's exact
 * figures. The last line, {@code end}, is the SHA-256 of every byte before it: a file cut short or
 * edited is refused, not merged. One format for every command that shards (sweep and tune).
 *
 * <p>Written last, by an atomic rename: a shard that did not finish has no marker.
 *
 * @param described what the whole is of, in words, one line each, in the order given
 * @param positions grid positions (from 0) of the rows of the shard's rows file, in order
 * @param exact     each row's exact figures (as Java prints them: they read back to the same bits), in
 *                  the same order; empty lists when the command's rows are exact themselves
 */
public record ShardMarker(
        String command,
        Slice slice,
        int runs,
        Build build,
        Map<String, String> described,
        String fingerprint,
        List<Integer> positions,
        List<List<String>> exact,
        String rowsSha256) {

    public static final String FILE = "shard.properties";

    /** The marker that tune wrote before both commands shared this one (overbookd 0.1.0 in development). */
    static final String OLD_TUNE_FILE = "tune-shard.properties";

    private static final String FORMAT = "2";
    private static final String OF = "of.";
    private static final String EXACT = "exact.";
    private static final String END = "end = ";

    public ShardMarker {
        described = Collections.unmodifiableMap(new LinkedHashMap<>(described));
        positions = List.copyOf(positions);
        exact = exact.stream().map(List::copyOf).toList();
        if (exact.size() != positions.size()) {
            throw new IllegalArgumentException(exact.size() + " figures for " + positions.size() + " rows");
        }
    }

    /**
     * The fingerprint of what makes the runs: the lines given ({@code key = value}, in order) and the
     * text of every run (all its settings), in run order.
     */
    public static String fingerprint(Map<String, String> identity, List<String> runs) {
        StringBuilder text = new StringBuilder();
        identity.forEach(
                (key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        for (String run : runs) {
            text.append(run).append('\n');
        }
        return sha256(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Deletes the marker of {@code dir}, if any: a marker of an earlier run must not vouch for new rows. */
    public static void clear(Path dir) throws IOException {
        Files.deleteIfExists(dir.resolve(FILE));
    }

    /** Writes the marker into {@code dir}, after the rows file, replacing any, by an atomic rename. */
    public void write(Path dir, ShardKind kind) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append("# overbookd ")
                .append(command)
                .append(" shard ")
                .append(slice)
                .append(": join all ")
                .append(slice.count())
                .append(" with: ")
                .append(kind.merge())
                .append('\n');
        text.append("format = ").append(FORMAT).append('\n');
        text.append("command = ").append(command).append('\n');
        text.append("shard = ").append(slice).append('\n');
        text.append("runs = ").append(runs).append('\n');
        text.append("build.version = ").append(oneLine(build.version())).append('\n');
        text.append("build.classes-sha256 = ").append(build.classesSha256()).append('\n');
        described.forEach((key, value) ->
                text.append(OF).append(key).append(" = ").append(oneLine(value)).append('\n'));
        text.append("fingerprint = ").append(fingerprint).append('\n');
        text.append("rows = ").append(positions.size()).append('\n');
        text.append("rows.sha256 = ").append(rowsSha256).append('\n');
        text.append("# the rows' grid positions, from 1\n");
        text.append("positions =");
        positions.forEach(p -> text.append(' ').append(p + 1));
        text.append('\n');
        if (!kind.exact().isEmpty()) {
            text.append("# exact.<grid position, from 1> = ")
                    .append(kind.exact())
                    .append('\n');
            for (int k = 0; k < positions.size(); k++) {
                text.append(EXACT)
                        .append(positions.get(k) + 1)
                        .append(" = ")
                        .append(String.join(" ", exact.get(k)))
                        .append('\n');
            }
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

    private static String oneLine(String text) {
        return text.replaceAll("[\\r\\n]+", " ");
    }

    /**
     * Reads the marker of {@code dir} and checks it against its rows file.
     *
     * @throws InputException naming the directory or its file: no marker (not a shard, or one that did
     *                        not finish), a marker of an older overbookd or of another command, one
     *                        cut short or changed, or a rows file that is not the one the shard wrote
     */
    public static ShardMarker read(Path dir, ShardKind kind) throws InputException, IOException {
        InputFiles.requireDirectory(dir);
        Path file = dir.resolve(FILE);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            if (Files.exists(dir.resolve(OLD_TUNE_FILE))) {
                throw olderOverbookd(dir.resolve(OLD_TUNE_FILE));
            }
            throw new InputException(
                    dir,
                    "not a finished " + kind.command() + " shard: no " + FILE
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
        ShardMarker marker = parse(file, body, kind);
        Path rows = dir.resolve(kind.rowsFile());
        byte[] rowBytes;
        try {
            rowBytes = Files.readAllBytes(rows);
        } catch (NoSuchFileException e) {
            throw new InputException(rows, "missing: the shard's rows are not there");
        } catch (IOException e) {
            throw InputException.cannotRead(rows, 0, e);
        }
        if (!sha256(rowBytes).equals(marker.rowsSha256())) {
            throw new InputException(
                    rows,
                    "torn or changed: not the file shard " + marker.slice() + " wrote (its SHA-256 differs from the"
                            + " one in " + FILE + ")");
        }
        return marker;
    }

    private static InputException olderOverbookd(Path file) {
        return new InputException(
                file,
                "a shard of an older overbookd, whose markers this one does not read: run the shard again with"
                        + " this overbookd (shards merge only with the build that ran them)");
    }

    private static ShardMarker parse(Path file, String body, ShardKind kind) throws InputException {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        String[] lines = body.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf(" =");
            if (eq < 0 || !(line.length() == eq + 2 || line.charAt(eq + 2) == ' ')) {
                throw new InputException(file, n + 1, "not a 'key = value' line");
            }
            String key = line.substring(0, eq);
            if (values.put(key, line.substring(Math.min(line.length(), eq + 3))) != null) {
                throw new InputException(file, n + 1, key + " given twice");
            }
            lineOf.put(key, n + 1);
        }
        if (!FORMAT.equals(values.get("format"))) {
            throw olderOverbookd(file);
        }
        String command = values.getOrDefault("command", "");
        if (!command.equals(kind.command())) {
            throw new InputException(file, "a " + command + " shard, not a " + kind.command() + " shard");
        }
        Map<String, String> described = new LinkedHashMap<>();
        Map<Integer, List<String>> exactByPosition = new LinkedHashMap<>();
        Slice slice = null;
        int runs = -1;
        int rows = -1;
        List<Integer> positions = List.of();
        for (Map.Entry<String, String> e : values.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            try {
                switch (key) {
                    case "format",
                            "command",
                            "build.version",
                            "build.classes-sha256",
                            "fingerprint",
                            "rows.sha256" -> {}
                    case "shard" -> slice = Slice.parse(value);
                    case "runs" -> runs = Integer.parseInt(value);
                    case "rows" -> rows = Integer.parseInt(value);
                    case "positions" ->
                        positions = value.isBlank()
                                ? List.of()
                                : Arrays.stream(value.trim().split(" ", -1))
                                        .map(p -> Integer.parseInt(p) - 1)
                                        .toList();
                    default -> {
                        if (key.startsWith(OF)) {
                            described.put(key.substring(OF.length()), value);
                        } else if (key.startsWith(EXACT)) {
                            List<String> figures = List.of(value.split(" ", -1));
                            if (figures.size() != kind.exact().split(" ").length) {
                                throw new IllegalArgumentException("not " + kind.exact());
                            }
                            figures.forEach(Double::parseDouble); // every figure a number, or refused here
                            exactByPosition.put(Integer.parseInt(key.substring(EXACT.length())) - 1, figures);
                        } else {
                            throw new InputException(file, lineOf.get(key), "unknown key " + key);
                        }
                    }
                }
            } catch (IllegalArgumentException e2) { // NumberFormatException among them
                throw new InputException(
                        file, lineOf.get(key), "'" + key + " = " + value + "' is not what a shard writes");
            }
        }
        String fingerprint = values.get("fingerprint");
        String rowsSha = values.get("rows.sha256");
        String version = values.get("build.version");
        String classes = values.get("build.classes-sha256");
        if (slice == null
                || runs < 0
                || fingerprint == null
                || rowsSha == null
                || version == null
                || classes == null
                || rows != positions.size()
                || !(exactByPosition.isEmpty() || exactByPosition.keySet().equals(new HashSet<>(positions)))) {
            throw new InputException(
                    file,
                    "incomplete: shard, runs, build.version, build.classes-sha256, fingerprint, rows, rows.sha256"
                            + " and one position per row are all needed");
        }
        List<List<String>> exact = new ArrayList<>();
        for (int p : positions) {
            exact.add(exactByPosition.getOrDefault(p, List.of()));
        }
        return new ShardMarker(
                command, slice, runs, new Build(version, classes), described, fingerprint, positions, exact, rowsSha);
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
