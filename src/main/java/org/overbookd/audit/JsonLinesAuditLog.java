package org.overbookd.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.util.Map;
import org.overbookd.backend.Outcome;
import org.overbookd.policy.Decision;

/**
 * Writes one JSON object per line: {@code "event":"decision"} before enactment and
 * {@code "event":"outcome"} after. Field order is fixed so that equal runs give equal bytes.
 */
public final class JsonLinesAuditLog implements AuditLog {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Writer out;

    public JsonLinesAuditLog(Writer out) {
        this.out = out;
    }

    @Override
    public synchronized void decided(long cycle, Instant time, Decision decision) {
        write(cycle, time, "decision", decision, null);
    }

    @Override
    public synchronized void enacted(long cycle, Instant time, Outcome outcome) {
        write(cycle, time, "outcome", outcome.decision(), outcome);
    }

    private void write(long cycle, Instant time, String event, Decision decision, Outcome outcome) {
        try {
            JsonGenerator json = JSON.createGenerator(out);
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            json.writeStartObject();
            json.writeStringField("time", time.toString());
            json.writeNumberField("cycle", cycle);
            json.writeStringField("event", event);
            json.writeStringField("action", decision.action());
            json.writeNumberField("vm_id", decision.vm().id());
            json.writeStringField("vm_name", decision.vm().name());
            json.writeNumberField("host_id", decision.host().id());
            json.writeStringField("host_name", decision.host().name());
            for (Map.Entry<String, Object> fact : decision.reason().facts().entrySet()) {
                writeFact(json, fact.getKey(), fact.getValue());
            }
            json.writeStringField("reason", decision.reason().text());
            if (outcome != null) {
                json.writeStringField("outcome", outcome.status().name().toLowerCase(java.util.Locale.ROOT));
                if (!outcome.code().isEmpty()) {
                    json.writeStringField("error_code", outcome.code());
                }
                if (!outcome.message().isEmpty()) {
                    json.writeStringField("error_message", outcome.message());
                }
            }
            json.writeEndObject();
            json.flush();
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the audit log: " + e.getMessage(), e);
        }
    }

    private static void writeFact(JsonGenerator json, String name, Object value) throws IOException {
        if (value instanceof Integer || value instanceof Long) {
            json.writeNumberField(name, ((Number) value).longValue());
        } else if (value instanceof Number number) {
            json.writeNumberField(name, number.doubleValue());
        } else if (value instanceof Boolean bool) {
            json.writeBooleanField(name, bool);
        } else {
            json.writeStringField(name, String.valueOf(value));
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the audit log: " + e.getMessage(), e);
        }
    }
}
