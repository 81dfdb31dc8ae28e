package org.overbookd.sim.requests;

import java.util.List;

/**
 * The requests active in a 10-minute interval (section 5.3): admitted before it ends and not
 * terminated before it starts, each with its availability at its termination or the interval's end.
 */
public record IntervalSample(double startS, double endS, List<Outcome> active) {

    public IntervalSample {
        active = List.copyOf(active);
    }
}
