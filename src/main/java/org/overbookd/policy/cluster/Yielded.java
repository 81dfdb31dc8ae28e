package org.overbookd.policy.cluster;

import java.util.Objects;

/**
 * A decision made although a guard would have held it back: the guard yielded to a rule that
 * outranks it (a host above the upper bound is relieved whatever the guards say). Its reason says
 * so; the daemon's metrics count it.
 *
 * @param guard the guard's label
 */
public record Yielded(String guard, Decision decision) {

    public Yielded {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(decision, "decision");
    }
}
