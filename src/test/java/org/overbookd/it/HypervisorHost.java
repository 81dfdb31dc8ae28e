package org.overbookd.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.overbookd.testing.Closing;

/**
 * The real hypervisor of {@code it/hypervisor/host.sh}: the shared OpenNebula 7.4 front-end with one
 * {@code qemu} host, this machine, driven by libvirt under QEMU's emulation. oned listens on ports
 * of its own ({@link OnedPorts#HYPERVISOR}; {@code host.sh} derives the others from its XML-RPC port as
 * {@link OnedPorts} does), so it can run beside another suite's oned. Calls as oneadmin go through
 * {@link #call}; libvirt is asked through {@code virsh}.
 */
final class HypervisorHost implements AutoCloseable {

    static final OnedPorts PORTS = OnedPorts.HYPERVISOR;

    private final Path script;
    private final Path oneRoot;
    private final Path shared;
    private final XmlRpcClient client;
    private String session;

    HypervisorHost(Path script, Path oneRoot, Path shared) {
        this.script = script;
        this.oneRoot = oneRoot;
        this.shared = shared;
        this.client = OnedFrontEnd.client(PORTS.endpoint());
    }

    /** Why this machine cannot run the hypervisor (one line), or empty when it can. */
    static Optional<String> unusable(Path script, Path shared) throws IOException, InterruptedException {
        Result r = run(script, Path.of("/tmp/overbookd-hypervisor-check"), shared, 30, "check");
        return r.exit == 0 ? Optional.empty() : Optional.of(r.output.strip());
    }

    Path install() {
        return oneRoot.resolve("opennebula-7.4.0");
    }

    Path guest() {
        return oneRoot.resolve("guest");
    }

    Path serialDir() {
        return oneRoot.resolve("serial");
    }

    Path vmLog(int vm) {
        return install().resolve("var/vms/" + vm + "/vm.log");
    }

    /** A suspended VM's memory image in the system datastore (0), as the KVM driver's save writes it. */
    Path checkpoint(int vm) {
        return install().resolve("var/datastores/0/" + vm + "/checkpoint");
    }

    /** Unpacks, builds the guest, starts libvirt, sshd and oned, adds the host and waits until it is MONITORED. */
    void start() throws IOException, InterruptedException {
        script(120, "guest");
        script(180, "start");
        session = Files.readString(oneRoot.resolve("one_auth")).strip();
        script(120, "setup");
        Files.createDirectories(serialDir());
        serialDir().toFile().setWritable(true, false);
    }

    @Override
    public void close() throws IOException {
        Closing.waiting("stopping the hypervisor host", () -> script(120, "stop"));
    }

    /** oneadmin's call; the value of a {@code [true, value, ...]} reply, or an exception naming the method. */
    Object call(String method, Object... args) throws XmlRpcException {
        Object[] full = new Object[args.length + 1];
        full[0] = session;
        System.arraycopy(args, 0, full, 1, args.length);
        Object[] reply = (Object[]) client.execute(method, full);
        if (!Boolean.TRUE.equals(reply[0])) {
            throw new XmlRpcException(method + Arrays.toString(args) + " refused: " + reply[1]);
        }
        return reply[1];
    }

    String xml(String method, Object... args) throws XmlRpcException {
        return (String) call(method, args);
    }

    /** The names of libvirt's running domains (one-ID for OpenNebula's VM ID). */
    List<String> runningDomains() throws IOException, InterruptedException {
        Result r = command(20, "virsh", "-q", "-c", "qemu:///system", "list", "--name");
        List<String> out = new ArrayList<>();
        for (String line : r.output.split("\n")) {
            if (!line.isBlank()) {
                out.add(line.strip());
            }
        }
        return out;
    }

    /** libvirt's cgroup of all guests (v1's cpu controller, or v2's) and the weight key each gives. */
    private static final List<String[]> GUESTS_CGROUP = List.of(
            new String[] {"/sys/fs/cgroup/cpu/machine/cpu.shares", "262144"},
            new String[] {"/sys/fs/cgroup/machine/cpu.weight", "10000"},
            new String[] {"/sys/fs/cgroup/machine.slice/cpu.weight", "10000"});

