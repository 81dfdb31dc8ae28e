package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
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
import java.util.function.LongConsumer;
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
 * (noisy and spiky, 96, 128 and 192 MB) for overbookd to place, with its default slots (2), a 5 s
 * interval and an upper bound of {@link #UPPER} (the default lower bound, 70). OpenNebula's own probes measure the host; OpenNebula's own suspend
 * saves the guest's memory to disk through libvirt. Each day's peak is held until the daemon has seen it
 * ({@link HeldPeaks}): the high-QoS guests stay at their peak until the daemon decides a suspension, or
 * for {@link #PEAK_HOLD_SECONDS} at most.
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
    /**
     * Not the default 90: what this emulated host's samples can read. At the peak the guests ask for
     * 160 % of its two cores (two at 100 % of a core, two at 60 %), so a sample reads the share of the
     * two cores the guests' QEMU processes got in its second, never their demand: 83-96 % in three runs
     * on the idle machine (2026-11-28 17:16, 17:51, 18:01), the rest going to what else ran in that
     * second (OpenNebula's probes, oned, the daemon, the suite's JVM). At 90 the run of 17:51 never
     * crossed (its peak samples 83, 85 and 87) and nothing was suspended: luck decided the suite. At
     * 80 the highest sample of each of those peaks crosses by 7 points or more, and the night, two
     * low-QoS guests beside the high-QoS guests at 10 %, stays 9 points under it (46-71 % in the same
     * runs). Under a heavy load (a load average of 23-43) a peak of fixed length read 66-78 % and the
     * run failed: the peak is held now ({@link HeldPeaks}), so a crossing need not come within its first
     * three samples.
     */
    static final double UPPER = 80;

    static final int SLOTS = 2;
    /** The business day of the high-QoS guests: 8.3 s an hour; they boot at midnight. */
    static final int DAY_SECONDS = 200;
    /**
     * The run ends once the high-QoS guests' day clock (their uptime less the time their peaks were
     * held) is this far (the day and six hours of night) and every low-QoS VM suspended in it has been
     * resumed, or at {@link #DEADLINE_CLOCK_SECONDS}.
     */
    static final int RUN_CLOCK_SECONDS = 250;
    /**
     * The end of a second day's peak and its evening's first samples, on the guests' day clock: a day
     * whose peak the daemon did not see gets one more chance, and the suite stays under 15 minutes.
     */
    static final int DEADLINE_CLOCK_SECONDS = 2 * DAY_SECONDS - 30;
    /**
     * How long the suite holds a peak the daemon has not seen: eight of the host's samples (one each
     * 15 s). On the idle machine the first or second sample of a peak crosses (87-96 %); at a load
     * average of 23-43 a peak's first three read 66-78 %, the second day's crossed (96 %).
     */
    static final int PEAK_HOLD_SECONDS = 120;
    /** The guests' own limit on a hold, should the suite not tell them to go on: beyond the suite's. */
    static final int GUEST_HOLD_SECONDS = PEAK_HOLD_SECONDS + 30;
    /**
     * Two high-QoS guests, one per core, at 10 % of a core through the night and 100 % from 10:00 to
     * 16:00 (the lunch dip down to 77 %): on their own they load the host past the upper bound for
     * about 40 s of each day, whatever the low-QoS guests draw, so overbookd must suspend; at night
     * they leave room below the lower bound, so it places and, in the evening, resumes.
     */
    static final List<String> HIGH = List.of(
            "obl.pattern=business obl.min=10 obl.max=100 obl.sd=5 obl.day=" + DAY_SECONDS + " obl.start=0 obl.draw=5"
                    + " obl.seed=7 obl.hold=" + GUEST_HOLD_SECONDS,
            "obl.pattern=business obl.min=10 obl.max=100 obl.sd=5 obl.day=" + DAY_SECONDS + " obl.start=0 obl.draw=5"
                    + " obl.seed=8 obl.hold=" + GUEST_HOLD_SECONDS);
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
    record Saved(int vm, Instant seen, long checkpointBytes) {}

    private HypervisorHost host;
    private final GuestConsoles consoles = new GuestConsoles();
    private final HeldPeaks peaks = new HeldPeaks(DAY_SECONDS, Duration.ofSeconds(PEAK_HOLD_SECONDS));
    private final List<Tick> ticks = new CopyOnWriteArrayList<>();
    private final List<Saved> saved = new CopyOnWriteArrayList<>();
    private final Checks checks = new Checks();
    private final Map<Integer, Integer> memory = new TreeMap<>();
    private final List<Integer> highVms = new ArrayList<>();
    private final List<Integer> lowVms = new ArrayList<>();
    private int overbookdUid;
    private Path work;
    private Path auditFile;
    private Path recordFile;
    private int daemonExit = Integer.MIN_VALUE;
    private HypervisorReport report;
    /** The first whole second of the administrator's calibration, after the daemon stopped. */
    private volatile Instant calibrationFrom = Instant.MAX;

    @Test
    void overbooksARealHypervisorSafely() throws Exception {
        // the switch for a CI run without this suite's minutes (docs/testing.md); it/hypervisor/run clears it
        String skip = System.getenv("OVERBOOKD_SKIP_HYPERVISOR");
        Assumptions.assumeTrue(
                skip == null || skip.isEmpty(),
                "skipped: OVERBOOKD_SKIP_HYPERVISOR is set (a run without the hypervisor suite)");
        Path tarball = SharedFiles.require("opennebula/opennebula-7.4.0-dummy.tar.xz");
        Path shared = tarball.getParent().getParent();
        Path script = Path.of("it/hypervisor/host.sh").toAbsolutePath();
        Optional<String> unusable = HypervisorHost.unusable(script, shared);
        Assumptions.assumeTrue(unusable.isEmpty(), () -> "skipped: no hypervisor here: " + unusable.orElse(""));
        Path jar = Path.of("target/overbookd.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "target/overbookd.jar is missing: run the suite through Maven (verify)");
        long started = System.nanoTime();
        work = Files.createTempDirectory(Path.of("/tmp"), "overbookd-hv-");
        Files.setPosixFilePermissions(
                work, PosixFilePermissions.fromString("rwxr-xr-x")); // libvirt's QEMU reads the guest
        host = new HypervisorHost(script, work.resolve("one"), shared);
        ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
        DaemonProcess daemon = null;
        try {
            host.start();
            String password = UUID.randomUUID().toString();
            overbookdUid = (Integer) host.call("one.user.allocate", "overbookd", password, "core", new Object[] {0});
            for (int i = 0; i < HIGH.size(); i++) {
                String name = "high-" + (char) ('a' + i) + "-96";
                Path control = host.serialDir().resolve(name + ".go");
                int vm = allocate(name, 96, "HIGH", HIGH.get(i), false, HeldPeaks.serialPort(control));
                peaks.watch(vm, control);
                host.call("one.vm.deploy", vm, 0, false, -1);
                highVms.add(vm);
            }
            for (String[] low : LOW) {
                lowVms.add(allocate(low[0], Integer.parseInt(low[1]), "LOW", low[2], true, ""));
            }
            poller.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
            awaitOrFail(
                    "the high-QoS guests run their pattern",
                    Duration.ofSeconds(120),
                    () -> highVms.stream().noneMatch(vm -> consoles.reports(vm).isEmpty()));
            Instant firstReport = highVms.stream()
                    .map(vm -> consoles.reports(vm).get(0).seen())
                    .max(Instant::compareTo)
                    .orElseThrow();
            awaitOrFail(
                    "a host sample taken with the high-QoS guests running",
                    Duration.ofSeconds(60),
                    () -> samples().stream().anyMatch(s -> !s.time().isBefore(firstReport)));
            daemon = startDaemon(jar, password);
            host.dedicate(daemon.pid());
            Instant daemonStarted = Instant.now();
            // generous: the deadline is a second day, each day's peak may be held, and another minute
            awaitOrFail(
                    "the high-QoS guests' day and evening, every suspended low-QoS VM resumed",
                    Duration.ofSeconds(DEADLINE_CLOCK_SECONDS + 2 * PEAK_HOLD_SECONDS + 60),
                    this::dayDone);
            daemonExit = daemon.stop();
            Instant daemonStopped = Instant.now();
            check(
                    "the daemon exited 0 on SIGTERM, no stack trace",
                    daemonExit == 0 && !daemon.output().contains("\n\tat "),
                    "exit " + daemonExit);
            List<Tick> run = List.copyOf(ticks);
            List<HypervisorReport.Cost> costs = calibrate();
            poller.shutdownNow();
            evaluate(run, costs);
            compareWithSimulator(jar, daemonStarted, daemonStopped);
        } finally {
            poller.shutdownNow();
            if (daemon != null) {
                daemon.stop();
            }
            Path evidence = keepEvidence();
            tearDown();
            String text = report != null
                    ? report.text(checks, OnedFrontEnd.since(started), evidence)
                    : "\n=== overbookd on a real hypervisor: stopped early ===\n" + checks + "evidence in " + evidence;
            Files.writeString(evidence.resolve("report.txt"), text);
            System.out.println(text);
        }
        checks.failIfAny();
    }

    // ---------------------------------------------------------------- set-up

    /** A VM of the test guest; {@code devices}: more of libvirt's devices beside the console. */
    private int allocate(String name, int mb, String qos, String pattern, boolean hold, String devices)
            throws Exception {
        Path guest = host.guest();
        Path serial = host.serialDir().resolve(name + ".log");
        String template = String.join(
                "\n",
                "NAME=\"" + name + "\"",
                "CPU=\"1\"",
                "VCPU=\"1\"",
                "MEMORY=\"" + mb + "\"",
                "QOS=\"" + qos + "\"",
                "OS=[KERNEL=\"" + guest.resolve("vmlinuz") + "\", INITRD=\"" + guest.resolve("initrd.gz")
                        + "\", KERNEL_CMD=\"console=ttyS0 quiet " + pattern + "\"]",
                // the console goes to a file the suite reads; append: a restored guest goes on writing to it
                "RAW=[TYPE=\"kvm\", DATA=\"<devices><serial type='file'><source path='" + serial
                        + "' append='on'/><target port='0'/></serial>" + devices + "</devices>\"]");
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
        // the defaults, but a short interval and the upper bound this emulated host's peak crosses
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "backend = opennebula",
                        "one.endpoint = " + HypervisorHost.PORTS.endpoint(),
                        "one.auth-file = " + auth,
                        "schedule.overbooking-interval = " + INTERVAL_SECONDS + "s",
                        "overbooking.lower-bound = " + (int) LOWER,
                        "overbooking.upper-bound = " + (int) UPPER,
                        "audit.file = " + auditFile,
                        "record.file = " + recordFile,
                        ""));
        return DaemonProcess.start(jar, config, dir, "daemon");
    }

    // ---------------------------------------------------------------- watching

    private void poll() {
        try {
            consoles.poll();
            host.prioritizeGuests();
            Map<Integer, int[]> states = new HashMap<>();
            for (Element vm : OnedEvidence.vms(host.xml("one.vmpool.infoextended", -2, -1, -1, -1))) {
                states.put(
                        OnedEvidence.integer(vm, "ID"),
                        new int[] {OnedEvidence.integer(vm, "STATE"), OnedEvidence.integer(vm, "LCM_STATE")});
            }
            Tick tick = new Tick(Instant.now(), states, Set.copyOf(host.runningDomains()));
            ticks.add(tick);
            peaks.poll(consoles, suspensionsDecided());
            for (int vm : lowVms) {
                boolean wasSuspended =
                        ticks.size() > 1 && ticks.get(ticks.size() - 2).suspended(vm);
                // overbookd's suspensions: the administrator's of the calibration are timed by calibrate()
                if (tick.suspended(vm) && !wasSuspended && tick.time().isBefore(calibrationFrom)) {
                    Path image = host.checkpoint(vm);
                    saved.add(new Saved(vm, tick.time(), Files.exists(image) ? Files.size(image) : -1));
                }
            }
        } catch (Exception e) {
            System.err.println("hypervisor poller: " + e);
        }
    }

    /** The first high-QoS guest's day clock: its uptime less the time its peaks were held. */
    private long highClock() {
        List<Report> r = consoles.reports(highVms.get(0));
        return r.isEmpty() ? 0 : r.get(r.size() - 1).clockCs();
    }

    /** When the daemon decided each suspension so far (the audit), none before it started. */
    private List<Instant> suspensionsDecided() {
        if (auditFile == null || !Files.exists(auditFile)) {
            return List.of();
        }
        try {
            return OnedEvidence.audit(auditFile).stream()
                    .filter(r -> "decision".equals(r.path("event").asText())
                            && "suspend".equals(r.path("action").asText()))
                    .map(OnedEvidence::auditTime)
                    .toList();
        } catch (IOException | RuntimeException e) {
            return List.of(); // a line being written: read again at the next poll
        }
    }

    private long lastAuditCheck;
    private boolean lastAuditAnswer;

    /**
     * The run is over: the high-QoS guests are past the day's evening, overbookd has suspended a VM
     * and resumed every one it suspended (none is SUSPENDED or on its way there or back); or it is past
     * the second day's evening, whatever happened (the checks then say what did not).
     */
    private boolean dayDone() {
        long clock = highClock();
        if (clock >= DEADLINE_CLOCK_SECONDS * 100L) {
            return true;
        }
        if (clock < RUN_CLOCK_SECONDS * 100L || ticks.isEmpty()) {
            return false;
        }
        if (System.nanoTime() - lastAuditCheck < 2_000_000_000L) {
            return lastAuditAnswer; // the audit is read every 2 s, not at each 100 ms look
        }
        lastAuditCheck = System.nanoTime();
        try {
            List<JsonNode> outcomes = OnedEvidence.audit(auditFile).stream()
                    .filter(r -> "outcome".equals(r.path("event").asText()))
                    .toList();
            Tick last = ticks.get(ticks.size() - 1);
            // none SUSPENDED (5), none ACTIVE (3) but not yet RUNNING (LCM 3): booting, saving, restoring
            boolean settled = lowVms.stream()
                    .map(vm -> last.states().getOrDefault(vm, new int[] {0, 0}))
                    .allMatch(st -> st[0] != 5 && (st[0] != 3 || st[1] == 3));
            lastAuditAnswer = okCount(outcomes, "suspend") >= 1 && okCount(outcomes, "resume") >= 1 && settled;
        } catch (IOException | RuntimeException e) {
            lastAuditAnswer = false;
        }
        return lastAuditAnswer;
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
                    out.add(new HypervisorReport.Sample(
                            Instant.ofEpochSecond(Long.parseLong(OnedEvidence.text(m, "TIMESTAMP"))),
                            100 * Double.parseDouble(used) / total));
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
        // vm.log counts whole seconds: the administrator's first action starts in a second of its own
        calibrationFrom =
                Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusSeconds(1);
        await(Duration.ofSeconds(2), () -> !Instant.now().isBefore(calibrationFrom));
        List<HypervisorReport.Cost> out = new ArrayList<>();
        for (int vm : lowVms) {
            int[] s = state(vm);
            if (s[0] == 2) {
                host.call("one.vm.deploy", vm, 0, false, -1);
            } else if (s[0] == 5 || s[0] == 8) {
                // SUSPENDED, or POWEROFF (a save slower than the monitoring period can end there)
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
            check(
                    "calibration: VM " + vm + " (" + memory.get(vm) + " MB) suspended and resumed by oneadmin",
                    suspended && resumed && bytes > 0,
                    "suspended " + suspended + ", resumed " + resumed + ", image " + bytes + " bytes");
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
        List<JsonNode> decisions = audit.stream()
                .filter(r -> "decision".equals(r.path("event").asText()))
                .toList();
        List<JsonNode> outcomes = audit.stream()
                .filter(r -> "outcome".equals(r.path("event").asText()))
                .toList();
        List<HypervisorReport.Sample> samples = samples();
        List<Call> calls = OnedEvidence.calls(host.install().resolve("var"));
        List<Call> ours = calls.stream().filter(c -> c.uid() == overbookdUid).toList();
        Map<Integer, List<Transition>> transitions = new TreeMap<>();
        Map<Integer, List<History>> histories = new TreeMap<>();
        List<Integer> all = new ArrayList<>(lowVms);
        all.addAll(highVms);
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
            boolean taken = samples.stream()
                    .filter(s -> !s.time().isAfter(at.plusSeconds(1)))
                    .anyMatch(s -> Math.abs(s.utilization() - u) < 0.1);
            boolean side = action.equals("suspend") ? u >= UPPER : u <= LOWER;
            if (!taken || !side) {
                wrong.add(action + " VM " + d.path("vm_id").asInt() + " at " + at + " on utilization " + u
                        + (taken ? "" : " (no such sample in oned)"));
            }
        }
        check(
                "placements decided at or below " + LOWER + " %, suspensions at or above " + UPPER
                        + " %, each on a sample oned took (audit, one.host.monitoring)",
                wrong.isEmpty() && !decisions.isEmpty(),
                decisions.isEmpty() ? "no decision" : String.join("; ", wrong));

        long deploys = okCount(outcomes, "deploy");
        long suspends = okCount(outcomes, "suspend");
        long resumes = okCount(outcomes, "resume");
        check(
                "low-QoS VMs deployed, suspended past the upper bound and resumed (audit, ok)",
                deploys >= 1 && suspends >= 1 && resumes >= 1,
                deploys + " deploys, " + suspends + " suspensions, " + resumes + " resumes");

        // OpenNebula's real suspend: SAVE_SUSPEND then SUSPENDED, the domain gone, the memory on disk, the counter
        // still
        List<String> badSuspends = new ArrayList<>();
        for (int vm : lowVms) {
            // the run's alone: the administrator's suspensions of the calibration come after it
            long inLog = transitions.get(vm).stream()
                    .filter(t -> t.state().equals("SAVE_SUSPEND") && t.time().isBefore(calibrationFrom))
                    .count();
            long byUs = outcomes.stream()
                    .filter(r -> r.path("vm_id").asInt() == vm && ok(r, "suspend"))
                    .count();
            if (inLog != byUs) {
                badSuspends.add(
                        "VM " + vm + ": " + byUs + " suspensions audited, " + inLog + " SAVE_SUSPEND in vm.log");
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
            List<Report> inside = consoles.reports(span.vm()).stream()
                    .filter(r -> r.seen().isAfter(span.from().plusSeconds(2))
                            && r.seen().isBefore(span.to().minusSeconds(1)))
                    .toList();
            if (!inside.isEmpty()) {
                badSuspends.add(
                        "VM " + span.vm() + " reported work while SUSPENDED (" + span.from() + ".." + span.to() + ")");
            }
        }
        check(
                "each suspension: SAVE_SUSPEND then SUSPENDED (vm.log), the domain gone (virsh), the memory on disk,"
                        + " the guest's counter still",
                badSuspends.isEmpty(),
                String.join("; ", badSuspends));

        // resumed on the same host, restored rather than rebooted
        List<String> badResumes = new ArrayList<>();
        for (int vm : lowVms) {
            List<History> h = histories.get(vm);
            if (h.stream().anyMatch(x -> x.hostId() != 0)) {
                badResumes.add("VM " + vm + " HISTORY on hosts "
                        + h.stream().map(History::hostId).toList());
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
        check(
                "each resume: on the same host (HISTORY), the guest restored, not rebooted (its counter goes on)",
                badResumes.isEmpty(),
                String.join("; ", badResumes));

        // no high-QoS VM touched
        List<String> touched = new ArrayList<>();
        for (int highVm : highVms) {
            ours.stream()
                    .filter(c -> c.vm() == highVm)
                    .forEach(c -> touched.add("VM " + highVm + ": " + c.method() + " " + c.args()));
            List<History> hh = histories.get(highVm);
            if (hh.size() != 1 || hh.get(0).etime() != 0) {
                touched.add("VM " + highVm + ": HISTORY " + hh);
            }
            if (consoles.boots(highVm) != 1) {
                touched.add("VM " + highVm + ": its init started " + consoles.boots(highVm) + " times");
            }
            boolean seenRunning = false;
            for (Tick t : run) {
                seenRunning |= t.domains().contains("one-" + highVm);
                if (seenRunning && !t.domains().contains("one-" + highVm)) {
                    touched.add("VM " + highVm + ": its domain was not running at " + t.time());
                    break;
                }
            }
        }
        check(
                "the high-QoS VMs never touched: no call of overbookd's names one (oned.log), one stay each (HISTORY),"
                        + " their domains always running (virsh), never rebooted (their consoles)",
                touched.isEmpty(),
                String.join("; ", touched));

        List<String> overSlots = new ArrayList<>();
        for (Tick t : run) {
            long active = lowVms.stream()
                    .filter(vm -> t.states().containsKey(vm) && t.states().get(vm)[0] == 3)
                    .count();
            if (active > SLOTS) {
                overSlots.add(active + " low-QoS VMs active at " + t.time());
            }
        }
        check(
                "never more than " + SLOTS + " low-QoS VMs active on the host (polled)",
                overSlots.isEmpty(),
                String.join("; ", overSlots));

        report = new HypervisorReport(
                run,
                samples,
                decisions,
                outcomes,
                transitions,
                saved,
                costs,
                memory,
                highVms,
                lowVms,
                consoles,
                recordFile);
        report.heldPeaks(peaks.holds());
    }

    private static long okCount(List<JsonNode> outcomes, String action) {
        return outcomes.stream().filter(r -> ok(r, action)).count();
    }

    private static boolean ok(JsonNode r, String action) {
        return action.equals(r.path("action").asText())
                && "ok".equals(r.path("outcome").asText());
    }

    // ---------------------------------------------------------------- the simulator's prediction

    /**
     * Suspensions: the real count give or take this many. Each of the two low-QoS VMs that run is
     * suspended at the peak's edges, where one 5 s draw decides whether a sample crosses a bound, and
     * the simulator's draws are not the guests': each may be suspended once more or less than on the
     * host.
     */
    static final int SUSPENSIONS_TOLERANCE = 2;

    /**
     * The simulator, given the run's record and the costs and lag measured before, against what the
     * real host did, checked: its suspension count within {@link #SUSPENSIONS_TOLERANCE} of the real
     * count, and its mean utilization within two standard errors of the mean of the host's samples
     * taken while the daemon ran (at least 5 points: about 16-22 samples, each a 1 s average of loads
     * drawn anew every 5 s).
     *
     * <p>The replay follows the host's own samples ({@code sim.trace-background=host}): OpenNebula's
     * per-VM CPU, the default replay's input, trails the host's sample by a VM probe period and more at
     * a peak (a high-QoS guest at 100 % read 54 % for 30 s), so on it the simulator resumed a VM
     * mid-peak that the daemon, deciding on host samples, kept suspended (4, 3, 4 and 6 suspensions
     * against 2 in four runs). The host's samples carry the low-QoS guests' own variation: the replay
     * takes their mean load off each sample and the simulator's low-QoS VMs draw that mean, not around
     * it (with their draws on top, a host the samples held at 85 % crossed 90 % in the replay 3 to 4
     * times where the host never did). The default replay's prediction is printed beside it.
     */
    private void compareWithSimulator(Path jar, Instant daemonStarted, Instant daemonStopped)
            throws IOException, InterruptedException {
        if (report == null) {
            return;
        }
        Duration daemonRan = Duration.between(daemonStarted, daemonStopped);
        double[] real = report.sampledUtilization(daemonStarted, daemonStopped);
        double utilizationTolerance = Math.max(5, 2 * real[1]);
        Path profile = Path.of("sim/real-hypervisor.properties").toAbsolutePath();
        Path dir = work.resolve("daemon");
        SimulatorComparison.Settings settings = new SimulatorComparison.Settings(INTERVAL_SECONDS, LOWER, UPPER);
        // the simulator beside the front-end: the guests, five at once after the calibration (about 200 % of the two
        // cores) at their cgroup's greatest weight, left a process of ordinary weight about 1 % of the CPU, and at a
        // load average of 65 a replay of 0.75 s of CPU did not finish in 120 s
        LongConsumer frontEnd = pid -> {
            try {
                this.host.dedicate(pid);
            } catch (IOException e) {
                System.err.println("simulate " + pid + " not beside the front-end: " + e);
            }
        };
        SimulatorComparison.Prediction host =
                SimulatorComparison.predict(jar, profile, recordFile, daemonRan, settings, dir, "host", 0, frontEnd);
        SimulatorComparison.Prediction perVm = SimulatorComparison.predict(
                jar, profile, recordFile, daemonRan, settings, dir, "high-qos", 15, frontEnd);
        long realSuspends = Math.round(report.figures().get("suspensions"));
        long realResumes = Math.round(report.figures().get("resumes"));
        report.prediction(host, perVm, realSuspends, realResumes, real, SUSPENSIONS_TOLERANCE, utilizationTolerance);
        boolean suspensionsHold = Math.abs(host.suspends() - realSuspends) <= SUSPENSIONS_TOLERANCE;
        boolean utilizationHolds = real[2] >= 5 && Math.abs(host.utilization() - real[0]) <= utilizationTolerance;
        check(
                String.format(
                        java.util.Locale.ROOT,
                        "the simulator, replaying the run's record with the measured costs and lag, predicts its"
                                + " suspensions within %d and its mean utilization within two standard errors (at least"
                                + " 5 points)",
                        SUSPENSIONS_TOLERANCE),
                suspensionsHold && utilizationHolds,
                String.format(
                        java.util.Locale.ROOT,
                        "simulated %d suspensions against %d; %.1f %% against %.1f %% (%.0f samples, tolerance %.1f"
                                + " points)",
                        host.suspends(),
                        realSuspends,
                        host.utilization(),
                        real[0],
                        real[2],
                        utilizationTolerance));
    }

    // ---------------------------------------------------------------- evidence and teardown

    /**
     * The run's evidence, copied out of the install before it is removed: target/hypervisor-it/RUN with
     * the audit, the record, the daemon's output, oned's and the VMs' logs and the guests' consoles (not
     * the session files).
     */
    private Path keepEvidence() throws IOException {
        Path dir = Files.createDirectories(Path.of("target/hypervisor-it")
                .toAbsolutePath()
                .resolve(work.getFileName().toString()));
        List<Path> keep = new ArrayList<>();
        Path daemonDir = work.resolve("daemon");
        Path var = host.install().resolve("var");
        for (Path root : List.of(daemonDir, var.resolve("vms"), host.serialDir())) {
            if (Files.isDirectory(root)) {
                try (var files = Files.walk(root)) {
                    files.filter(Files::isRegularFile)
                            .filter(f -> !f.getFileName().toString().equals("one_auth"))
                            .filter(f -> f.toString().endsWith(".log")
                                    || f.toString().endsWith(".jsonl")
                                    || f.toString().endsWith(".csv")
                                    || f.toString().endsWith(".out")
                                    || f.toString().endsWith(".stdout")
                                    || f.toString().endsWith(".stderr"))
                            .forEach(keep::add);
                }
            }
        }
        keep.add(var.resolve("oned.log"));
        keep.add(var.resolve("monitor.log"));
        for (Path f : keep) {
            if (Files.isRegularFile(f)) {
                Path to = dir.resolve(work.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }

    /**
     * host.sh stop (oned, every guest, the libvirtd, virtlogd and sshd it started, the install), then the
     * suite's folder; checked: no process left that names it, the folder gone.
     */
    private void tearDown() {
        List<String> left = new ArrayList<>();
        try {
            host.close();
        } catch (IOException
                | RuntimeException e) { // an interrupt among them (InterruptedIOException), kept on the thread
            left.add("host.sh stop: " + e.getMessage());
        }
        SuiteFolder.remove(work).forEach(problem -> left.add("cannot remove " + work + ": " + problem));
        left.addAll(HypervisorHost.processesNaming(work));
        if (Files.exists(work)) {
            left.add(work + " is still there");
        }
        check(
                "teardown: no guest, oned or monitoring client of the suite left, its install removed",
                left.isEmpty(),
                String.join("; ", left));
    }

    // ---------------------------------------------------------------- waiting

    /**
     * Whether {@code condition} held within {@code deadline}, asked every 100 ms. Unlike {@link Conditions#await}
     * (the real-oned suites', two of which restart oned on purpose: a failing condition is "not yet" there), a
     * condition that throws ends the wait with its exception: nothing here restarts oned or libvirt, so a failing
     * call is a fault of the run, reported at once rather than after the deadline.
     */
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
        checks.check(name, ok, failure);
    }
}
