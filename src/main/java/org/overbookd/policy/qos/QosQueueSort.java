package org.overbookd.policy.qos;

import java.util.Comparator;

/** QoS-driven QueueSort (section 3.3): smallest QoS metric first; earliest admitted breaks ties. */
public final class QosQueueSort implements QueueSort {

    @Override
    public String name() {
        return "qos-queue-sort";
    }

    @Override
    public Comparator<Candidate> order() {
        return Comparator.comparingDouble(Candidate::qos)
                .thenComparingLong(c -> c.view().admission())
                .thenComparing(c -> c.view().id());
    }
}
