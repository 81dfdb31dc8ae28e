package org.overbookd.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.overbookd.io.RollingFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "audit",
        description = {
            "Print an audit log (JSON lines from audit.file) as a readable table, oldest first.",
            "Reads the rolled files of FILE (NAME.YYYY-MM-DD.N.jsonl beside it) first, then FILE. A line that is not"
                    + " a record (torn by a crash or a full disk) is skipped with a warning naming file and line."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd audit /var/log/overbookd/audit.jsonl --vm 123",
            "  overbookd audit audit.jsonl --host 7 --since 2026-11-22T08:00:00Z",
            "  overbookd audit --summary audit.jsonl \\",
            "      --since 2026-11-22T00:00:00Z --until 2026-11-23T00:00:00Z"
        })
final class AuditCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The audit log.")
    Path file;

    @Option(names = "--vm", paramLabel = "ID", description = "Only records about this VM.")
    Long vm;

    @Option(names = "--host", paramLabel = "ID", description = "Only records about this host.")
    Integer host;

    @Option(names = "--since", paramLabel = "TIME", description = "Only records at or after this ISO-8601 instant.")
    String since;

    @Option(names = "--until", paramLabel = "TIME", description = "Only records before this ISO-8601 instant.")
    String until;

    @Option(
            names = "--summary",
            description = "Instead of the records, a summary of them: decisions by kind and by"
                    + " outcome, hosts touched, VMs suspended and how often, the nodes that wrote, the VMs found to match no"
                    + " host, suspensions per day;"
                    + " a --dry-run daemon's decisions counted apart.")
    boolean summary;

    @Override
    public Integer call() throws IOException {
        Instant from = instant("--since", since);
        Instant to = instant("--until", until);
        if (from != null && to != null && from.isAfter(to)) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(),
                    "--since " + since + " is after --until " + until + ": the window would be empty");
        }
        AuditSummary totals = summary ? new AuditSummary() : null;
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(file)) {
            err.println("overbookd: " + file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
            err.flush();
            return ExitCodes.NO_INPUT;
        }
        if (totals == null) {
            out.printf(
                    Locale.ROOT,
                    "%-24s %6s %-10s %-7s %8s %6s %7s %-9s %s%n",
                    "time",
                    "cycle",
                    "event",
                    "action",
                    "vm",
                    "host",
                    "util%",
                    "outcome",
                    "reason");
        }
        Reading reading = new Reading(err);
        // rolled files first, oldest first: the table reads as one history
        Path current = file;
        try {
            for (Path part : RollingFile.rolled(file)) {
                current = part;
                read(part, from, to, out, reading, totals);
            }
            current = file;
            read(file, from, to, out, reading, totals);
        } catch (IOException e) {
            out.flush();
            err.println("overbookd: " + current + ": cannot read: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            err.flush();
            return ExitCodes.NO_INPUT;
        }
        if (reading.skipped > MAX_WARNINGS) {
            err.println("overbookd: " + (reading.skipped - MAX_WARNINGS) + " more lines skipped");
        }
        if (reading.records == 0 && reading.skipped > 0) {
            err.println("overbookd: " + file + ": not an overbookd audit log (no line is an audit record)");
            err.flush();
            return ExitCodes.DATA_ERROR;
        }
        if (totals != null) {
            totals.print(out, from, to);
        }
        err.flush();
        out.flush();
        return ExitCodes.OK;
    }

    private Instant instant(String flag, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(),
                    flag + ": '" + value + "' is not an ISO-8601 instant such as 2026-11-22T08:00:00Z");
        }
    }

    /** Warnings printed before they are only counted. */
    private static final int MAX_WARNINGS = 10;

    /**
     * Jackson, loaded on first use: picocli creates every command at start-up, and an
     * ObjectMapper in a static field would cost every other command (even {@code --help})
     * the loading of Jackson's classes (docs/performance.md).
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** What reading found so far, across files. */
    private static final class Reading {
        final PrintWriter err;
        long records;
        long skipped;

        Reading(PrintWriter err) {
            this.err = err;
        }

        void skip(Path file, int lineNo, String why) {
            if (++skipped <= MAX_WARNINGS) {
                err.println("overbookd: " + file + ":" + lineNo + ": " + why + " (skipped)");
            }
        }
    }

    /**
     * Prints the records of one file (or hands them to the summary). A line that is not a record (one torn by a crash or a full
     * disk, or binary garbage) is skipped with a warning naming the file and line: it never stops
     * the rest from being read.
     */
    private void read(Path part, Instant from, Instant to, PrintWriter out, Reading reading, AuditSummary totals)
            throws IOException {
        // undecodable bytes become U+FFFD, so a binary line is a bad line, not an I/O error
        var decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(part), decoder))) {
            int lineNo = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode r;
                try {
                    r = Json.MAPPER.readTree(line);
                } catch (JsonProcessingException e) {
                    reading.skip(part, lineNo, "not a JSON audit record");
                    continue;
                }
                // every record names a VM and a host, but an unmatched one (a VM that may run on none) and a
                // held one (a guard held a VM back wherever it could go, or a host back with no VM for it)
                boolean held = r != null && r.path("event").asText().equals("held") && r.hasNonNull("guard");
                if (r == null
                        || !r.hasNonNull("time")
                        || (held
                                ? !r.hasNonNull("vm_id") && !r.hasNonNull("host_id")
                                : !r.hasNonNull("vm_id") || !r.hasNonNull("host_id") && !r.hasNonNull("unmatched"))) {
                    reading.skip(part, lineNo, "not an overbookd audit record (no time, vm_id or host_id)");
                    continue;
                }
                Instant time;
                try {
                    time = Instant.parse(r.get("time").asText());
                } catch (DateTimeParseException e) {
                    reading.skip(part, lineNo, "time '" + r.get("time").asText() + "' is not an ISO-8601 instant");
                    continue;
                }
                reading.records++;
                if (vm != null && (!r.hasNonNull("vm_id") || r.get("vm_id").asLong() != vm)
                        || host != null
                                && (!r.hasNonNull("host_id") || r.get("host_id").asInt() != host)
                        || from != null && time.isBefore(from)
                        || to != null && !time.isBefore(to)) {
                    continue;
                }
                if (totals != null) {
                    totals.add(r, time);
                    continue;
                }
                out.printf(
                        Locale.ROOT,
                        "%-24s %6d %-10s %-7s %8s %6s %7s %-9s %s%n",
                        r.get("time").asText(),
                        r.path("cycle").asLong(),
                        r.path("event").asText(),
                        r.path("action").asText(),
                        r.hasNonNull("vm_id") ? String.valueOf(r.get("vm_id").asLong()) : "-",
                        r.hasNonNull("host_id")
                                ? String.valueOf(r.get("host_id").asInt())
                                : "-",
                        r.has("host_utilization")
                                ? String.format(
                                        Locale.ROOT,
                                        "%.1f",
                                        r.get("host_utilization").asDouble())
                                : "",
                        r.has("outcome")
                                ? r.get("outcome").asText()
                                        + (r.has("error_code")
                                                ? " " + r.get("error_code").asText()
                                                : "")
                                : held
                                        ? r.get("guard").asText()
                                        : r.path("unmatched").asText(),
                        // an outcome's own words (why it failed, how it was settled) say more than the reason again
                        r.hasNonNull("error_message")
                                ? r.get("error_message").asText()
                                : r.path("reason").asText());
            }
        }
    }
}
