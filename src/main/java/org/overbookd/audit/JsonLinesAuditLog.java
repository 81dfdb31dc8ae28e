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
 * Writes one JSON object per line ({@link AuditRecord}): {@code "event":"decision"} before
 * enactment and {@code "event":"outcome"} after. Field order is fixed so that equal runs give equal
 * bytes; the simulator uses it for that reason, the daemon the Logback one.
 */
public final class JsonLinesAuditLog implements AuditLog {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Writer out;

    public JsonLinesAuditLog(Writer out) {
        this.out = out;
    }

    @Override
    public synchronized void decided(long cycle, Instant time, Decision decision) {
        write(AuditRecord.fields(cycle, time, decision, null));
    }

    @Override
    public synchronized void enacted(long cycle, Instant time, Outcome outcome) {
        write(AuditRecord.fields(cycle, time, outcome.decision(), outcome));
    }

    private void write(Map<String, Object> fields) {
        try {
            JsonGenerator json = JSON.createGenerator(out);
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            json.writeStartObject();
            for (Map.Entry<String, Object> field : fields.entrySet()) {
                writeField(json, field.getKey(), field.getValue());
            }
            json.writeEndObject();
            json.flush();
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the audit log: " + e.getMessage(), e);
        }
    }

    private static void writeField(JsonGenerator json, String name, Object value) throws IOException {
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
