package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
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

    /**
     * A scan's walk over the table with its blocks ({@link HostTable#nextMayFit}) stops at exactly
     * the host a host-by-host walk stops at, while hosts come, change and go between walks (blocks
     * loose, stale and rebuilt): random records (also ones no scheduler writes: ranks out of order,
     * NaN), thresholds of either infinity, fewer thresholds than classes, some hosts absent from the
     * scan, walks from any place to any end. The blocks did pass over hosts (else the walks would
     * agree trivially).
     */
    @Test
    void theBlocksPassOverOnlyHostsTheFirstLookRulesOut() {
        SplittableRandom r = new SplittableRandom(36);
        int hosts = 700; // eleven blocks of 64, the last partial
        HostTable table = randomHosts(r, hosts);
        int[] answers = new int[2];
        for (int round = 0; round < 1500; round++) {
            for (int change = 0; change < (round == 0 ? 3000 : 1 + r.nextInt(10)); change++) {
                int h = r.nextInt(hosts);
                int s = r.nextInt(3);
                double high = r.nextInt(4) == 0 ? HIGHS[r.nextInt(HIGHS.length)] : r.nextDouble(-20, 20);
                switch (r.nextInt(8)) {
                    case 0 -> table.clear(h);
                    case 1 -> table.addHost(h, new NodeView("h" + h, 1 + r.nextInt(2), 1, Map.of()));
                    case 2, 3 -> table.used(h, r.nextDouble(0.8, 2), r.nextDouble(0.5, 1.2), 0.1, 0.1);
                    case 4 -> table.top(h, s, r.nextInt(HostTable.TOP), high, r.nextDouble(0.4), r.nextDouble(0.4));
                    default -> {
                        double held = r.nextDouble(0.4);
                        table.slot(h, s, 1 + r.nextInt(5), high, -10, held, held / 2);
                    }
                }
            }
            int[] ordinals =
                    IntStream.range(0, hosts).filter(o -> r.nextInt(10) != 0).toArray();
            double[] above = new double[r.nextInt(4)];
            for (int k = 0; k < above.length; k++) {
                above[k] = r.nextInt(5) == 0 ? HIGHS[r.nextInt(HIGHS.length - 1)] : r.nextDouble(-20, 20);
            }
            double cpu = r.nextDouble(0.5, 3); // most hosts fail: what the blocks are for
            double mem = r.nextDouble(1);
            for (int walk = 0; walk < 5; walk++) {
                int k = r.nextInt(ordinals.length);
                int end = k + r.nextInt(ordinals.length - k + 1);
                int expected = k;
                while (expected < end && !table.mayFit(ordinals[expected], cpu, mem, above)) {
                    expected++;
                }
                assertEquals(expected, table.nextMayFit(ordinals, k, end, cpu, mem, above), "round " + round);
                answers[expected < end ? 1 : 0]++;
            }
        }
        assertTrue(answers[0] > 500 && answers[1] > 500, "ended, found: " + answers[0] + ", " + answers[1]);
        assertTrue(table.fitBlocksPassedOver() > 1000, "blocks passed over: " + table.fitBlocksPassedOver());
    }

    /**
     * The blocks' bound at its edges: a host that fits only by what its second-ranked resident
     * frees, or only within the check's epsilon, among 200 hosts that fit nowhere, is the one the
     * walk stops at.
     */
    @Test
    void theBlocksLetThroughAHostThatFitsByItsSecondResidentOrWithinTheEpsilon() {
        HostTable table = new HostTable();
        for (int h = 0; h < 200; h++) {
            table.addHost(h, new NodeView("h" + h, 1, 1, Map.of()));
            table.used(h, 1, 1, 0.1, 0.1);
            residents(table, h, 5, 4, 3); // ranks 0.1, 0.2 and 0.3 of cpu and memory
        }
        int[] ordinals = IntStream.range(0, 200).toArray();
        double[] above = {6};
        assertEquals(200, table.nextMayFit(ordinals, 0, 200, 0.3, 0.3, above), "nothing above 6: nowhere");
        residents(table, 150, 9, 8, 3); // two residents above 6 free 0.1 + 0.2
        assertEquals(150, table.nextMayFit(ordinals, 0, 200, 0.3, 0.3, above));
        assertEquals(200, table.nextMayFit(ordinals, 0, 200, 0.3 + 3 * NodeState.EPSILON, 0.3, above));
        assertEquals(150, table.nextMayFit(ordinals, 0, 200, 0.3 + 1.5 * NodeState.EPSILON, 0.3, above));
        assertEquals(200, table.nextMayFit(ordinals, 151, 200, 0.3, 0.3, above), "after it: nowhere");
    }

    /** Three residents of class slot 0 on host h, of these high intercepts (descending), holding 0.1, 0.2 and 0.3. */
    private static void residents(HostTable table, int h, double first, double second, double third) {
        table.slot(h, 0, 3, first, -10, 0.6, 0.6);
        double[] highs = {first, second, third};
        double[] upTo = {0.1, 0.3, 0.6};
        for (int k = 0; k < HostTable.TOP; k++) {
            table.top(h, 0, k, highs[k], upTo[k], upTo[k]);
        }
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
