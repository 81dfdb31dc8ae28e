package org.overbookd.daemon.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ListenAddress;
import org.overbookd.loop.CycleFailure;

/** The shipped Grafana dashboard asks only for series the daemon exports; metrics.listen errors name the key. */
class DashboardAndConfigTest {

    private static final SystemdNotifier NO_SYSTEMD = new SystemdNotifier(Map.of(), List.of("systemd-notify"));

    @Test
    void everyDashboardQueryNamesAnExportedMetricAndEveryMetricIsOnTheBoard() throws Exception {
        Set<String> exported;
        try (HealthReporter health = HealthReporter.start(
                Fixtures.settings("metrics.listen = 127.0.0.1:0"),
                () -> new OverbookingLimits(2, 90),
                Clock.systemUTC(),
                NO_SYSTEMD)) {
            health.cycleEnded(
                    Fixtures.result(1, List.of(Fixtures.outcome("deploy", Outcome.Status.OK))), Duration.ofMillis(3));
            health.cycleFailed(2, CycleFailure.of(BackendException.Cause.TIMEOUT, "x"), Duration.ofMillis(3));
            exported = new TreeSet<>(
                    Scrape.of(health.metricsAddress().orElseThrow()).names());
        }
        JsonNode board = new ObjectMapper()
                .readTree(Path.of("conf/grafana/overbookd.json").toFile());
        assertEquals("overbookd", board.get("uid").asText());
        Pattern metric = Pattern.compile("overbookd_[a-z_]+");
        Set<String> used = new TreeSet<>();
        assertTrue(board.get("panels").size() >= 8);
        for (JsonNode panel : board.get("panels")) {
            assertTrue(panel.get("targets").size() > 0, panel.get("title").asText());
            for (JsonNode target : panel.get("targets")) {
                String expr = target.get("expr").asText();
                Matcher m = metric.matcher(expr);
                boolean any = false;
                while (m.find()) {
                    any = true;
                    assertTrue(
                            exported.contains(m.group()),
                            panel.get("title").asText() + ": " + m.group() + " is not exported; exported: " + exported);
                    used.add(m.group());
                }
                assertTrue(any, panel.get("title").asText() + ": no overbookd metric in " + expr);
            }
        }
        Set<String> bases = exported.stream()
                .map(n -> n.replaceAll("_(bucket|count|sum)$", ""))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> usedBases = used.stream()
                .map(n -> n.replaceAll("_(bucket|count|sum)$", ""))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(bases, usedBases, "every exported metric has a panel");
    }

    @Test
    void anAddressInUseIsAConfigErrorNamingTheKeyAndTheAddress() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            String address = "127.0.0.1:" + taken.getLocalPort();
            ConfigException e = assertThrows(
                    ConfigException.class,
                    () -> HealthReporter.start(
                            Fixtures.settings("metrics.listen = " + address),
                            () -> new OverbookingLimits(2, 90),
                            Clock.systemUTC(),
                            NO_SYSTEMD));
            String text = e.problems().toString();
            assertTrue(text.contains("metrics.listen") && text.contains(address), text);
        }
    }

    @Test
    void listenAddressesParseOrSayWhatIsWrong() {
        assertEquals(new ListenAddress("127.0.0.1", 9464), ListenAddress.parse("127.0.0.1:9464"));
        assertEquals(new ListenAddress("::1", 9464), ListenAddress.parse("[::1]:9464"));
        assertEquals("[::1]:9464", ListenAddress.parse("[::1]:9464").format());
        assertTrue(ListenAddress.parse(" ").isNone());
        for (String bad : new String[] {"9464", "localhost:", ":9464", "::1:9464", "host:http", "host:70000"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse(bad), bad);
            assertFalse(e.getMessage().isEmpty());
        }
    }
}
