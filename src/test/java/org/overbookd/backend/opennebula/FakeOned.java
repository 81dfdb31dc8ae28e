package org.overbookd.backend.opennebula;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fake oned on loopback: an XML-RPC server over the JDK's HTTP server that holds hosts and VMs,
 * answers the calls overbookd makes with XSD-valid documents, and moves VMs through OpenNebula's
 * state transitions one step per {@link #tick()}, never on its own. Faults are injected on demand.
 *
 * <p>Transitions: deploy from HOLD or PENDING goes PROLOG, BOOT, RUNNING; deploy from STOPPED goes
 * PROLOG_RESUME, BOOT_STOPPED, RUNNING; suspend goes SAVE_SUSPEND, SUSPENDED; stop goes SAVE_STOP,
 * EPILOG_STOP, STOPPED; resume from SUSPENDED goes BOOT_SUSPENDED, RUNNING, and from STOPPED back
 * to PENDING. Anything else is refused with 0x800, an unknown VM or host with 0x400, a wrong
 * session with 0x100.
 */
final class FakeOned implements AutoCloseable {

    /** Ways the fake misbehaves, per method. */
    enum Fault {
        /** Holds the reply until the fake is closed: longer than any client timeout in the tests. */
        TIMEOUT,
        HTTP_500,
        /** A reply that is not well-formed XML-RPC. */
        MALFORMED_ENVELOPE,
        /** A well-formed reply whose XML document is broken. */
        MALFORMED_DOCUMENT,
        /** A reply that is a bare string instead of oned's array. */
        BARE_VALUE,
        AUTH_FAILURE,
        /** An XML-RPC fault whose message quotes the session string, as a careless proxy might. */
        SECRET_IN_FAULT,
        /** A 0x800 refusal whose message quotes the session string. */
        SECRET_IN_REFUSAL,
        /** Reads the request, then closes the connection without acting or replying. */
        CLOSE_BEFORE_ACTING,
        /** Carries the call out, then closes the connection without replying: the reply is lost. */
        CLOSE_AFTER_ACTING,
        /**
         * A reply of no announced length that never ends: the start of a successful reply, then a VM
         * pool's text, streamed until the client hangs up.
         */
        ENDLESS_REPLY,
        /** A successful reply whose value sits inside 5,000 nested arrays (215 KB). */
        NESTED_ARRAYS,
        /** oned's 0x200: the session's user may not do this, in oned's words. */
        NOT_AUTHORIZED
    }

    static {
        // The JDK server writes headers and body in two segments; without TCP_NODELAY, Nagle's
        // algorithm meets the client's delayed ACK and every call takes an extra 40 ms.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    static final String ANY_METHOD = "*";
    static final long TICK_SECONDS = 10;

    private final String session;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "fake-oned");
        thread.setDaemon(true);
        return thread;
    });
    private final CountDownLatch release = new CountDownLatch(1);
    private final Map<String, Fault> faults = new ConcurrentHashMap<>();
    private final List<XmlRpcWire.Call> calls = new CopyOnWriteArrayList<>();
    private final List<String> requestBodies = new CopyOnWriteArrayList<>();
    private final List<String> responseBodies = new CopyOnWriteArrayList<>();
    private final AtomicLong endlessBytes = new AtomicLong();

    private final TreeMap<Integer, FakeHost> hosts = new TreeMap<>();
    private final TreeMap<Integer, FakeVm> vms = new TreeMap<>();
    /** OpenNebula's defaults: system datastore 0 in cluster 0. */
    private final TreeMap<Integer, OneDocuments.Datastore> datastores =
            new TreeMap<>(Map.of(0, OneDocuments.Datastore.system(0, "system", 0)));

    private final TreeMap<Integer, Map<String, String>> clusters = new TreeMap<>(Map.of(0, Map.of()));
    /** Starts at the wall clock, so the daemon's wall-clock cycles find its samples fresh. */
    private long now = java.time.Instant.now().getEpochSecond();

    private Runnable afterNextInfo;

    private FakeOned(String session) throws IOException {
        this.session = session;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/RPC2", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    static FakeOned start(String session) throws IOException {
        return new FakeOned(session);
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/RPC2");
    }

    // ---- the world -----------------------------------------------------------------------

    /**
     * The lines of a daemon's configuration that point it at this fake: the OpenNebula backend, the
     * endpoint, an auth file of the test session written into {@code dir}, a one-second timeout.
     */
    List<String> daemonConfig(Path dir) throws IOException {
        return List.of(
                "backend = opennebula",
                "one.endpoint = " + endpoint(),
                "one.auth-file = " + TestSessions.authFile(dir),
                "one.timeout = 1s");
    }

    synchronized FakeHost host(int id, String name, int cores) {
        FakeHost host = new FakeHost(id, name, cores);
        hosts.put(id, host);
        return host;
    }

    synchronized FakeVm vm(int id, String name) {
        FakeVm vm = new FakeVm(id, name, now - 3600 + id);
        vms.put(id, vm);
        return vm;
    }

    synchronized FakeVm vm(int id) {
        return vms.get(id);
    }

    synchronized void datastore(OneDocuments.Datastore datastore) {
        datastores.put(datastore.id(), datastore);
    }

    synchronized void cluster(int id, Map<String, String> template) {
        clusters.put(id, template);
    }

    synchronized FakeHost hostForTest(int id) {
        return hosts.get(id);
    }

    synchronized void deleteVm(int id) {
        vms.remove(id);
    }

    synchronized long now() {
        return now;
    }

    /** Runs {@code change} right after the next one.vm.info is answered: a race with another actor. */
    synchronized void afterNextInfo(Runnable change) {
        afterNextInfo = change;
    }

    /** Advances the clock and every VM in a transient state by one step. */
    synchronized void tick() {
        now += TICK_SECONDS;
        for (FakeVm vm : vms.values()) {
            int[] next = vm.pending.poll();
            if (next == null) {
                continue;
            }
            vm.state(next[0], next[1]);
            if (next[0] == OneVmStates.STOPPED) {
                vm.lastStay().etime = now;
            }
            if (next[0] == OneVmStates.ACTIVE && next[1] == OneVmStates.RUNNING) {
                vm.lastStay().rstime = now;
            }
        }
    }

    // ---- faults and records --------------------------------------------------------------

    void fail(String method, Fault fault) {
        faults.put(method, fault);
    }

    void clearFaults() {
        faults.clear();
    }

    /** Stops listening: calls get connection refused from now on. */
    void stop() {
        server.stop(0);
    }

    List<XmlRpcWire.Call> calls() {
        return List.copyOf(calls);
    }

    /** The bytes of endless replies' VM pools written so far (whole blocks the socket took). */
    long endlessBytes() {
        return endlessBytes.get();
    }

    List<String> methods() {
        return calls.stream().map(XmlRpcWire.Call::method).toList();
    }

    List<String> requestBodies() {
        return List.copyOf(requestBodies);
    }

    List<String> responseBodies() {
        return List.copyOf(responseBodies);
    }

    void forgetCalls() {
        calls.clear();
        requestBodies.clear();
        responseBodies.clear();
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
        executor.shutdownNow();
    }

    // ---- documents, for the schema test --------------------------------------------------

    synchronized String hostPoolDocument() {
        return OneDocuments.toString(OneDocuments.hostPool(List.copyOf(hosts.values()), this::vmsOn));
    }

    private List<Integer> vmsOn(int hostId) {
        List<Integer> on = new ArrayList<>();
        for (FakeVm vm : vms.values()) {
            if (vm.state == OneVmStates.ACTIVE && vm.hostId() == hostId) {
                on.add(vm.id);
            }
        }
        return on;
    }

    // ---- the server ----------------------------------------------------------------------

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            requestBodies.add(new String(body, StandardCharsets.UTF_8));
            XmlRpcWire.Call call;
            try {
                call = XmlRpcWire.parseCall(body);
            } catch (Exception e) {
                reply(exchange, 400, "bad request");
                return;
            }
            calls.add(call);
            Fault fault = faults.getOrDefault(call.method(), faults.get(ANY_METHOD));
            if (fault == Fault.TIMEOUT) {
                awaitRelease();
            }
            if (fault == Fault.HTTP_500) {
                reply(exchange, 500, "Internal Server Error");
                return;
            }
            if (fault == Fault.ENDLESS_REPLY) {
                endless(exchange);
                return;
            }
            if (fault == Fault.NESTED_ARRAYS) {
                String open = "<value><array><data>".repeat(5_000);
                String close = "</data></array></value>".repeat(5_000);
                reply(
                        exchange,
                        200,
                        "<?xml version=\"1.0\"?><methodResponse><params><param>" + open
                                + "<value><string>x</string></value>" + close + "</param></params></methodResponse>");
                return;
            }
            if (fault == Fault.CLOSE_BEFORE_ACTING) {
                // the JDK server closes the connection, without a response, when a handler throws
                throw new IOException("fake oned closes the connection before acting");
            }
            String answer = answer(call, fault);
            if (fault == Fault.CLOSE_AFTER_ACTING) {
                throw new IOException("fake oned closes the connection after acting");
            }
            reply(exchange, 200, answer);
        }
    }

    /** Streams a reply with no Content-Length until the client closes the connection (or the fake is closed). */
    private void endless(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/xml");
        exchange.sendResponseHeaders(200, 0);
        byte[] vm = "&lt;VM&gt;&lt;ID&gt;1&lt;/ID&gt;&lt;NAME&gt;vm&lt;/NAME&gt;&lt;/VM&gt;\n"
                .repeat(1_000)
                .getBytes(StandardCharsets.UTF_8);
        OutputStream out = exchange.getResponseBody();
        out.write(("<?xml version=\"1.0\"?><methodResponse><params><param><value><array><data><value><boolean>1"
                        + "</boolean></value><value><string>&lt;VM_POOL&gt;")
                .getBytes(StandardCharsets.UTF_8));
        while (release.getCount() > 0) {
            out.write(vm); // until the client hangs up: an IOException ends the exchange
            endlessBytes.addAndGet(vm.length);
        }
    }

    private void awaitRelease() {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void reply(HttpExchange exchange, int status, String text) throws IOException {
        responseBodies.add(text);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/xml");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private String answer(XmlRpcWire.Call call, Fault fault) {
        if (fault != null) {
            switch (fault) {
                case MALFORMED_ENVELOPE -> {
                    return "<?xml version=\"1.0\"?><methodResponse><params><param><value><array><data>";
                }
                case MALFORMED_DOCUMENT -> {
                    return XmlRpcWire.success("<HOST_POOL><HOST><ID>1</ID><NAME>broken");
                }
                case BARE_VALUE -> {
                    return XmlRpcWire.bare("just a string");
                }
                case AUTH_FAILURE -> {
                    return XmlRpcWire.failure(
                            "[" + call.method() + "] User couldn't be authenticated, aborting call.", 0x100);
                }
                case SECRET_IN_FAULT -> {
                    return XmlRpcWire.fault(-501, "cannot handle call with session " + call.param(0));
                }
                case NOT_AUTHORIZED -> {
                    return XmlRpcWire.failure(
                            "[" + call.method() + "] User [2] : Not authorized to perform "
                                    + (call.method().endsWith(".allocate") ? "CREATE" : "MANAGE") + " "
                                    + call.method().split("\\.")[1].toUpperCase(java.util.Locale.ROOT) + ".",
                            0x200);
                }
                case SECRET_IN_REFUSAL -> {
                    return XmlRpcWire.failure("[" + call.method() + "] refused for session " + call.param(0), 0x800);
                }
                default -> {
                    // TIMEOUT has been waited out: answer normally
                }
            }
        }
        if (call.params().isEmpty() || !session.equals(call.param(0))) {
            return XmlRpcWire.failure("[" + call.method() + "] User couldn't be authenticated, aborting call.", 0x100);
        }
        try {
            return dispatch(call);
        } catch (RuntimeException e) {
            return XmlRpcWire.fault(-501, "bad parameters for " + call.method() + ": " + e);
        }
    }

    private synchronized String dispatch(XmlRpcWire.Call call) {
        List<Object> args = call.arguments();
        return switch (call.method()) {
            case "one.hostpool.info" -> XmlRpcWire.success(hostPoolDocument());
            case "one.hostpool.monitoring" ->
                XmlRpcWire.success(OneDocuments.toString(OneDocuments.hostMonitoring(hosts.values(), now)));
            case "one.vmpool.infoextended" ->
                XmlRpcWire.success(OneDocuments.toString(OneDocuments.vmPool(notDone(vms.values()), true)));
            case "one.vmpool.monitoring" ->
                XmlRpcWire.success(OneDocuments.toString(OneDocuments.vmMonitoring(notDone(vms.values()), now)));
            case "one.vm.info" -> info((Integer) args.get(0));
            case "one.vm.deploy" ->
                deploy((Integer) args.get(0), (Integer) args.get(1), args.size() > 3 ? (Integer) args.get(3) : -1);
            case "one.datastorepool.info" ->
                XmlRpcWire.success(OneDocuments.toString(OneDocuments.datastorePool(List.copyOf(datastores.values()))));
            case "one.clusterpool.info" -> XmlRpcWire.success(clusterPool());
            case "one.vm.action" -> action((String) args.get(0), (Integer) args.get(1));
            case "one.vm.update" -> update((Integer) args.get(0), (String) args.get(1), (Integer) args.get(2));
            case "one.documentpool.info" -> documentPool((Integer) args.get(3));
            case "one.document.allocate" -> allocateDocument((String) args.get(0), (Integer) args.get(1));
            case "one.document.update" ->
                updateDocument((Integer) args.get(0), (String) args.get(1), (Integer) args.get(2));
            case "one.document.info" -> documentInfo((Integer) args.get(0));
            case "one.document.chmod" ->
                documents.containsKey((Integer) args.get(0))
                        ? XmlRpcWire.success((Integer) args.get(0))
                        : XmlRpcWire.failure(
                                "[one.document.chmod] Error getting document [" + args.get(0) + "].", 0x400);
            case "one.system.version" -> XmlRpcWire.success("7.4.0");
            case "one.user.info" ->
                XmlRpcWire.success(
                        "<USER><ID>2</ID><GID>100</GID><GROUPS><ID>100</ID></GROUPS>" + "<GNAME>overbookd</GNAME><NAME>"
                                + session.substring(0, session.indexOf(':')) + "</NAME></USER>");
            default -> XmlRpcWire.fault(-506, "Method " + call.method() + " not defined");
        };
    }

    // ---- generic documents (one.document.*), enough for overbookd's heartbeat board ----------

    /** A generic document: id, name, type and its template as attribute name to value, in order. */
    private record FakeDocument(int id, String name, int type, Map<String, String> template) {}

    private final TreeMap<Integer, FakeDocument> documents = new TreeMap<>();

    /** ONE_DRS/AUTOMATION of cluster 0 (default), where hosts are unless a test puts them elsewhere; empty: unset. */
    private String drsAutomation = "";

    synchronized void drsAutomation(String automation) {
        drsAutomation = automation;
    }

    private String clusterPool() {
        Map<Integer, List<Integer>> hostsByCluster = new TreeMap<>();
        for (Map.Entry<Integer, FakeHost> host : hosts.entrySet()) {
            hostsByCluster
                    .computeIfAbsent(host.getValue().clusterId, c -> new java.util.ArrayList<>())
                    .add(host.getKey());
        }
        return OneDocuments.toString(OneDocuments.clusterPool(
                new TreeMap<>(clusters),
                hostsByCluster,
                drsAutomation.isEmpty() ? Map.of() : Map.of(0, drsAutomation)));
    }

    /** An administrator deletes document {@code id}. */
    synchronized void deleteDocument(int id) {
        documents.remove(id);
    }

    /** The template attributes of document {@code id}, or null: for tests. */
    synchronized Map<String, String> documentTemplate(int id) {
        FakeDocument document = documents.get(id);
        return document == null ? null : Map.copyOf(document.template());
    }

    private static final java.util.regex.Pattern ATTRIBUTE =
            java.util.regex.Pattern.compile("(?m)^\\s*([A-Za-z0-9_]+)\\s*=\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\s*$");

    private static Map<String, String> parseTemplate(String text) {
        Map<String, String> attributes = new java.util.LinkedHashMap<>();
        java.util.regex.Matcher m = ATTRIBUTE.matcher(text);
        while (m.find()) {
            attributes.put(
                    m.group(1).toUpperCase(java.util.Locale.ROOT),
                    m.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
        }
        return attributes;
    }

    private String documentPool(int type) {
        StringBuilder xml = new StringBuilder("<DOCUMENT_POOL>");
        for (FakeDocument document : documents.values()) {
            if (type < 0 || document.type() == type) {
                xml.append(documentXml(document));
            }
        }
        return XmlRpcWire.success(xml.append("</DOCUMENT_POOL>").toString());
    }

    private String allocateDocument(String template, int type) {
        Map<String, String> attributes = parseTemplate(template);
        int id = documents.isEmpty() ? 0 : documents.lastKey() + 1;
        String name = attributes.getOrDefault("NAME", "document-" + id);
        documents.put(id, new FakeDocument(id, name, type, attributes));
        return XmlRpcWire.success(id);
    }

    private String updateDocument(int id, String template, int mode) {
        FakeDocument document = documents.get(id);
        if (document == null) {
            return XmlRpcWire.failure("[one.document.update] Error getting document [" + id + "].", 0x400);
        }
        if (mode == 0) {
            String name = document.template().get("NAME");
            document.template().clear();
            if (name != null) {
                document.template().put("NAME", name);
            }
        }
        document.template().putAll(parseTemplate(template));
        return XmlRpcWire.success(id);
    }

    private String documentInfo(int id) {
        FakeDocument document = documents.get(id);
        if (document == null) {
            return XmlRpcWire.failure("[one.document.info] Error getting document [" + id + "].", 0x400);
        }
        return XmlRpcWire.success(documentXml(document));
    }

    private static String documentXml(FakeDocument document) {
        StringBuilder xml = new StringBuilder("<DOCUMENT><ID>")
                .append(document.id())
                .append("</ID><UID>0</UID><GID>0</GID>" + "<UNAME>oneadmin</UNAME><GNAME>oneadmin</GNAME><NAME>")
                .append(escapeXml(document.name()))
                .append("</NAME><TYPE>")
                .append(document.type())
                .append("</TYPE><TEMPLATE>");
        for (Map.Entry<String, String> e : document.template().entrySet()) {
            xml.append('<')
                    .append(e.getKey())
                    .append("><![CDATA[")
                    .append(e.getValue())
                    .append("]]></")
                    .append(e.getKey())
                    .append('>');
        }
        return xml.append("</TEMPLATE></DOCUMENT>").toString();
    }

    private static String escapeXml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static List<FakeVm> notDone(Collection<FakeVm> all) {
        return all.stream().filter(vm -> vm.state != OneVmStates.DONE).toList();
    }

    private String info(int id) {
        FakeVm vm = vms.get(id);
        if (vm == null) {
            return noVm("one.vm.info", id);
        }
        String reply = XmlRpcWire.success(OneDocuments.toString(OneDocuments.vm(vm)));
        if (afterNextInfo != null) {
            Runnable change = afterNextInfo;
            afterNextInfo = null;
            change.run();
        }
        return reply;
    }

    /**
     * As oned 7.4: datastore -1 takes the lowest-id system datastore of the host's cluster (or fails when
     * it has none), another must be a system datastore of that cluster; the requirements are not checked.
     */
    private String deploy(int id, int hostId, int datastoreId) {
        FakeVm vm = vms.get(id);
        if (vm == null) {
            return noVm("one.vm.deploy", id);
        }
        if (vm.locked) {
            return locked("one.vm.deploy");
        }
        FakeHost host = hosts.get(hostId);
        if (host == null) {
            return XmlRpcWire.failure("[one.vm.deploy] Error getting host [" + hostId + "].", 0x400);
        }
        int ds = datastoreId;
        if (ds == -1) {
            ds = datastores.values().stream()
                    .filter(d -> d.type() == 1 && d.clusters().contains(host.clusterId))
                    .mapToInt(OneDocuments.Datastore::id)
                    .findFirst()
                    .orElse(-1);
            if (ds == -1) {
                return XmlRpcWire.failure(
                        "[one.vm.deploy] cluster [" + host.clusterId
                                + "] does not have any datastore of type SYSTEM_DS.",
                        0x800);
            }
        } else if (!datastores.containsKey(ds) || !datastores.get(ds).clusters().contains(host.clusterId)) {
            return XmlRpcWire.failure(
                    "[one.vm.deploy] datastore [" + ds + "] and host [" + hostId + "] are not in the same cluster ["
                            + host.clusterId + "].",
                    0x800);
        }
        switch (vm.state) {
            case OneVmStates.HOLD, OneVmStates.PENDING -> {
                vm.stay(host, now).state(OneVmStates.ACTIVE, OneVmStates.PROLOG);
                vm.lastStay().datastoreId = ds;
                steps(vm, OneVmStates.BOOT, OneVmStates.RUNNING);
            }
            case OneVmStates.STOPPED -> {
                vm.stay(host, now).state(OneVmStates.ACTIVE, OneVmStates.PROLOG_RESUME);
                vm.lastStay().datastoreId = ds;
                steps(vm, OneVmStates.BOOT_STOPPED, OneVmStates.RUNNING);
            }
            default -> {
                return wrongState("one.vm.deploy", "deploy", vm);
            }
        }
        return XmlRpcWire.success(id);
    }

    private String action(String action, int id) {
        FakeVm vm = vms.get(id);
        if (vm == null) {
            return noVm("one.vm.action", id);
        }
        if (vm.locked) {
            return locked("one.vm.action");
        }
        boolean running = vm.state == OneVmStates.ACTIVE && vm.lcmState == OneVmStates.RUNNING;
        switch (action) {
            case "suspend" -> {
                if (!running) {
                    return wrongState("one.vm.action", action, vm);
                }
                vm.lastStay().retime = now;
                vm.state(OneVmStates.ACTIVE, OneVmStates.SAVE_SUSPEND);
                vm.pending.add(new int[] {OneVmStates.SUSPENDED, OneVmStates.LCM_INIT});
            }
            case "stop" -> {
                if (!running) {
                    return wrongState("one.vm.action", action, vm);
                }
                vm.lastStay().retime = now;
                vm.state(OneVmStates.ACTIVE, OneVmStates.SAVE_STOP);
                steps(vm, OneVmStates.EPILOG_STOP);
                vm.pending.add(new int[] {OneVmStates.STOPPED, OneVmStates.LCM_INIT});
            }
            case "resume" -> {
                if (vm.state == OneVmStates.SUSPENDED) {
                    // like oned since 5.0: each action on a placed VM closes its record and opens
                    // another on the same host
                    FakeVm.Stay closed = vm.lastStay();
                    closed.etime = now;
                    vm.stay(hosts.get(closed.hostId), now);
                    vm.state(OneVmStates.ACTIVE, OneVmStates.BOOT_SUSPENDED);
                    steps(vm, OneVmStates.RUNNING);
                } else if (vm.state == OneVmStates.STOPPED) {
                    vm.state(OneVmStates.PENDING, OneVmStates.LCM_INIT);
                } else {
                    return wrongState("one.vm.action", action, vm);
                }
            }
            default -> {
                return wrongState("one.vm.action", action, vm);
            }
        }
        return XmlRpcWire.success(id);
    }

    private static void steps(FakeVm vm, int... lcmStates) {
        for (int lcm : lcmStates) {
            vm.pending.add(new int[] {OneVmStates.ACTIVE, lcm});
        }
    }

    /** one.vm.update: the user template replaced (mode 0) or merged into (mode 1). */
    private String update(int id, String template, int mode) {
        FakeVm vm = vms.get(id);
        if (vm == null) {
            return noVm("one.vm.update", id);
        }
        if (vm.locked) {
            return locked("one.vm.update");
        }
        if (mode == 0) {
            vm.userTemplate.clear();
        }
        vm.userTemplate.putAll(parseTemplate(template));
        return XmlRpcWire.success(id);
    }

    /** As oned 7.4 answers for a VM an administrator locked (measured): 0x200, not 0x8000. */
    private static String locked(String method) {
        return XmlRpcWire.failure("[" + method + "] VM is locked", 0x200);
    }

    private static String noVm(String method, int id) {
        return XmlRpcWire.failure("[" + method + "] Error getting virtual machine [" + id + "].", 0x400);
    }

    private static String wrongState(String method, String action, FakeVm vm) {
        return XmlRpcWire.failure(
                "[" + method + "] Error performing action \"" + action + "\": VM " + vm.id + " is in state "
                        + OneVmStates.describe(vm.state, vm.lcmState),
                0x800);
    }
}
