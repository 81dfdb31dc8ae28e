package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.overbookd.random.Seeds;

/**
 * The infrastructures of section 4.3, sized on a workload's peak demand: N the larger of the most CPU
 * and the most memory the workload holds at once on one infinite host ({@link PeakDemand}). The
 * journal paper draws machines of the cell's shapes until the resource of the larger peak adds up to
 * N, and makes 0.9N and 0.8N by removing random machines one at a time until the size is reached;
 * the conference paper takes ceil(N) servers of the largest machine's size (1 x 1) and N + 0.1N,
 * N - 0.1N and N - 0.2N of them.
 */
public final class CellSizing {

    static final long ROLE = 0x53495a45L;

    private CellSizing() {}

    /** The peak demand of requests in submit order over the horizon. */
    public static PeakDemand.Profile peak(List<RequestSpec> requests, double horizonS) {
        return PeakDemand.of(requests.iterator(), horizonS, horizonS);
    }

    /**
     * The journal's infrastructure at {@code factor} of N (at most 1): machines drawn until the larger
     * peak's resource adds up to N, then random ones removed until it is at most factor x N.
     */
    public static List<HostSpec> machines(PeakDemand.Profile peak, double factor, long seed) {
        if (!(factor > 0 && factor <= 1)) {
            throw new IllegalArgumentException("a factor of N in (0, 1]: " + factor);
        }
        boolean byCpu = peak.peakCpu() >= peak.peakMem();
        double n = peak.n();
        SplittableRandom draw = Seeds.stream(seed, ROLE, 0);
        List<HostSpec> hosts = new ArrayList<>();
        double size = 0;
        while (size < n) {
            HostSpec h = GoogleCellWorkload.machine("h" + hosts.size(), draw);
            hosts.add(h);
            size += byCpu ? h.cpu() : h.mem();
        }
        SplittableRandom remove = Seeds.stream(seed, ROLE, 1);
        // N itself is the machines drawn: it reaches N by the last machine's size
        while (factor < 1 && hosts.size() > 1 && size > factor * n + 1e-9) {
            HostSpec gone = hosts.remove(remove.nextInt(hosts.size()));
            size -= byCpu ? gone.cpu() : gone.mem();
        }
        return List.copyOf(hosts);
    }

    /** The conference paper's infrastructure: round(factor x ceil(N)) servers of 1 x 1, at least one. */
    public static List<HostSpec> unitServers(PeakDemand.Profile peak, double factor) {
        int n = (int) Math.ceil(peak.n());
        int count = Math.max(1, (int) Math.round(factor * n));
        List<HostSpec> hosts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            hosts.add(new HostSpec("s" + i, 1, 1, Map.of()));
        }
        return hosts;
    }
}
