package org.overbookd.daemon.ha;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * oned's call log as the HA tests read it: every daemon reaches the fake oned through its own
 * loopback proxy, which forwards each call unchanged and records who sent which action on which VM
 * and when (the fake's own log cannot tell the daemons apart: they share its session).
 */
final class OnedCallLog implements AutoCloseable {

    /** One action sent to oned: the node that sent it, when the proxy received it, the method, the VM. */
    record Action(String node, long atMillis, String method, int vm) {}

    private static final Pattern METHOD = Pattern.compile("<methodName>([^<]+)</methodName>");
    private static final Pattern INTS = Pattern.compile("<(?:int|i4)>(-?\\d+)</(?:int|i4)>");

    private final URI upstream;
    private final HttpClient client = HttpClient.newHttpClient();
    private final List<Action> actions = new CopyOnWriteArrayList<>();
    private final List<HttpServer> proxies = new ArrayList<>();
    private volatile Hold hold;

    /** A call held back by the proxy: the sender waits for its reply until {@link #release()}. */
    static final class Hold {
        final String node;
        final String method;
        private final java.util.concurrent.CountDownLatch arrived = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);

        private Hold(String node, String method) {
            this.node = node;
            this.method = method;
        }

        /** True once the call came in, waiting at most {@code within}. */
        boolean awaitArrival(java.time.Duration within) throws InterruptedException {
            return arrived.await(within.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }

        void release() {
            released.countDown();
        }
    }

    /** Holds the next {@code method} call from {@code node} before forwarding it. */
    Hold holdNext(String node, String method) {
        Hold h = new Hold(node, method);
        hold = h;
        return h;
    }

    OnedCallLog(URI upstream) {
        this.upstream = upstream;
    }

    /** A new proxy for {@code node}; its endpoint goes into that node's one.endpoint. */
    synchronized URI proxyFor(String node) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/RPC2", exchange -> forward(node, exchange));
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "oned-proxy-" + node);
            t.setDaemon(true);
            return t;
        }));
        server.start();
        proxies.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/RPC2");
    }

    private void forward(String node, HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String text = new String(body, StandardCharsets.UTF_8);
            Matcher m = METHOD.matcher(text);
            String method = m.find() ? m.group(1) : "?";
            if (method.equals("one.vm.action") || method.equals("one.vm.deploy")) {
                Matcher ints = INTS.matcher(text);
                int vm = ints.find() ? Integer.parseInt(ints.group(1)) : -1;
                actions.add(new Action(node, System.currentTimeMillis(), method, vm));
            }
            Hold h = hold;
            if (h != null && h.node.equals(node) && h.method.equals(method)) {
                hold = null;
                h.arrived.countDown();
                try {
                    h.released.await(120, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            HttpResponse<byte[]> reply;
            try {
                reply = client.send(
                        HttpRequest.newBuilder(upstream)
                                .header("Content-Type", "text/xml")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/xml");
            exchange.sendResponseHeaders(reply.statusCode(), reply.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply.body());
            }
        }
    }

    List<Action> actionsBetween(long fromMillis, long toMillis) {
        return actions.stream()
                .filter(a -> a.atMillis() >= fromMillis && a.atMillis() < toMillis)
                .toList();
    }

    /** The actions {@code node} sent from {@code fromMillis} on. */
    List<Action> actionsOf(String node, long fromMillis) {
        return actions.stream()
                .filter(a -> a.node().equals(node) && a.atMillis() >= fromMillis)
                .toList();
    }

    @Override
    public synchronized void close() {
        proxies.forEach(p -> p.stop(0));
    }
}
