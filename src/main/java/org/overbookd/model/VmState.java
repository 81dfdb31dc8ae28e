package org.overbookd.model;

/**
 * The life of a VM as the policies see it, independent of any backend's own state machine.
 * Transient states mean an operation is in flight on the VM's host.
 */
public enum VmState {
    /** Waiting for its first placement (OpenNebula: HOLD). */
    QUEUED(false),
    /** Being booted on a host (cost c_b). */
    BOOTING(true),
    /** Running its workload. */
    RUNNING(false),
    /** Being suspended (cost c_p). */
    SUSPENDING(true),
    /** Taken off its host by overbookd, waiting to be resumed. */
    SUSPENDED(false),
    /** Being resumed on a host (cost c_r). */
    RESUMING(true),
    /** Being shut down after its work is done (cost c_t). */
    TERMINATING(true),
    /** Gone. */
    DONE(false);

    private final boolean transientState;

    VmState(boolean transientState) {
        this.transientState = transientState;
    }

    /** True while an operation on the VM is in flight, which occupies its host's single operation slot. */
    public boolean isTransient() {
        return transientState;
    }
}
