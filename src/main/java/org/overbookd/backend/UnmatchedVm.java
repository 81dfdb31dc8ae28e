package org.overbookd.backend;

import java.util.Objects;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmUnmatched;

/**
 * A queued low-QoS VM that the VIM's own placement rules let run on no host of the last
 * observation, as the audit records it when that begins: it stays queued, and the policy places the
 * VMs behind it.
 *
 * @param detail the backend's words: the rule that excludes every host, quoting the VM's
 *               requirements; text of the VM owner's, bounded by the backend
 */
public record UnmatchedVm(VmRef vm, VmUnmatched reason, String detail) {

    public UnmatchedVm {
        Objects.requireNonNull(vm, "vm");
        Objects.requireNonNull(reason, "reason");
        detail = detail == null ? "" : detail;
    }
}
