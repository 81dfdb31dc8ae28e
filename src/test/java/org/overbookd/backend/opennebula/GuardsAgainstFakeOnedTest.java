package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.Service;

/**
 * The live cap of suspensions per VM, as {@code overbookd run} assembles the daemon, against the
 * fake oned over two days of its clock (a cycle every hour): a host whose load swings across
 * both bounds as soon as a VM runs on it would have its two low-QoS VMs suspended and resumed all
 * day; with the cap at 2, the suspensions oned receives (its own call log, the judge) never number
 * more than 2 for one VM within 24 hours, though each VM is suspended again on the following days. The
 * daemon is stopped and a new one started halfway: it reads its predecessor's suspensions back from
 * the audit log (its file rolled at midnight too) and keeps holding the VMs at their cap.
 */
class GuardsAgainstFakeOnedTest {

    private static final long CALM = 480; // 60 % of 8 cores, below the lower bound 75
    private static final long HOT = 760; // 95 %, above the upper bound 90
    private static final int CYCLES = 48; // two days of an hour
    private static final int RESTART_AT = 24;
    private static final int TICKS_PER_CYCLE = 360; // 10 s each: an hour

    @TempDir
    Path dir;

    /** The fake's own clock, which the daemon reads too: its samples are never stale. */
    private static Clock clockOf(FakeOned one) {
        return new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochSecond(one.now());
            }
        };
    }

    @Test
    void aVmIsNeverSuspendedMoreOftenInADayThanTheCapAllowsNotEvenAcrossARestart() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            FakeHost host = one.host(0, "node0", 8);
            host.usedCpu(CALM);
            one.vm(1, "batch-1").low();
            one.vm(2, "batch-2").low();
            Path audit = dir.resolve("audit.jsonl");
            Path config = dir.resolve("overbookd.properties");
            List<String> lines = new ArrayList<>(one.daemonConfig(dir));
            lines.addAll(List.of(
                    "overbooking.lower-bound = 75",
                    "overbooking.upper-bound = 90",
                    "overbooking.slots = 1",
                    "overbooking.guard.min-run-time = 0s",
                    "overbooking.guard.max-suspends-per-day = 2",
                    "overbooking.guard.max-actions-per-host-per-hour = 0",
                    "audit.file = " + audit,
                    "status.file = "));
            Files.write(config, lines);
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            Map<Integer, List<Long>> suspendedAt = new HashMap<>();
            Instant restartedAt = null;
            Service service = Service.assemble(settings, config, Map.of(), false, clockOf(one));
            try {
                for (int cycle = 1; cycle <= CYCLES; cycle++) {
                    if (cycle == RESTART_AT) {
                        service.close();
                        restartedAt = Instant.ofEpochSecond(one.now());
                        service = Service.assemble(settings, config, Map.of(), false, clockOf(one));
                    }
                    // the host swings: hot while a low-QoS VM runs there, calm when none does
                    boolean occupied = one.vm(1).state == OneVmStates.ACTIVE || one.vm(2).state == OneVmStates.ACTIVE;
                    host.usedCpu(occupied ? HOT : CALM);
                    int before = one.calls().size();
                    try {
                        service.runner().runCycle();
                    } catch (BackendException e) {
                        throw new AssertionError("the fake oned never fails here", e);
                    }
                    List<XmlRpcWire.Call> calls = one.calls();
                    for (XmlRpcWire.Call call : calls.subList(before, calls.size())) {
                        if (call.method().equals("one.vm.action")
                                && call.param(1).equals("suspend")) {
                            suspendedAt
                                    .computeIfAbsent((Integer) call.param(2), k -> new ArrayList<>())
                                    .add(one.now());
                        }
                    }
                    for (int t = 0; t < TICKS_PER_CYCLE; t++) {
                        one.tick();
                    }
                }
            } finally {
                service.close();
            }
            for (Map.Entry<Integer, List<Long>> vm : suspendedAt.entrySet()) {
                List<Long> times = vm.getValue();
                assertTrue(
                        times.size() > 2, "VM " + vm.getKey() + " is suspended again on later days: " + times.size());
                for (int i = 2; i < times.size(); i++) {
                    assertTrue(
                            times.get(i) - times.get(i - 2) > 86_400,
                            "VM " + vm.getKey() + " suspended three times within 24 hours: " + times);
                }
            }
            assertEquals(2, suspendedAt.size(), "both VMs were overbooked");
            List<JsonNode> held = held(dir);
            Instant restart = restartedAt;
            assertTrue(held.stream().allMatch(h -> h.path("guard").asText().equals("suspends-per-day")));
            assertTrue(
                    held.stream()
                            .anyMatch(
                                    h -> !Instant.parse(h.path("time").asText()).isBefore(restart)
                                            && h.path("reason")
                                                    .asText()
                                                    .contains("suspended 2 times in the last 24 h, the cap 2")),
                    "the daemon started halfway held a VM its predecessor suspended: " + held);
        }
    }

    /** The held records of the audit log and of its files rolled at midnight. */
    private static List<JsonNode> held(Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> held = new ArrayList<>();
        List<Path> parts;
        try (var files = Files.list(dir)) {
            parts = files.filter(p -> p.getFileName().toString().startsWith("audit"))
                    .toList();
        }
        for (String line :
                parts.stream().flatMap(GuardsAgainstFakeOnedTest::lines).toList()) {
            JsonNode r = json.readTree(line);
            if (r.path("event").asText().equals("held")) {
                held.add(r);
            }
        }
        return held;
    }

    private static java.util.stream.Stream<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
