package org.overbookd.backend.opennebula;

/** What {@link DecisionPlanner} makes of a decision: one call to make, or a reason not to. */
sealed interface Plan permits Plan.Act, Plan.Refuse {

    record Act(VmCall call) implements Plan {}

    /**
     * Refused by overbookd itself, before any action reaches OpenNebula. The codes are the
     * simulator's, so audit records read the same in both worlds, and two of OpenNebula's own rules:
     * a host the VM's requirements do not allow (HOST_NOT_MATCHED: the policy should never ask it,
     * this is the second line of defence), and requirements the VM's owner changed since the
     * observation (REQUIREMENTS_CHANGED: the next cycle judges them).
     */
    record Refuse(String code, String message) implements Plan {
        static final String NO_SUCH_VM = "NO_SUCH_VM";
        static final String NO_SUCH_HOST = "NO_SUCH_HOST";
        static final String HIGH_QOS = "HIGH_QOS";
        static final String WRONG_STATE = "WRONG_STATE";
        static final String WRONG_HOST = "WRONG_HOST";
        static final String HOST_NOT_MATCHED = "HOST_NOT_MATCHED";
        static final String REQUIREMENTS_CHANGED = "REQUIREMENTS_CHANGED";
    }
}
