package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.audit.JsonLinesAuditLog;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.io.RollingFile;
import org.overbookd.model.HostRef;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmUnmatched;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.Decision;

/**
 * A queued VM that may run on no host is in the audit when that begins, and {@code overbookd audit}
 * shows it beside the decisions: an auditor asking why VM 42 waited finds the answer there.
 */
class AuditUnmatchedTest {

    private static final Instant T = Instant.parse("2026-11-28T08:00:00Z");

    @TempDir
    Path dir;

    private Path writeLog() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        try (JsonLinesAuditLog audit = JsonLinesAuditLog.open(
                file, new RollingFile.Policy(1 << 20, 3), Clock.fixed(T, ZoneOffset.UTC), "front1")) {
            audit.unmatched(
                    7,
                    T,
                    new UnmatchedVm(
                            new VmRef(42, "batch-42"),
                            VmUnmatched.NO_HOST,
                            "its requirements match none of the 3 usable hosts: GPU = YES"));
            audit.unmatched(
                    7,
                    T,
                    new UnmatchedVm(
                            new VmRef(43, "batch-43"),
                            VmUnmatched.INVALID,
                            "SCHED_REQUIREMENTS with AUTOMATIC_REQUIREMENTS, \"ID = \": syntax error"));
            Decision deploy = new Decision.Deploy(
                    new VmRef(44, "batch-44"), new HostRef(3, "node3"), new Reason("first in the queue", Map.of()));
            audit.decided(7, T, deploy);
            audit.enacted(7, T, Outcome.ok(deploy));
            audit.unmatched(
                    9,
                    T.plusSeconds(600),
                    new UnmatchedVm(
                            new VmRef(42, "batch-42"),
                            VmUnmatched.NO_DATASTORE,
                            "the system datastores it may use [100] are in none of the clusters [101] of the hosts it matches"));
        }
        return file;
    }

    @Test
    void theRecordNamesTheVmTheReasonAndNoHost() throws Exception {
        List<String> lines = Files.readAllLines(writeLog());
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertEquals("unmatched", first.path("event").asText());
        assertEquals("front1", first.path("node").asText());
        assertEquals(42, first.path("vm_id").asInt());
        assertEquals("no-host", first.path("unmatched").asText());
        assertTrue(first.path("reason").asText().endsWith("GPU = YES"));
        assertFalse(first.has("host_id"), "there is no host: that is the point");
        assertFalse(first.has("action"));
    }

    @Test
    void theTableShowsItAndTheFiltersTreatItAsAVmsRecord() throws Exception {
        Path file = writeLog();
        Cli all = Cli.run("audit", file.toString());
        assertEquals(0, all.exitCode(), all.err());
        assertTrue(all.err().isEmpty(), "no line is skipped: " + all.err());
        String row = all.out()
                .lines()
                .filter(l -> l.contains(" 42 ") && l.contains("no-host"))
                .findFirst()
                .orElseThrow();
        assertTrue(row.contains("unmatched") && row.contains(" - ") && row.endsWith("GPU = YES"), row);
        Cli vm = Cli.run("audit", file.toString(), "--vm", "42");
        assertEquals(3, vm.out().lines().count(), "the header and VM 42's two records: " + vm.out());
        Cli host = Cli.run("audit", file.toString(), "--host", "3");
        assertFalse(host.out().contains("unmatched"), "it names no host: " + host.out());
    }

    @Test
    void theSummaryCountsTheVmsByTheLastReasonFound() throws Exception {
        Cli summary = Cli.run("audit", "--summary", writeLog().toString());
        assertEquals(0, summary.exitCode(), summary.err());
        assertTrue(
                summary.out()
                        .contains("VMs that matched no host  2 (invalid 1, no-datastore 1, by the last reason found)"),
                summary.out());
    }
}
