package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's shortcuts (Q bounds, class columns, a request failing where an equal one just
 * failed) skip work, never change a decision: a busy cluster run pass after pass with them takes
 * the same decisions as the same cluster run without them, for both policies, with and without
 * scan limits. Times and accounting are whole seconds, so both runs compute the same Q to the bit
 * whatever views the shortcuts spare.
 */
class ShortcutsTest {

    private static final ServiceClasses CLASSES = ServiceClasses.defaults();
    private static final double[] SIZES = {0.1, 0.2, 0.3, 0.45};

    @Test
    void shortcutsNeverChangeADecision() {
        for (ScanLimits limits : List.of(ScanLimits.NONE, new ScanLimits(3, 4))) {
            for (boolean qos : new boolean[] {true, false}) {
                RequestScheduler s = qos
                        ? RequestScheduler.qosDriven(CLASSES, limits)
                        : RequestScheduler.priorityBased(CLASSES, limits);
                World fast = new World(5);
                World reference = new World(5);
                int preemptions = 0;
                int failures = 0;
                for (int pass = 0; pass < 60; pass++) {
                    double t = pass * 37.0;
                    List<Allocation> a = fast.pass(s, t, pass);
                    List<Allocation> b = reference.pass(s.withoutShortcuts(), t, pass);
                    assertEquals(b, a, "pass " + pass + " (" + (qos ? "qos" : "priority") + ", " + limits + ")");
                    preemptions +=
                            (int) a.stream().filter(p -> !p.victims().isEmpty()).count();
                    failures += fast.pending.size();
                }
                assertTrue(preemptions > 20, "the run must preempt: " + preemptions);
                assertTrue(failures > 100, "and leave requests waiting: " + failures);
            }
        }
    }

    /**
     * A waiting request's failed scan recorded and used at its next scans ({@link FailedScans}):
     * a larger busy cluster, passes 3 s apart (a record holds while the thresholds fall little),
     * each host a record passes over checked against the first check itself, and every decision the
     * same as without any shortcut, for both policies with the month's scan limits (the exact
     * QoS-driven pass, with no limit, has its own search). The QoS-driven run must use records
     * and pass over most hosts with them.
     */
    @Test
    void recordsOfFailedScansNeverChangeADecision() {
        ScanLimits limits = new ScanLimits(10, 20);
        for (boolean qos : new boolean[] {true, false}) {
            RequestScheduler s =
                    qos ? RequestScheduler.qosDriven(CLASSES, limits) : RequestScheduler.priorityBased(CLASSES, limits);
            World fast = new World(7, 60);
            World reference = new World(7, 60);
            FailedScans records = fast.cluster.failedScans();
            records.verifyEachUse();
            for (int pass = 0; pass < 150; pass++) {
                double t = pass * 3.0;
                List<Allocation> a = fast.pass(s, t, pass);
                List<Allocation> b = reference.pass(s.withoutShortcuts(), t, pass);
                assertEquals(b, a, "pass " + pass + " (" + (qos ? "qos" : "priority") + ")");
            }
            if (qos) {
                assertTrue(records.uses() > 100, "records used: " + records.uses());
                assertTrue(records.skipped() > 40L * records.uses(), "hosts passed over: " + records.skipped());
            }
        }
    }

    /** Hosts, their instances and a queue, changed by passes, completions and arrivals of jobs. */
    private static final class World {
        final HostIndex cluster = new HostIndex();
        final List<NodeView> nodes = new ArrayList<>();
        final Map<Inst, String> running = new LinkedHashMap<>();
        final List<Inst> pending = new ArrayList<>();
        final SplittableRandom events;
        long admission;

        World(long seed) {
            this(seed, 12);
        }

        World(long seed, int hosts) {
            events = new SplittableRandom(seed);
            for (int h = 0; h < hosts; h++) {
                double size = h % 3 == 0 ? 0.5 : 1.0;
                nodes.add(new NodeView("h" + h, size, size, Map.of()));
                cluster.addHost(nodes.get(h), h);
            }
            for (NodeView n : nodes) {
                double used = 0;
                while (true) {
                    Inst i = new Inst(
                            "r" + admission, pick(), size(), admission++, events.nextInt(3000), events.nextInt(400));
                    if (used + i.size > n.cpu()) {
                        break;
                    }
                    used += i.size;
                    i.node = n.id();
                    running.put(i, n.id());
                    cluster.place(n.id(), i, 0);
                }
            }
        }

        List<Allocation> pass(RequestScheduler s, double t, long pass) {
            arrive(t);
            List<Allocation> placements = s.schedule(cluster, new ArrayList<>(pending), t, new SplittableRandom(pass));
            Map<String, Inst> byId = new LinkedHashMap<>();
            running.keySet().forEach(i -> byId.put(i.id, i));
            pending.forEach(i -> byId.put(i.id, i));
            for (Allocation p : placements) {
                for (String v : p.victims()) {
                    Inst victim = byId.get(v);
                    victim.viewAt(t);
                    victim.node = null;
                    running.remove(victim);
                    pending.add(victim);
                }
                Inst placed = byId.get(p.instance());
                placed.viewAt(t);
                placed.node = p.node();
                pending.remove(placed);
                running.put(placed, p.node());
            }
            complete(t);
            return placements;
        }

        /** A job of 1-4 identical requests (the shortcut for equal requests needs them). */
        private void arrive(double t) {
            ServiceClass c = pick();
            double size = size();
            int tasks = 1 + events.nextInt(4);
            for (int k = 0; k < tasks; k++) {
                Inst i = new Inst("r" + admission, c, size, admission++, 0, 0);
                i.clock = t;
                pending.add(i);
            }
        }

        private void complete(double t) {
            List<Inst> list = new ArrayList<>(running.keySet());
            for (int k = 0; k < 2 && !list.isEmpty(); k++) {
                Inst done = list.remove(events.nextInt(list.size()));
                done.viewAt(t);
                cluster.remove(running.remove(done), done);
            }
        }

        private ServiceClass pick() {
            List<ServiceClass> all = CLASSES.all();
            return all.get(events.nextInt(all.size()));
        }

        private double size() {
            return SIZES[events.nextInt(SIZES.length)];
        }
    }
}
