package org.overbookd.policy.cluster;

import org.overbookd.policy.Plugin;

/**
 * A {@link ClusterPolicy} chosen by name from the policy registry: what the overbooking model's
 * registered policies are (OverbookingPolicy in the tree, or one kept outside it), so that the
 * daemon and {@code simulate} run any of them. ClusterPolicy itself stays a bare function of the
 * view, which the control loop and its tests wrap or write as lambdas without a name.
 */
public interface NamedClusterPolicy extends ClusterPolicy, Plugin {}
