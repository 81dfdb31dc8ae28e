package org.overbookd.it;

import java.io.File;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.ws.commons.util.NamespaceContextImpl;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.apache.xmlrpc.client.XmlRpcClientConfigImpl;
import org.apache.xmlrpc.client.XmlRpcSun15HttpTransportFactory;
import org.apache.xmlrpc.common.TypeFactoryImpl;
import org.apache.xmlrpc.common.XmlRpcStreamConfig;
import org.apache.xmlrpc.parser.I8Parser;
import org.apache.xmlrpc.parser.TypeParser;
import org.overbookd.testing.Closing;

/**
 * The real OpenNebula 7.4 front-end with dummy drivers, unpacked by the shared {@code one-dummy.sh}
 * (never copied here) into a private ONE_ROOT under /tmp and stopped by it, with changes to the
 * unpacked copy only. The dummy IM's host monitoring probe is replaced by
 * {@code it/opennebula/host-monitor-probe}, which reports the USED_CPU this suite writes per host
 * (the dummy one reports rand(800)), and its period is lowered from 15 s to 2 s so a change of load
 * reaches oned within a few seconds; the dummy's guest-agent probe, which nothing here uses, is
 * disabled (a Ruby process per host every 5 s). And the front-end is made the suite's own, so that suites run
 * side by side: its ports ({@link OnedPorts}), the dummy VMM's actions folder (the tarball's reads
 * /tmp/opennebula_dummy_actions), the monitoring clients' pid files and state folder. oned is started
 * here, not by {@code one-dummy.sh start}, whose wait and host setup call 127.0.0.1:2633 whatever
 * ONE_ROOT says. Calls as oneadmin go through {@link #call}.
 */
final class OnedFrontEnd implements AutoCloseable {

    /** oneadmin's session, which oned takes from one_auth when it creates its database. */
    private static final String ONEADMIN = "oneadmin:opennebula-test-pw";

    private final Path script;
    private final Path oneRoot;
    private final Path install;
    private final Path probe;
    private final Path loadDir;
    private final OnedPorts ports;
    private final XmlRpcClient client;
    private String session;

    OnedFrontEnd(Path script, Path oneRoot, Path probe, OnedPorts ports) {
        this.script = script;
        this.oneRoot = oneRoot;
        this.install = oneRoot.resolve("opennebula-7.4.0");
        this.probe = probe;
        this.loadDir = install.resolve("var/remotes/im/dummy-probes.d/host/load");
        this.ports = ports;
        client = client(ports.endpoint());
    }

    /** oned's XML-RPC endpoint, for a daemon's {@code one.endpoint}. */
    String endpoint() {
        return ports.endpoint();
    }

    /** The dummy VMM reads one line of ACTION in this folder per call of ACTION. */
    Path dummyActions() {
        return oneRoot.resolve("dummy-actions");
    }

