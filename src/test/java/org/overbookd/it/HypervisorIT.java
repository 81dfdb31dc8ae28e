package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.overbookd.it.GuestConsoles.Report;
import org.overbookd.it.OnedEvidence.Call;
import org.overbookd.it.OnedEvidence.History;
import org.overbookd.it.OnedEvidence.Transition;
import org.overbookd.testing.SharedFiles;
import org.w3c.dom.Element;

/**
 * The built daemon against OpenNebula 7.4 driving a real hypervisor ({@code it/hypervisor/host.sh}):
 * one {@code qemu} host (this machine, libvirt, QEMU's emulation), a high-QoS guest running the
 * business pattern over a day compressed to {@link #DAY_SECONDS}, and three low-QoS guests on hold
 * (noisy and spiky, 96, 128 and 192 MB) for overbookd to place, with its default bounds (70/90) and
 * slots (2) and a 5 s interval. OpenNebula's own probes measure the host; OpenNebula's own suspend
 * saves the guest's memory to disk through libvirt.
 *
 * <p>Checked after the run against oned's request log, the VMs' logs and HISTORY, the host's
 * monitoring samples, libvirt's domains (polled each second) and the guests' own counters: every
 * placement was decided on a sample at or below the lower bound and every suspension on one at or
 * above the upper bound, both samples oned really took; a suspended guest's domain was gone, its
 * memory image on disk and its counter still; a resumed guest came back on the same host with its
 * counter going on from where it stopped (restored, not rebooted); no high-QoS VM was named in any
 * call of overbookd's, left its host or was restarted. Then it measures what an administrator asks
 * (see {@link HypervisorReport}) and prints it.
 */
@Tag("slow")
@Tag("hypervisor")
class HypervisorIT {

    static final int INTERVAL_SECONDS = 5;
    static final double LOWER = 70;
    static final double UPPER = 90;
    static final int SLOTS = 2;
    /** The business day of the high-QoS guest: 8.3 s an hour; it boots at midnight. */
    static final int DAY_SECONDS = 200;
    /** The run ends when the high-QoS guest has been up this long: the day and two hours of night. */
    static final int RUN_UPTIME_SECONDS = 250;
    static final String HIGH_PATTERN = "obl.pattern=business obl.min=10 obl.max=95 obl.sd=5 obl.day=" + DAY_SECONDS
            + " obl.start=0 obl.draw=5 obl.seed=7";
    /** Low-QoS guests: name, memory (MB), pattern. */
    static final List<String[]> LOW = List.of(
            new String[] {"low-96", "96", "obl.pattern=noisy obl.mu=60 obl.sd=15 obl.draw=5 obl.seed=11"},
            new String[] {"low-128", "128", "obl.pattern=spiky obl.mu=60 obl.sd=5 obl.draw=5 obl.seed=12"},
            new String[] {"low-192", "192", "obl.pattern=noisy obl.mu=60 obl.sd=15 obl.draw=5 obl.seed=13"});

    /** One look at the host each second: VM states (state, LCM state), libvirt's running domains. */
    record Tick(Instant time, Map<Integer, int[]> states, Set<String> domains) {
        boolean running(int vm) {
            int[] s = states.get(vm);
            return s != null && s[0] == 3 && s[1] == 3;
        }

        boolean suspended(int vm) {
            int[] s = states.get(vm);
            return s != null && s[0] == 5;
        }
    }

    /** A suspension seen by the poller: when, and the memory image's size then. */
    record Saved(int vm, Instant seen, long checkpointBytes) {
    }

    private HypervisorHost host;
    private final GuestConsoles consoles = new GuestConsoles();
    private final List<Tick> ticks = new CopyOnWriteArrayList<>();
    private final List<Saved> saved = new CopyOnWriteArrayList<>();
    private final Map<String, String> checks = new LinkedHashMap<>();
    private final Map<Integer, Integer> memory = new TreeMap<>();
    private int highVm = -1;
    private final List<Integer> lowVms = new ArrayList<>();
    private int overbookdUid;
    private Path work;
    private Path auditFile;
    private Path recordFile;
    private int daemonExit = Integer.MIN_VALUE;
    private HypervisorReport report;

