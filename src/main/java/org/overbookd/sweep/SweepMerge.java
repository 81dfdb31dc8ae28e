package org.overbookd.sweep;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.overbookd.io.InputException;

/**
 * Joins the directories of the n shards of one sweep ({@code sweep --shard i/n}) into the rows of the
 * unsharded sweep.csv and the figures of its charts, in grid order. Refuses, naming the directory,
 * shards of different grids or of different counts, a shard given twice or missing, and a shard
 * whose files are torn ({@link ShardMarker#read}).
 */
public final class SweepMerge {

    /** The marker's lines that name the build a shard was computed by ({@link Build}). */
    public static final String BUILD_VERSION = "build.version";

    public static final String BUILD_CLASSES = "build.classes-sha256";

    /** The whole sweep again: sweep.csv's header and rows, and the charts' figures, in grid order. */
    public record Merged(List<String> header, List<List<String>> rows, List<SweepCharts.Point> points) {}

    private SweepMerge() {}

    /**
     * @param build the build merging: shards of another are refused, since its charts and table would
     *              not be the bytes the shards' build writes
     */
    public static Merged merge(List<Path> dirs, Build build) throws InputException, IOException {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no shard directory");
        }
        List<ShardMarker> markers = new ArrayList<>();
        for (Path dir : dirs) {
            markers.add(ShardMarker.read(dir));
        }
        ShardMarker first = markers.get(0);
        Path firstDir = dirs.get(0);
        List<String> otherBuild = new Build(
                        first.described().getOrDefault(BUILD_VERSION, "(not said)"),
                        first.described().getOrDefault(BUILD_CLASSES, "(not said: a shard of an older overbookd)"))
                .differences(build, "the shard's", "this merge's");
        if (!otherBuild.isEmpty()) {
            throw new InputException(
                    firstDir.resolve(ShardMarker.FILE),
                    "computed by another build than this merge's (" + String.join("; ", otherBuild)
                            + "): run the shards and the merge with one overbookd");
        }
        Path[] byShard = new Path[first.of() + 1];
        for (int k = 0; k < markers.size(); k++) {
            ShardMarker m = markers.get(k);
            Path dir = dirs.get(k);
            if (!m.fingerprint().equals(first.fingerprint()) || m.gridRuns() != first.gridRuns()) {
                throw new InputException(dir, "a shard of another grid than " + firstDir + difference(first, m));
            }
            if (m.of() != first.of()) {
                throw new InputException(
                        dir,
                        "shard " + m.shard() + "/" + m.of() + " of a split into " + m.of() + ", but " + firstDir
                                + " is shard " + first.shard() + "/" + first.of());
            }
            if (byShard[m.shard()] != null) {
                throw new InputException(
                        dir,
                        "shard " + m.shard() + "/" + m.of() + " given twice: " + byShard[m.shard()]
                                + " is that shard too");
            }
            if (!m.positions().equals(SweepGrid.slice(first.gridRuns(), m.shard(), m.of()))) {
                throw new InputException(
                        dir.resolve(ShardMarker.FILE),
                        "its rows are not the grid positions of shard " + m.shard() + "/" + m.of());
            }
            byShard[m.shard()] = dir;
        }
        List<String> missing = new ArrayList<>();
        for (int i = 1; i <= first.of(); i++) {
            if (byShard[i] == null) {
                missing.add(i + "/" + first.of());
            }
        }
        if (!missing.isEmpty()) {
            throw new InputException("shard" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + " of the grid of " + firstDir + " missing: a merge needs all " + first.of());
        }

        List<String> header = null;
        Path headerDir = null;
        // every position is filled: the shards are all there and each holds exactly its slice
        List<List<String>> rows = new ArrayList<>(Collections.nCopies(first.gridRuns(), null));
        List<SweepCharts.Point> points = new ArrayList<>(Collections.nCopies(first.gridRuns(), null));
        for (int k = 0; k < markers.size(); k++) {
            ShardMarker m = markers.get(k);
            Path csv = dirs.get(k).resolve(ShardMarker.CSV);
            List<List<String>> records = records(csv);
            if (records.isEmpty()) {
                throw new InputException(csv, "empty: no header");
            }
            if (header == null) {
                header = records.get(0);
                headerDir = dirs.get(k);
            } else if (!header.equals(records.get(0))) {
                throw new InputException(csv, 1, "its columns differ from those of " + headerDir);
            }
            if (records.size() - 1 != m.positions().size()) {
                throw new InputException(
                        csv,
                        (records.size() - 1) + " rows, but its " + ShardMarker.FILE + " lists "
                                + m.positions().size());
            }
            for (int j = 0; j < m.positions().size(); j++) {
                rows.set(m.positions().get(j), records.get(j + 1));
                points.set(m.positions().get(j), m.points().get(j));
            }
        }
        return new Merged(header, List.copyOf(rows), List.copyOf(points));
    }

    /** What the markers say differs between two grids, every line of it, for the error. */
    private static String difference(ShardMarker a, ShardMarker b) {
        Map<String, String> all = new TreeMap<>(a.described());
        b.described().forEach(all::putIfAbsent);
        List<String> out = new ArrayList<>();
        for (String key : all.keySet()) {
            if (key.equals("config")) {
                continue; // the same file may sit at another path on another machine
            }
            String here = a.described().getOrDefault(key, "(not given)");
            String there = b.described().getOrDefault(key, "(not given)");
            if (!here.equals(there)) {
                out.add(key + " is " + there + " here, " + here + " there");
            }
        }
        if (a.gridRuns() != b.gridRuns()) {
            out.add(b.gridRuns() + " runs here, " + a.gridRuns() + " there");
        }
        return out.isEmpty()
                ? " (same swept keys, --set and build: the config files differ)"
                : " (" + String.join("; ", out) + ")";
    }

    private static List<List<String>> records(Path csv) throws InputException {
        List<List<String>> out = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (CSVRecord r : CSVFormat.DEFAULT.parse(in)) {
                out.add(r.toList());
            }
        } catch (IOException e) { // its digest was checked just before: the file changed or went away since
            throw InputException.cannotRead(csv, 0, e);
        } catch (UncheckedIOException e) {
            throw InputException.cannotRead(csv, 0, e.getCause());
        }
        return out;
    }
}
