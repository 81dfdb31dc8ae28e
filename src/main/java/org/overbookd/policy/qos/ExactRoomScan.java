package org.overbookd.policy.qos;

import java.util.SplittableRandom;

/**
 * The exact pass's search for a host with room (no preemption, every host with enough CPU looked
 * at, as {@code hostsToScore = 0} asks): the same host and the same draws of the pass's random
 * source as a walk of the index's hosts with room that scores every one, read from the index's
 * arrays instead of the hosts' objects (as {@link RequestScheduler}'s walk with a host limit reads
 * them too, up to the hosts it scores).
 *
 * <p>At 12,500 hosts most requests that fit somewhere fit on thousands of hosts, each scored: that
 * walk, a view, a filter and a choice per host, was most of the exact pass's time. Here a host is a
 * few doubles read in order; with no constraint to match the filter is two comparisons; and hosts
 * of the same capacity and use, met one after the other (hosts of equal free CPU are neighbours
 * in the index), share one score, computed once. The walk stops where the free CPU left tells
 * that no further host can score as much as the best so far ({@link #beyondReach}): it could
 * neither win nor tie, so neither would a host after it, and the draws are those of the walk.
 */
final class ExactRoomScan {

    private final Filter filter;
    /** Whether the filter is the shared constraint filter, so a request with no constraint needs only its size checked. */
    private final boolean sizeOnly;

    ExactRoomScan(Filter filter) {
        this.filter = filter;
        this.sizeOnly = filter instanceof ConstraintFilter;
    }

    /**
     * The host with room of largest allocation score, or null when none has room; ties drawn from
     * the random source in the index's order, one draw per tying host, as the walk draws them.
     */
    NodeState best(Candidate j, FreeCpuIndex index, SplittableRandom random) {
        InstanceView v = j.view();
        double cpu = v.cpu();
        double mem = v.mem();
        boolean noConstraint = sizeOnly && v.constraints().isEmpty();
        double smallestCpu = index.smallestCpuCapacity();
        NodeState best = null;
        double bestScore = Double.NaN;
        int ties = 0;
        // the last host scored: its capacity and use, and its score
        long lastUsedCpu = 0;
        long lastUsedMem = 0;
        long lastCpu = 0;
        long lastMem = 0;
        double lastScore = Double.NaN;
        boolean scored = false;
        // the index's places in order, a chunk at a time
        scan:
        for (int k = 0, chunks = index.chunks(); k < chunks; k++) {
            FreeCpuIndex.Chunk c = index.chunk(k);
            for (int at = 0, size = c.size(); at < size; at++) {
                if (!c.hasRoom(at, cpu)) {
                    break scan; // nor has any host after it
                }
                if (best != null && beyondReach(c.freeCpu(at), cpu, smallestCpu, bestScore)) {
                    break scan; // neither this host nor any after it can score as much as the best
                }
                double capCpu = c.cpu(at);
                double capMem = c.mem(at);
                if (noConstraint) {
                    // ConstraintFilter's own size test, with nothing else to match
                    if (cpu > capCpu + NodeState.EPSILON || mem > capMem + NodeState.EPSILON) {
                        continue;
                    }
                } else if (!filter.filter(v, c.node(at).view()).admitted()) {
                    continue;
                }
                if (!c.fits(at, cpu, mem)) {
                    continue;
                }
                double usedCpu = c.usedCpu(at);
                double usedMem = c.usedMem(at);
                long uc = Double.doubleToRawLongBits(usedCpu);
                long um = Double.doubleToRawLongBits(usedMem);
                long cc = Double.doubleToRawLongBits(capCpu);
                long cm = Double.doubleToRawLongBits(capMem);
                if (!scored || uc != lastUsedCpu || um != lastUsedMem || cc != lastCpu || cm != lastMem) {
                    lastScore = AllocationScore.score(capCpu, capMem, usedCpu + cpu, usedMem + mem);
                    lastUsedCpu = uc;
                    lastUsedMem = um;
                    lastCpu = cc;
                    lastMem = cm;
                    scored = true;
                }
                int cmp = best == null ? -1 : Double.compare(bestScore, lastScore);
                if (cmp < 0) {
                    best = c.node(at);
                    bestScore = lastScore;
                    ties = 1;
                } else if (cmp == 0 && random.nextInt(++ties) == 0) {
                    best = c.node(at);
                }
            }
        }
        return best;
    }

    /**
     * Whether no host of at most this much free CPU could reach the score once it takes the
     * request. The allocation score is 10 - 2.5 (a + b) - 5 |a - b| for requested fractions a and b
     * of cpu and memory below 1, at most 10 - 5 a, and less than that when either is 1 or more;
     * a = 1 - (free - cpu) / capacity is smallest with the most free CPU on the smallest host. The
     * slack is far above the rounding of either score and far below any difference of scores that
     * a scheduler could mean.
     */
    private static boolean beyondReach(double free, double cpu, double smallestCpu, double score) {
        if (!(smallestCpu > 0 && smallestCpu < Double.POSITIVE_INFINITY)) {
            return false;
        }
        double bound = 5 + 5 * Math.max(0, free - cpu) / smallestCpu;
        return bound + 1e-9 < score;
    }
}
