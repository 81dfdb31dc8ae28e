package org.overbookd.backend.opennebula;

import org.overbookd.backend.opennebula.requirements.Requirement;

/**
 * Where a VM asks to run, as oned's matching reads it from the VM: SCHED_REQUIREMENTS and
 * SCHED_DS_REQUIREMENTS of its USER_TEMPLATE (written by its owner), AUTOMATIC_REQUIREMENTS and
 * AUTOMATIC_DS_REQUIREMENTS of its TEMPLATE (derived by oned from its images and networks: clusters,
 * CPU features, pinning), and what else OpenNebula's scheduler would weigh that overbookd does not
 * (a NIC whose network the scheduler picks, a VM group, PCI devices). Null stands for an attribute
 * the VM does not have; VMs with equal requirements share one evaluation.
 *
 * @param beyond why overbookd cannot place the VM as OpenNebula's scheduler would, or null
 */
record Requirements(String sched, String automatic, String schedDs, String automaticDs, String beyond) {

    static final Requirements NONE = new Requirements(null, null, null, null, null);

    /** The expression oned evaluates on each host: AUTOMATIC_REQUIREMENTS & ( SCHED_REQUIREMENTS ). */
    String hostExpression() {
        return Requirement.combined(automatic, sched);
    }

    /** The expression oned evaluates on each system datastore. */
    String datastoreExpression() {
        return Requirement.combined(automaticDs, schedDs);
    }
}
