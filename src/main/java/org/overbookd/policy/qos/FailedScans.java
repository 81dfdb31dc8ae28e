package org.overbookd.policy.qos;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.overbookd.sorted.SortedInts;

/**
 * What a waiting request's last failed preemption scan proved about the hosts that have not changed
 * since, so the next pass scans only the hosts that could answer differently. In the busy weeks of
 * the generated month a request that fits nowhere was checked against every one of 12,500 hosts,
 * pass after pass, while between two passes an event changes a host or two.
 *
 * <p>Why it is exact: the scan's first check of a host ({@link HostTable#mayFit}) reads only the
 * host's line of the flat table and the request's thresholds ({@code above}, one per class slot).
 * While a host is unchanged its answer can turn from false to true only when a threshold falls
 * past the high intercept of a resident that was not above it ({@link HostTable#failGap}): a
 * threshold that rises frees less. So a failed scan records, per host, that gap; a later scan of
 * the same request with thresholds fallen by at most D (the largest fall over the classes) knows
 * without reading them that every unchanged host of gap above D fails again. It looks at the hosts
 * the first check let through, the hosts of small gap, and every host changed since (logged by the
 * table), in the scan's own order from its own start, so it meets the hosts the first check would
 * let through in the same order, and what follows that check is unchanged. A host not looked at
 * would have been passed over without a draw of the pass's random source.
 *
 * <p>A waiting request's thresholds fall as it waits (its Q falls, residents' rise), so a record
 * holds for a while: the hosts of gap below a bound G, at most an eighth of the hosts, are looked at
 * every time, the others until D reaches G. A record is made at a request's second failed full
 * scan (most requests that fail once are placed at the next pass, and a pass over a snapshot fails
 * each request once), dropped when the request is placed, made again by a full scan when it no
 * longer holds, and at most {@link #REQUESTS} requests keep one.
 */
final class FailedScans {

    /** Requests remembered at most, the least recently scanned forgotten first. */
    static final int REQUESTS = 256;
    /**
     * Below this, the rounding of the thresholds (b + r t near t ~ 10^7 s) could matter; the
     * relative part covers larger intercepts.
     */
    private static final double GUARD = 1e-3;

    private static final double RELATIVE_GUARD = 1e-9;