    /** An XML-RPC client for oned at {@code endpoint}: deadlines, no extensions, oned's bare i8 accepted. */
    static XmlRpcClient client(String endpoint) {
        XmlRpcClientConfigImpl config = new XmlRpcClientConfigImpl();
        try {
            config.setServerURL(new URL(endpoint));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        config.setEnabledForExtensions(false);
        config.setConnectionTimeout(5_000);
        config.setReplyTimeout(20_000);
        XmlRpcClient client = new XmlRpcClient();
        client.setConfig(config);
        client.setTransportFactory(new XmlRpcSun15HttpTransportFactory(client));
        // oned's replies carry a bare <i8>, which the library accepts only with extensions on
        client.setTypeFactory(new TypeFactoryImpl(client) {
            @Override
            public TypeParser getParser(XmlRpcStreamConfig cfg, NamespaceContextImpl context, String uri, String name) {
                return (uri == null || uri.isEmpty()) && name.equals("i8")
                        ? new I8Parser()
                        : super.getParser(cfg, context, uri, name);
            }
        });
        return client;
    }

    Path install() {
        return install;
    }

    Path onedLog() {
        return install.resolve("var/oned.log");
    }

    Path vmLog(int vm) {
        return install.resolve("var/vms/" + vm + "/vm.log");
    }

    /**
     * Unpacks, installs our probe in place of the dummy one, disables the dummy's guest-agent probe,
     * lowers the probe period, makes the front-end ours.
     */
    void prepare() throws IOException, InterruptedException {
        script("unpack");
        ownPortsAndFiles();
        Path monitorDir = install.resolve("var/remotes/im/dummy-probes.d/host/monitor");
        disable(monitorDir.resolve("monitor.rb"));
        // The dummy's guest-agent probe (EXEC_VM, every 5 s on each host): a Ruby process that loads the
        // OpenNebula gem and calls one.vm.info on every VM of the pool, to report commands run through a
        // QEMU guest agent, which neither overbookd nor the suites use. With 7 hosts it took most of a
        // core and oned's attention away from what the suites measure (docs/testing.md).
        disable(install.resolve("var/remotes/im/dummy-probes.d/vm/execution/exec.rb"));
        Path ours = monitorDir.resolve("overbookd-it-load");
        Files.copy(probe, ours, StandardCopyOption.REPLACE_EXISTING);
        ours.toFile().setExecutable(true, false);
        Files.createDirectories(loadDir);
        Path conf = install.resolve("etc/monitord.conf");
        String text = Files.readString(conf);
        String changed = text.replaceFirst("MONITOR_HOST\\s*=\\s*\\d+", "MONITOR_HOST   = 2")
                // how soon monitord starts monitoring hosts again after oned restarts (30 s in the tarball)
                .replaceFirst("MONITORING_INTERVAL_HOST\\s*=\\s*\\d+", "MONITORING_INTERVAL_HOST = 10");
        if (changed.equals(text)) {
            throw new IllegalStateException(conf + " has no PROBES_PERIOD MONITOR_HOST to lower");
        }
        Files.writeString(conf, changed);
    }

    /** monitord runs every executable file of a probe's folder: a disabled probe stops being one. */
    private static void disable(Path probe) throws IOException {
        if (!Files.exists(probe)) {
            throw new IllegalStateException(probe + " is not in the tarball: a probe to disable has moved");
        }
        Path renamed = probe.resolveSibling(probe.getFileName() + ".dummy-disabled");
        Files.move(probe, renamed, StandardCopyOption.REPLACE_EXISTING);
        renamed.toFile().setExecutable(false, false);
    }

    /**
     * The unpacked copy's ports, and the files the tarball's drivers share between installs, made this
     * front-end's: another suite's oned runs beside it. Each edit must find what it changes.
     */
    private void ownPortsAndFiles() throws IOException {
        edit("etc/oned.conf", "(?m)^PORT = \\d+$", "PORT = " + ports.xmlRpc());
        edit("etc/oned.conf", "(?m)^GRPC_PORT = \\d+$", "GRPC_PORT = " + ports.grpc());
        edit(
                "etc/oned.conf",
                "-p \\d+ -l \\d+ -b 127\\.0\\.0\\.1",
                "-p " + ports.hookPublisher() + " -l " + ports.hookReplier() + " -b 127.0.0.1");
        edit("etc/monitord.conf", "(?m)^(\\s*PORT\\s*=\\s*)\\d+,", "$1" + ports.monitord() + ",");
        edit(
                "etc/onehem-server.conf",
                "(?m)^(:subscriber_endpoint: 'tcp://localhost:)\\d+'",
                "$1" + ports.hookPublisher() + "'");
        edit(
                "etc/onehem-server.conf",
                "(?m)^(:replier_endpoint: 'tcp://localhost:)\\d+'",
                "$1" + ports.hookReplier() + "'");
        edit(
                "lib/mads/one_vmm_dummy.rb",
                "(?m)^DUMMY_ACTIONS_DIR = \".*\"$",
                quoted("DUMMY_ACTIONS_DIR = \"" + dummyActions() + "\""));
        // the monitoring client's pid file is named by host id alone, and its shepherd ends every client of
        // that host id and name but the one in the file: each would end the other install's clients
        String pidFile = quoted("/tmp/one-monitord-" + ports.xmlRpc() + "-$HID.pid");
        edit("var/remotes/im/dummy.d/monitord-client_control.sh", "/tmp/one-monitord-(\\d+-)?\\$HID\\.pid", pidFile);
        String shepherd = "var/remotes/im/dummy-probes.d/host/beacon/monitord-client-shepherd_local.sh";
        edit(shepherd, "/tmp/one-monitord-(\\d+-)?\\$HID\\.pid", pidFile);
        edit(
                shepherd,
                "grep \"[^\"]*/monitord-client\\.rb ",
                quoted("grep \"" + install.resolve("var/remotes/im/dummy.d/monitord-client.rb ")));
        edit(
                "var/remotes/im/dummy.d/monitord-client.rb",
                "(?m)^DB_PATH(\\s*)= '.*'$",
                quoted("DB_PATH   = '" + oneRoot.resolve("one_db") + "'"));
    }

    private static String quoted(String replacement) {
        return Matcher.quoteReplacement(replacement);
    }

    /** Replaces every match of {@code regex} in the unpacked copy's {@code file}; fails when there is none. */
    private void edit(String file, String regex, String replacement) throws IOException {
        Path path = install.resolve(file);
        String text = Files.readString(path);
        if (!Pattern.compile(regex).matcher(text).find()) {
            throw new IllegalStateException(path + " has nothing matching " + regex + " to change");
        }
        Files.writeString(path, text.replaceAll(regex, replacement));
    }

    /** How many times oned is started when its drivers miss its fixed 10 s to initialize. */
    private static final int STARTS = 3;

    /**
     * Starts oned on this front-end's port and waits until it answers (9-15 s idle; up to 90 s under load),
     * as {@code one-dummy.sh start} does (its pid in ONE_ROOT/oned.pid, where {@code one-dummy.sh stop}
     * finds it), but calling the suite's own port. Refuses when something answers there already: a
     * stale oned would be judged in place of ours.
     *
     * <p>oned exits at its start when a driver (a Ruby process) does not initialize within 10 s, a limit
     * oned.conf does not set; on a loaded machine (.ci/run runs other tests beside the suites) that
     * happened at a restart of oned. After such an exit oned is started again, as its operator would, up
     * to {@value #STARTS} times in all, saying so; any other exit fails at once. The suite's own checks
     * start after oned answers, so a second start changes none of them.
     */
    void start() throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                startOnce();
                return;
            } catch (DriverTimeOut e) {
                if (attempt == STARTS) {
                    throw new IllegalStateException("oned exited " + STARTS
                            + " times at its start, a driver missing its 10 s each time; " + e.getMessage());
                }
                System.out.println("oned on port " + ports.xmlRpc() + " exited at its start, a driver not initialized"
                        + " within its 10 s (a loaded machine): starting it again (" + (attempt + 1) + " of "
                        + STARTS + ")");
                script("stop"); // the monitoring clients it may have left
            }
        }
    }

    /** oned exited at its start because a driver did not initialize in time. */
    private static final class DriverTimeOut extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        DriverTimeOut(String message) {
            super(message);
        }
    }

    private void startOnce() throws IOException, InterruptedException {
        Path auth = oneRoot.resolve("one_auth");
        if (!Files.exists(auth)) {
            Files.writeString(auth, ONEADMIN + "\n");
        }
        Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
        session = Files.readString(auth).strip();
        try (Socket taken = new Socket()) {
            taken.connect(new InetSocketAddress("127.0.0.1", ports.xmlRpc()), 1_000);
            throw new IllegalStateException(
                    "127.0.0.1:" + ports.xmlRpc()
                            + " answers already, before this suite's oned started (an oned left by an earlier run? `ss -ltnp`)");
        } catch (ConnectException free) {
            // nothing listens there: ours may
        }
        ProcessBuilder pb = new ProcessBuilder(install.resolve("bin/oned").toString(), "-f")
                .directory(install.resolve("var").toFile())
                .redirectErrorStream(true)
                .redirectOutput(install.resolve("var/oned.stdout").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(cliEnvironment());
        long logBefore = Files.exists(onedLog()) ? Files.size(onedLog()) : 0; // oned appends: this start's lines follow
        Process oned = pb.start();
        Files.writeString(oneRoot.resolve("oned.pid"), oned.pid() + "\n");
        long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < end) {
            if (!oned.isAlive()) {
                String message = "oned exited " + oned.exitValue() + " before it answered; the end of " + onedLog()
                        + ":\n" + tail(onedLog());
                throw linesSince(onedLog(), logBefore).contains("Driver initialization time out")
                        ? new DriverTimeOut(message)
                        : new IllegalStateException(message);
            }
            if (answers()) {
                return;
            }
            LockSupport.parkNanos(500_000_000L); // poll interval of oned's start
        }
        throw new IllegalStateException(
                "oned did not answer on " + endpoint() + " in 90 s; the end of " + onedLog() + ":\n" + tail(onedLog()));
    }

    private boolean answers() {
        try {
            return Boolean.TRUE.equals(raw("one.system.version")[0]);
        } catch (XmlRpcException notYet) {
            return false;
        }
    }

    /** What {@code log} holds past its first {@code offset} bytes (oned's shutdown after a failed start runs to dozens of lines). */
    private static String linesSince(Path log, long offset) throws IOException {
        byte[] all = Files.readAllBytes(log);
        int from = (int) Math.min(offset, all.length);
        return new String(all, from, all.length - from, StandardCharsets.UTF_8);
    }

    private static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(none)";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    /**
     * As {@code one-dummy.sh setup N}: the datastores dummy, the marketplaces off, the dummy hosts
     * host1..hostN (those missing).
     */
    void setupHosts(int n) throws XmlRpcException {
        call("one.datastore.update", 0, "TM_MAD=\"dummy\"", 1);
        call("one.datastore.update", 1, "DS_MAD=\"dummy\"\nTM_MAD=\"dummy\"", 1);
        call("one.datastore.update", 2, "DS_MAD=\"dummy\"\nTM_MAD=\"dummy\"", 1);
        Matcher market = Pattern.compile("<MARKETPLACE><ID>(\\d+)</ID>").matcher(xml("one.marketpool.info"));
        while (market.find()) {
            call("one.market.enable", Integer.parseInt(market.group(1)), false);
        }
        String hosts = xml("one.hostpool.info");
        for (int i = 1; i <= n; i++) {
            if (!hosts.contains("<NAME>host" + i + "</NAME>")) {
                call("one.host.allocate", "host" + i, "dummy", "dummy", -1);
            }
        }
    }

    /** Stops oned and its monitoring clients; oned takes about 8 s to exit. */
    void stop() throws IOException, InterruptedException {
        script("stop");
    }

    @Override
    public void close() throws IOException {
        Closing.waiting("stopping oned", () -> {
            if (hookManager) {
                cli("onehem-server stop");
            }
            stop();
            clearDummyActions();
        });
    }

    private boolean hookManager;

    /** Starts OpenNebula's hook execution manager (onehem), which runs the hooks; stopped by {@link #close}. */
    void startHookManager() throws IOException, InterruptedException {
        cli("onehem-server start");
        hookManager = true;
    }

    /** The environment of OpenNebula's command line for this front-end, as oneadmin. */
    Map<String, String> cliEnvironment() {
        return Map.of(
                "ONE_LOCATION",
                install.toString(),
                "ONE_AUTH",
                oneRoot.resolve("one_auth").toString(),
                "ONE_XMLRPC",
                endpoint(),
                "RUBYLIB",
                install.resolve("lib/ruby").toString(),
                "PATH",
                install.resolve("bin") + ":" + System.getenv("PATH"));
    }

    /** Runs {@code commands} with bash -e as oneadmin (or as the session in {@code authFile}); their output, or an exception. */
    String cli(String commands) throws IOException, InterruptedException {
        return cli(commands, null);
    }

    String cli(String commands, Path authFile) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", commands).redirectErrorStream(true);
        pb.environment().putAll(cliEnvironment());
        if (authFile != null) {
            pb.environment().put("ONE_AUTH", authFile.toString());
        }
        pb.directory(oneRoot.toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("OpenNebula's command line failed:\n" + commands + "\n" + out);
        }
        return out;
    }

    /** Stops oned and starts it again, as {@code systemctl restart opennebula} does on a packaged front-end. */
    void restart() throws IOException, InterruptedException {
        stop();
        start();
    }

    /** USED_CPU (percent of one core, 0-800 on the 8-core dummy host) the probe reports for the host. */
    void setUsedCpu(String hostName, int usedCpu) throws IOException {
        Path tmp = loadDir.resolve("." + hostName + ".tmp");
        Files.writeString(tmp, Math.max(0, Math.min(800, usedCpu)) + "\n");
        Files.move(tmp, loadDir.resolve(hostName), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Makes the dummy VMM answer ACTION as the lines say (success N, failure, -), cycled. */
    void dummyAction(String action, String... lines) throws IOException {
        Files.createDirectories(dummyActions());
        Files.writeString(dummyActions().resolve(action), String.join("\n", lines) + "\n");
    }

    void clearDummyAction(String action) throws IOException {
        Files.deleteIfExists(dummyActions().resolve(action));
    }

    void clearDummyActions() throws IOException {
        for (String action : List.of("deploy", "save", "restore", "shutdown", "cancel")) {
            clearDummyAction(action);
        }
    }

    /** oneadmin's call; the value of a {@code [true, value, ...]} reply, or an exception naming the method. */
    Object call(String method, Object... args) throws XmlRpcException {
        Object[] reply = raw(method, args);
        if (!Boolean.TRUE.equals(reply[0])) {
            throw new XmlRpcException(method + Arrays.toString(args) + " refused: " + reply[1]);
        }
        return reply[1];
    }

    /** oneadmin's call; the whole reply array. */
    Object[] raw(String method, Object... args) throws XmlRpcException {
        return rawAs(session, method, args);
    }

    /** The call as another user (the session {@code user:password}): the value, or an exception naming the method. */
    Object callAs(String userSession, String method, Object... args) throws XmlRpcException {
        Object[] reply = rawAs(userSession, method, args);
        if (!Boolean.TRUE.equals(reply[0])) {
            throw new XmlRpcException(method + Arrays.toString(args) + " refused: " + reply[1]);
        }
        return reply[1];
    }

    private Object[] rawAs(String userSession, String method, Object... args) throws XmlRpcException {
        Object[] full = new Object[args.length + 1];
        full[0] = userSession;
        System.arraycopy(args, 0, full, 1, args.length);
        return (Object[]) client.execute(method, full);
    }

    String xml(String method, Object... args) throws XmlRpcException {
        return (String) call(method, args);
    }

    private void script(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("bash");
        command.add(script.toString());
        command.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("ONE_ROOT", oneRoot.toString());
        Path out = Files.createTempFile(oneRoot.getParent(), "one-dummy-", ".out");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("one-dummy.sh " + String.join(" ", args) + " did not finish in 120 s");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        Files.delete(out);
        if (p.exitValue() != 0) {
            throw new IllegalStateException(
                    "one-dummy.sh " + String.join(" ", args) + " exited " + p.exitValue() + ": " + text.strip());
        }
    }

    static Duration since(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }
}
