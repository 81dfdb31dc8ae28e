package org.overbookd.daemon.health;

import org.overbookd.config.Options;
import org.overbookd.config.Settings;

/**
 * The two overbooking settings the operator's figures depend on: slots per host and the upper bound
 * (percent of a host's capacity). They are reloadable, so the figures read the current ones each cycle.
 */
public record OverbookingLimits(int slots, double upperBound) {

    public static OverbookingLimits of(Settings settings) {
        return new OverbookingLimits(settings.get(Options.SLOTS), settings.get(Options.UPPER_BOUND));
    }
}
