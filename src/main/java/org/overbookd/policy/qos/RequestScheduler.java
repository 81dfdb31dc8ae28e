package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.policy.Plugin;
import org.overbookd.policy.PluginFactory;

/**
 * One scheduling pass of Algorithm 1 (lines 18-29), built from the plugins that make a policy: a
 * queue sort, a filter, a preemption and a preemption cost, each with its name. It reads views and
 * returns allocations as data, with randomness only from the source it is given; the only state it
 * changes is the policy's own index (see {@link RequestPolicy}).
 *
 * <p>Instances preempted during a pass wait for the next pass, and an instance placed during a
 * pass is not preempted again in the same pass: both would only move work around at one instant.
 * Equal Q values are ordered by a pseudo-random rank drawn once per pass ({@link Pass#tieRank}),
 * score ties by the pass's random source.
 */
public final class RequestScheduler implements Plugin {

    /** The QoS-driven policy's name in the policy registry. */
    public static final String QOS = "qos";
    /** The priority baseline's name in the policy registry. */
    public static final String PRIORITY = "priority";
    /** How the registry builds each from the request model's settings (no argument of their own). */
    public static final PluginFactory<RequestSettings, RequestScheduler> QOS_DRIVEN =
            PluginFactory.of(QOS, RequestScheduler::qosDriven);

    public static final PluginFactory<RequestSettings, RequestScheduler> PRIORITY_BASED =
            PluginFactory.of(PRIORITY, RequestScheduler::priorityBased);

    private final String name;

    private final QueueSort queueSort;
    private final Filter filter;
    private final Preemption preemption;
    /** The preemption plugin's optional speed-up, or the answers of one that has none. */
    private final PreemptionSpeedUp speedUp;

    private final PreemptionCost preemptionCost;
    private final ScanLimits limits;
    /**
     * Bounds that skip hosts, and the failure of a request where an equal one just failed. They
     * are exact (they never change a decision); off only in tests that check that.
     */
    private final boolean shortcuts;
    /**
     * The exact QoS-driven pass's own search over every host ({@link ExactQosScan}), or null: for
     * the QoS-driven plugins with no host limit, with the shortcuts on.
     */
    private final ExactQosScan exactScan;
    /** With it, the exact QoS-driven pass's search for a host with room ({@link ExactRoomScan}), or null. */
    private final ExactRoomScan exactRoom;

    public RequestScheduler(
            String name,
            QueueSort queueSort,
            Filter filter,
            Preemption preemption,
            PreemptionCost preemptionCost,
            ScanLimits limits) {
        this(
                name,
                queueSort,
                filter,
                preemption,
                preemptionCost,
                limits,
                true,
                ExactQosScan.defaultChunks(),
                ExactQosScan.MIN_CHUNK);
    }

    private RequestScheduler(
            String name,
            QueueSort queueSort,
            Filter filter,
            Preemption preemption,
            PreemptionCost preemptionCost,
            ScanLimits limits,
            boolean shortcuts,
            int chunks,
            int minChunk) {
        this.name = name;
        this.queueSort = queueSort;
        this.filter = filter;
        this.preemption = preemption;
        this.speedUp = PreemptionSpeedUp.of(preemption);
        this.preemptionCost = preemptionCost;
        this.limits = limits;
        this.shortcuts = shortcuts;
        this.exactScan = shortcuts
                        && chunks > 0
                        && limits.hostsToScore() == 0
                        && preemption instanceof QosPreemption q
                        && preemptionCost instanceof QosPreemptionCost c
                ? new ExactQosScan(q, c, filter, chunks, minChunk)
                : null;
        this.exactRoom = exactScan != null ? new ExactRoomScan(filter) : null;
    }

    /** The same policy looking into every host for every request: the reference the shortcuts are tested against. */
    RequestScheduler withoutShortcuts() {
        return new RequestScheduler(name, queueSort, filter, preemption, preemptionCost, limits, false, 0, 0);
    }

