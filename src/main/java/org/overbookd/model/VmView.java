package org.overbookd.model;

import java.time.Instant;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/** A read-only view of one VM. Implementations may be live views: read them only during one decision. */
public interface VmView {
    long id();

    String name();

    QosClass qos();

    VmState state();

    /** When the VM first entered the system; kept across suspensions, it orders the queue. */
    Instant firstArrival();

    /**
     * When the VM was placed on its current host (deploy or resume), or null when it is on none.
     * OpenNebula keeps it in the VM's current history record, so it survives a daemon restart.
     */
    Instant placedAt();

    /**
     * How many times overbookd took this VM off a host (an enacted suspension, whatever the
     * backend's mechanism) at or after {@code since}, as far as the backend's history reaches back (a
     * day): what a cap on the suspensions per VM counts. The history is the VIM's or overbookd's own
     * record, never the policy's memory, so a restarted daemon counts the same. The default keeps no
     * history: none.
     */
    default int suspensionsSince(Instant since) {
        return 0;
    }

    /**
     * The host a queued VM must return to, if any. A VM suspended in place (OpenNebula's
     * {@code suspend}) can only be resumed on the host that keeps its memory image; a VM that
     * left its host entirely (the simulator's swap-out, OpenNebula's {@code stop}) can go anywhere.
     */
    OptionalInt pinnedHost();

    /** Current CPU load in percent of one core (100 = one full core), 0 when not running. */
    double load();

    /**
     * The VIM's short-term forecast of {@link #load()}, in the same percent of one core, or NaN when it
     * has none: on OpenNebula the VM monitoring's CPU_FORECAST (its prediction probe's). No policy acts
     * on it; the record keeps it, so that a replay knows what the VIM forecast of the VMs overbookd
     * placed. The default has none.
     */
    default double forecastLoad() {
        return Double.NaN;
    }

    /**
     * How long the VM has run and waited since it first arrived (Silva et al.'s e and p). The default
     * knows nothing of the VM's past and treats it as never having run.
     */
    default RunRecord runRecord() {
        return RunRecord.neverRan(firstArrival());
    }

    /**
     * The availability this VM was promised (0 to 1), if its owner said; the policy applies its
     * configured default otherwise.
     */
    default OptionalDouble slo() {
        return OptionalDouble.empty();
    }

    /** What the VM asks of a host; {@link VmSize#UNKNOWN} when the VIM does not say. */
    default VmSize size() {
        return VmSize.UNKNOWN;
    }

    /**
     * The VM's virtual CPUs, 0 when the VIM does not say: the most CPU it can use, {@link #load()} being
     * at most this x 100. Not {@link #size()}'s CPU, the share of a host the VM asks for, which may be
     * less (OpenNebula's TEMPLATE/CPU 0.5 with VCPU 2 is half a core reserved for a VM that can keep two
     * busy). A record of the cluster keeps it, so that a replay bounds each VM's load by its own cores.
     */
    default int vcpus() {
        return 0;
    }

    /**
     * Whether the VIM's own placement rules let this VM run on {@code host}, a host of the same view
     * (in OpenNebula: its requirement expressions match the host, a system datastore it may use is in
     * the host's cluster, and, for a VM suspended in place, its requirements still match its host).
     * Capacity and the overbooking bounds are the policy's business, not this. The default knows no
     * rules: every host (the simulator's VMs, the paper's).
     */
    default boolean mayRunOn(HostView host) {
        return true;
    }
}
