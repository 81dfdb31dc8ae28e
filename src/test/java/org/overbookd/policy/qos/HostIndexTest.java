package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A cluster kept between passes must decide as a pass over a fresh snapshot of the same instant
 * does: its Q bounds only skip hosts, never change a choice.
 */
class HostIndexTest {

    private static final ServiceClasses CLASSES = ServiceClasses.defaults();

    @Test
    void passesOverAKeptClusterDecideAsSnapshotsDo() {
        for (int hostsToScore : new int[] {0, 3}) {
            for (boolean qos : new boolean[] {true, false}) {
                ScanLimits limits = new ScanLimits(hostsToScore, 0);
                RequestScheduler s = qos
                        ? RequestScheduler.qosDriven(CLASSES, limits)
                        : RequestScheduler.priorityBased(CLASSES, limits);
                assertSameDecisions(s, 11);
            }
        }
    }

    private static void assertSameDecisions(RequestScheduler scheduler, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<NodeView> nodes = new ArrayList<>();
        HostIndex cluster = new HostIndex();
        for (int h = 0; h < 30; h++) {
            nodes.add(new NodeView("h" + h, 1, 1, Map.of()));
            cluster.addHost(nodes.get(h), h);
        }
        Map<String, Inst> all = new HashMap<>();
        List<Inst> pending = new ArrayList<>();
        long admission = 0;
        for (int h = 0; h < nodes.size(); h++) {
            for (int k = 0; k < 4; k++) {
                Inst i = new Inst("r" + admission, pick(r), 0.2, admission++, r.nextDouble(2000), r.nextDouble(300));
                i.node = nodes.get(h).id();
                cluster.place(i.node, i, 0);
                all.put(i.id, i);
            }
        }
        int placed = 0;
        int preempted = 0;
        for (int pass = 1; pass <= 12; pass++) {
            double t = pass * 97.0;
            for (int k = 0; k < 15; k++) {
                Inst i = new Inst("p" + admission, pick(r), 0.1 + r.nextDouble(0.3), admission++, 0, 0);
                i.clock = t;
                pending.add(i);
                all.put(i.id, i);
            }
            List<InstanceView> runningViews = new ArrayList<>();
            List<InstanceView> pendingViews = new ArrayList<>();
            for (Inst i : all.values()) {
                (i.node == null ? pendingViews : runningViews).add(i.viewAt(t));
            }
            runningViews.sort(java.util.Comparator.comparingLong(InstanceView::admission));
            List<Allocation> snapshot =
                    scheduler.schedule(nodes, runningViews, pendingViews, new SplittableRandom(pass));
            List<Allocation> kept = scheduler.schedule(cluster, pending, t, new SplittableRandom(pass));
            assertEquals(snapshot, kept, "pass " + pass);
            List<String> moves = new ArrayList<>();
            for (Allocation p : kept) {
                moves.addAll(p.victims());
                moves.add(p.instance());
            }
            assertEquals(moves, cluster.moved().stream().map(l -> ((Inst) l).id).toList(), "moved in pass " + pass);
            for (Allocation p : kept) {
                for (String v : p.victims()) {
                    all.get(v).node = null;
                    pending.add(all.get(v));
                    preempted++;
                }
                Inst i = all.get(p.instance());
                i.node = p.node();
                pending.remove(i);
                placed++;
            }
            // a completion between passes, told to the cluster
            Inst done = all.values().stream()
                    .filter(i -> i.node != null)
                    .min(java.util.Comparator.comparingLong(i -> i.admission))
                    .orElseThrow();
            assertTrue(cluster.remove(done.node, done));
            all.remove(done.id);
        }
        assertTrue(placed > 0 && preempted > 0, "the scenario exercises placements and preemptions");
    }

    private static ServiceClass pick(SplittableRandom r) {
        return CLASSES.all().get(r.nextInt(3));
    }

    @Test
    void hostBoundCoversEveryResidentsQLater() {
        HostIndex cluster = new HostIndex();
        NodeView v = new NodeView("h", 4, 4, Map.of());
        cluster.addHost(v, 0);
        List<Inst> residents = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(3);
        for (int k = 0; k < 8; k++) {
            Inst i = new Inst("i" + k, pick(r), 0.5, k, r.nextDouble(500), r.nextDouble(500));
            i.node = "h";
            i.clock = 10;
            cluster.place("h", i, 10);
            residents.add(i);
        }
        // admitted and placed at the same instant: Q = 0 then, -alpha + r dt after
        Inst fresh = new Inst("f", CLASSES.all().get(2), 0.1, 9, 0, 0);
        fresh.clock = 10;
        fresh.node = "h";
        cluster.place("h", fresh, 10);
        residents.add(fresh);
        NodeState n = cluster.scanOrder().get(0);
        for (double t : new double[] {10, 11, 500, 1e6}) {
            Residents bound = cluster.bound(n, t);
            for (Inst i : residents) {
                Candidate c = new Candidate(i.viewAt(t));
                assertTrue(bound.maxQos() >= c.qos(), "max at " + t);
                assertTrue(bound.minMargin() <= c.margin(), "margin at " + t);
            }
        }
        assertFalse(cluster.remove("h", new Inst("x", CLASSES.all().get(0), 1, 99, 0, 0)));
    }

    @Test
    void aHostHoldsItsInstancesInPlacementOrderAfterEnds() {
        HostIndex cluster = new HostIndex();
        cluster.addHost(new NodeView("a", 4, 4, Map.of()), 0);
        cluster.addHost(new NodeView("b", 4, 4, Map.of()), 1);
        List<Inst> onA = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            Inst i = new Inst("r" + k, CLASSES.all().get(k % CLASSES.all().size()), 0.25 + k / 100.0, k, 10 * k, 5);
            i.node = "a";
            cluster.place("a", i, 100);
            onA.add(i);
        }
        Inst other = new Inst("o", CLASSES.all().get(0), 0.5, 9, 0, 0);
        cluster.place("b", other, 100);
        assertTrue(cluster.remove("a", onA.get(2)));
        assertTrue(cluster.remove("a", onA.get(0)));
        assertFalse(cluster.remove("a", other), "b's instance is not on a");
        Inst late = new Inst("late", CLASSES.all().get(1), 0.125, 10, 0, 0);
        cluster.place("a", late, 200);
        assertEquals(List.of(onA.get(1), onA.get(3), onA.get(4), onA.get(5), late), cluster.holding("a"));
        assertEquals(List.of(other), cluster.holding("b"));
        assertEquals(List.of(), cluster.holding("gone"));
        assertEquals(6, cluster.instances());
    }
}
