package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinTask;

/**
 * The exact QoS-driven pass's search for the host that needs preemptions (section 3.3.1 and eq. 9,
 * every host looked at, as {@code hostsToScore = 0} asks): the same decision and the same draws of
 * the pass's random source as the scan of {@link RequestScheduler} over candidates, at a fraction
 * of its cost (the figures, then and now, are in docs/performance.md: one QoS-driven scheduling pass).
 *
 * <p>Where the time went, and what replaces it:
 * <ul>
 * <li>Each host's victim search read candidates, views and classes through pointers, once per
 * request; here it reads the host's {@link QosRows}, built once per pass and host (and again only
 * after the host changed), and allocates nothing unless the host may win.</li>
 * <li>The tuple of eq. 9 is compared before the allocation score is computed, and a host whose
 * tuple is already worse than the best so far is dropped there: it could neither win nor tie.</li>
 * <li>The hosts are split into consecutive chunks searched at once, one per core. Each chunk keeps
 * its own best so far and records only the hosts that were at least as good as it when seen;
 * then the chunks' records are replayed in scan order with the pass's random source, exactly as
 * one scan would have met them. A host a chunk did not record was worse than an earlier host of
 * that chunk, so worse than the best of the whole scan at that point: one scan would neither have
 * taken it nor drawn a tie for it. So the decision and the draws are those of one scan whatever
 * the number of chunks (tested with 1, 2 and 3), and so of the machine's cores.</li>
 * <li>Once a best host is known, whole blocks of 64 hosts, then of 8, are passed over when no host
 * there could reach its P_h+ sum ({@link MarginBlocks}), then single hosts on their own bound. In
 * the benchmark's pass (12,500 hosts) a request read the bounds of about 10,800 hosts one by one,
 * of which about 190 could reach the best, when blocks of 64 alone took the most victims any of
 * their hosts might need with the largest sums any of them held; now about 360.</li>
 * </ul>
 * The coarse check of the flat table ({@link HostIndex#mayFitCoarse}) still comes first.
 */
final class ExactQosScan {

    /** Fewer hosts than this per chunk are searched on the caller's thread alone: a fork costs more. */
    static final int MIN_CHUNK = 1024;
    /**
     * Relative slack on both sides of a comparison of a bound with the best host's P_h+ sum: far
     * above the rounding of a sum of a few dozen terms and of 1 / (1 / x), so a host is dropped
     * only when its tuple is larger beyond any rounding, never when it could tie.
     */
    private static final double BOUND_SLACK = 1e-9;

    private final QosPreemption preemption;
    private final QosPreemptionCost cost;
    private final Filter filter;
    private final int chunks;
    private final int minChunk;

    /** At most this many chunks, each of at least minChunk hosts ({@link #MIN_CHUNK} but in tests). */
    ExactQosScan(QosPreemption preemption, QosPreemptionCost cost, Filter filter, int chunks, int minChunk) {
        this.preemption = preemption;
        this.cost = cost;
        this.filter = filter;
        this.chunks = chunks;
        this.minChunk = minChunk;
    }

    /** One chunk per core (at most 4), the default. */
    static int defaultChunks() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * The host the pass places j on with preemptions, or null when none can take it: the host of
     * smallest tuple, then largest allocation score, ties drawn from the random source as the scan
     * of every host in scan order draws them.
     */
    NodeState best(Candidate j, HostIndex cluster, Pass pass, double[] above, SplittableRandom random) {
        int size = cluster.scanOrder().size();
        cluster.prepareScan(pass.t());
        int parts = Math.max(1, Math.min(chunks, size / minChunk));
        List<ForkJoinTask<List<Seen>>> forked = new ArrayList<>(parts - 1);
        for (int c = 1; c < parts; c++) {
            int from = (int) ((long) size * c / parts);
            int to = (int) ((long) size * (c + 1) / parts);
            forked.add(ForkJoinTask.adapt(() -> scan(j, cluster, pass, above, from, to))
                    .fork());
        }
        List<Seen> first = scan(j, cluster, pass, above, 0, (int) ((long) size / parts));
        Seen best = null;
        int ties = 0;
        for (int c = 0; c < parts; c++) {
            for (Seen s : c == 0 ? first : forked.get(c - 1).join()) {
                int cmp = best == null ? -1 : s.compareTo(best);
                if (cmp < 0) {
                    best = s;
                    ties = 1;
                } else if (cmp == 0 && random.nextInt(++ties) == 0) {
                    best = s;
                }
            }
        }
        return best == null ? null : best.node;
    }

    /** A host at least as good as every earlier one of its chunk, in scan order. */
    private record Seen(NodeState node, double[] cost, double score) {
        /** Smaller tuple first, then the larger score: RequestScheduler's order of choices. */
        int compareTo(Seen other) {
            int cmp = Lexicographic.compare(cost, other.cost);
            return cmp != 0 ? cmp : Double.compare(other.score, score);
        }
    }

