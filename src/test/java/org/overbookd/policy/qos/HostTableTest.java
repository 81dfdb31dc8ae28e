package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    @Test
    void anEmptyTableBoundsNothing() {
        SeenClasses classes = new SeenClasses();
        classes.number(ServiceClasses.defaults().all().get(0));
        HostTable table = new HostTable();
        table.addHost(0, new NodeView("h", 1, 1, Map.of()));
        assertEquals(Residents.NONE, table.bound(10, classes, HostIndex.BOUND_TOLERANCE));
    }
}