    @Test
    void overbooksARealHypervisorSafely() throws Exception {
        Path tarball = SharedFiles.require("opennebula/opennebula-7.4.0-dummy.tar.xz");
        Path shared = tarball.getParent().getParent();
        Path script = Path.of("it/hypervisor/host.sh").toAbsolutePath();
        Optional<String> unusable = HypervisorHost.unusable(script, shared);
        Assumptions.assumeTrue(unusable.isEmpty(), () -> "skipped: no hypervisor here: " + unusable.orElse(""));
        Path jar = Path.of("target/overbookd.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "target/overbookd.jar is missing: run the suite through Maven (verify)");
        long started = System.nanoTime();
        work = Files.createTempDirectory(Path.of("/tmp"), "overbookd-hv-");
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x")); // libvirt's QEMU reads the guest
        host = new HypervisorHost(script, work.resolve("one"), shared);
        ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
        DaemonProcess daemon = null;
        try {
            host.start();
            String password = UUID.randomUUID().toString();
            overbookdUid = (Integer) host.call("one.user.allocate", "overbookd", password, "core", new Object[] {0});
            highVm = allocate("high-96", 96, "HIGH", HIGH_PATTERN, false);
            host.call("one.vm.deploy", highVm, 0, false, -1);
            for (String[] low : LOW) {
                lowVms.add(allocate(low[0], Integer.parseInt(low[1]), "LOW", low[2], true));
            }
            poller.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
            awaitOrFail("the high-QoS guest runs its pattern", Duration.ofSeconds(90),
                    () -> !consoles.reports(highVm).isEmpty());
            Instant firstReport = consoles.reports(highVm).get(0).seen();
            awaitOrFail("a host sample taken with the high-QoS guest running", Duration.ofSeconds(60),
                    () -> samples().stream().anyMatch(s -> !s.time().isBefore(firstReport)));
            daemon = startDaemon(jar, password);
            awaitOrFail("the day and the evening of the high-QoS guest", Duration.ofSeconds(RUN_UPTIME_SECONDS + 60),
                    () -> highUptime() >= RUN_UPTIME_SECONDS * 100L);
            daemonExit = daemon.stop();
            check("the daemon exited 0 on SIGTERM, no stack trace", daemonExit == 0 && !daemon.output().contains("\n\tat "),
                    "exit " + daemonExit);
            List<Tick> run = List.copyOf(ticks);
            List<HypervisorReport.Cost> costs = calibrate();
            poller.shutdownNow();
            evaluate(run, costs);
        } finally {
            poller.shutdownNow();
            if (daemon != null) {
                daemon.stop();
            }
            host.close();
            System.out.println(report != null ? report.text(checks, OnedFrontEnd.since(started), work)
                    : "\n=== overbookd on a real hypervisor: stopped early ===\n" + checks + "\nevidence in " + work);
        }
        List<String> failed = checks.entrySet().stream().filter(e -> !e.getValue().equals("ok"))
                .map(e -> e.getKey() + ": " + e.getValue()).toList();
        if (!failed.isEmpty()) {
            fail(failed.size() + " of " + checks.size() + " checks failed:\n  " + String.join("\n  ", failed));
        }
    }

    // ---------------------------------------------------------------- set-up

    private int allocate(String name, int mb, String qos, String pattern, boolean hold) throws Exception {
        Path guest = host.guest();
        Path serial = host.serialDir().resolve(name + ".log");
        String template = String.join("\n",
                "NAME=\"" + name + "\"", "CPU=\"1\"", "VCPU=\"1\"", "MEMORY=\"" + mb + "\"", "QOS=\"" + qos + "\"",
                "OS=[KERNEL=\"" + guest.resolve("vmlinuz") + "\", INITRD=\"" + guest.resolve("initrd.gz")
                        + "\", KERNEL_CMD=\"console=ttyS0 quiet " + pattern + "\"]",
                // the console goes to a file the suite reads; append: a restored guest goes on writing to it
                "RAW=[TYPE=\"kvm\", DATA=\"<devices><serial type='file'><source path='" + serial
                        + "' append='on'/><target port='0'/></serial></devices>\"]");
        int id = (Integer) host.call("one.vm.allocate", template, hold);
        memory.put(id, mb);
        consoles.watch(id, serial);
        return id;
    }

    private DaemonProcess startDaemon(Path jar, String password) throws IOException {
        Path dir = Files.createDirectories(work.resolve("daemon"));
        Path auth = dir.resolve("one_auth");
        Files.writeString(auth, "overbookd:" + password + "\n");
        Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
        auditFile = dir.resolve("audit.jsonl");
        recordFile = dir.resolve("record.csv");
        Path config = dir.resolve("overbookd.properties");
        // the defaults, but a short interval
        Files.writeString(config, String.join("\n",
                "backend = opennebula",
                "one.endpoint = " + HypervisorHost.ENDPOINT,
                "one.auth-file = " + auth,
                "schedule.overbooking-interval = " + INTERVAL_SECONDS + "s",
                "audit.file = " + auditFile,
                "record.file = " + recordFile, ""));
        return DaemonProcess.start(jar, config, dir, "daemon");
    }

    // ---------------------------------------------------------------- watching

    private void poll() {
        try {
            consoles.poll();
            host.prioritizeGuests();
            Map<Integer, int[]> states = new HashMap<>();
            for (Element vm : OnedEvidence.vms(host.xml("one.vmpool.infoextended", -2, -1, -1, -1))) {
                states.put(OnedEvidence.integer(vm, "ID"),
                        new int[] {OnedEvidence.integer(vm, "STATE"), OnedEvidence.integer(vm, "LCM_STATE")});
            }
            Tick tick = new Tick(Instant.now(), states, Set.copyOf(host.runningDomains()));
            ticks.add(tick);
            for (int vm : lowVms) {
                boolean wasSuspended = ticks.size() > 1 && ticks.get(ticks.size() - 2).suspended(vm);
                if (tick.suspended(vm) && !wasSuspended) {
                    Path image = host.checkpoint(vm);
                    saved.add(new Saved(vm, tick.time(), Files.exists(image) ? Files.size(image) : -1));
                }
            }
        } catch (Exception e) {
            System.err.println("hypervisor poller: " + e);
        }
    }

    private long highUptime() {
        List<Report> r = consoles.reports(highVm);
        return r.isEmpty() ? 0 : r.get(r.size() - 1).uptimeCs();
    }

    /** The host's monitoring samples oned holds: time and utilization (USED_CPU over TOTAL_CPU, percent). */
    List<HypervisorReport.Sample> samples() {
        try {
            double total = Double.parseDouble(OnedEvidence.text(
                    OnedEvidence.parse(host.xml("one.host.info", 0, false)).getDocumentElement(), "TOTAL_CPU"));
            List<HypervisorReport.Sample> out = new ArrayList<>();
            for (Element m : DummyCluster.elements(host.xml("one.host.monitoring", 0), "MONITORING")) {
                String used = OnedEvidence.text(m, "USED_CPU");
                if (!used.isBlank()) {
                    out.add(new HypervisorReport.Sample(Instant.ofEpochSecond(Long.parseLong(OnedEvidence.text(m,
                            "TIMESTAMP"))), 100 * Double.parseDouble(used) / total));
                }
            }
            out.sort((a, b) -> a.time().compareTo(b.time()));
            return out;
        } catch (Exception e) {
            return List.of();
        }
    }

    // ---------------------------------------------------------------- suspend and resume by memory size

    /**
     * With the daemon stopped, the administrator suspends and resumes each low-QoS guest once (deploying
     * one that never ran): the driver's cost by memory size, timed by polling oned every 100 ms.
     */
    private List<HypervisorReport.Cost> calibrate() throws Exception {
        List<HypervisorReport.Cost> out = new ArrayList<>();
        for (int vm : lowVms) {
            int[] s = state(vm);
            if (s[0] == 2) {
                host.call("one.vm.deploy", vm, 0, false, -1);
            } else if (s[0] == 5) {
                host.call("one.vm.action", "resume", vm);
            }
            if (!await(Duration.ofSeconds(90), () -> running(vm))) {
                check("calibration: VM " + vm + " RUNNING before its suspension", false, "state " + stateText(vm));
                continue;
            }
            long units = lastUnits(vm);
            await(Duration.ofSeconds(30), () -> lastUnits(vm) > units); // its init is counting
            long t0 = System.nanoTime();
            host.call("one.vm.action", "suspend", vm);
            boolean suspended = await(Duration.ofSeconds(120), () -> state(vm)[0] == 5);
            double suspendSeconds = OnedFrontEnd.since(t0).toMillis() / 1000.0;
            long bytes = Files.exists(host.checkpoint(vm)) ? Files.size(host.checkpoint(vm)) : -1;
            long t1 = System.nanoTime();
            host.call("one.vm.action", "resume", vm);
            boolean resumed = await(Duration.ofSeconds(120), () -> running(vm));
            double resumeSeconds = OnedFrontEnd.since(t1).toMillis() / 1000.0;
            check("calibration: VM " + vm + " (" + memory.get(vm) + " MB) suspended and resumed by oneadmin",
                    suspended && resumed && bytes > 0, "suspended " + suspended + ", resumed " + resumed + ", image "
                            + bytes + " bytes");
            out.add(new HypervisorReport.Cost(memory.get(vm), suspendSeconds, resumeSeconds, bytes));
        }
        return out;
    }

    private int[] state(int vm) {
        try {
            Element e = OnedEvidence.parse(host.xml("one.vm.info", vm, false)).getDocumentElement();
            return new int[] {OnedEvidence.integer(e, "STATE"), OnedEvidence.integer(e, "LCM_STATE")};
        } catch (Exception ex) {
            return new int[] {-1, -1};
        }
    }

    private String stateText(int vm) {
        int[] s = state(vm);
        return s[0] + "/" + s[1];
    }

    private boolean running(int vm) {
        int[] s = state(vm);
        return s[0] == 3 && s[1] == 3;
    }

    private long lastUnits(int vm) {
        consoles.poll();
        List<Report> r = consoles.reports(vm);
        return r.isEmpty() ? -1 : r.get(r.size() - 1).units();
    }

    // ---------------------------------------------------------------- checks on the evidence

    private void evaluate(List<Tick> run, List<HypervisorReport.Cost> costs) throws Exception {
        List<JsonNode> audit = OnedEvidence.audit(auditFile);
        List<JsonNode> decisions = audit.stream().filter(r -> "decision".equals(r.path("event").asText())).toList();
        List<JsonNode> outcomes = audit.stream().filter(r -> "outcome".equals(r.path("event").asText())).toList();
        List<HypervisorReport.Sample> samples = samples();
        List<Call> calls = OnedEvidence.calls(host.install().resolve("var"));
        List<Call> ours = calls.stream().filter(c -> c.uid() == overbookdUid).toList();
        Map<Integer, List<Transition>> transitions = new TreeMap<>();
        Map<Integer, List<History>> histories = new TreeMap<>();
        List<Integer> all = new ArrayList<>(lowVms);
        all.add(highVm);
        for (int vm : all) {
            transitions.put(vm, OnedEvidence.transitions(host.vmLog(vm)));
            histories.put(vm, OnedEvidence.histories(host.xml("one.vm.info", vm, false)));
        }

        // every decision on a sample oned took, on the right side of its bound
        List<String> wrong = new ArrayList<>();
        for (JsonNode d : decisions) {
            String action = d.path("action").asText();
            double u = d.path("host_utilization").asDouble(Double.NaN);
            Instant at = OnedEvidence.auditTime(d);
            boolean taken = samples.stream().filter(s -> !s.time().isAfter(at.plusSeconds(1)))
                    .anyMatch(s -> Math.abs(s.utilization() - u) < 0.1);
            boolean side = action.equals("suspend") ? u >= UPPER : u <= LOWER;
            if (!taken || !side) {
                wrong.add(action + " VM " + d.path("vm_id").asInt() + " at " + at + " on utilization " + u
                        + (taken ? "" : " (no such sample in oned)"));
            }
        }
        check("placements decided at or below " + LOWER + " %, suspensions at or above " + UPPER
                + " %, each on a sample oned took (audit, one.host.monitoring)", wrong.isEmpty() && !decisions.isEmpty(),
                decisions.isEmpty() ? "no decision" : String.join("; ", wrong));

        long deploys = okCount(outcomes, "deploy");
        long suspends = okCount(outcomes, "suspend");
        long resumes = okCount(outcomes, "resume");
        check("low-QoS VMs deployed, suspended past the upper bound and resumed (audit, ok)",
                deploys >= 1 && suspends >= 1 && resumes >= 1,
                deploys + " deploys, " + suspends + " suspensions, " + resumes + " resumes");

        // OpenNebula's real suspend: SAVE_SUSPEND then SUSPENDED, the domain gone, the memory on disk, the counter still
        List<String> badSuspends = new ArrayList<>();
        for (int vm : lowVms) {
            // the run's alone: the administrator's suspensions of the calibration come after it
            long inLog = transitions.get(vm).stream().filter(t -> t.state().equals("SAVE_SUSPEND")
                    && !t.time().isAfter(run.get(run.size() - 1).time())).count();
            long byUs = outcomes.stream().filter(r -> r.path("vm_id").asInt() == vm && ok(r, "suspend")).count();
            if (inLog != byUs) {
                badSuspends.add("VM " + vm + ": " + byUs + " suspensions audited, " + inLog + " SAVE_SUSPEND in vm.log");
            }
            for (Tick t : run) {
                if (t.suspended(vm) && t.domains().contains("one-" + vm)) {
                    badSuspends.add("VM " + vm + " SUSPENDED with its libvirt domain running at " + t.time());
                    break;
                }
            }
        }
        for (Saved s : saved) {
            if (s.checkpointBytes() < (long) memory.get(s.vm()) * 1024 * 1024 / 4) {
                badSuspends.add("VM " + s.vm() + " SUSPENDED at " + s.seen() + " with a memory image of "
                        + s.checkpointBytes() + " bytes");
            }
        }
        for (HypervisorReport.Span span : HypervisorReport.spans(run, lowVms, Tick::suspended)) {
            // a guest's counter does not move while it is saved (two seconds of slack for the poller)
            List<Report> inside = consoles.reports(span.vm()).stream().filter(r -> r.seen().isAfter(span.from()
                    .plusSeconds(2)) && r.seen().isBefore(span.to().minusSeconds(1))).toList();
            if (!inside.isEmpty()) {
                badSuspends.add("VM " + span.vm() + " reported work while SUSPENDED (" + span.from() + ".." + span.to()
                        + ")");
            }
        }
        check("each suspension: SAVE_SUSPEND then SUSPENDED (vm.log), the domain gone (virsh), the memory on disk,"
                + " the guest's counter still", badSuspends.isEmpty(), String.join("; ", badSuspends));

        // resumed on the same host, restored rather than rebooted
        List<String> badResumes = new ArrayList<>();
        for (int vm : lowVms) {
            List<History> h = histories.get(vm);
            if (h.stream().anyMatch(x -> x.hostId() != 0)) {
                badResumes.add("VM " + vm + " HISTORY on hosts " + h.stream().map(History::hostId).toList());
            }
            if (consoles.boots(vm) > 1) {
                badResumes.add("VM " + vm + "'s init started " + consoles.boots(vm) + " times");
            }
            long previous = -1;
            for (Report r : consoles.reports(vm)) {
                if (r.units() < previous) {
                    badResumes.add("VM " + vm + "'s counter went back from " + previous + " to " + r.units());
                    break;
                }
                previous = r.units();
            }
        }
        check("each resume: on the same host (HISTORY), the guest restored, not rebooted (its counter goes on)",
                badResumes.isEmpty(), String.join("; ", badResumes));

        // no high-QoS VM touched
        List<String> touched = new ArrayList<>();
        ours.stream().filter(c -> c.vm() == highVm).forEach(c -> touched.add(c.method() + " " + c.args()));
        List<History> hh = histories.get(highVm);
        if (hh.size() != 1 || hh.get(0).etime() != 0) {
            touched.add("HISTORY " + hh);
        }
        if (consoles.boots(highVm) != 1) {
            touched.add("its init started " + consoles.boots(highVm) + " times");
        }
        boolean seenRunning = false;
        for (Tick t : run) {
            seenRunning |= t.domains().contains("one-" + highVm);
            if (seenRunning && !t.domains().contains("one-" + highVm)) {
                touched.add("its domain was not running at " + t.time());
                break;
            }
        }
        check("the high-QoS VM never touched: no call of overbookd's names it (oned.log), one stay (HISTORY), its"
                + " domain always running (virsh), never rebooted (its console)", touched.isEmpty(), String.join("; ", touched));

        List<String> overSlots = new ArrayList<>();
        for (Tick t : run) {
            long active = lowVms.stream().filter(vm -> t.states().containsKey(vm) && t.states().get(vm)[0] == 3).count();
            if (active > SLOTS) {
                overSlots.add(active + " low-QoS VMs active at " + t.time());
            }
        }
        check("never more than " + SLOTS + " low-QoS VMs active on the host (polled)", overSlots.isEmpty(),
                String.join("; ", overSlots));

        report = new HypervisorReport(run, samples, decisions, outcomes, transitions, saved, costs, memory, highVm,
                lowVms, consoles, recordFile);
    }

    private static long okCount(List<JsonNode> outcomes, String action) {
        return outcomes.stream().filter(r -> ok(r, action)).count();
    }

    private static boolean ok(JsonNode r, String action) {
        return action.equals(r.path("action").asText()) && "ok".equals(r.path("outcome").asText());
    }

    // ---------------------------------------------------------------- waiting

    private static boolean await(Duration deadline, BooleanSupplier condition) {
        long end = System.nanoTime() + deadline.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            LockSupport.parkNanos(100_000_000L); // poll interval of a condition wait
        }
        return condition.getAsBoolean();
    }

    private void awaitOrFail(String what, Duration deadline, BooleanSupplier condition) {
        boolean ok = await(deadline, condition);
        check(what, ok, "not within " + deadline.toSeconds() + " s");
        if (!ok) {
            throw new IllegalStateException(what + ": not within " + deadline.toSeconds() + " s");
        }
    }

    private void check(String name, boolean ok, String failure) {
        checks.put(name, ok ? "ok" : "FAILED: " + failure);
    }
}
