package org.overbookd.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "audit",
        description = "Print an audit log (JSON lines from audit.file) as a readable table, oldest first.",
        footer = {"", "Examples:",
            "  overbookd audit /var/log/overbookd/audit.jsonl --vm 123",
            "  overbookd audit audit.jsonl --host 7 --since 2026-11-22T08:00:00Z"})
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

    @Override
    public Integer call() throws IOException {
        Instant from = null;
        if (since != null) {
            try {
                from = Instant.parse(since);
            } catch (DateTimeParseException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--since: '" + since + "' is not an ISO-8601 instant such as 2026-11-22T08:00:00Z");
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ObjectMapper json = new ObjectMapper();
        out.printf(Locale.ROOT, "%-24s %6s %-8s %-7s %8s %6s %7s %-9s %s%n",
                "time", "cycle", "event", "action", "vm", "host", "util%", "outcome", "reason");
        int lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode r;
                try {
                    r = json.readTree(line);
                } catch (JsonProcessingException e) {
                    err.println("overbookd: " + file + ":" + lineNo + ": not a JSON audit record");
                    err.flush();
                    return ExitCodes.DATA_ERROR;
                }
                if (!r.hasNonNull("time") || !r.hasNonNull("vm_id") || !r.hasNonNull("host_id")) {
                    err.println("overbookd: " + file + ":" + lineNo + ": not an overbookd audit record (no time, vm_id or host_id)");
                    err.flush();
                    return ExitCodes.DATA_ERROR;
                }
                if (vm != null && r.get("vm_id").asLong() != vm
                        || host != null && r.get("host_id").asInt() != host
                        || from != null && Instant.parse(r.get("time").asText()).isBefore(from)) {
                    continue;
                }
                out.printf(Locale.ROOT, "%-24s %6d %-8s %-7s %8d %6d %7s %-9s %s%n",
                        r.get("time").asText(), r.path("cycle").asLong(), r.path("event").asText(),
                        r.path("action").asText(), r.get("vm_id").asLong(), r.get("host_id").asInt(),
                        r.has("host_utilization") ? String.format(Locale.ROOT, "%.1f", r.get("host_utilization").asDouble()) : "",
                        r.has("outcome") ? r.get("outcome").asText() + (r.has("error_code") ? " " + r.get("error_code").asText() : "") : "",
                        r.path("reason").asText());
            }
        } catch (NoSuchFileException e) {
            err.println("overbookd: " + file + ": no such file");
            err.flush();
            return ExitCodes.DATA_ERROR;
        }
        out.flush();
        return ExitCodes.OK;
    }
}
