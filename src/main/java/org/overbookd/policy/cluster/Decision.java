package org.overbookd.policy.cluster;

import org.overbookd.model.HostRef;
import org.overbookd.model.VmRef;
import org.overbookd.policy.Reason;

/**
 * One step of the action plan a {@link ClusterPolicy} returns. The backend is the applier: it may refuse a
 * decision (the world changed since the view was taken), never reinterpret it.
 */
public sealed interface Decision permits Decision.Deploy, Decision.Resume, Decision.Suspend {

    VmRef vm();

    HostRef host();

    Reason reason();

    /** Lower-case verb used in audit records and logs. */
    String action();

    /** Place a queued low-QoS VM on a host for the first time (cost c_b). */
    record Deploy(VmRef vm, HostRef host, Reason reason) implements Decision {
        @Override
        public String action() {
            return "deploy";
        }
    }

    /** Bring a low-QoS VM that overbookd took off a host back onto one (cost c_r). */
    record Resume(VmRef vm, HostRef host, Reason reason) implements Decision {
        @Override
        public String action() {
            return "resume";
        }
    }

    /**
     * Take an overbooked low-QoS VM off its host (cost c_p), keeping its work. How it is taken off
     * (in-place suspend or a stop that frees the host) is the backend's configured mechanism.
     */
    record Suspend(VmRef vm, HostRef host, Reason reason) implements Decision {
        @Override
        public String action() {
            return "suspend";
        }
    }
}
