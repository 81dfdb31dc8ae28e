package org.overbookd.policy.toy;

import org.overbookd.policy.PluginFactory;
import org.overbookd.policy.qos.ConstraintFilter;
import org.overbookd.policy.qos.PriorityQueueSort;
import org.overbookd.policy.qos.QosPreemption;
import org.overbookd.policy.qos.QosPreemptionCost;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.RequestSettings;

/**
 * A toy policy of the request model, kept outside the tree's policies as {@link FirstComeFirstServed}
 * is for the slot model: the tree's plugins in another combination, the priority-based queue order
 * with the QoS-driven preemption.
 */
public final class PriorityOrderQosPreemption {

    public static final String NAME = "priority-order-qos-preemption";

    public static final PluginFactory<RequestSettings, RequestScheduler> FACTORY = PluginFactory.of(
            NAME,
            s -> new RequestScheduler(
                    NAME,
                    new PriorityQueueSort(),
                    new ConstraintFilter(),
                    new QosPreemption(),
                    new QosPreemptionCost(s.classes()),
                    s.limits()));

    private PriorityOrderQosPreemption() {}
}
