package org.overbookd.backend.simulated;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a daemon's record holds, as {@code record-info} and {@code tune} report it: the files read
 * (rolled ones first), its span in wall-clock time, the cycles and the poll interval between them,
 * the gaps (the daemon down), each host with the span it was seen in, and the VMs.
 *
 * @param files           the files read, in the order their rows were joined
 * @param first           the first cycle's time
 * @param last            the last cycle's time
 * @param cycles          distinct cycle times
 * @param pollSeconds     the median time between consecutive cycles (0 with a single cycle)
 * @param gaps            spells between consecutive cycles longer than {@link RecordedWorkload#GAP_POLLS} poll
 *                        intervals, in time order
 * @param hosts           every host, in order of first appearance
 * @param highVms         distinct high-QoS VM ids
 * @param lowVms          distinct low-QoS VM ids (what overbookd itself placed; not replayed)
 * @param meanUtilization mean of the hosts' recorded utilization, weighted by their cores, percent; NaN
 *                        when the record has no host_utilization column
 * @param baselineUtilization what the record measured of the load a replay puts back, percent: the hosts'
 *                        host_utilization less the CPU of the low-QoS VMs recorded on them (overbookd's own,
 *                        which a replay leaves out; when the hosts carry their own measurement, {@link
 *                        RecordedWorkload#readHostLoads}, the load assumed of each one recorded running), each
 *                        host capped at its capacity, each cycle for as
 *                        long as the replay holds it, over every host for the whole replay (a host not
 *                        recorded at a cycle measured nothing then). A replay without overbooking must
 *                        measure this. The same as {@code meanUtilization} for a record without low-QoS
 *                        VMs, gaps or hosts that come and go, at regular cycles. NaN when a host row has
 *                        no host_utilization.
 * @param forecastHosts   the hosts with at least one cycle of the VIM's forecast (host_forecast), which a
 *                        forecast-aware replay judges on; 0 for a record without forecasts
 */
public record RecordFacts(
        List<Path> files,
        Instant first,
        Instant last,
        int cycles,
        long pollSeconds,
        List<Gap> gaps,
        List<HostSpan> hosts,
        int highVms,
        int lowVms,
        double meanUtilization,
        double baselineUtilization,
        int forecastHosts) {

    public RecordFacts {
        files = List.copyOf(files);
        gaps = List.copyOf(gaps);
        hosts = List.copyOf(hosts);
    }

    /** No cycle between {@code from} and {@code to}: the daemon was down or its records are lost. */
    public record Gap(Instant from, Instant to) {
        public long seconds() {
            return Duration.between(from, to).toSeconds();
        }
    }

    /** A host, the first and last cycle it was seen in, and in how many cycles in all. */
    public record HostSpan(int id, String name, int cores, Instant firstSeen, Instant lastSeen, int cyclesSeen) {}

    /** Seconds from the first cycle to the last, gaps included. */
    public long recordedSeconds() {
        return Duration.between(first, last).toSeconds();
    }

    /**
     * Seconds of load the record measured: each cycle counts until the next one, the last and each
     * one before a gap for one poll interval (what the replay holds them for). A gap-free week of
     * 2,016 five-minute cycles is 7 days.
     */
    public long measuredSeconds() {
        return recordedSeconds() - gapSeconds() + (gaps.size() + 1L) * pollSeconds;
    }

    /** Seconds of the record that gaps account for. */
    public long gapSeconds() {
        return gaps.stream().mapToLong(Gap::seconds).sum();
    }

    /** Whether the host was seen in every cycle of the record. */
    public boolean seenThroughout(HostSpan host) {
        return host.cyclesSeen() == cycles;
    }

    public long totalCores() {
        return hosts.stream().mapToLong(HostSpan::cores).sum();
    }

    /** "7d 0h 5m", "3h 20m", "5m", "45s": a span as an administrator reads it. */
    public static String human(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            return minutes + "m" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + "s");
        }
        long hours = minutes / 60;
        if (hours < 24) {
            return hours + "h " + minutes % 60 + "m";
        }
        return hours / 24 + "d " + hours % 24 + "h " + minutes % 60 + "m";
    }

    /** "2026-11-16T00:00:00Z to 2026-11-23T00:00:00Z (7d 0h 0m; 2017 cycles every 5m; no gaps)". */
    public String span() {
        return first + " to " + last + " (" + human(recordedSeconds()) + "; " + cycles + " cycle"
                + (cycles == 1 ? "" : "s")
                + (pollSeconds > 0 ? " every " + human(pollSeconds) : "") + "; "
                + (gaps.isEmpty()
                        ? "no gaps"
                        : gaps.size() + " gap" + (gaps.size() == 1 ? "" : "s") + ", " + human(gapSeconds())
                                + " in all, cut out of the replay")
                + ")";
    }
}
