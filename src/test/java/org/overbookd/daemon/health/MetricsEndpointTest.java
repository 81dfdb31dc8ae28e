package org.overbookd.daemon.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.overbookd.config.ListenAddress;

/**
 * The metrics endpoint over real HTTP with hostile clients connected: scrapes are answered at once
 * while slow clients hold connections open (slowloris: a header line every few seconds), those
 * clients are cut off at their deadline, a flood of connections closes the oldest, a head too long
 * is refused, and only GET /metrics is served.
 */
class MetricsEndpointTest {

    private static PrometheusRegistry registry() {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter.builder()
                .name("overbookd_test_total")
                .help("A counter.")
                .register(registry)
                .inc(7);
        return registry;
    }

    /** A client that sends a request line and then one header line every {@code every}, never the blank line. */
    private static final class Slowloris implements AutoCloseable {
        final Socket socket;
        private final Thread sender;

        Slowloris(InetSocketAddress address, Duration every) throws IOException {
            socket = new Socket(address.getAddress(), address.getPort());
            OutputStream out = socket.getOutputStream();
            out.write("GET /metrics HTTP/1.1\r\nHost: overbookd\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            sender = new Thread(
                    () -> {
                        try {
                            for (int i = 0; ; i++) {
                                TimeUnit.NANOSECONDS.sleep(every.toNanos()); // the attack's own pace
                                out.write(("X-Slow-" + i + ": a\r\n").getBytes(StandardCharsets.ISO_8859_1));
                                out.flush();
                            }
                        } catch (IOException | InterruptedException e) {
                            // cut off by the server, or the test is over
                        }
                    },
                    "slowloris");
            sender.setDaemon(true);
            sender.start();
        }

        /** Whether the server closed the connection within {@code within} (it answered nothing before). */
        boolean cutOff(Duration within) throws IOException {
            socket.setSoTimeout((int) within.toMillis());
            try (InputStream in = socket.getInputStream()) {
                return in.read() == -1;
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true; // reset: cut off too
            }
        }

        @Override
        public void close() throws IOException {
            sender.interrupt();
            socket.close();
        }
    }

    private static long scrapeMillis(InetSocketAddress address) throws Exception {
        long start = System.nanoTime();
        Scrape scrape = Scrape.of(address);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(7, scrape.value("overbookd_test_total"));
        return millis;
    }

    /**
     * Ten clients each sending one header line every 5 s (more than any pool of threads would have):
     * every scrape is still answered within a second, through two of their lines; each of them is cut
     * off at its deadline, 10 s after it connected. Slow: it lasts as long as the attack's pace.
     */
    @Test
    @Tag("slow")
    @Tag("deadlines")
    void scrapesAreAnsweredWithinASecondWhileSlowlorisClientsAreConnected() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(ListenAddress.parse("127.0.0.1:0"), registry())) {
            InetSocketAddress address = endpoint.address();
            List<Slowloris> slow = new ArrayList<>();
            try {
                long connected = System.nanoTime();
                for (int i = 0; i < 10; i++) {
                    slow.add(new Slowloris(address, Duration.ofSeconds(5)));
                }
                List<Long> took = new ArrayList<>();
                // over 7 s: the clients send their first and second header lines meanwhile
                while (System.nanoTime() - connected < Duration.ofSeconds(7).toNanos()) {
                    took.add(scrapeMillis(address));
                    TimeUnit.MILLISECONDS.sleep(500); // a scrape every half second, as a busy Prometheus might
                }
                System.out.println("metrics endpoint: " + took.size() + " scrapes with 10 slowloris clients connected,"
                        + " slowest "
                        + took.stream().mapToLong(Long::longValue).max().orElse(0) + " ms");
                for (long ms : took) {
                    assertTrue(ms < 1000, "a scrape took " + ms + " ms: " + took);
                }
                for (Slowloris s : slow) {
                    assertTrue(s.cutOff(Duration.ofSeconds(8)), "a slow client is cut off at its deadline");
                }
                assertTrue(
                        System.nanoTime() - connected >= MetricsEndpoint.DEADLINE.toNanos() - 500_000_000L,
                        "not before its deadline");
            } finally {
                for (Slowloris s : slow) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aFloodOfConnectionsClosesTheOldestAndScrapesGoOn() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(ListenAddress.parse("127.0.0.1:0"), registry())) {
            InetSocketAddress address = endpoint.address();
            List<Slowloris> slow = new ArrayList<>();
            try {
                for (int i = 0; i < MetricsEndpoint.MAX_CONNECTIONS + 5; i++) {
                    slow.add(new Slowloris(address, Duration.ofMinutes(1)));
                }
                assertTrue(scrapeMillis(address) < 1000);
                assertTrue(slow.get(0).cutOff(Duration.ofSeconds(5)), "the oldest was closed to make room");
            } finally {
                for (Slowloris s : slow) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aSlowClientIsCutOffAtItsDeadline() throws Exception {
        try (MetricsEndpoint endpoint =
                        MetricsEndpoint.start(ListenAddress.parse("127.0.0.1:0"), registry(), Duration.ofMillis(300));
                Slowloris slow = new Slowloris(endpoint.address(), Duration.ofMillis(100))) {
            long start = System.nanoTime();
            assertTrue(slow.cutOff(Duration.ofSeconds(5)), "cut off");
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis >= 250, "not before its deadline: " + millis + " ms");
            assertTrue(scrapeMillis(endpoint.address()) < 1000);
        }
    }

    @Test
    void onlyGetMetricsIsServedAndAHeadTooLongIsRefused() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(ListenAddress.parse("127.0.0.1:0"), registry())) {
            InetSocketAddress address = endpoint.address();
            assertTrue(raw(address, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").startsWith("HTTP/1.1 404 "));
            assertTrue(raw(address, "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
                    .startsWith("HTTP/1.1 405 "));
            assertTrue(raw(address, "hello\r\n\r\n").startsWith("HTTP/1.1 400 "));
            String head = raw(address, "HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(head.startsWith("HTTP/1.1 200 ") && head.endsWith("\r\n\r\n"), "headers alone: " + head);
            // exactly the most the endpoint reads, with no end: all of it is read, so the answer is not reset
            String start = "GET /metrics HTTP/1.1\r\nX-Long: ";
            assertTrue(raw(address, start + "a".repeat(RequestHead.MAX_BYTES - start.length()))
                    .startsWith("HTTP/1.1 431 "));
            String text = raw(address, "GET /metrics?name[]=overbookd_test_total HTTP/1.0\r\n\r\n");
            assertTrue(
                    text.startsWith("HTTP/1.1 200 ")
                            && text.contains("\r\nContent-Type: text/plain")
                            && text.contains("\noverbookd_test_total 7.0\n"),
                    text);
        }
    }

    /** Sends {@code request} as is and reads the whole answer, until the server closes. */
    private static String raw(InetSocketAddress address, String request) throws IOException {
        try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
