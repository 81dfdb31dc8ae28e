package org.overbookd.backend.opennebula;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A raw-socket HTTP server on loopback that misbehaves below the level the JDK's HTTP server lets a
 * handler reach: it closes a connection without a reply, trickles a reply one byte at a time, or
 * writes any bytes at all. It records every request it reads, so a test can count what the client
 * really sent.
 */
final class FaultServer implements AutoCloseable {

    /** What the server does with one connection once it has read the request. */
    @FunctionalInterface
    interface Behaviour {
        void answer(Socket socket, String request) throws IOException, InterruptedException;
    }

    private final ServerSocket server;
    private volatile Behaviour behaviour = closeWithoutReply();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread acceptor;

    private final String scheme;

    private FaultServer(ServerSocket server, String scheme) {
        this.server = server;
        this.scheme = scheme;
        this.acceptor = new Thread(this::acceptLoop, "fault-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static FaultServer start() throws IOException {
        return new FaultServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), "http");
    }

    /** The same server behind TLS, with the certificate of {@code tls}; its endpoint is https. */
    static FaultServer startTls(javax.net.ssl.SSLContext tls) throws IOException {
        return new FaultServer(
                tls.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress()), "https");
    }

    /** What to do with the next connections. */
    FaultServer behave(Behaviour next) {
        behaviour = next;
        return this;
    }

    URI endpoint() {
        return endpoint("127.0.0.1");
    }

    /** The endpoint under another name for the loopback address, for host name checks. */
    URI endpoint(String host) {
        return URI.create(scheme + "://" + host + ":" + server.getLocalPort() + "/RPC2");
    }

    /** Every request read so far, head and body. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread worker = new Thread(() -> serve(socket), "fault-server-connection");
                worker.setDaemon(true);
                worker.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            String request = readRequest(socket.getInputStream());
            requests.add(request);
            behaviour.answer(socket, request);
        } catch (IOException e) {
            // the client gave up: that is what most of these tests are about
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads the head up to the blank line and then Content-Length bytes of body. */
    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("request ended early");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(line.indexOf(':') + 1).strip());
            }
        }
        return text + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        closed.countDown();
        server.close();
    }

    // ---- behaviours ------------------------------------------------------------------------

    /** Reads the request and closes the connection without a word, as oned does when it dies mid-call. */
    static Behaviour closeWithoutReply() {
        return (socket, request) -> {};
    }

    /** A complete reply: status 200, Content-Length, the body. */
    static Behaviour reply(String body) {
        return (socket, request) -> write(socket, headers(body.getBytes(StandardCharsets.UTF_8).length), body);
    }

    /** Headers at once, then the body one byte every {@code everyMillis} ms until the server closes. */
    Behaviour trickle(String body, long everyMillis) {
        return (socket, request) -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(headers(bytes.length).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            for (byte b : bytes) {
                out.write(b);
                out.flush();
                if (closed.await(everyMillis, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        };
    }

    static String headers(long contentLength) {
        return "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: " + contentLength
                + "\r\nConnection: close\r\n\r\n";
    }

    static void write(Socket socket, String head, String body) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(body.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
