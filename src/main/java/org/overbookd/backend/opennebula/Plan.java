package org.overbookd.backend.opennebula;

/** What {@link DecisionPlanner} makes of a decision: one call to make, or a reason not to. */
sealed interface Plan permits Plan.Act, Plan.Refuse {

    record Act(VmCall call) implements Plan {
    }

    /**
     * Refused by overbookd itself, before any action reaches OpenNebula. The codes are the
     * simulator's, so audit records read the same in both worlds.
     */
    record Refuse(String code, String message) implements Plan {
        static final String NO_SUCH_VM = "NO_SUCH_VM";
        static final String NO_SUCH_HOST = "NO_SUCH_HOST";
        static final String HIGH_QOS = "HIGH_QOS";
        static final String WRONG_STATE = "WRONG_STATE";
        static final String WRONG_HOST = "WRONG_HOST";
    }
}