    private final HostTable table;
    private final Map<LiveInstance, Record> records = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<LiveInstance, Record> eldest) {
            return size() > REQUESTS;
        }
    };
    /** Tests: check every host a record passes over against the first check itself. */
    private boolean verify;

    private long uses;
    private long recorded;
    private long skipped;

    FailedScans(HostTable table) {
        this.table = table;
    }

    /** One request's failed scan: at which thresholds, which hosts to look at again, until when. */
    private record Record(long layout, long mark, double cpu, double mem, double[] above, double far, int[] near) {}

    /** A request whose scan failed once, with no record (yet). */
    private static final Record ONCE = new Record(-1, -1, Double.NaN, Double.NaN, new double[0], 0, new int[0]);

    private static final int MIN_EXP = -10;
    private static final int MAX_EXP = 40;

    /** Each host's gap in the scan being recorded, by position; kept between records. */
    private double[] gaps = new double[0];

    /**
     * The positions (ascending) that a scan of j with these thresholds must look at, every other
     * one failing the first check; null when j has no record that still holds: scan every host.
     */
    int[] positions(Candidate j, double[] above, HostIndex cluster) {
        Record r = records.get(j.source());
        if (r == null || r == ONCE) {
            return null;
        }
        int size = cluster.scanOrder().size();
        int[] changed = r.layout == table.layout()
                        && r.cpu == j.view().cpu()
                        && r.mem == j.view().mem()
                        && r.above.length == above.length
                        && fall(r.above, above) <= r.far
                ? table.changedSince(r.mark, Math.max(8, size / 8))
                : null;
        if (changed == null) {
            records.put(j.source(), ONCE);
            return null;
        }
        for (int k = 0; k < changed.length; k++) {
            changed[k] = cluster.positionOf(changed[k]);
        }
        Arrays.sort(changed);
        int[] merged = SortedInts.union(r.near, changed);
        uses++;
        skipped += size - merged.length;
        if (verify) {
            check(merged, j, above, cluster);
        }
        return merged;
    }

    /**
     * Records that a scan of j over every host with these thresholds failed: which hosts to look at
     * again and for how far the thresholds may fall.
     */
    void failed(Candidate j, double[] above, HostIndex cluster) {
        if (records.putIfAbsent(j.source(), ONCE) == null) {
            return; // the first failure: a request placed at its next scan needs no record
        }
        int size = cluster.scanOrder().size();
        if (gaps.length < size) {
            gaps = new double[size];
        }
        // how many gaps fall in [2^e, 2^(e+1)), e from MIN_EXP up; gaps below go to the first
        int[] byExponent = new int[MAX_EXP - MIN_EXP + 1];
        int passed = 0;
        for (int at = 0; at < size; at++) {
            double gap = table.failGap(
                    cluster.ordinalAt(at), j.view().cpu(), j.view().mem(), above);
            gap = gap == gap ? gap : -1; // cannot tell: looked at every time
            gaps[at] = gap;
            if (gap < 0) {
                passed++;
            } else if (gap < Double.POSITIVE_INFINITY) {
                byExponent[Math.max(MIN_EXP, Math.min(MAX_EXP, Math.getExponent(gap))) - MIN_EXP]++;
            }
        }
        // the largest power of two G with at most an eighth of the hosts looked at again
        int most = Math.max(8, size / 8);
        int count = passed;
        int e = MIN_EXP;
        while (e <= MAX_EXP && count + byExponent[e - MIN_EXP] <= most) {
            count += byExponent[e - MIN_EXP];
            e++;
        }
        double far = Math.scalb(1.0, e);
        if (count > most || !(far > 2 * guard(above, above))) {
            return; // too many hosts close to a change: a record would not hold for long
        }
        int[] near = new int[count];
        int n = 0;
        for (int at = 0; at < size; at++) {
            if (gaps[at] < far) {
                near[n++] = at;
            }
        }
        recorded++;
        records.put(
                j.source(),
                new Record(
                        table.layout(),
                        table.mark(),
                        j.view().cpu(),
                        j.view().mem(),
                        above.clone(),
                        far,
                        Arrays.copyOf(near, n)));
    }

    /** The request was placed: its record is of no further use. */
    void placed(Candidate j) {
        records.remove(j.source());
    }

    /**
     * The largest fall of a threshold from then to now, plus a guard for rounding; infinite when a
     * class became all eligible. A rise counts as no fall.
     */
    private static double fall(double[] then, double[] now) {
        double most = 0;
        for (int s = 0; s < then.length; s++) {
            if (then[s] == now[s]) {
                continue;
            }
            double d = then[s] - now[s];
            if (d != d) {
                return Double.POSITIVE_INFINITY;
            }
            most = Math.max(most, d);
        }
        return most + guard(then, now);
    }

    private static double guard(double[] then, double[] now) {
        double largest = 0;
        for (int s = 0; s < then.length; s++) {
            if (Double.isFinite(then[s])) {
                largest = Math.max(largest, Math.abs(then[s]));
            }
            if (Double.isFinite(now[s])) {
                largest = Math.max(largest, Math.abs(now[s]));
            }
        }
        return GUARD + RELATIVE_GUARD * largest;
    }

    private void check(int[] positions, Candidate j, double[] above, HostIndex cluster) {
        for (int at = 0, k = 0; at < cluster.scanOrder().size(); at++) {
            if (k < positions.length && positions[k] == at) {
                k++;
            } else if (cluster.mayFitCoarse(at, j, above)) {
                throw new IllegalStateException(
                        "host at " + at + " passed over but fits " + j.view().id());
            }
        }
    }

    /** Tests: every later use checks each host it passes over. */
    void verifyEachUse() {
        verify = true;
    }

    /** Scans that used a record. */
    long uses() {
        return uses;
    }

    /** Records made. */
    long recorded() {
        return recorded;
    }

    /** Hosts passed over by records, summed over their uses. */
    long skipped() {
        return skipped;
    }
}