    /**
     * The same policy with the scan over candidates that the exact QoS-driven pass used before
     * {@link ExactQosScan} (chunks 0), or with that search in this many chunks: the reference it is
     * tested against, and its tests' way to split even a small cluster into this many chunks.
     */
    RequestScheduler withExactScanChunks(int chunks) {
        return new RequestScheduler(name, queueSort, filter, preemption, preemptionCost, limits, shortcuts, chunks, 1);
    }

    /** The QoS-driven scheduler of section 3. */
    public static RequestScheduler qosDriven(ServiceClasses classes) {
        return qosDriven(classes, ScanLimits.NONE);
    }

    public static RequestScheduler qosDriven(ServiceClasses classes, ScanLimits limits) {
        return new RequestScheduler(
                QOS,
                new QosQueueSort(),
                new ConstraintFilter(),
                new QosPreemption(),
                new QosPreemptionCost(classes),
                limits);
    }

    public static RequestScheduler qosDriven(RequestSettings settings) {
        return qosDriven(settings.classes(), settings.limits());
    }

    /** The priority-based baseline of section 4.1.2 (Kubernetes' default scheduler). */
    public static RequestScheduler priorityBased(ServiceClasses classes) {
        return priorityBased(classes, ScanLimits.NONE);
    }

    public static RequestScheduler priorityBased(ServiceClasses classes, ScanLimits limits) {
        return new RequestScheduler(
                PRIORITY,
                new PriorityQueueSort(),
                new ConstraintFilter(),
                new PriorityPreemption(),
                new PriorityPreemptionCost(classes),
                limits);
    }

