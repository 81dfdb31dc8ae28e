package org.overbookd.daemon.health;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.config.Settings;
import org.overbookd.daemon.Daemon;
import org.overbookd.daemon.Service;

/**
 * A real Prometheus (Debian's package) scrapes the daemon's endpoint: the target is up and the
 * daemon's series are stored and queryable. Skipped when the prometheus binary is not installed.
 */
@Tag("slow")
@Tag("deadlines")
class PrometheusScrapeTest {

    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void prometheusScrapesTheRunningDaemon() throws Exception {
        assumeTrue(Files.isExecutable(PROMETHEUS), "prometheus not installed (apt-get install prometheus)");
        Settings settings = Fixtures.settings(
                "backend = simulated",
                "sim.nodes = 4",
                "schedule.overbooking-interval = 1s",
                "metrics.listen = 127.0.0.1:0",
                "status.file = " + dir.resolve("status.json"));
        try (Service service = Service.assemble(settings, null, Map.of(), false, Clock.systemUTC())) {
            InetSocketAddress metrics = service.health().metricsAddress().orElseThrow();
            Daemon daemon = new Daemon(service.runner(), service.interval());
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try {
                    daemon.run();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            int web = freePort();
            Path config = dir.resolve("prometheus.yml");
            Files.writeString(
                    config,
                    String.join(
                            "\n",
                            "global:",
                            "  scrape_interval: 1s",
                            "scrape_configs:",
                            "  - job_name: overbookd",
                            "    static_configs:",
                            "      - targets: ['127.0.0.1:" + metrics.getPort() + "']",
                            ""));
            Process prometheus = new ProcessBuilder(
                            PROMETHEUS.toString(),
                            "--config.file=" + config,
                            "--storage.tsdb.path=" + dir.resolve("data"),
                            "--web.listen-address=127.0.0.1:" + web)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("prometheus.log").toFile())
                    .start();
            try {
                awaitQuery(web, "up{job=\"overbookd\"} == 1");
                awaitQuery(web, "overbookd_cycles_total{job=\"overbookd\"} >= 2");
                awaitQuery(web, "overbookd_outcomes_total{job=\"overbookd\",action=\"deploy\",status=\"ok\"} > 0");
                awaitQuery(web, "histogram_quantile(0.5, rate(overbookd_cycle_duration_seconds_bucket[10s])) >= 0");
            } finally {
                prometheus.destroy();
                prometheus.waitFor(20, TimeUnit.SECONDS);
                daemon.stop();
                running.get(20, TimeUnit.SECONDS);
            }
        }
    }

    /** Waits until the instant query returns at least one series. */
    private void awaitQuery(int port, String query) throws Exception {
        URI uri = URI.create(
                "http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = HTTP.send(
                        HttpRequest.newBuilder(uri)
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                last = r.body();
                JsonNode json = new ObjectMapper().readTree(last);
                if (r.statusCode() == 200 && json.path("data").path("result").size() > 0) {
                    return;
                }
            } catch (java.io.IOException e) {
                last = e.toString(); // Prometheus still starting
            }
            Thread.onSpinWait();
        }
        List<String> log = Files.readAllLines(dir.resolve("prometheus.log"));
        assertTrue(
                false,
                "no result for " + query + " within 60 s; last answer " + last + "; prometheus log tail: "
                        + log.subList(Math.max(0, log.size() - 5), log.size()));
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
