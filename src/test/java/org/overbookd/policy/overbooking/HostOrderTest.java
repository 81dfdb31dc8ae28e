package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;

/**
 * {@link HostOrder#sort} against sorting with {@link HostOrder#comparator}, the definition: the same
 * list, host object for host object, with ties in utilization, equal ids, zeros of both signs,
 * infinities, NaN and keys equal in their leading bits among the keys.
 */
class HostOrderTest {

    /** A host that is only its keys; {@code tag} tells apart hosts with equal keys. */
    private record Host(int id, double utilization, int tag) implements HostView {
        @Override
        public String name() {
            return id + "/" + tag;
        }

        @Override
        public int cores() {
            return 8;
        }

        @Override
        public List<? extends VmView> overbooked() {
            return List.of();
        }

        @Override
        public boolean operationInFlight() {
            return false;
        }
    }

    /** With keys that differ only past their leading 32 bits (50 and the doubles just above it). */
    private static final double[] UTILIZATIONS = {
        0.0,
        -0.0,
        12.5,
        12.5,
        74.99999999999999,
        75,
        Double.NaN,
        3e-300,
        50,
        Math.nextUp(50.0),
        50.000000001,
        Double.NEGATIVE_INFINITY,
        Double.POSITIVE_INFINITY,
        -12.5
    };

    private static List<HostView> hosts(long seed, int n) {
        SplittableRandom random = new SplittableRandom(seed);
        List<HostView> hosts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double u = random.nextInt(3) == 0
                    ? UTILIZATIONS[random.nextInt(UTILIZATIONS.length)]
                    : random.nextDouble() * 100;
            hosts.add(new Host(random.nextInt(n / 2 + 1), u, i));
        }
        return hosts;
    }

    @Test
    void sortsAsTheComparatorDoes() {
        for (HostOrder order : HostOrder.values()) {
            for (int n : new int[] {0, 1, 2, 7, 31, 32, 33, 500, 5000}) {
                for (long seed = 0; seed < 5; seed++) {
                    List<HostView> expected = hosts(seed, n);
                    List<HostView> actual = new ArrayList<>(expected);
                    expected.sort(order.comparator());
                    order.sort(actual);
                    assertEquals(expected, actual, order + " of " + n + " hosts, seed " + seed);
                }
            }
        }
    }

    /** The check above can fail: equal keys in another order are another list. */
    @Test
    void equalKeysKeepTheirOrder() {
        List<HostView> hosts = new ArrayList<>(List.of(new Host(3, 50, 0), new Host(1, 50, 1), new Host(3, 50, 2)));
        HostOrder.LEAST_UTILIZED.sort(hosts);
        assertEquals(List.of(new Host(1, 50, 1), new Host(3, 50, 0), new Host(3, 50, 2)), hosts);
        assertNotEquals(List.of(new Host(1, 50, 1), new Host(3, 50, 2), new Host(3, 50, 0)), hosts);
    }
}
