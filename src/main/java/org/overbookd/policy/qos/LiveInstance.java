package org.overbookd.policy.qos;

/**
 * An instance whose accounting moves with time: what a {@link HostIndex} keeps between passes, and
 * reads again only when a pass needs exact values.
 */
@FunctionalInterface
public interface LiveInstance {

    /** The instance as the scheduler sees it at time t (seconds), accounting brought up to t. */
    InstanceView viewAt(double t);

    /** An instance whose accounting never changes: a snapshot taken at the pass's instant. */
    static LiveInstance fixed(InstanceView view) {
        return t -> view;
    }
}