    private List<Seen> scan(Candidate j, HostIndex cluster, Pass pass, double[] above, int from, int to) {
        List<NodeState> nodes = cluster.scanOrder();
        List<Seen> seen = new ArrayList<>();
        double jMargin = j.margin();
        int groups = cost.groups();
        double[] sums = new double[groups];
        boolean[] present = new boolean[groups];
        double[] tuple = new double[groups];
        int[] victims = new int[16];
        Seen best = null;
        // The P_h+ sum a host must reach to be as good as the best so far, when that is known (NaN otherwise)
        double plusToReach = Double.NaN;
        double cpu = j.view().cpu();
        double mem = j.view().mem();
        OpenBlock openWide = new OpenBlock(cluster.wideMarginBlocks());
        OpenBlock openNarrow = new OpenBlock(cluster.narrowMarginBlocks());
        for (int at = from; at < to; at++) {
            if (plusToReach > 0) {
                // whole blocks of hosts whose P_h+ cannot reach the best's: 64 hosts, or 8, for one bound
                int next = openWide.past(at, to, cluster, cpu, mem, plusToReach);
                if (next == at) {
                    next = openNarrow.past(at, to, cluster, cpu, mem, plusToReach);
                }
                if (next > at) {
                    at = next - 1;
                    continue;
                }
            }
            if (plusToReach > 0 && below(cluster.positiveMarginBound(at, j), plusToReach)) {
                continue; // its tuple is larger than the best's in its last place at least: worse
            }
            if (!cluster.mayFitCoarse(at, j, above)) {
                continue;
            }
            NodeState n = nodes.get(at);
            if (n.size() == 0 || !filter.filter(j.view(), n.view()).admitted()) {
                continue;
            }
            n.refresh(pass);
            QosRows rows = preemption.rows(n, pass, cost);
            if (victims.length < rows.size) {
                victims = new int[rows.size];
            }
            int taken = takeUntilFits(j, jMargin, n, rows, victims);
            if (taken < 0) {
                continue;
            }
            Arrays.fill(sums, 0);
            Arrays.fill(present, false);
            for (int v = 0; v < taken; v++) {
                double margin = rows.margin[victims[v]];
                int slot = margin >= 0 ? groups - 1 : rows.costSlot[victims[v]];
                sums[slot] += margin;
                present[slot] = true;
            }
            QosPreemptionCost.tuple(sums, present, tuple);
            if (best != null && Lexicographic.compare(tuple, best.cost) > 0) {
                continue; // worse than an earlier host of the chunk: neither taken nor a tie
            }
            Seen s = new Seen(n, tuple.clone(), score(n, j, rows, victims, taken));
            if (best == null || s.compareTo(best) <= 0) {
                seen.add(s);
                best = s;
                plusToReach = plusToReach(best.cost);
            }
        }
        return seen;
    }

    /** The blocks of one size, and the last one found able to reach a P_h+ sum: not bounded again for that sum. */
    private static final class OpenBlock {
        private final MarginBlocks blocks;
        private int block = -1;
        private double sum = Double.NaN;

        OpenBlock(MarginBlocks blocks) {
            this.blocks = blocks;
        }

        /**
         * Where the scan goes on from this place: past the host's block when no host there can
         * reach the sum, this place otherwise. The hosts of a block are consecutive in scan
         * order, which follows the ordinals, by one where no host is missing.
         */
        int past(int at, int to, HostIndex cluster, double cpu, double mem, double plusToReach) {
            int ordinal = cluster.ordinalAt(at);
            int b = blocks.block(ordinal);
            if (b == block && Double.compare(sum, plusToReach) == 0) {
                return at;
            }
            if (!below(blocks.bound(b, cpu, mem), plusToReach)) {
                block = b;
                sum = plusToReach;
                return at;
            }
            int next = (int) Math.min(to, (long) at + blocks.firstOrdinal(b + 1) - ordinal);
            while (next > at + 1 && blocks.block(cluster.ordinalAt(next - 1)) != b) {
                next--;
            }
            return next;
        }
    }

    /** Whether a bound of P_h+'s sum is below the sum to reach beyond any rounding of either. */
    private static boolean below(double bound, double plusToReach) {
        return bound * (1 + BOUND_SLACK) < plusToReach * (1 - BOUND_SLACK);
    }

    /**
     * The sum of Q - phi over P_h+ a host needs for a tuple no larger than this one, when this one
     * takes no victim below its margin (every place but the last negative infinity): a host
     * whose P_h+ sums to less has a larger last place, or a victim below its margin, and is worse
     * either way. NaN when this one has victims below their margins (then the bound says nothing).
     */
    private static double plusToReach(double[] tuple) {
        for (int i = 0; i < tuple.length - 1; i++) {
            if (tuple[i] != Double.NEGATIVE_INFINITY) {
                return Double.NaN;
            }
        }
        return 1 / tuple[tuple.length - 1];
    }

    /**
     * {@link Victims#takeUntilFits} with {@link QosPreemption#eligible} on the rows: the indexes of
     * the victims in {@code victims}, their number returned, or -1 when they never free enough.
     * The same sums in the same order, so the same fit to the last bit.
     */
    private static int takeUntilFits(Candidate j, double jMargin, NodeState n, QosRows rows, int[] victims) {
        double cpu = 0;
        double mem = 0;
        int taken = 0;
        for (int i = 0; i < rows.size; i++) {
            if (!rows.eligible(j, jMargin, i)) {
                continue;
            }
            victims[taken++] = i;
            cpu += rows.cpu[i];
            mem += rows.mem[i];
            if (n.fitsWithout(j.view(), cpu, mem)) {
                return taken;
            }
        }
        return -1;
    }

    /** RequestScheduler's allocation score of the host once the victims are gone, the same sums in the same order. */
    private static double score(NodeState n, Candidate j, QosRows rows, int[] victims, int taken) {
        double cpu = n.usedCpu() + j.view().cpu();
        double mem = n.usedMem() + j.view().mem();
        for (int v = 0; v < taken; v++) {
            cpu -= rows.cpu[victims[v]];
            mem -= rows.mem[victims[v]];
        }
        return AllocationScore.score(n.view().cpu(), n.view().mem(), cpu, mem);
    }
}
