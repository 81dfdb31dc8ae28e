package org.overbookd.daemon.health;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * What the status file says about the running daemon: who it is, its last cycle, and the queue and
 * slots of its last successful one. Fields that have no value yet are null.
 *
 * @param written             when the daemon last wrote the file (after each cycle, and when it stopped)
 * @param stopped             when the daemon stopped, or null while it runs
 * @param cycles              cycles this process ran since it started: a count (the cycle's number is lastCycle's)
 * @param lastCycle           the last cycle, or null before the first ended
 * @param consecutiveFailures cycles failed in a row since the last successful one
 * @param lastSuccess         when the last successful cycle ended, or null
 * @param decisionsLastHour   decisions made by the cycles of the hour before {@code written}
 * @param queue               low-QoS VMs waiting, at the last successful cycle (null before one)
 * @param role                {@code single}, or in an HA group {@code active} (holds the writer lease) or
 *                            {@code standby}
 */
public record DaemonStatus(
        long pid,
        String node,
        Instant started,
        Instant written,
        Duration interval,
        Instant stopped,
        long cycles,
        LastCycle lastCycle,
        int consecutiveFailures,
        Instant lastSuccess,
        int decisionsLastHour,
        Integer queue,
        Integer slotsInUse,
        Integer slotsAvailable,
        String role) {

    /** A single daemon's status (role {@code single}). */
    public DaemonStatus(
            long pid,
            String node,
            Instant started,
            Instant written,
            Duration interval,
            Instant stopped,
            long cycles,
            LastCycle lastCycle,
            int consecutiveFailures,
            Instant lastSuccess,
            int decisionsLastHour,
            Integer queue,
            Integer slotsInUse,
            Integer slotsAvailable) {
        this(
                pid,
                node,
                started,
                written,
                interval,
                stopped,
                cycles,
                lastCycle,
                consecutiveFailures,
                lastSuccess,
                decisionsLastHour,
                queue,
                slotsInUse,
                slotsAvailable,
                "single");
    }

    /** True for a node of an HA group that waits for the writer lease: it runs no cycle, by design. */
    public boolean standby() {
        return "standby".equals(role);
    }

    /**
     * @param number    its number, the one the log and the audit give it: it goes on across restarts
     *                  (from the audit log's last), where {@code cycles} counts this process's
     * @param ended     when it ended
     * @param cause     why it failed (a {@link org.overbookd.loop.CycleFailure} cause), null when ok
     * @param message   the failure, null when ok; never a secret (backend messages carry none)
     * @param decisions decisions it made (0 when it failed)
     */
    public record LastCycle(long number, Instant ended, Duration took, String cause, String message, int decisions) {
        public boolean ok() {
            return cause == null;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("pid", pid);
        root.put("node", node);
        root.put("role", role);
        root.put("started", started.toString());
        root.put("written", written.toString());
        root.put("interval_seconds", interval.toMillis() / 1000.0);
        root.put("stopped", stopped == null ? null : stopped.toString());
        root.put("cycles", cycles);
        if (lastCycle == null) {
            root.putNull("last_cycle");
        } else {
            ObjectNode last = root.putObject("last_cycle");
            last.put("number", lastCycle.number());
            last.put("ended", lastCycle.ended().toString());
            last.put("result", lastCycle.ok() ? "ok" : "failed");
            last.put("cause", lastCycle.cause());
            last.put("message", lastCycle.message());
            last.put("duration_seconds", lastCycle.took().toMillis() / 1000.0);
            last.put("decisions", lastCycle.decisions());
        }
        root.put("consecutive_failures", consecutiveFailures);
        root.put("last_success", lastSuccess == null ? null : lastSuccess.toString());
        root.put("decisions_last_hour", decisionsLastHour);
        root.put("queue", queue);
        root.put("slots_in_use", slotsInUse);
        root.put("slots_available", slotsAvailable);
        return root.toPrettyString() + "\n";
    }

    /**
     * @throws IOException saying which field is missing or wrong
     */
    public static DaemonStatus fromJson(String text) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            // Jackson's message names its own feature flags and a redacted source; say where, in words
            JsonLocation at = e.getLocation();
            throw new IOException(
                    "not JSON" + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
                            + " (cut short, or overwritten by something else)");
        }
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        JsonNode last = root.path("last_cycle");
        LastCycle lastCycle = last.isObject()
                ? new LastCycle(
                        last.path("number").asLong(root.path("cycles").asLong()),
                        instant(last, "ended", true),
                        seconds(last, "duration_seconds"),
                        text(last, "cause"),
                        text(last, "message"),
                        last.path("decisions").asInt())
                : null;
        return new DaemonStatus(
                required(root, "pid").asLong(),
                root.path("node").asText(""),
                instant(root, "started", true),
                instant(root, "written", true),
                seconds(root, "interval_seconds"),
                instant(root, "stopped", false),
                root.path("cycles").asLong(),
                lastCycle,
                root.path("consecutive_failures").asInt(),
                instant(root, "last_success", false),
                root.path("decisions_last_hour").asInt(),
                integer(root, "queue"),
                integer(root, "slots_in_use"),
                integer(root, "slots_available"),
                root.path("role").asText("single"));
    }

    private static JsonNode required(JsonNode node, String field) throws IOException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IOException("no " + field);
        }
        return value;
    }

    private static Instant instant(JsonNode node, String field, boolean needed) throws IOException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            if (needed) {
                throw new IOException("no " + field);
            }
            return null;
        }
        try {
            return Instant.parse(value.asText());
        } catch (DateTimeParseException e) {
            throw new IOException(field + " is not a time: " + value.asText());
        }
    }

    private static Duration seconds(JsonNode node, String field) throws IOException {
        return Duration.ofMillis(Math.round(required(node, field).asDouble() * 1000));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static Integer integer(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asInt();
    }
}
