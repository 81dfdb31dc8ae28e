package org.overbookd.sim.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.audit.JsonLinesAuditLog;
import org.overbookd.config.Bindings;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;

/**
 * The live guards in the simulator, which keeps each VM's suspensions and each host's actions in its
 * world: a VM is never suspended more often in 24 hours than the cap allows (where, on the same
 * seed without the cap, one is), and a VM that has not run its minimum time is suspended only when
 * the guard yields to the upper bound, which its decision's reason says. Three days of 20 hosts of
 * the paper's scenario at 70-90 with 2 slots: several VMs are suspended more than twice a day there.
 */
class GuardedSimulationTest {

    private static final Settings SCENARIO = Scenarios.small(70, 90, 2, 20, Duration.ofDays(3));

    private static SimResult run(Settings s, StringWriter audit) {
        return new Simulation(
                        SimBindings.simConfig(s),
                        Bindings.overbookingPolicy(s),
                        audit == null ? org.overbookd.audit.AuditLog.NONE : new JsonLinesAuditLog(audit),
                        Simulation.Progress.NONE,
                        1)
                .run();
    }

    @Test
    void noVmIsSuspendedMoreOftenInADayThanTheCapAllows() {
        SimResult free = run(SCENARIO, null);
        assertTrue(
                free.mostSuspendsInDay() > 2,
                "without the cap a VM is suspended " + free.mostSuspendsInDay()
                        + " times in a day: the cap below binds");
        StringWriter audit = new StringWriter();
        SimResult capped = run(SCENARIO.with(Options.GUARD_MAX_SUSPENDS_PER_DAY, 2), audit);
        assertTrue(capped.mostSuspendsInDay() <= 2, "at most 2 a day, not " + capped.mostSuspendsInDay());
        assertTrue(capped.suspends() > 0 && capped.resumes() > 0);
        // the world's own count agrees with the audit's: no VM twice in the same 24 hours more than twice
        Map<Long, java.util.List<Instant>> suspended = new HashMap<>();
        long held = 0;
        for (JsonNode r : records(audit)) {
            if (r.path("event").asText().equals("outcome")
                    && r.path("action").asText().equals("suspend")
                    && r.path("outcome").asText().equals("ok")) {
                suspended
                        .computeIfAbsent(r.path("vm_id").asLong(), k -> new java.util.ArrayList<>())
                        .add(Instant.parse(r.path("time").asText()));
            }
            if (r.path("event").asText().equals("held")) {
                assertEquals("suspends-per-day", r.path("guard").asText());
                assertTrue(r.path("reason").asText().contains("the cap 2"), r.toString());
                held++;
            }
        }
        assertTrue(held > 0, "VMs at their cap waited, and the audit says so");
        for (var times : suspended.values()) {
            for (int i = 2; i < times.size(); i++) {
                assertTrue(
                        Duration.between(times.get(i - 2), times.get(i)).compareTo(Duration.ofHours(24)) > 0,
                        "three suspensions of one VM within 24 hours: " + times);
            }
        }
    }

    @Test
    void aVmSuspendedBeforeItsMinimumRunTimeIsOneTheGuardYieldedFor() {
        Duration minimum = Duration.ofMinutes(30);
        StringWriter audit = new StringWriter();
        run(SCENARIO.with(Options.GUARD_MIN_RUN_TIME, minimum), audit);
        Map<Long, Instant> placed = new HashMap<>();
        int early = 0;
        int passedOver = 0;
        for (JsonNode r : records(audit)) {
            String event = r.path("event").asText();
            String action = r.path("action").asText();
            long vm = r.path("vm_id").asLong();
            Instant time = Instant.parse(r.path("time").asText());
            if (event.equals("outcome")
                    && !action.equals("suspend")
                    && r.path("outcome").asText().equals("ok")) {
                placed.put(vm, time);
            }
            if (event.equals("decision") && action.equals("suspend")) {
                passedOver += r.has("guard_passed_over") ? 1 : 0;
                Instant at = placed.get(vm);
                if (at != null && Duration.between(at, time).compareTo(minimum) < 0) {
                    early++;
                    assertTrue(r.path("guard_yielded").asText().contains("min-run-time"), r.toString());
                }
            }
        }
        assertTrue(early > 0, "the guard yielded at least once to the upper bound");
        assertTrue(passedOver > 0, "and passed young VMs over for older ones of their host");
    }

    private static java.util.List<JsonNode> records(StringWriter audit) {
        ObjectMapper json = new ObjectMapper();
        java.util.List<JsonNode> out = new java.util.ArrayList<>();
        for (String line : audit.toString().split("\n")) {
            try {
                out.add(json.readTree(line));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new AssertionError("not a JSON line: " + line, e);
            }
        }
        return out;
    }
}
