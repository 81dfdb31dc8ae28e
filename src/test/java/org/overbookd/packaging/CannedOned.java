package org.overbookd.packaging;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for oned that serves one small world from canned pool documents (made with the
 * backend tests' FakeOned: host 0 with 8 cores at 10 %, high-QoS VM 10 running there, low-QoS VM 42
 * on hold) to the six pool queries a cycle makes while a VM waits (hosts, their monitoring, VMs, theirs,
 * datastores and clusters), what check-config asks of the account (version, user, the heartbeat
 * board's probe), and records every call's method and session.
 * Any other method (one.vm.deploy, one.vm.action: acting) is refused and recorded, so a dry run that
 * acts shows. Monitoring timestamps are rewritten to now, so the samples are fresh.
 */
final class CannedOned implements AutoCloseable {

    record Call(String method, String session) {}

    private static final List<String> SERVED =
            List.of("one.hostpool.info", "one.hostpool.monitoring", "one.vmpool.infoextended", "one.vmpool.monitoring");
    private static final Pattern METHOD = Pattern.compile("<methodName>([^<]*)</methodName>");
    private static final Pattern FIRST_PARAM =
            Pattern.compile("<param>\\s*<value>\\s*(?:<string>)?([^<]*)(?:</string>)?\\s*</value>", Pattern.DOTALL);
    private static final Pattern TIMESTAMP = Pattern.compile("<TIMESTAMP>\\d+</TIMESTAMP>");

    private final String session;
    private final HttpServer server;
    private final List<Call> calls = new CopyOnWriteArrayList<>();

    CannedOned(String session) throws IOException {
        this.session = session;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/RPC2", this::handle);
        server.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/RPC2");
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher method = METHOD.matcher(body);
            Matcher param = FIRST_PARAM.matcher(body);
            String name = method.find() ? method.group(1) : "";
            String sent = param.find() ? unescape(param.group(1)) : "";
            calls.add(new Call(name, sent));
            String reply;
            if (!session.equals(sent)) {
                reply = failure("[" + name + "] User couldn't be authenticated, aborting call.", 0x100);
            } else if (SERVED.contains(name)) {
                reply = success(TIMESTAMP
                        .matcher(document(name))
                        .replaceAll("<TIMESTAMP>" + Instant.now().getEpochSecond() + "</TIMESTAMP>"));
            } else if (ACCOUNT.containsKey(name)) {
                reply = success(ACCOUNT.get(name));
            } else if (name.startsWith("one.document")) {
                reply = board(name);
            } else {
                reply = failure("[" + name + "] not served by this stand-in", 0x800);
            }
            byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /**
     * What check-config asks of oned about the account, the daemon's daily look at OneDRS, and the
     * system datastore and cluster a low-QoS VM waiting on hold may be placed with.
     */
    private static final java.util.Map<String, String> ACCOUNT = java.util.Map.of(
            "one.system.version", "7.4.0",
            "one.user.info",
                    "<USER><ID>2</ID><GID>100</GID><GROUPS><ID>100</ID></GROUPS><GNAME>overbookd</GNAME>"
                            + "<NAME>overbookd</NAME></USER>",
            "one.clusterpool.info",
                    "<CLUSTER_POOL><CLUSTER><ID>0</ID><NAME>default</NAME><HOSTS><ID>0</ID></HOSTS>"
                            + "<TEMPLATE/></CLUSTER></CLUSTER_POOL>",
            "one.datastorepool.info",
                    "<DATASTORE_POOL><DATASTORE><ID>0</ID><UID>0</UID><GID>0</GID><UNAME>oneadmin"
                            + "</UNAME><GNAME>oneadmin</GNAME><NAME>system</NAME><TM_MAD>ssh</TM_MAD><TYPE>1</TYPE><STATE>0"
                            + "</STATE><CLUSTERS><ID>0</ID></CLUSTERS><TOTAL_MB>1000</TOTAL_MB><FREE_MB>1000</FREE_MB><USED_MB>0"
                            + "</USED_MB><IMAGES/><TEMPLATE><SHARED><![CDATA[YES]]></SHARED></TEMPLATE></DATASTORE>"
                            + "</DATASTORE_POOL>");

    private volatile boolean boardMade;

    /** The heartbeat board, enough for check-config's probe: none, then one once allocated. */
    private String board(String method) {
        return switch (method) {
            case "one.documentpool.info" ->
                success(
                        boardMade
                                ? "<DOCUMENT_POOL><DOCUMENT><ID>0</ID><UID>2</UID>"
                                        + "<NAME>overbookd-heartbeats</NAME><TYPE>6815</TYPE><TEMPLATE/></DOCUMENT></DOCUMENT_POOL>"
                                : "<DOCUMENT_POOL></DOCUMENT_POOL>");
            case "one.document.allocate" -> {
                boardMade = true;
                yield envelope("<value><boolean>1</boolean></value><value><i4>0</i4></value><value><i4>0</i4></value>");
            }
            case "one.document.chmod", "one.document.update" ->
                envelope("<value><boolean>1</boolean></value><value><i4>0</i4></value><value><i4>0</i4></value>");
            default -> failure("[" + method + "] not served by this stand-in", 0x800);
        };
    }

    private static String document(String method) {
        try (InputStream in = CannedOned.class.getResourceAsStream(method + ".xml")) {
            if (in == null) {
                throw new IllegalStateException("no canned document " + method + ".xml");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** OpenNebula's answer: an array of success flag, payload and error code. */
    private static String success(String document) {
        return envelope("<value><boolean>1</boolean></value><value><string>" + escape(document)
                + "</string></value><value><i4>0</i4></value>");
    }

    private static String failure(String message, int code) {
        return envelope("<value><boolean>0</boolean></value><value><string>" + escape(message)
                + "</string></value><value><i4>" + code + "</i4></value>");
    }

    private static String envelope(String data) {
        return "<?xml version=\"1.0\"?><methodResponse><params><param><value><array><data>" + data
                + "</data></array></value></param></params></methodResponse>";
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String unescape(String text) {
        return text.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
