package org.overbookd.backend.opennebula;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.backend.Outcome;

/**
 * Actions sent to oned whose reply was lost ({@link Outcome.Status#UNKNOWN}), until an observation
 * settles each from the VM as oned reports it.
 *
 * <p>The rule. oned changes a VM's state inside the call that accepts an action (deploy makes a
 * HOLD VM ACTIVE/PROLOG on the host, suspend makes a RUNNING VM SAVE_SUSPEND, resume opens a new
 * HISTORY record), so the VM as it was just before the call, compared with the VM observed later,
 * tells what happened:
 * <ul>
 *   <li>changed (STATE, LCM_STATE or its last HISTORY record's SEQ): the action took effect, OK;
 *       except a deploy that put the VM on another host than the one asked, FAILED (someone else
 *       placed it);</li>
 *   <li>unchanged, observed at least one call timeout after the request was sent: FAILED (oned
 *       may still be working through a request whose connection it lost, so an earlier
 *       observation proves nothing and the action stays unsettled);</li>
 *   <li>gone from the pool (deleted or DONE): FAILED, with a message saying it cannot be told.</li>
 * </ul>
 * While an action on a VM is unsettled, nothing more is sent for that VM or for the host the
 * decision named. The memory is the daemon's only: after a restart, the next observation starts
 * from what oned reports, which is all a settlement would have used.
 */
final class UnsettledActions {

    static final String CODE = "UNSETTLED";

    /** One lost reply, with the VM as it was read just before the call. */
    private record Unsettled(
            Outcome lost, VmCall call, int hostId, int state, int lcmState, int historySeq, Instant sentAt) {}

    private final Duration grace;
    private final Map<Integer, Unsettled> byVm = new LinkedHashMap<>();
    private final List<Outcome> settled = new ArrayList<>();

    /** @param grace how long oned may take to carry out a request it received: the call timeout */
    UnsettledActions(Duration grace) {
        this.grace = grace;
    }

    synchronized void remember(Outcome lost, VmRecord before, VmCall call, int hostId, Instant sentAt) {
        byVm.put(
                before.id(), new Unsettled(lost, call, hostId, before.state(), before.lcmState(), seq(before), sentAt));
    }

    /** Why nothing may be sent for this VM or host now, or null. */
    synchronized String blocking(int vmId, int hostId) {
        for (Unsettled u : byVm.values()) {
            if (u.call().vmId() == vmId || u.hostId() == hostId) {
                return "the reply to " + u.call() + " was lost and it is not settled yet; nothing more is sent for VM "
                        + u.call().vmId() + " or host " + u.hostId() + " until an observation tells what happened";
            }
        }
        return null;
    }

    /** Settles what the pool observed at {@code now} can tell. */
    synchronized void settle(List<VmRecord> pool, Instant now) {
        if (byVm.isEmpty()) {
            return;
        }
        Map<Integer, VmRecord> vms = new HashMap<>();
        for (VmRecord vm : pool) {
            if (byVm.containsKey(vm.id())) {
                vms.put(vm.id(), vm);
            }
        }
        for (Iterator<Unsettled> it = byVm.values().iterator(); it.hasNext(); ) {
            Unsettled u = it.next();
            Outcome outcome = settle(u, vms.get(u.call().vmId()), now);
            if (outcome != null) {
                settled.add(outcome);
                it.remove();
            }
        }
    }

    private Outcome settle(Unsettled u, VmRecord vm, Instant now) {
        int id = u.call().vmId();
        if (vm == null) {
            return outcome(
                    u,
                    Outcome.Status.FAILED,
                    "VM " + id + " is gone from the pool: whether " + u.call() + " took effect cannot be told");
        }
        String state = OneVmStates.describe(vm.state(), vm.lcmState()) + " on host " + vm.lastHostId();
        boolean changed = vm.state() != u.state() || vm.lcmState() != u.lcmState() || seq(vm) != u.historySeq();
        if (changed) {
            if (u.call().isDeploy() && vm.lastHostId() != u.call().hostId()) {
                return outcome(
                        u,
                        Outcome.Status.FAILED,
                        "VM " + id + " is now " + state + ", not on host "
                                + u.call().hostId() + ": " + u.call() + " did not take effect");
            }
            return outcome(u, Outcome.Status.OK, "VM " + id + " is now " + state + ": " + u.call() + " took effect");
        }
        if (!now.isBefore(u.sentAt().plus(grace))) {
            return outcome(
                    u,
                    Outcome.Status.FAILED,
                    "VM " + id + " is still " + state + " "
                            + Duration.between(u.sentAt(), now).toSeconds() + " s after the request: " + u.call()
                            + " did not take effect");
        }
        return null;
    }

    private static Outcome outcome(Unsettled u, Outcome.Status status, String message) {
        return new Outcome(u.lost().decision(), status, u.lost().code(), message);
    }

    /** The actions settled since the last call, once. */
    synchronized List<Outcome> drain() {
        List<Outcome> out = List.copyOf(settled);
        settled.clear();
        return out;
    }

    private static int seq(VmRecord vm) {
        return vm.lastHistory() == null ? -1 : vm.lastHistory().seq();
    }
}
