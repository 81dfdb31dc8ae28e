package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HostTableTest {

    /**
     * The cluster-wide bound from the blocks' extremes is, bit for bit, the largest and smallest of
     * the hosts' own bounds, while hosts come, change and go (some blocks clean, some dirty).
     */
    @Test
    void blockBoundIsTheExtremeOfTheHostsOwnBoundsThroughChanges() {
        SeenClasses classes = new SeenClasses();
        for (ServiceClass c : ServiceClasses.defaults().all()) {
            classes.number(c);
        }
        HostTable table = new HostTable();
        SplittableRandom r = new SplittableRandom(7);
        List<Integer> present = new ArrayList<>();
        int hosts = 300; // several blocks, the last one partial
        for (int h = 0; h < hosts; h++) {
            table.addHost(h, new NodeView("h" + h, 1, 1, Map.of()));
            present.add(h);
        }
        for (int round = 0; round < 200; round++) {
            for (int k = 0; k < 1 + r.nextInt(20); k++) {
                int h = r.nextInt(hosts);
                int s = r.nextInt(3);
                if (r.nextInt(10) == 0) {
                    table.clear(h);
                    present.remove(Integer.valueOf(h));
                } else if (!present.contains(h)) {
                    table.addHost(h, new NodeView("h" + h, 1, 1, Map.of()));
                    present.add(h);
                } else if (r.nextInt(4) == 0) {
                    table.slot(h, s, 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0);
                } else {
                    double low = r.nextDouble(-500, 500);
                    table.slot(h, s, 1 + r.nextInt(5), low + r.nextDouble(300), low, 0.1, 0.1);
                }
            }
            double t = r.nextDouble(1e6);
            Residents blocks = table.bound(t, classes, HostIndex.BOUND_TOLERANCE);
            Residents each = table.bound(
                    present.stream().mapToInt(Integer::intValue).toArray(), t, classes, HostIndex.BOUND_TOLERANCE);
            assertEquals(each, blocks, "round " + round);
        }
    }

    /**
     * The preemption scan's first look at a host (its use, capacity and each class's first-ranked
     * high intercept) answers as its whole record does, while hosts come, change and go: classes
     * empty, below, at and above the request's thresholds, thresholds of either infinity, fewer
     * thresholds than classes, a NaN intercept.
     */
    @Test
    void theFirstLookAtAHostAnswersAsItsWholeRecord() {
        SplittableRandom r = new SplittableRandom(34);
        int hosts = 150;
        HostTable table = randomHosts(r, hosts);
        int[] answers = new int[2];
        for (int round = 0; round < 3000; round++) {
            int h = r.nextInt(hosts);
            int s = r.nextInt(3);
            switch (r.nextInt(8)) {
                case 0 -> table.clear(h);
                case 1 -> table.addHost(h, new NodeView("h" + h, 1 + r.nextInt(2), 1, Map.of()));
                case 2 -> table.slot(h, s, 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0);
                case 3, 4 -> table.used(h, r.nextDouble(2), r.nextDouble(1.2), 0.1, 0.1);
                case 5 -> table.top(h, s, r.nextInt(HostTable.TOP), HIGHS[r.nextInt(HIGHS.length)], 0.2, 0.2);
                default -> {
                    double held = r.nextDouble(1);
                    table.slot(h, s, 1 + r.nextInt(5), HIGHS[r.nextInt(HIGHS.length)], -10, held, held / 2);
                }
            }
            double[] above = new double[r.nextInt(4)];
            for (int k = 0; k < above.length; k++) {
                above[k] = HIGHS[r.nextInt(HIGHS.length - 1)]; // never NaN
            }
            double cpu = r.nextDouble(1);
            double mem = r.nextDouble(1);
            for (int o = 0; o < hosts; o++) {
                boolean first = table.mayFit(o, cpu, mem, above);
                assertEquals(table.mayFitFreeing(o, cpu, mem, above), first, "round " + round + ", host " + o);
                answers[first ? 1 : 0]++;
            }
        }
        assertTrue(answers[0] > 10000 && answers[1] > 10000, "no and yes: " + answers[0] + ", " + answers[1]);
    }

    /**
     * A host's gap ({@link HostTable#failGap}, what a failed scan records) is negative exactly when
     * the first look says yes, and else the first look stays no while every threshold falls by less
     * than it (or rises): random hosts, thresholds of either infinity, fewer thresholds than classes,
     * NaN intercepts. Falling by more turns some hosts to yes, so the gaps are not all infinite.
     */
    @Test
    void aHostStaysRuledOutWhileNoThresholdFallsByItsGap() {
        SplittableRandom r = new SplittableRandom(35);
        int hosts = 120;
        HostTable table = randomHosts(r, hosts);
        int stayed = 0;
        int turned = 0;
        for (int round = 0; round < 2000; round++) {
            int h = r.nextInt(hosts);
            int s = r.nextInt(3);
            double high = r.nextInt(4) == 0 ? HIGHS[r.nextInt(HIGHS.length)] : r.nextDouble(-20, 20);
            switch (r.nextInt(6)) {
                case 0 -> table.clear(h);
                case 1 -> table.used(h, r.nextDouble(2), r.nextDouble(1.2), 0.1, 0.1);
                case 2, 3 -> table.top(h, s, r.nextInt(HostTable.TOP), high, 0.1 + r.nextDouble(0.3), 0.2);
                default -> {
                    double held = r.nextDouble(1);
                    table.slot(h, s, 1 + r.nextInt(5), high, -10, held, held / 2);
                }
            }
            double[] above = new double[r.nextInt(4)];
            for (int k = 0; k < above.length; k++) {
                above[k] = r.nextInt(5) == 0 ? HIGHS[r.nextInt(HIGHS.length - 1)] : r.nextDouble(-20, 20);
            }
            double cpu = r.nextDouble(1);
            double mem = r.nextDouble(1);
            for (int o = 0; o < hosts; o++) {
                double gap = table.failGap(o, cpu, mem, above);
                assertEquals(table.mayFit(o, cpu, mem, above), gap < 0, "round " + round + ", host " + o);
                if (gap < 0) {
                    continue;
                }
                double[] later = above.clone();
                double fall = Double.isFinite(gap) ? gap * r.nextDouble() : r.nextDouble(1000);
                for (int k = 0; k < later.length; k++) {
                    if (Double.isFinite(later[k])) {
                        later[k] -= r.nextInt(4) == 0 ? -r.nextDouble(5) : fall * r.nextDouble(1);
                    }
                }
                assertTrue(!table.mayFit(o, cpu, mem, later), "round " + round + ", host " + o + ", gap " + gap);
                stayed++;
                for (int k = 0; k < later.length; k++) {
                    later[k] = Double.isFinite(above[k]) ? above[k] - gap - 1 : above[k];
                }
                turned += Double.isFinite(gap) && table.mayFit(o, cpu, mem, later) ? 1 : 0;
            }
        }
        assertTrue(stayed > 10000 && turned > 1000, "stayed no, turned yes past the gap: " + stayed + ", " + turned);
    }

    @Test
    void anEmptyTableBoundsNothing() {
        SeenClasses classes = new SeenClasses();
        classes.number(ServiceClasses.defaults().all().get(0));
        HostTable table = new HostTable();
        table.addHost(0, new NodeView("h", 1, 1, Map.of()));
        assertEquals(Residents.NONE, table.bound(10, classes, HostIndex.BOUND_TOLERANCE));
    }

    /** The thresholds the randomized tests draw from: ordinary, zero, negative, both infinities, NaN. */
    private static final double[] HIGHS = {-5, 0, 5, 10, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN
    };

    /** {@code hosts} hosts of one or two cores, drawn from {@code r}, which goes on from there. */
    private static HostTable randomHosts(SplittableRandom r, int hosts) {
        HostTable table = new HostTable();
        for (int h = 0; h < hosts; h++) {
            table.addHost(h, new NodeView("h" + h, 1 + r.nextInt(2), 1, Map.of()));
        }
        return table;
    }
}
