package org.overbookd.experiment;

import java.util.Map;
import org.overbookd.policy.maxweight.TypeSchedulers;
import org.overbookd.sim.types.TypesRun;

/**
 * One row of a VM-type experiment: a policy at the model's defaults, with the arguments it is given
 * as a user would give them ({@code --policy-arg KEY=VALUE}), under the label its table prints.
 */
record TypesVariant(String label, String policy, Map<String, String> arguments) {

    /** A policy with every argument at its default. */
    static TypesVariant of(String label, String policy) {
        return new TypesVariant(label, policy, Map.of());
    }

    /** Algorithm 1 at this beta, with or without its recheck of empty servers. */
    static TypesVariant maxweight(String label, double beta, boolean recheckEmpty) {
        return new TypesVariant(
                label,
                TypeSchedulers.MAXWEIGHT.name(),
                Map.of(
                        TypeSchedulers.BETA.key(), Double.toString(beta),
                        TypeSchedulers.RECHECK_EMPTY.key(), Boolean.toString(recheckEmpty)));
    }

    TypesRun run() {
        return TypesRun.atDefaults(policy, arguments);
    }
}
