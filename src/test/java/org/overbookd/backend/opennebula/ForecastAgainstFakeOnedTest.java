package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.Service;

/**
 * The daemon, as {@code overbookd run} assembles it, against a fake oned whose host monitoring
 * carries OpenNebula 7.4's USED_CPU_FORECAST (the prediction probe's, in CAPACITY beside USED_CPU):
 * a host measured at 60 % but forecast at 95 % gives up its low-QoS VM under
 * {@code utilization.source = forecast}, and the suspension's reason shows both figures; judged on
 * the measurement, the same host keeps it; a host whose monitoring carries no forecast is judged on
 * its measurement.
 */
class ForecastAgainstFakeOnedTest {

    private static final long CALM = 480; // 60 % of 8 cores, below the lower bound 75
    private static final String HOT_FORECAST = "760.25"; // 95.03 %, above the upper bound 90

    @TempDir
    Path dir;

    private static Clock clockOf(FakeOned one) {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochSecond(one.now());
            }
        };
    }

    /** Deploys the VM on a calm host, then makes the host's forecast hot; the audit of the second cycle. */
    private List<JsonNode> run(String source, String forecastOnceDeployed) throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            FakeHost host = one.host(0, "node0", 8);
            host.usedCpu(CALM).usedCpuForecast("480.0");
            one.vm(1, "batch-1").low();
            Path audit = dir.resolve(source + "-audit.jsonl");
            Path config = dir.resolve(source + ".properties");
            List<String> lines = new ArrayList<>(one.daemonConfig(dir));
            lines.addAll(List.of(
                    "overbooking.lower-bound = 75",
                    "overbooking.upper-bound = 90",
                    "overbooking.slots = 1",
                    "utilization.source = " + source,
                    "audit.file = " + audit,
                    "status.file = "));
            Files.write(config, lines);
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            try (Service service = Service.assemble(settings, config, Map.of(), false, clockOf(one))) {
                service.runner().runCycle();
                assertEquals(OneVmStates.ACTIVE, waitActive(one), "the VM was deployed on the calm host");
                host.usedCpuForecast(forecastOnceDeployed);
                service.runner().runCycle();
            }
            ObjectMapper json = new ObjectMapper();
            List<JsonNode> records = new ArrayList<>();
            for (String line : Files.readAllLines(audit)) {
                records.add(json.readTree(line));
            }
            return records;
        }
    }

    /** An hour of the fake's ticks (10 s each): the VM boots and runs. */
    private static int waitActive(FakeOned one) {
        for (int t = 0; t < 360; t++) {
            one.tick();
        }
        return one.vm(1).state;
    }

    private static List<JsonNode> suspensions(List<JsonNode> audit) {
        return audit.stream()
                .filter(r -> r.path("event").asText().equals("decision")
                        && r.path("action").asText().equals("suspend"))
                .toList();
    }

    @Test
    void aHostForecastAboveTheUpperBoundIsRelievedAndTheReasonShowsBothFigures() throws Exception {
        List<JsonNode> audit = run("forecast", HOT_FORECAST);
        List<JsonNode> suspended = suspensions(audit);
        assertEquals(1, suspended.size(), "the host forecast at 95 % gave up its VM: " + audit);
        JsonNode s = suspended.get(0);
        String reason = s.path("reason").asText();
        assertTrue(reason.contains("measured 60.0%") && reason.contains("forecast 95.0%"), reason);
        assertEquals(60.0, s.path("host_utilization").asDouble(), 1e-9, "host_utilization stays the measurement");
        assertEquals(95.031, s.path("host_forecast").asDouble(), 1e-9);
        assertEquals("forecast", s.path("utilization_source").asText());
    }

    @Test
    void judgedOnItsMeasurementTheSameHostKeepsItsVm() throws Exception {
        assertTrue(suspensions(run("measured", HOT_FORECAST)).isEmpty());
    }

    @Test
    void aHostWithoutAForecastIsJudgedOnItsMeasurement() throws Exception {
        assertTrue(suspensions(run("forecast", null)).isEmpty());
    }
}