    public static RequestScheduler priorityBased(RequestSettings settings) {
        return priorityBased(settings.classes(), settings.limits());
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * One pass over a snapshot: every view taken at the pass's instant. Builds a throw-away
     * {@link HostIndex}; a caller that runs many passes keeps one and calls the other overload.
     */
    public List<Allocation> schedule(
            List<NodeView> nodes, List<InstanceView> running, List<InstanceView> pending, SplittableRandom random) {
        HostIndex cluster = new HostIndex();
        for (int i = 0; i < nodes.size(); i++) {
            cluster.addHost(nodes.get(i), i);
        }
        for (InstanceView r : running) {
            if (r.node() != null && cluster.hasHost(r.node())) {
                cluster.place(r.node(), LiveInstance.fixed(r), 0);
            }
        }
        List<LiveInstance> queue = new ArrayList<>(pending.size());
        for (InstanceView p : pending) {
            queue.add(LiveInstance.fixed(p));
        }
        return schedule(cluster, queue, 0, random);
    }

    /**
     * One pass at time t over an index kept between passes (the policy's state, see
     * {@link RequestPolicy}). The pass records its own decisions in the index (victims off their
     * hosts, placed instances on theirs); the world applies them to its instances. Pending instances are read once, at t; residents only on the hosts the pass
     * looks into (for preemption), at t.
     */
    public List<Allocation> schedule(
            HostIndex cluster, List<? extends LiveInstance> pending, double t, SplittableRandom random) {
        Pass pass = cluster.beginPass(t, random.nextLong());
        List<Candidate> queue = new ArrayList<>(pending.size());
        for (LiveInstance p : pending) {
            queue.add(new Candidate(p, p.viewAt(t)));
        }
        queue.sort(queueSort.order());
        // What the cluster could give up at best, taken when first needed: preemptions and
        // placements in the pass only remove preemptible instances, so it stays a valid bound.
        Residents[] clusterBound = new Residents[1];
        List<Allocation> placements = new ArrayList<>();
        int failures = 0;
        // The last request that failed, while nothing was placed since: the cluster is as it was.
        Candidate failed = null;
        for (Candidate j : queue) {
            int start = scanStart(cluster, random);
            Choice choice = shortcuts && failed != null && sameDemand(j, failed) && speedUp.eligibleWithin(j, failed)
                    ? null
                    : rank(j, start, cluster, pass, clusterBound, random);
            failed = choice == null ? j : null;
            if (choice == null) {
                if (limits.failuresInARow() > 0 && ++failures >= limits.failuresInARow()) {
                    break;
                }
                continue;
            }
            failures = 0;
            List<String> victimIds = new ArrayList<>(choice.victims.size());
            for (Candidate v : choice.victims) {
                cluster.preempt(choice.node, v);
                victimIds.add(v.view().id());
            }
            j.markPlaced();
            cluster.failedScans().placed(j);
            cluster.placeInPass(choice.node, j, pass);
            placements.add(new Allocation(j.view().id(), choice.node.view().id(), victimIds));
        }
        return placements;
    }

    /**
     * Whether a pass can decide differently from the last one with time alone: false for the
     * priority baseline, so a caller may skip a pass when neither the queue nor any host changed
     * since a pass that placed nothing (it would fail the same way, whatever its random draws).
     */
    public boolean dependsOnTime() {
        return QueueSortSpeedUp.of(queueSort).dependsOnTime() || speedUp.dependsOnTime();
    }

    /**
     * Feasibility checking and ranking (section 3.3): hosts needing no preemption always win, so
     * hosts needing preemption are only looked at when no host has room. Hosts with room are looked
     * at from the most free CPU down ({@link FreeCpuIndex}; with no limit, every host with enough
     * CPU, so every feasible one); hosts needing preemption from a random host on with a limit
     * (in host order without), each scan stopping once that many feasible hosts were seen. The flat
     * table and the class columns skip a host before its residents are read.
     */
    private Choice rank(
            Candidate j, int start, HostIndex cluster, Pass pass, Residents[] clusterBound, SplittableRandom random) {
        List<NodeState> nodes = cluster.scanOrder();
        int size = nodes.size();
        Choice best = null;
        int ties = 0;
        int found = 0;
        if (exactRoom != null) {
            NodeState n = exactRoom.best(j, cluster.freeCpu(), random);
            if (n != null) {
                return new Choice(n, List.of(), null, score(n, j, List.of()));
            }
        } else {
            FreeCpuIndex index = cluster.freeCpu();
            InstanceView v = j.view();
            double cpu = v.cpu();
            double mem = v.mem();
            room:
            for (int k = 0, chunks = index.chunks(); k < chunks; k++) {
                FreeCpuIndex.Chunk c = index.chunk(k);
                for (int at = 0, places = c.size(); at < places; at++) {
                    if (!c.hasRoom(at, cpu) || enough(found)) {
                        break room; // no host after it has room either
                    }
                    // most hosts with the CPU lack the memory: passed over without their objects
                    if (!c.fits(at, cpu, mem)) {
                        continue;
                    }
                    NodeState n = c.node(at);
                    if (!filter.filter(v, n.view()).admitted()) {
                        continue;
                    }
                    found++;
                    Choice choice = new Choice(n, List.of(), null, score(n, j, List.of()));
                    int cmp = best == null ? -1 : Double.compare(best.score, choice.score);
                    if (cmp < 0) {
                        best = choice;
                        ties = 1;
                    } else if (cmp == 0 && random.nextInt(++ties) == 0) {
                        best = choice;
                    }
                }
            }
        }
        if (best != null) {
            return best;
        }
        if (clusterBound[0] == null) {
            clusterBound[0] = cluster.bound(pass.t());
        }
        if (shortcuts && !speedUp.mayFree(j, clusterBound[0])) {
            return null;
        }
        double[] above = shortcuts ? cluster.eligibleIntercepts(j, pass.t(), speedUp) : null;
        if (exactScan != null) {
            NodeState n = exactScan.best(j, cluster, pass, above, random);
            if (n == null) {
                return null;
            }
            List<Candidate> victims = preemption.victims(j, n, pass);
            return new Choice(n, victims, preemptionCost.cost(j, victims), score(n, j, victims));
        }
        // a failed scan of j before may have proved that most hosts fail the first check again
        int[] only = shortcuts ? cluster.failedScans().positions(j, above, cluster) : null;
        int count = only == null ? size : only.length;
        int from = only == null ? start : firstAtOrAfter(only, start);
        // from the start to the end, then from the beginning up to the start
        for (int run = 0; run < 2 && !enough(found); run++) {
            int end = run == 0 ? count : from;
            for (int k = run == 0 ? from : 0; k < end && !enough(found); k++) {
                int at = k;
                // the flat table first: most hosts of a large cluster are ruled out without touching
                // them, whole blocks of them at a time in a scan of every host
                if (only != null) {
                    at = only[k];
                    if (!cluster.mayFitCoarse(at, j, above)) {
                        continue;
                    }
                } else if (shortcuts) {
                    k = cluster.nextMayFitCoarse(k, end, j, above);
                    if (k == end) {
                        break;
                    }
                    at = k;
                }
                Choice c = look(j, at, nodes, cluster, pass, above);
                if (c == null) {
                    continue;
                }
                found++;
                int cmp = best == null ? -1 : compare(c, best);
                if (cmp < 0) {
                    best = c;
                    ties = 1;
                } else if (cmp == 0 && random.nextInt(++ties) == 0) {
                    best = c;
                }
            }
        }
        if (shortcuts && best == null && only == null) {
            cluster.failedScans().failed(j, above, cluster);
        }
        return best;
    }

    /**
     * A preemption scan's look into the host at this place, once the first check let it through:
     * its victims and their cost, or null when it cannot take j.
     */
    private Choice look(Candidate j, int at, List<NodeState> nodes, HostIndex cluster, Pass pass, double[] above) {
        NodeState n = nodes.get(at);
        if (n.size() == 0
                || !filter.filter(j.view(), n.view()).admitted()
                || shortcuts && skip(j, n, above, cluster, pass)) {
            return null;
        }
        n.refresh(pass);
        List<Candidate> victims = preemption.victims(j, n, pass);
        return victims == null ? null : new Choice(n, victims, preemptionCost.cost(j, victims), score(n, j, victims));
    }

    /** The index of the first position at or after start, the positions read from there on in a circle. */
    private static int firstAtOrAfter(int[] positions, int start) {
        int k = Arrays.binarySearch(positions, start);
        k = k < 0 ? -k - 1 : k;
        return k == positions.length ? 0 : k;
    }

    /**
     * Where a preemption scan starts: a random host with a host limit, the first without. Drawn
     * for every request, also one failed without a scan, so such a shortcut leaves the pass's
     * later draws as they were.
     */
    private int scanStart(HostIndex cluster, SplittableRandom random) {
        int size = cluster.scanOrder().size();
        return limits.hostsToScore() > 0 && size > 0 ? random.nextInt(size) : 0;
    }

    /** Same demand and constraints: a request fails where the other failed if it may free no more. */
    private static boolean sameDemand(Candidate a, Candidate b) {
        InstanceView x = a.view();
        InstanceView y = b.view();
        return x.cpu() == y.cpu() && x.mem() == y.mem() && x.constraints().equals(y.constraints());
    }

    /**
     * Whether a host's victim search would fail, known without it (after the coarse check of the
     * flat table): the residents that might be eligible hold too little (the class columns), or
     * the exact summary rules it out. A per-host Q bound used to come first; counted over the first 9.5
     * days of the generated month it never rejected a host the coarse check had let through
     * (the coarse check already asks for a resident above j's eligibility threshold), so it went.
     */
    private boolean skip(Candidate j, NodeState n, double[] above, HostIndex cluster, Pass pass) {
        if (!cluster.mayFitAfterPreempting(n, j, above)) {
            return true;
        }
        n.refresh(pass);
        return !speedUp.mayFree(j, speedUp.summary(n, pass));
    }

    private boolean enough(int found) {
        return limits.hostsToScore() > 0 && found >= limits.hostsToScore();
    }

    /** Smaller cost tuple first (eq. 9), then the larger allocation score. */
    private static int compare(Choice a, Choice b) {
        int cmp = Lexicographic.compare(a.cost, b.cost);
        return cmp != 0 ? cmp : Double.compare(b.score, a.score);
    }

    private static double score(NodeState n, Candidate j, List<Candidate> victims) {
        double cpu = n.usedCpu() + j.view().cpu();
        double mem = n.usedMem() + j.view().mem();
        for (Candidate v : victims) {
            cpu -= v.view().cpu();
            mem -= v.view().mem();
        }
        return AllocationScore.score(n.view().cpu(), n.view().mem(), cpu, mem);
    }

    private record Choice(NodeState node, List<Candidate> victims, double[] cost, double score) {}
}
