package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One scheduling pass of Algorithm 1 (lines 18-29), built from the plugins that make a policy.
 * Pure: it reads views and returns placements, with randomness only from the source it is given.
 *
 * <p>Instances preempted during a pass wait for the next pass, and an instance placed during a
 * pass is not preempted again in the same pass: both would only move work around at one instant.
 */
public final class Scheduler {

    private final QueueSort queueSort;
    private final Filter filter;
    private final Preemption preemption;
    private final PreemptionCost preemptionCost;
    private final ScanLimits limits;

    public Scheduler(QueueSort queueSort, Filter filter, Preemption preemption, PreemptionCost preemptionCost,
                     ScanLimits limits) {
        this.queueSort = queueSort;
        this.filter = filter;
        this.preemption = preemption;
        this.preemptionCost = preemptionCost;
        this.limits = limits;
    }

    /** The QoS-driven scheduler of section 3. */
    public static Scheduler qosDriven(ServiceClasses classes) {
        return qosDriven(classes, ScanLimits.NONE);
    }

    public static Scheduler qosDriven(ServiceClasses classes, ScanLimits limits) {
        return new Scheduler(new QosQueueSort(), new ConstraintFilter(), new QosPreemption(),
                new QosPreemptionCost(classes), limits);
    }

    /** The priority-based baseline of section 4.1.2 (Kubernetes' default scheduler). */
    public static Scheduler priorityBased(ServiceClasses classes) {
        return priorityBased(classes, ScanLimits.NONE);
    }

    public static Scheduler priorityBased(ServiceClasses classes, ScanLimits limits) {
        return new Scheduler(new PriorityQueueSort(), new ConstraintFilter(), new PriorityPreemption(),
                new PriorityPreemptionCost(classes), limits);
    }

    public List<Placement> schedule(List<NodeView> nodes, List<InstanceView> running, List<InstanceView> pending,
                                    SplittableRandom random) {
        Map<String, NodeState> states = new LinkedHashMap<>(nodes.size() * 2);
        for (NodeView n : nodes) {
            states.put(n.id(), new NodeState(n, states.size()));
        }
        List<Candidate> residents = new ArrayList<>(running.size());
        for (InstanceView r : running) {
            NodeState s = states.get(r.node());
            if (s != null) {
                Candidate c = new Candidate(r);
                s.add(c);
                residents.add(c);
            }
        }
        // What the cluster could give up at best: preemptions and placements in the pass only
        // remove candidates, so this stays a valid necessary condition all pass long.
        Residents cluster = Residents.of(residents);
        List<Candidate> queue = new ArrayList<>(pending.size());
        for (InstanceView p : pending) {
            queue.add(new Candidate(p));
        }
        queue.sort(queueSort.order());
        List<NodeState> hosts = new ArrayList<>(states.values());
        FreeCpuIndex index = limits.hostsToScore() > 0 ? new FreeCpuIndex(hosts) : null;
        List<Placement> placements = new ArrayList<>();
        int failures = 0;
        for (Candidate j : queue) {
            Choice choice = rank(j, hosts, index, cluster, random);
            if (choice == null) {
                if (limits.failuresInARow() > 0 && ++failures >= limits.failuresInARow()) {
                    break;
                }
                continue;
            }
            failures = 0;
            List<String> victimIds = new ArrayList<>(choice.victims.size());
            if (index != null) {
                index.remove(choice.node);
            }
            for (Candidate v : choice.victims) {
                choice.node.remove(v);
                victimIds.add(v.view().id());
            }
            choice.node.add(j);
            if (index != null) {
                index.add(choice.node);
            }
            j.markPlaced();
            placements.add(new Placement(j.view().id(), choice.node.view().id(), victimIds));
        }
        return placements;
    }

    /**
     * Feasibility checking and ranking (section 3.3): hosts needing no preemption always win, so
     * hosts needing preemption are only looked at when no host has room. With a host limit, hosts
     * with room are looked at from the most free CPU down ({@link FreeCpuIndex}), hosts needing
     * preemption from a random host on, each scan stopping once that many feasible hosts were seen.
     */
    private Choice rank(Candidate j, List<NodeState> nodes, FreeCpuIndex index, Residents cluster,
                        SplittableRandom random) {
        int size = nodes.size();
        int start = limits.hostsToScore() > 0 && size > 0 ? random.nextInt(size) : 0;
        Choice best = null;
        int ties = 0;
        int found = 0;
        for (NodeState n : index == null ? nodes : index.withFreeCpu(j.view().cpu())) {
            if (enough(found)) {
                break;
            }
            if (!filter.admits(j.view(), n.view()) || !n.fitsWithout(j.view(), 0, 0)) {
                continue;
            }
            found++;
            Choice c = new Choice(n, List.of(), null, score(n, j, List.of()));
            int cmp = best == null ? -1 : Double.compare(best.score, c.score);
            if (cmp < 0) {
                best = c;
                ties = 1;
            } else if (cmp == 0 && random.nextInt(++ties) == 0) {
                best = c;
            }
        }
        if (best != null || !preemption.mayFree(j, cluster)) {
            return best;
        }
        for (int t = 0; t < size && !enough(found); t++) {
            NodeState n = nodes.get((start + t) % size);
            if (!filter.admits(j.view(), n.view()) || !preemption.mayFree(j, preemption.summary(n, random))) {
                continue;
            }
            List<Candidate> victims = preemption.victims(j, n, random);
            if (victims == null) {
                continue;
            }
            found++;
            Choice c = new Choice(n, victims, preemptionCost.cost(j, victims), score(n, j, victims));
            int cmp = best == null ? -1 : compare(c, best);
            if (cmp < 0) {
                best = c;
                ties = 1;
            } else if (cmp == 0 && random.nextInt(++ties) == 0) {
                best = c;
            }
        }
        return best;
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

    private record Choice(NodeState node, List<Candidate> victims, double[] cost, double score) {
    }
}
