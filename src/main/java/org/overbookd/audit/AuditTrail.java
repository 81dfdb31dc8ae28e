package org.overbookd.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.RollingFile;

/**
 * What an audit log says overbookd did, read back: the actions enacted since an instant, from the
 * log's rolled files (those of that day on) and the log itself. A restarted daemon reads the last
 * day of it, so that the live guards count the suspensions and actions of its previous run too: the
 * log is written before each action and synced, and it is the one record of overbookd's own actions
 * (OpenNebula's VM history keeps no trace of a suspension once the VM is resumed: the resume
 * overwrites the record's action).
 *
 * <p>An action counts when its outcome was {@code ok}, and while it was {@code unknown} (its reply
 * was lost) unless a later {@code reconciled} line settles it as failed: a guard errs on the side of
 * counting. The log is overbookd's own file, yet read as input: a line that is not a record, or one
 * longer than {@link #MAX_LINE}, is skipped.
 */
public final class AuditTrail {

    /** A line longer than this is no record of ours. */
    static final int MAX_LINE = 64 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One action enacted: when (its cycle's time), which, on which VM and host. */
    public record Enacted(Instant time, String action, long vmId, int hostId) {}

    private AuditTrail() {}

    /**
     * The actions of the log at {@code file} (and its rolled files) enacted at or after {@code since},
     * in the log's order; none when there is no such file.
     *
     * @throws IOException when a file of the log cannot be read
     */
    public static List<Enacted> enactedSince(Path file, Instant since) throws IOException {
        List<Path> parts = new ArrayList<>(
                RollingFile.rolledSince(file, since.atZone(ZoneOffset.UTC).toLocalDate()));
        if (Files.isRegularFile(file)) {
            parts.add(file);
        }
        List<Enacted> enacted = new ArrayList<>();
        // an unknown outcome, by action and VM (a reconciled line carries the cycle that settled it, not
        // the one that sent it): a reconciled line that says it failed removes it
        Map<String, Enacted> unknown = new HashMap<>();
        for (Path part : parts) {
            try (BufferedReader in = Files.newBufferedReader(part, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    read(line, since, enacted, unknown);
                }
            }
        }
        return enacted;
    }

    private static void read(String line, Instant since, List<Enacted> enacted, Map<String, Enacted> unknown) {
        if (line.length() > MAX_LINE || line.isBlank()) {
            return;
        }
        JsonNode record;
        try {
            record = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return; // torn by a crash or a full disk: not a record
        }
        String event = record.path("event").asText();
        if (!event.equals("outcome") && !event.equals("reconciled")) {
            return;
        }
        Instant time;
        try {
            time = Instant.parse(record.path("time").asText());
        } catch (DateTimeParseException e) {
            return;
        }
        if (time.isBefore(since)
                || !record.path("vm_id").canConvertToLong()
                || !record.path("host_id").canConvertToInt()) {
            return;
        }
        Enacted action = new Enacted(
                time,
                record.path("action").asText(),
                record.path("vm_id").asLong(),
                record.path("host_id").asInt());
        String key = action.action() + "/" + action.vmId();
        String outcome = record.path("outcome").asText();
        if (event.equals("outcome") && (outcome.equals("ok") || outcome.equals("unknown"))) {
            enacted.add(action);
            if (outcome.equals("unknown")) {
                unknown.put(key, action);
            }
        } else if (event.equals("reconciled") && outcome.equals("failed")) {
            Enacted counted = unknown.remove(key);
            if (counted != null) {
                enacted.remove(counted);
            }
        }
    }
}
