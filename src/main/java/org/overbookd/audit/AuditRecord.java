package org.overbookd.audit;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.HeldBack;

/**
 * The fields of one audit record, in the order they are written, shared by every audit log so
 * that {@code overbookd audit} reads them all: time, cycle, event, action, the VM and host, the
 * reason's facts (measured utilization, bounds, slots), the reason in words, and for an outcome
 * its status and the backend's error code and message. Text is bounded ({@link #MAX_TEXT}).
 */
final class AuditRecord {

    private AuditRecord() {}

    /** Text longer than this, from a reason or a server's message, is cut: one record stays one short line. */
    static final int MAX_TEXT = 1024;

    /** @param event {@code decision}, {@code outcome} or {@code reconciled} */
    static Map<String, Object> fields(long cycle, Instant time, String event, Decision decision, Outcome outcome) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("time", time.toString());
        f.put("cycle", cycle);
        f.put("event", event);
        f.put("action", decision.action());
        f.put("vm_id", decision.vm().id());
        f.put("vm_name", decision.vm().name());
        f.put("host_id", decision.host().id());
        f.put("host_name", decision.host().name());
        f.putAll(decision.reason().facts());
        f.put("reason", bounded(decision.reason().text()));
        if (outcome != null) {
            f.put("outcome", outcome.status().name().toLowerCase(Locale.ROOT));
            if (!outcome.code().isEmpty()) {
                f.put("error_code", outcome.code());
            }
            if (!outcome.message().isEmpty()) {
                f.put("error_message", bounded(outcome.message()));
            }
        }
        return f;
    }

    /**
     * A queued VM that may run on no host: time, cycle, event {@code unmatched}, the VM, the reason's
     * label as {@code unmatched} ({@code no-host}, {@code no-datastore}, {@code invalid},
     * {@code unsupported}) and the backend's words as the reason. No host and no action: there is none.
     */
    static Map<String, Object> unmatched(long cycle, Instant time, UnmatchedVm vm) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("time", time.toString());
        f.put("cycle", cycle);
        f.put("event", "unmatched");
        f.put("vm_id", vm.vm().id());
        f.put("vm_name", vm.vm().name());
        f.put("unmatched", vm.reason().label());
        f.put("reason", bounded(vm.detail()));
        return f;
    }

    /**
     * A decision a guard held back: time, cycle, event {@code held}, the action that was not taken,
     * the VM and the host it names (a held host names no VM, a VM kept queued no host), the guard's
     * label as {@code guard}, the reason's other facts and the reason in words.
     */
    static Map<String, Object> held(long cycle, Instant time, HeldBack held) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("time", time.toString());
        f.put("cycle", cycle);
        f.put("event", "held");
        f.put("action", held.action());
        if (held.vm() != null) {
            f.put("vm_id", held.vm().id());
            f.put("vm_name", held.vm().name());
        }
        if (held.host() != null) {
            f.put("host_id", held.host().id());
            f.put("host_name", held.host().name());
        }
        f.put("guard", held.guard());
        for (Map.Entry<String, Object> fact : held.reason().facts().entrySet()) {
            f.putIfAbsent(fact.getKey(), fact.getValue());
        }
        f.put("reason", bounded(held.reason().text()));
        return f;
    }

    /** {@code fields} with {@code "node"} right after {@code "cycle"}. */
    static Map<String, Object> withNode(Map<String, Object> fields, String node) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            f.put(e.getKey(), e.getValue());
            if (e.getKey().equals("cycle")) {
                f.put("node", node);
            }
        }
        return f;
    }

    static String bounded(String text) {
        if (text.length() <= MAX_TEXT) {
            return text;
        }
        return text.substring(0, MAX_TEXT) + "... (" + (text.length() - MAX_TEXT) + " more characters)";
    }
}
