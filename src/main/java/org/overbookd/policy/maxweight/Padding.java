package org.overbookd.policy.maxweight;

import java.util.Locale;

/**
 * What to do with the room an r-max configuration leaves over. Room that no type with a queue fits
 * into adds nothing to f(k, Q) whatever fills it, so reserving it for types whose queue is empty
 * keeps the configuration r-max while letting their next arrivals start at once instead of waiting
 * for the next active period. This is also how a server picks a configuration when every queue is
 * empty (at time 0, say): all configurations then weigh 0 and the paper leaves the choice open.
 */
public enum Padding {
    /** Reserve slots for the largest types first (by footprint; lower index on ties). The default. */
    LARGEST_FIRST,
    /** Reserve slots for the smallest types first. */
    SMALLEST_FIRST,
    /** Leave the room unused: the configuration holds only types that had a queue. */
    NONE;

    /** Adds empty-queue types to {@code configuration}, as many of each as fit, in this order. */
    public void fill(ServerShape shape, long[] queues, int[] configuration) {
        if (this == NONE) {
            return;
        }
        long[] residual = shape.capacityCopy();
        for (int j = 0; j < configuration.length; j++) {
            for (int r = 0; r < residual.length; r++) {
                residual[r] -= (long) configuration[j] * shape.demand(j, r);
            }
        }
        boolean[] done = new boolean[configuration.length];
        while (true) {
            int pick = -1;
            for (int j = 0; j < configuration.length; j++) {
                if (!done[j] && shape.fits(j) && queues[j] == 0 && (pick < 0 || before(shape, j, pick))) {
                    pick = j;
                }
            }
            if (pick < 0) {
                return;
            }
            done[pick] = true;
            long n = shape.copies(pick, residual);
            configuration[pick] += Math.toIntExact(n);
            for (int r = 0; r < residual.length; r++) {
                residual[r] -= n * shape.demand(pick, r);
            }
        }
    }

    private boolean before(ServerShape shape, int a, int b) {
        double fa = shape.footprint(a);
        double fb = shape.footprint(b);
        return this == LARGEST_FIRST ? fa > fb : fa < fb;
    }

    /** The name on the command line: largest-first, smallest-first, none. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
