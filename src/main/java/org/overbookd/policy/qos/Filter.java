package org.overbookd.policy.qos;

import org.overbookd.policy.Plugin;

/**
 * Extension point Filter: whether a host could ever hold the instance, preemptions aside; a
 * refusal says why ({@link FilterStatus#reason()}), as the Kubernetes framework's Filter returns a
 * Status.
 */
public interface Filter extends Plugin {

    FilterStatus filter(InstanceView j, NodeView node);
}
