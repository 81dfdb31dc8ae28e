package org.overbookd.sim.overbooking;

import java.time.Duration;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;

/** Settings for simulation tests: the paper's scenario, optionally shortened or shrunk. */
public final class Scenarios {

    private Scenarios() {}

    public static Settings paper(double lower, double upper, int slots) {
        return Settings.defaults()
                .with(Options.LOWER_BOUND, lower)
                .with(Options.UPPER_BOUND, upper)
                .with(Options.SLOTS, slots);
    }

    public static Settings small(double lower, double upper, int slots, int nodes, Duration duration) {
        return paper(lower, upper, slots).with(Options.SIM_NODES, nodes).with(Options.SIM_DURATION, duration);
    }
}
