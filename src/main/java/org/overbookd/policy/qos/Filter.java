package org.overbookd.policy.qos;

/** Extension point Filter: whether a host could ever hold the instance, preemptions aside. */
public interface Filter {

    boolean admits(InstanceView j, NodeView node);
}
