package org.overbookd.shard;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.overbookd.io.InputException;

/**
 * Joins the directories of the n shards of one sweep or tune ({@code --shard i/n}) into the rows of
 * the unsharded run, in grid order, with each row's exact figures. Refuses, naming the directory or
 * its file, a shard of another build, of another whole (what differs named) or of another count, a
 * shard given twice or missing, and a shard whose files are torn ({@link ShardMarker#read}).
 */
public final class ShardMerge {

    /**
     * What the merge expects the shards to be of, when it knows: tune recomputes it from its own
     * arguments. Without it (sweep merge is given only the directories) the first shard is the one the
     * others must match.
     */
    public record Expected(Map<String, String> described, String fingerprint, int runs) {}

    /**
     * The whole again: the rows file's header, and every run's row and exact figures, in grid order.
     */
    public record MergedRows(List<String> header, List<List<String>> rows, List<List<String>> exact) {}

    private ShardMerge() {}

    /**
     * @param build    the build merging: shards of another are refused, since its tables would not be
     *                 the bytes the shards' build writes
     * @param expected what the shards must be of, or null: the first shard's
     */
    public static MergedRows merge(ShardKind kind, List<Path> dirs, Build build, Expected expected)
            throws InputException, IOException {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no shard directory");
        }
        List<ShardMarker> markers = new ArrayList<>();
        for (Path dir : dirs) {
            markers.add(ShardMarker.read(dir, kind));
        }
        for (int k = 0; k < markers.size(); k++) {
            List<String> otherBuild = markers.get(k).build().differences(build, "the shard's", "this merge's");
            if (!otherBuild.isEmpty()) {
                throw new InputException(
                        dirs.get(k).resolve(ShardMarker.FILE),
                        "computed by another build than this merge's (" + String.join("; ", otherBuild)
                                + "): run the shards and the merge with one overbookd");
            }
        }
        ShardMarker first = markers.get(0);
        Path firstDir = dirs.get(0);
        Expected reference =
                expected != null ? expected : new Expected(first.described(), first.fingerprint(), first.runs());
        String referenceName = expected != null ? "this merge's" : firstDir + "'s";
        Path[] byShard = new Path[first.slice().count() + 1];
        for (int k = 0; k < markers.size(); k++) {
            ShardMarker m = markers.get(k);
            Path dir = dirs.get(k);
            Path file = dir.resolve(ShardMarker.FILE);
            if (!m.fingerprint().equals(reference.fingerprint()) || m.runs() != reference.runs()) {
                throw new InputException(
                        file,
                        "a shard of another " + kind.whole() + " than "
                                + (expected != null ? "this merge's" : firstDir.toString()) + " ("
                                + difference(kind, reference, referenceName, m) + ")");
            }
            if (m.slice().count() != first.slice().count()) {
                throw new InputException(
                        file,
                        "shard " + m.slice() + " of a split into " + m.slice().count() + ", but " + firstDir
                                + " is shard " + first.slice());
            }
            int i = m.slice().index();
            if (byShard[i] != null) {
                throw new InputException(
                        dir, "shard " + m.slice() + " given twice: " + byShard[i] + " is that shard too");
            }
            if (!m.positions().equals(m.slice().positions(m.runs()))) {
                throw new InputException(file, "its rows are not the grid positions of shard " + m.slice());
            }
            byShard[i] = dir;
        }
        List<String> missing = new ArrayList<>();
        for (int i = 1; i <= first.slice().count(); i++) {
            if (byShard[i] == null) {
                missing.add(i + "/" + first.slice().count());
            }
        }
        if (!missing.isEmpty()) {
            throw new InputException("shard" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + " of the " + kind.whole() + " of " + firstDir + " missing: a merge needs all "
                    + first.slice().count());
        }

        List<String> header = null;
        Path headerDir = null;
        // every position is filled: the shards are all there and each holds exactly its slice
        List<List<String>> rows = new ArrayList<>(Collections.nCopies(first.runs(), null));
        List<List<String>> exact = new ArrayList<>(Collections.nCopies(first.runs(), null));
        for (int k = 0; k < markers.size(); k++) {
            ShardMarker m = markers.get(k);
            Path csv = dirs.get(k).resolve(kind.rowsFile());
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
                exact.set(m.positions().get(j), m.exact().get(j));
            }
        }
        return new MergedRows(header, List.copyOf(rows), List.copyOf(exact));
    }

    /** What a shard's marker says differs from the reference, every line of it, each side named. */
    private static String difference(ShardKind kind, Expected reference, String referenceName, ShardMarker shard) {
        Map<String, String> all = new LinkedHashMap<>(reference.described());
        shard.described().forEach(all::putIfAbsent);
        List<String> out = new ArrayList<>();
        List<String> hints = new ArrayList<>();
        for (String key : all.keySet()) {
            String theirs = shard.described().getOrDefault(key, "(not given)");
            String ours = reference.described().getOrDefault(key, "(not given)");
            if (!theirs.equals(ours)) {
                out.add(key + ": the shard's is " + theirs + ", " + referenceName + " " + ours);
                if (kind.hints().containsKey(key)) {
                    hints.add(kind.hints().get(key));
                }
            }
        }
        if (shard.runs() != reference.runs()) {
            out.add("runs: the shard's " + shard.runs() + ", " + referenceName + " " + reference.runs());
        }
        if (out.isEmpty()) {
            out.add("what it is of reads the same: the settings of some run differ (another config file's content?)");
        }
        out.addAll(hints);
        return String.join("; ", out);
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
