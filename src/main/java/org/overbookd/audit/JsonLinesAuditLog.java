package org.overbookd.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.io.RollingFile;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.HeldBack;

/**
 * Writes one JSON object per line ({@link AuditRecord}): {@code "event":"decision"} before
 * enactment, {@code "event":"outcome"} after, {@code "event":"reconciled"} when an unknown outcome
 * is settled, {@code "event":"unmatched"} when a queued VM is found to run on no host,
 * {@code "event":"held"} when a guard of the policy begins to hold a decision back. Field order is fixed so that equal runs give equal bytes.
 *
 * <p>Two destinations: a {@link Writer} (the simulator's audit, flushed per line), and for the
 * daemon a {@link RollingFile} synced to the device on every record ({@link #open}), so that a
 * decision is on disk before its action is sent. Any failure to write is an {@link AuditException}.
 */
public final class JsonLinesAuditLog implements AuditLog {

    private static final JsonFactory JSON = JsonFactory.builder().build();
    /** The tail read to find the last cycle number: far more than one record. */
    private static final int TAIL_BYTES = 64 * 1024;

    private static final Pattern CYCLE = Pattern.compile("\"cycle\":(\\d+)");

    /** Where the lines go. */
    private interface Sink {
        void write(String line) throws IOException;

        void close() throws IOException;
    }

    private final Sink sink;
    private final String name;
    private final long lastCycle;
    /** The daemon node that decides and enacts, recorded in every line; null: not recorded. */
    private final String node;

    private JsonLinesAuditLog(Sink sink, String name, long lastCycle, String node) {
        this.sink = sink;
        this.name = name;
        this.lastCycle = lastCycle;
        this.node = node;
    }

    /** An audit log written to {@code out}, flushed after every record (the simulator's). */
    public JsonLinesAuditLog(Writer out) {
        this(
                new Sink() {
                    @Override
                    public void write(String line) throws IOException {
                        out.write(line);
                        out.write('\n');
                        out.flush();
                    }

                    @Override
                    public void close() throws IOException {
                        out.close();
                    }
                },
                "the audit log",
                0,
                null);
    }

    /**
     * The daemon's audit log: {@code file}, rolled by {@code policy}, every record synced to the
     * device before the call returns. Cycle numbers continue from the last one in the file.
     *
     * @throws IOException naming the file when it cannot be opened for writing
     */
    public static JsonLinesAuditLog open(Path file, RollingFile.Policy policy, Clock clock) throws IOException {
        return open(file, policy, clock, null);
    }

    /**
     * {@link #open(Path, RollingFile.Policy, Clock)}, with {@code node} (this daemon's name in a
     * high-availability pair) in every record, so an auditor sees which node decided and enacted.
     */
    public static JsonLinesAuditLog open(Path file, RollingFile.Policy policy, Clock clock, String node)
            throws IOException {
        long last = lastCycleIn(file);
        RollingFile rolling = new RollingFile(file, policy, true, clock);
        return new JsonLinesAuditLog(
                new Sink() {
                    @Override
                    public void write(String line) throws IOException {
                        rolling.append(line);
                    }

                    @Override
                    public void close() throws IOException {
                        rolling.close();
                    }
                },
                file.toString(),
                last,
                node);
    }

    @Override
    public synchronized void decided(long cycle, Instant time, Decision decision) {
        write(AuditRecord.fields(cycle, time, "decision", decision, null));
    }

    @Override
    public synchronized void enacted(long cycle, Instant time, Outcome outcome) {
        write(AuditRecord.fields(cycle, time, "outcome", outcome.decision(), outcome));
    }

    @Override
    public synchronized void reconciled(long cycle, Instant time, Outcome settled) {
        write(AuditRecord.fields(cycle, time, "reconciled", settled.decision(), settled));
    }

    @Override
    public synchronized void unmatched(long cycle, Instant time, UnmatchedVm vm) {
        write(AuditRecord.unmatched(cycle, time, vm));
    }

    @Override
    public synchronized void held(long cycle, Instant time, HeldBack held) {
        write(AuditRecord.held(cycle, time, held));
    }

    @Override
    public long lastCycle() {
        return lastCycle;
    }

    private void write(Map<String, Object> fields) {
        if (node != null) {
            fields = AuditRecord.withNode(fields, node);
        }
        try {
            sink.write(toJson(fields));
        } catch (IOException e) {
            throw new AuditException(e.getMessage(), e);
        }
    }

    static String toJson(Map<String, Object> fields) {
        StringWriter line = new StringWriter(256);
        try (JsonGenerator json = JSON.createGenerator(line)) {
            json.writeStartObject();
            for (Map.Entry<String, Object> field : fields.entrySet()) {
                writeField(json, field.getKey(), field.getValue());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("a JSON generator over a string cannot fail", e);
        }
        return line.toString();
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

    /** The largest "cycle" among the last records of {@code file} or, if it is empty, its newest rolled file. */
    static long lastCycleIn(Path file) throws IOException {
        List<Path> rolled = RollingFile.rolled(file);
        for (Path candidate : rolled.isEmpty() ? List.of(file) : List.of(file, rolled.get(rolled.size() - 1))) {
            if (!Files.isRegularFile(candidate) || Files.size(candidate) == 0) {
                continue;
            }
            long last = 0;
            Matcher m = CYCLE.matcher(tail(candidate));
            while (m.find()) {
                last = Math.max(last, Long.parseLong(m.group(1)));
            }
            return last;
        }
        return 0;
    }

    private static String tail(Path file) throws IOException {
        try (var channel = java.nio.channels.FileChannel.open(file)) {
            long from = Math.max(0, channel.size() - TAIL_BYTES);
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate((int) (channel.size() - from));
            while (bytes.hasRemaining() && channel.read(bytes, from + bytes.position()) > 0) {
                // read until the buffer is full
            }
            return new String(bytes.array(), 0, bytes.position(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Override
    public synchronized void close() {
        try {
            sink.close();
        } catch (IOException e) {
            throw new AuditException("cannot close " + name + ": " + e.getMessage(), e);
        }
    }
}
