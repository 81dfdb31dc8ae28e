package org.overbookd.daemon.health;

import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ListenAddress;
import org.overbookd.config.Options;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP endpoint Prometheus scrapes: GET /metrics on metrics.listen, answered by the Prometheus
 * client library's scrape handler ({@link MetricsExchange}).
 *
 * <p>No client can hold it. One thread serves every connection with non-blocking sockets: it reads
 * a request head as its bytes come, answers once it is whole, writes the answer as the client takes
 * it, and never waits on any one client. Each connection has {@link #DEADLINE} from its accept to
 * the end of the answer, a head at most {@link RequestHead#MAX_BYTES}, and at most {@link
 * #MAX_CONNECTIONS} are open: a new one closes the oldest. So a client that sends a header line every
 * few seconds (slowloris), or never reads its answer, delays no scrape, and is cut off at its
 * deadline. (The library's own server, on the JDK's HttpServer, reads each request on a pool thread
 * with no deadline: one such client held the single thread it had, and a bigger pool only moves the
 * number of clients needed.) Rendering a scrape is in memory and quick, so it runs on that thread.
 */
final class MetricsEndpoint implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetricsEndpoint.class);

    /** From a connection's accept to the end of its answer: a scrape takes milliseconds. */
    static final Duration DEADLINE = Duration.ofSeconds(10);
    /** Prometheus holds one or two; more are scripts, or an attack. */
    static final int MAX_CONNECTIONS = 64;

    private final ServerSocketChannel server;
    private final Selector selector;
    private final InetSocketAddress address;
    private final PrometheusScrapeHandler handler;
    /** Open connections, oldest first. */
    private final Map<SocketChannel, Connection> connections = new LinkedHashMap<>();

    private final Duration deadline;
    private final Thread thread;
    private volatile boolean closed;

    /** One client: its deadline, the head read so far, then the answer left to write. */
    private static final class Connection {
        final long deadlineNanos;
        final byte[] head = new byte[RequestHead.MAX_BYTES];
        int read;
        ByteBuffer answer;

        Connection(long deadlineNanos) {
            this.deadlineNanos = deadlineNanos;
        }
    }

    private MetricsEndpoint(
            ServerSocketChannel server,
            Selector selector,
            InetSocketAddress address,
            PrometheusRegistry registry,
            Duration deadline) {
        this.server = server;
        this.deadline = deadline;
        this.selector = selector;
        this.address = address;
        this.handler = new PrometheusScrapeHandler(registry);
        // a daemon thread: it must not keep the JVM alive
        this.thread = new Thread(this::serve, "metrics-http");
        thread.setDaemon(true);
    }

    /**
     * @throws ConfigException naming metrics.listen when the host does not resolve or the address is in
     *                         use: another process holds it, and restarting overbookd cannot change that
     */
    static MetricsEndpoint start(ListenAddress listen, PrometheusRegistry registry) throws ConfigException {
        return start(listen, registry, DEADLINE);
    }

    /** @param deadline each connection's, from its accept to the end of its answer */
    static MetricsEndpoint start(ListenAddress listen, PrometheusRegistry registry, Duration deadline)
            throws ConfigException {
        InetSocketAddress socket = listen.socketAddress();
        if (socket.isUnresolved()) {
            throw new ConfigException("", Options.METRICS_LISTEN.key(), "cannot resolve the host of " + listen);
        }
        ServerSocketChannel server = null;
        try {
            server = ServerSocketChannel.open();
            server.bind(socket);
            server.configureBlocking(false);
            Selector selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
            InetSocketAddress bound = (InetSocketAddress) server.getLocalAddress();
            MetricsEndpoint endpoint = new MetricsEndpoint(server, selector, bound, registry, deadline);
            endpoint.thread.start();
            LOG.info(
                    "metrics on http://{}:{}/metrics",
                    listen.host().contains(":") ? "[" + listen.host() + "]" : listen.host(),
                    bound.getPort());
            return endpoint;
        } catch (IOException e) {
            if (server != null) {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // nothing was served
                }
            }
            throw new ConfigException(
                    "", Options.METRICS_LISTEN.key(), "cannot listen on " + listen + ": " + e.getMessage());
        }
    }

    /** The address bound, with the port chosen when metrics.listen asked for port 0. */
    InetSocketAddress address() {
        return address;
    }

    private void serve() {
        while (!closed) {
            try {
                selector.select(Math.max(1, millisToNextDeadline()));
                for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
                    SelectionKey key = it.next();
                    it.remove();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept();
                    } else {
                        step((SocketChannel) key.channel(), key);
                    }
                }
                expire();
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    // never let one failure stop the endpoint: log it, drop what is open, go on
                    LOG.warn("metrics endpoint: {}", e.toString());
                    connections.keySet().forEach(MetricsEndpoint::quietlyClose);
                    connections.clear();
                }
            }
        }
    }

    private void accept() throws IOException {
        SocketChannel channel;
        while ((channel = server.accept()) != null) {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.register(selector, SelectionKey.OP_READ);
            connections.put(channel, new Connection(System.nanoTime() + deadline.toNanos()));
            if (connections.size() > MAX_CONNECTIONS) {
                SocketChannel oldest = connections.keySet().iterator().next();
                drop(oldest);
            }
        }
    }

    /** Reads more of the head, or writes more of the answer, as far as the socket lets it now. */
    private void step(SocketChannel channel, SelectionKey key) {
        Connection c = connections.get(channel);
        if (c == null) {
            quietlyClose(channel);
            return;
        }
        try {
            if (c.answer == null) {
                int n = channel.read(ByteBuffer.wrap(c.head, c.read, c.head.length - c.read));
                if (n < 0) {
                    drop(channel);
                    return;
                }
                c.read += n;
                int end = RequestHead.end(c.head, c.read);
                if (end < 0 && c.read < c.head.length) {
                    return;
                }
                c.answer = ByteBuffer.wrap(
                        end < 0
                                ? MetricsExchange.plain(
                                        431,
                                        "Request Header Fields Too Large",
                                        "the request head is over " + RequestHead.MAX_BYTES + " bytes")
                                : answer(RequestHead.parse(c.head, end)));
                key.interestOps(SelectionKey.OP_WRITE);
            }
            channel.write(c.answer);
            if (!c.answer.hasRemaining()) {
                channel.shutdownOutput(); // the answer's end, before the socket goes
                drop(channel);
            }
        } catch (IOException e) {
            drop(channel); // the client went away
        }
    }

    private byte[] answer(Optional<RequestHead> parsed) throws IOException {
        if (parsed.isEmpty()) {
            return MetricsExchange.plain(400, "Bad Request", "not an HTTP/1 request");
        }
        RequestHead head = parsed.get();
        if (!head.path().equals("/metrics")) {
            return MetricsExchange.plain(404, "Not Found", "only /metrics is served here");
        }
        if (!head.method().equals("GET") && !head.method().equals("HEAD")) {
            return MetricsExchange.plain(405, "Method Not Allowed", "GET /metrics");
        }
        MetricsExchange exchange = new MetricsExchange(head);
        handler.handleRequest(exchange);
        return exchange.response();
    }

    private long millisToNextDeadline() {
        if (connections.isEmpty()) {
            return 1000;
        }
        long next = connections.values().iterator().next().deadlineNanos; // the oldest has the nearest deadline
        return Duration.ofNanos(next - System.nanoTime()).toMillis() + 1;
    }

    /** Closes the connections past their deadline: the oldest first, so the first one still in time ends it. */
    private void expire() {
        long now = System.nanoTime();
        for (Iterator<Map.Entry<SocketChannel, Connection>> it =
                        connections.entrySet().iterator();
                it.hasNext(); ) {
            Map.Entry<SocketChannel, Connection> e = it.next();
            if (e.getValue().deadlineNanos - now > 0) {
                return;
            }
            it.remove();
            quietlyClose(e.getKey());
        }
    }

    private void drop(SocketChannel channel) {
        connections.remove(channel);
        quietlyClose(channel);
    }

    private static void quietlyClose(SocketChannel channel) {
        try {
            channel.close(); // also cancels its key
        } catch (IOException ignored) {
            // closing a socket the client already dropped
        }
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(deadline.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connections.keySet().forEach(MetricsEndpoint::quietlyClose);
        try {
            selector.close();
            server.close();
        } catch (IOException e) {
            LOG.debug("closing the metrics endpoint: {}", e.toString());
        }
    }
}
