package org.overbookd.policy.qos;

import java.util.List;

/**
 * One host's preemptible residents as the QoS-driven preemption sees them in one pass: in its
 * order (largest Q first, equal values by the pass's tie rank), as parallel arrays of what
 * {@link QosPreemption#eligible} and {@link QosPreemptionCost} read. The exact pass tries every
 * pending request on every host; on these arrays a victim search is a short loop over primitives,
 * where through the candidates it is a chase of pointers (candidate, view, class, name) per
 * resident. Built once per host and pass, again only after the host changes (with its
 * {@link NodeState#preemptionOrder}), and read only by {@link ExactQosScan}.
 */
final class QosRows {

    final int size;
    final double[] qos;
    final double[] margin;
    final double[] cpu;
    final double[] mem;
    final int[] importance;
    /** The resident's group of eq. 9 when its margin is negative: its class's place in the run's classes. */
    final int[] costSlot;
    /** Whether eq. 8's limit keeps the resident from being preempted for a request of its own class. */
    final boolean[] overheadCapped;

    final ServiceClass[] serviceClass;

    QosRows(List<Candidate> order, QosPreemptionCost cost) {
        size = order.size();
        qos = new double[size];
        margin = new double[size];
        cpu = new double[size];
        mem = new double[size];
        importance = new int[size];
        costSlot = new int[size];
        overheadCapped = new boolean[size];
        serviceClass = new ServiceClass[size];
        for (int i = 0; i < size; i++) {
            Candidate k = order.get(i);
            ServiceClass c = k.serviceClass();
            qos[i] = k.qos();
            margin[i] = k.margin();
            cpu[i] = k.view().cpu();
            mem[i] = k.view().mem();
            importance[i] = c.importance();
            costSlot[i] = cost.slot(c);
            overheadCapped[i] = k.view().preemptionOverhead() >= c.overheadLimit();
            serviceClass[i] = c;
        }
    }

    /**
     * {@link QosPreemption#eligible} on the arrays, the same tests in the same order: whether
     * resident i may be preempted for j.
     */
    boolean eligible(Candidate j, double jMargin, int i) {
        ServiceClass jc = j.serviceClass();
        if (overheadCapped[i] && (serviceClass[i] == jc || jc.name().equals(serviceClass[i].name()))) {
            return false;
        }
        if (j.qos() < qos[i] && margin[i] >= 0) {
            return true;
        }
        if (!(margin[i] < 0 && jMargin < 0)) {
            return false;
        }
        int jImportance = jc.importance();
        if (jImportance < importance[i]) {
            return true;
        }
        return jImportance == importance[i] && j.qos() < qos[i];
    }
}
