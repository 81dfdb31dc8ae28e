package org.overbookd.audit;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.overbookd.backend.Outcome;
import org.overbookd.policy.Decision;

/**
 * The fields of one audit record, in the order they are written, shared by every audit log so
 * that {@code overbookd audit} reads them all: time, cycle, event, action, the VM and host, the
 * reason's facts (measured utilization, bounds, slots), the reason in words, and for an outcome
 * its status and the backend's error code and message.
 */
final class AuditRecord {

    private AuditRecord() {
    }

    static Map<String, Object> fields(long cycle, Instant time, Decision decision, Outcome outcome) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("time", time.toString());
        f.put("cycle", cycle);
        f.put("event", outcome == null ? "decision" : "outcome");
        f.put("action", decision.action());
        f.put("vm_id", decision.vm().id());
        f.put("vm_name", decision.vm().name());
        f.put("host_id", decision.host().id());
        f.put("host_name", decision.host().name());
        f.putAll(decision.reason().facts());
        f.put("reason", decision.reason().text());
        if (outcome != null) {
            f.put("outcome", outcome.status().name().toLowerCase(Locale.ROOT));
            if (!outcome.code().isEmpty()) {
                f.put("error_code", outcome.code());
            }
            if (!outcome.message().isEmpty()) {
                f.put("error_message", outcome.message());
            }
        }
        return f;
    }
}
