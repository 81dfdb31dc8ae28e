package org.overbookd.policy.qos;

import org.overbookd.policy.Plugin;

/** Extension point Filter: whether a host could ever hold the instance, preemptions aside. */
public interface Filter extends Plugin {

    boolean admits(InstanceView j, NodeView node);
}
