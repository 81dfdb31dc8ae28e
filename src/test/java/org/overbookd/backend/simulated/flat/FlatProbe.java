package org.overbookd.backend.simulated.flat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the simulated backend's tests of the flat path (HotStateTest, which pairs it with the pattern
 * objects through the backend's hosts and VMs) read of its insides, which the backend itself does
 * not: the slot capacity, the arrays whole, the draw lists.
 */
public final class FlatProbe {

    /** Hosts per range of a parallel draw. */
    public static final int RANGE_HOSTS = LoadDrawer.RANGE_HOSTS;

    private FlatProbe() {}

    /** The low-QoS slots each host has room for now. */
    public static int lowCapacity(HotState hot) {
        return hot.lowCapacity;
    }

    /** Every slot's last load, a copy. */
    public static double[] loads(HotState hot) {
        return hot.load.clone();
    }

    /** Every host's demand, a copy. */
    public static double[] demands(HotState hot) {
        return hot.demand.clone();
    }

    /**
     * Each window's draw lists hold every running slot of the window once, on the list of its kind
     * (noisy, business, other), and nothing else: after VMs were placed, started, stopped, taken off
     * (the ones after them moving down) and the slots laid out anew.
     */
    public static void assertListsHoldExactlyTheRunningSlots(HotState hot) {
        for (int w = 0; w < hot.listSizes.length / HotState.SIZES; w++) {
            int first = w << HotState.WINDOW_SHIFT;
            java.util.Set<Integer> listed = new java.util.HashSet<>();
            int noisyEnd = first + hot.listSizes[HotState.noisyAt(w)];
            int businessEnd = noisyEnd + hot.listSizes[HotState.businessAt(w)];
            int otherStart = first + HotState.WINDOW - hot.listSizes[HotState.otherAt(w)];
            assertTrue(businessEnd <= otherStart, "window " + w + " lists overlap");
            for (int i = first; i < first + HotState.WINDOW; i++) {
                if (i >= businessEnd && i < otherStart) {
                    continue;
                }
                int offset = hot.drawList[i];
                assertTrue(offset >= 0 && offset < HotState.WINDOW, "entry " + i + " of window " + w + ": " + offset);
                int slot = first + offset;
                byte expected = i < noisyEnd ? HotState.NOISY : i < businessEnd ? HotState.BUSINESS : HotState.SPIKY;
                assertTrue(
                        hot.runs(slot) && hot.pattern[slot] == expected,
                        "entry " + i + " of window " + w + ": slot " + slot);
                assertTrue(listed.add(slot), "slot " + slot + " listed twice");
            }
            for (int slot = first; slot < Math.min(first + HotState.WINDOW, hot.pattern.length); slot++) {
                boolean draws = hot.runs(slot) && hot.pattern[slot] != HotState.EMPTY;
                assertEquals(draws, listed.contains(slot), "slot " + slot + (draws ? " runs" : " does not run"));
            }
        }
    }
}
