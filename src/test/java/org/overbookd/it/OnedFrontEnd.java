package org.overbookd.it;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * The real OpenNebula 7.4 front-end with dummy drivers, driven through the shared
 * {@code one-dummy.sh} (never copied here): unpacked into a private ONE_ROOT under /tmp, with two
 * changes to the unpacked copy only. The dummy IM's host monitoring probe is replaced by
 * {@code it/opennebula/host-monitor-probe}, which reports the USED_CPU this suite writes per host
 * (the dummy one reports rand(800)), and its period is lowered from 15 s to 2 s so a change of load
 * reaches oned within a few seconds. Calls as oneadmin go through {@link #call}.
 */
final class OnedFrontEnd implements AutoCloseable {

    static final String ENDPOINT = "http://127.0.0.1:2633/RPC2";
    /** The dummy VMM reads one line of /tmp/opennebula_dummy_actions/ACTION per call of ACTION. */
    static final Path DUMMY_ACTIONS = Path.of("/tmp/opennebula_dummy_actions");

    private final Path script;
    private final Path oneRoot;
    private final Path install;
    private final Path probe;
    private final Path loadDir;
    private final XmlRpcClient client;
    private String session;

    OnedFrontEnd(Path script, Path oneRoot, Path probe) {
        this.script = script;
        this.oneRoot = oneRoot;
        this.install = oneRoot.resolve("opennebula-7.4.0");
        this.probe = probe;
        this.loadDir = install.resolve("var/remotes/im/dummy-probes.d/host/load");
        client = client(ENDPOINT);
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

    /** Unpacks, installs our probe in place of the dummy one, lowers the probe period. */
    void prepare() throws IOException, InterruptedException {
        script("unpack");
        Path monitorDir = install.resolve("var/remotes/im/dummy-probes.d/host/monitor");
        Path dummy = monitorDir.resolve("monitor.rb");
        // monitord runs every executable file of the directory: the dummy probe must stop being one
        if (Files.exists(dummy)) {
            Files.move(dummy, monitorDir.resolve("monitor.rb.dummy-disabled"), StandardCopyOption.REPLACE_EXISTING);
            monitorDir.resolve("monitor.rb.dummy-disabled").toFile().setExecutable(false, false);
        }
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

    /** Starts oned and waits (the script does, up to 45 s) until it answers. */
    void start() throws IOException, InterruptedException {
        script("start");
        session = Files.readString(oneRoot.resolve("one_auth")).strip();
    }

    void setupHosts(int n) throws IOException, InterruptedException {
        script("setup", String.valueOf(n));
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
                ENDPOINT,
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
        Files.createDirectories(DUMMY_ACTIONS);
        Files.writeString(DUMMY_ACTIONS.resolve(action), String.join("\n", lines) + "\n");
    }

    void clearDummyAction(String action) throws IOException {
        Files.deleteIfExists(DUMMY_ACTIONS.resolve(action));
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
