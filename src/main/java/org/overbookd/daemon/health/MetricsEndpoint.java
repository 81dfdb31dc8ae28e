package org.overbookd.daemon.health;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ListenAddress;
import org.overbookd.config.Options;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The HTTP endpoint Prometheus scrapes: GET /metrics in the text format, on metrics.listen. */
final class MetricsEndpoint implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetricsEndpoint.class);

    private final HTTPServer server;
    private final InetSocketAddress address;

    private MetricsEndpoint(HTTPServer server, InetSocketAddress address) {
        this.server = server;
        this.address = address;
    }

    /**
     * @throws ConfigException naming metrics.listen when the host does not resolve or the address is in
     *                         use: another process holds it, and restarting overbookd cannot change that
     */
    static MetricsEndpoint start(ListenAddress listen, PrometheusRegistry registry) throws ConfigException {
        InetSocketAddress socket = listen.socketAddress();
        if (socket.isUnresolved()) {
            throw new ConfigException("", Options.METRICS_LISTEN.key(), "cannot resolve the host of " + listen);
        }
        // one daemon thread: a scrape every few seconds needs no more, and it must not keep the JVM alive
        ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "metrics-http");
            thread.setDaemon(true);
            return thread;
        });
        try {
            HTTPServer server = HTTPServer.builder().inetAddress(socket.getAddress()).port(listen.port())
                    .registry(registry).executorService(executor).buildAndStart();
            InetSocketAddress bound = new InetSocketAddress(socket.getAddress(), server.getPort());
            LOG.info("metrics on http://{}:{}/metrics", listen.host().contains(":") ? "[" + listen.host() + "]"
                    : listen.host(), server.getPort());
            return new MetricsEndpoint(server, bound);
        } catch (IOException e) {
            executor.shutdownNow();
            throw new ConfigException("", Options.METRICS_LISTEN.key(), "cannot listen on " + listen + ": "
                    + e.getMessage());
        }
    }

    /** The address bound, with the port chosen when metrics.listen asked for port 0. */
    InetSocketAddress address() {
        return address;
    }

    @Override
    public void close() {
        server.close();
    }
}