    /**
     * Gives the guests the CPU a hypervisor that runs nothing but its VMs would give them. libvirt puts
     * every guest into one cgroup, {@code machine}, whose weight is by default that of a single process
     * (1,024 shares): on this shared machine, with 30-40 runnable build threads beside it, the guests
     * together got 5-10 % of the two cores, however hard their patterns asked and whatever their nice
     * value (a nice value counts only inside their cgroup). The cgroup's weight set to the maximum gives
     * them about 95 % of the machine while they ask for it, and nothing while they idle. The weight it
     * had is kept in ONE_ROOT ({@code machine-cpu-weight}); {@code host.sh stop} puts it back.
     */
    void prioritizeGuests() throws IOException {
        for (String[] c : GUESTS_CGROUP) {
            Path weight = Path.of(c[0]);
            if (Files.isWritable(weight)) {
                String now = Files.readString(weight).strip();
                if (!now.equals(c[1])) {
                    Path kept = oneRoot.resolve("machine-cpu-weight");
                    if (!Files.exists(kept)) {
                        Files.writeString(kept, c[0] + " " + now + "\n");
                    }
                    Files.writeString(weight, c[1]);
                }
                return;
            }
        }
    }

    /**
     * Puts a process of the front-end (the daemon) into the cgroup {@code host.sh start} made for oned,
     * its monitoring and libvirt ({@code dedicate} in host.sh says why); nothing when there is none.
     */
    void dedicate(long pid) throws IOException {
        for (String root : List.of("/sys/fs/cgroup/cpu", "/sys/fs/cgroup/unified", "/sys/fs/cgroup")) {
            Path procs = Path.of(root, "overbookd-hypervisor-" + PORTS.xmlRpc(), "cgroup.procs");
            if (Files.isWritable(procs)) {
                Files.writeString(procs, pid + "\n");
                return;
            }
        }
    }

    /** The processes whose command line names {@code path} (pid and command line), read from /proc. */
    static List<String> processesNaming(Path path) {
        List<String> out = new ArrayList<>();
        String self = String.valueOf(ProcessHandle.current().pid());
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(d -> d.getFileName().toString().matches("\\d+"))
                    .toList()) {
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ')
                            .strip();
                    if (cmd.contains(path.toString())
                            && !p.getFileName().toString().equals(self)) {
                        out.add("process " + p.getFileName() + ": "
                                + (cmd.length() > 120 ? cmd.substring(0, 120) : cmd));
                    }
                } catch (IOException gone) {
                    // ended while we looked
                }
            }
        } catch (IOException e) {
            out.add("cannot list /proc: " + e.getMessage());
        }
        return out;
    }

    private void script(int seconds, String... args) throws IOException, InterruptedException {
        Result r = run(script, oneRoot, shared, seconds, args);
        if (r.exit != 0) {
            throw new IllegalStateException(
                    "host.sh " + String.join(" ", args) + " exited " + r.exit + ": " + r.output.strip());
        }
    }

    private record Result(int exit, String output) {}

    private static Result run(Path script, Path oneRoot, Path shared, int seconds, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("ONE_ROOT", oneRoot.toString());
        pb.environment().put("ONE_PORT", String.valueOf(PORTS.xmlRpc()));
        // the machine is shared with builds: the host counts its guests alone (it/hypervisor/guests-vmstat)
        pb.environment().put("HOST_CPU", "guests");
        pb.environment().put("OVERBOOKD_SHARED", shared.toString());
        return wait(pb, seconds, "host.sh " + String.join(" ", args));
    }

    private static Result command(int seconds, String... command) throws IOException, InterruptedException {
        return wait(new ProcessBuilder(command).redirectErrorStream(true), seconds, String.join(" ", command));
    }

    private static Result wait(ProcessBuilder pb, int seconds, String what) throws IOException, InterruptedException {
        Path out = Files.createTempFile("overbookd-hv-", ".out");
        try {
            pb.redirectOutput(out.toFile());
            Process p = pb.start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(what + " did not finish in " + seconds + " s");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
