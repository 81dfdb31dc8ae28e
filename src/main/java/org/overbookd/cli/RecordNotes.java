package org.overbookd.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.backend.simulated.RecordedWorkload;

/** What {@code record-info}, {@code tune} and {@code simulate} say about a record from a real cluster. */
final class RecordNotes {

    /** Under this much measured time a recommendation has not seen a whole week. */
    static final long WEEK_SECONDS = 7 * 86_400;

    private static final int LISTED = 5;

    private RecordNotes() {}

    /**
     * The first of {@code files} that is missing or unreadable, with the reason, or null: a command
     * exits 66 (no input) on it before reading anything.
     */
    static String missing(List<Path> files) {
        for (Path file : files) {
            if (!Files.exists(file)) {
                return file + ": no such file";
            }
            if (!Files.isRegularFile(file)) {
                return file + ": not a regular file";
            }
            if (!Files.isReadable(file)) {
                return file + ": not readable";
            }
        }
        return null;
    }

    /** The gap rule in words: "consecutive cycles more than 3 x 5m apart". */
    static String gapRule(RecordFacts f) {
        return "consecutive cycles more than " + RecordedWorkload.GAP_POLLS + " x " + RecordFacts.human(f.pollSeconds())
                + " apart";
    }

    /** Whether the record keeps the VIM's forecasts, and of how many hosts: "12 of 50 hosts (host_forecast)". */
    static String forecasts(RecordFacts f) {
        return f.forecastHosts() == 0
                ? "none (no host_forecast: a record of an older overbookd, or a VIM without forecasts); a"
                        + " forecast-aware replay forecasts from its samples"
                : f.forecastHosts() + " of " + f.hosts().size() + " hosts (host_forecast, the VIM's own);"
                        + " a forecast-aware replay judges them on these (sim.forecast.from = record), the others"
                        + " on the model's from its samples";
    }

    /** What was done with gaps and with hosts not seen throughout; one line each, empty when nothing. */
    static List<String> replayNotes(RecordFacts f) {
        List<String> notes = new ArrayList<>();
        if (!f.gaps().isEmpty()) {
            RecordFacts.Gap longest = f.gaps().stream()
                    .max((a, b) -> Long.compare(a.seconds(), b.seconds()))
                    .orElseThrow();
            notes.add(String.format(
                    Locale.ROOT,
                    "%d gap%s in the record (%s; the daemon down?), %s in all, cut out of"
                            + " the replay: it joins the cycles either side, one poll interval apart. Longest: %s to %s (%s).",
                    f.gaps().size(),
                    f.gaps().size() == 1 ? "" : "s",
                    gapRule(f),
                    RecordFacts.human(f.gapSeconds()),
                    longest.from(),
                    longest.to(),
                    RecordFacts.human(longest.seconds())));
        }
        List<RecordFacts.HostSpan> partial =
                f.hosts().stream().filter(h -> !f.seenThroughout(h)).toList();
        if (!partial.isEmpty()) {
            List<String> named = new ArrayList<>();
            for (RecordFacts.HostSpan h : partial.subList(0, Math.min(LISTED, partial.size()))) {
                named.add(h.name() + " (" + h.cyclesSeen() + " of " + f.cycles() + " cycles, " + h.firstSeen() + " to "
                        + h.lastSeen() + ")");
            }
            notes.add(partial.size() + " host" + (partial.size() == 1 ? "" : "s") + " not recorded throughout: "
                    + String.join(", ", named) + (partial.size() > LISTED ? ", ..." : "")
                    + ". A host is replayed for the whole span, without high-QoS load while it was not recorded,"
                    + " which overstates the room for low-QoS VMs.");
        }
        return notes;
    }

    /** {@link #replayNotes}, and a record too short to mean much, as warnings on {@code err}. */
    static void warn(PrintWriter err, RecordFacts f, boolean forRecommendation) {
        long measured = f.measuredSeconds();
        if (forRecommendation && measured < WEEK_SECONDS) {
            err.println(
                    "overbookd: warning: the record holds " + RecordFacts.human(measured) + " of measurements, under"
                            + " a week: the weekly pattern (weekends, nightly batches) may be missing and the recommendation"
                            + " means less.");
        }
        for (String note : replayNotes(f)) {
            err.println("overbookd: warning: " + note);
        }
        err.flush();
    }

    /** "22 hosts, 288 cores (8 x 8 cores, 14 x 16 cores)". */
    static String hosts(RecordFacts f) {
        Map<Integer, Integer> byCores = new TreeMap<>();
        f.hosts().forEach(h -> byCores.merge(h.cores(), 1, Integer::sum));
        List<String> kinds = new ArrayList<>();
        byCores.forEach((cores, n) -> kinds.add(n + " x " + cores + " core" + (cores == 1 ? "" : "s")));
        return f.hosts().size() + " host" + (f.hosts().size() == 1 ? "" : "s") + ", " + f.totalCores() + " cores ("
                + String.join(", ", kinds) + ")";
    }
}
