package org.overbookd.policy.cluster;

import java.util.Objects;
import org.overbookd.model.HostRef;
import org.overbookd.model.VmRef;
import org.overbookd.policy.Reason;

/**
 * A decision a policy did not make because one of its guards held it back: what would have been
 * done, to which VM or on which host, and why not. Data, as decisions are: the loop audits it when
 * the hold begins (as it audits a VM that may run on no host), and the daemon's metrics count it.
 *
 * @param guard  the guard's label ({@code min-run-time}, ...)
 * @param action what was held back: {@code suspend} (a victim passed over), {@code deploy} or
 *               {@code resume} (a queued VM kept waiting), {@code place} (a host given no VM)
 * @param vm     the VM, or null when a host was held with no VM chosen for it
 * @param host   the host, or null when a queued VM was held wherever it could have gone
 */
public record HeldBack(String guard, String action, VmRef vm, HostRef host, Reason reason) {

    public HeldBack {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(reason, "reason");
        if (vm == null && host == null) {
            throw new IllegalArgumentException("a held-back decision names a VM, a host or both");
        }
    }

    /**
     * What this hold is of, whatever the step: the guard and the VM (or the host when no VM is named).
     * A hold with the same key in consecutive steps is one episode, audited once.
     */
    public String key() {
        return guard + (vm != null ? "/vm/" + vm.id() : "/host/" + host.id());
    }
}
