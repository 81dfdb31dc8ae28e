package org.overbookd.daemon;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.overbookd.audit.AuditTrail;
import org.overbookd.policy.overbooking.Guards;

/**
 * overbookd's own actions on the cluster over the last day, for the live guards: when each VM was
 * suspended and each host acted on. It starts from the audit log's last day ({@link AuditTrail}), so a
 * restarted daemon forgets nothing, and grows with each cycle's enacted actions. OpenNebula cannot
 * serve it: its pool carries each VM's last history record only, and a resume overwrites the action
 * of the record a suspension closed, so no record says the VM was suspended.
 */
final class GuardHistory {

    private final Map<Long, Deque<Instant>> suspensions = new HashMap<>();
    private final Map<Integer, Deque<Instant>> actions = new HashMap<>();

    /** A history that starts with {@code enacted} (oldest first), as the audit log read back gives them. */
    GuardHistory(List<AuditTrail.Enacted> enacted) {
        for (AuditTrail.Enacted e : enacted) {
            add(e.time(), e.action(), e.vmId(), e.hostId());
        }
    }

    /** {@code action} was enacted on VM {@code vm} and host {@code host} at {@code time}. */
    synchronized void add(Instant time, String action, long vm, int host) {
        if (action.equals("suspend")) {
            suspensions.computeIfAbsent(vm, k -> new ArrayDeque<>()).addLast(time);
        }
        actions.computeIfAbsent(host, k -> new ArrayDeque<>()).addLast(time);
    }

    /** An action counted at {@code time} that did not happen after all (its reply was lost; it failed). */
    synchronized void remove(Instant time, String action, long vm, int host) {
        if (action.equals("suspend")) {
            removeOne(suspensions.get(vm), time);
        }
        removeOne(actions.get(host), time);
    }

    private static void removeOne(Deque<Instant> times, Instant time) {
        if (times != null) {
            times.removeLastOccurrence(time);
        }
    }

    synchronized int suspensionsSince(long vm, Instant since) {
        return count(suspensions.get(vm), since);
    }

    synchronized int actionsSince(int host, Instant since) {
        return count(actions.get(host), since);
    }

    /** Drops what no guard asks about any more at {@code now}: suspensions of a day ago, actions of an hour ago. */
    synchronized void prune(Instant now) {
        prune(suspensions, now.minus(Guards.DAY));
        prune(actions, now.minus(Guards.HOUR));
    }

    private static <K> void prune(Map<K, Deque<Instant>> times, Instant before) {
        for (Iterator<Deque<Instant>> it = times.values().iterator(); it.hasNext(); ) {
            Deque<Instant> each = it.next();
            while (!each.isEmpty() && each.peekFirst().isBefore(before)) {
                each.pollFirst();
            }
            if (each.isEmpty()) {
                it.remove();
            }
        }
    }

    private static int count(Deque<Instant> times, Instant since) {
        if (times == null) {
            return 0;
        }
        int n = 0;
        for (Iterator<Instant> it = times.descendingIterator(); it.hasNext(); ) {
            if (it.next().isBefore(since)) {
                break;
            }
            n++;
        }
        return n;
    }
}
