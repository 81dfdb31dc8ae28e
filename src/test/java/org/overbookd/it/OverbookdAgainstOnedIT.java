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
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbookd.it.DummyCluster.Vm;
import org.overbookd.it.OnedEvidence.Call;
import org.overbookd.it.OnedEvidence.History;
import org.overbookd.it.OnedEvidence.Transition;
import org.overbookd.testing.SharedFiles;

/**
 * The built daemon ({@code java -jar target/overbookd.jar run --config FILE}) against a real oned
 * 7.4 with dummy drivers, through two rounds (suspend-action suspend, then stop) of three phases:
 * hosts filling up below the lower bound, crossing the upper bound, falling back. The measured
 * utilization is ours: each host's USED_CPU is a base the phase sets plus 150 (18.75 % of the
 * 8-core host) per low-QoS VM active on it, reported by our probe in place of the dummy one.
 * Faults come from the real system: a slow deploy, a failed deploy (BOOT_FAILURE), oned stopped
 * and restarted, a VM deleted, a VM locked by an administrator.
 *
 * <p>Every check reads oned's own records after the run: oned.log (each call with the user who
 * made it: overbookd runs as the least-privilege user of the install guide's account recipe, so its
 * calls are told apart from the administrator's, and the low-QoS VMs are in the recipe's group), each VM's vm.log (states with times) and full HISTORY (one.vm.info), plus
 * overbookd's audit log. All checks are evaluated and printed; the test fails listing those that
 * did not hold.
 */
@Tag("slow")
@Tag("oned")
class OverbookdAgainstOnedIT {

    private static final int HOSTS = 3;
    private static final int SLOTS = 2;
    private static final int LOW_VMS = 7;
    /** USED_CPU one active low-QoS VM adds to its host: 18.75 % of 8 cores. */
    private static final int PER_VM = 150;

    private static final int FILLING = 200; // 25 %: two VMs make 62.5 %, below the lower bound 70
    private static final int CROSSING = 600; // 75 %: one VM makes 93.75 %, above the upper bound 90
    private static final int FALLING = 100; // 12.5 %
    private static final int INTERVAL_SECONDS = 2;
    private static final Set<String> TRANSIENT = Set.of(
            "PROLOG",
            "BOOT",
            "SAVE_STOP",
            "SAVE_SUSPEND",
            "SAVE_MIGRATE",
            "PROLOG_RESUME",
            "EPILOG_STOP",
            "EPILOG",
            "SHUTDOWN",
            "BOOT_SUSPENDED",
            "BOOT_STOPPED",
            "CLEANUP_RESUBMIT",
            "CLEANUP_DELETE",
            "MIGRATE",
            "PROLOG_MIGRATE",
            "BOOT_UNKNOWN",
            "BOOT_POWEROFF",
            "BOOT_UNDEPLOY",
            "SHUTDOWN_POWEROFF",
            "SHUTDOWN_UNDEPLOY",
            "EPILOG_UNDEPLOY",
            "PROLOG_UNDEPLOY",
            "HOTPLUG");

    private OnedFrontEnd one;
    /** The suite's folder: removed once the suite passes, kept when it fails. */
    @RegisterExtension
    final SuiteFolder folder = new SuiteFolder("overbookd-it-");

    private Path work;
    private DummyCluster cluster;
    private Map<Integer, String> hostNames;
    private List<Integer> highVms;
    private List<Integer> lowVms;
    private final List<String> faults = new ArrayList<>();
    private final Checks checks = new Checks();
    private final List<Round> rounds = new ArrayList<>();
    private int overbookdUid;
    private String overbookdPassword;
    private Instant slowStart;
    private int slowVm = -1;
    private int failedVm = -1;
    private Instant failedAt;
    private Instant recoveredAt;
    private Instant failureInjectedAt = Instant.EPOCH;
    private int lockedVm = -1;
    private Instant lockedAt;
    private Instant unlockedAt;
    private int deletedVm = -1;
    private Instant deletedAt;
    private Instant onedStoppedAt;
    private Instant onedRestartedAt;
    private boolean daemonSurvivedRestart;

    /** One daemon run: its suspend action, process, audit file and cycles. */
    private static final class Round {
        final String suspendAction;
        final Path auditFile;
        DaemonProcess daemon;
        long cycles;
        int exitCode;

        Round(String suspendAction, Path auditFile) {
            this.suspendAction = suspendAction;
            this.auditFile = auditFile;
        }
    }

    @Test
    void overbooksTheRealOnedSafely() throws Exception {
        Path script = SharedFiles.require("opennebula/one-dummy.sh");
        SharedFiles.require("opennebula/opennebula-7.4.0-dummy.tar.xz");
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/ruby")),
                "skipped: OpenNebula's runtime packages are missing; run `one-dummy.sh deps` as root (.ci/run does)");
        Path jar = Path.of("target/overbookd.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "target/overbookd.jar is missing: run the suite through Maven (verify)");
        long started = System.nanoTime();
        work = folder.create();
        one = new OnedFrontEnd(
                script,
                work.resolve("one"),
                Path.of("it/opennebula/host-monitor-probe").toAbsolutePath(),
                OnedPorts.OVERBOOKD_SUITE);
        cluster = new DummyCluster(one, PER_VM, FILLING);
        hostNames = cluster.hostNames();
        highVms = cluster.highVms();
        lowVms = cluster.lowVms();
        ScheduledExecutorService loads = Executors.newSingleThreadScheduledExecutor();
        try {
            Files.createDirectories(work.resolve("one"));
            checks.check(
                    "hosts MONITORED with our probe's samples",
                    cluster.bringUp(HOSTS, loads),
                    "not within " + DummyCluster.MONITORED_WITHIN.toSeconds() + " s");
            DummyCluster.User user = cluster.createUser("overbookd");
            overbookdUid = user.uid();
            overbookdPassword = user.password();
            cluster.createHighQosVms();
            awaitOrFail(
                    "high-QoS VMs RUNNING",
                    Duration.ofSeconds(30),
                    () -> pool().stream()
                            .filter(vm -> highVms.contains(vm.id()))
                            .allMatch(vm -> vm.lcm() == 3));
            cluster.createLowQosVms(LOW_VMS);

            roundOne();
            roundTwo();
            loads.shutdownNow();
            evaluate();
        } finally {
            loads.shutdownNow();
            for (Round r : rounds) {
                if (r.daemon != null) {
                    r.daemon.stop();
                }
            }
            one.close();
            summary(started);
        }
        checks.failIfAny();
    }

    // ---------------------------------------------------------------- the scenario

    private void roundOne() throws Exception {
        Round round = startRoundPrepared("suspend", () -> {
            // a slow deploy: host 1 alone below the lower bound, so the first deploy goes there and takes 6 s
            setBases(FILLING, CROSSING, CROSSING);
            one.dummyAction("deploy", "success 6");
        });
        awaitOrFail(
                "a slow deploy booting on " + hostNames.get(firstHost()),
                Duration.ofSeconds(30),
                () -> pool().stream().anyMatch(vm -> vm.low() && vm.activeOn(firstHost()) && vm.lcm() == 2));
        slowVm = pool().stream()
                .filter(vm -> vm.low() && vm.activeOn(firstHost()) && vm.lcm() == 2)
                .findFirst()
                .orElseThrow()
                .id();
        slowStart = Instant.now();
        one.clearDummyAction("deploy");
        faults.add("slow deploy: VM " + slowVm + " 6 s in BOOT on " + hostNames.get(firstHost()));
        setBases(FILLING, FILLING, FILLING);
        phase(round, "filling up below the lower bound", this::hostsFull);

        // an administrator locks the VM overbookd will suspend first on the second host
        int host = new ArrayList<>(hostNames.keySet()).get(1);
        Vm last = pool().stream()
                .filter(vm -> vm.low() && vm.activeOn(host))
                .max((a, b) ->
                        a.since() != b.since() ? Long.compare(a.since(), b.since()) : Integer.compare(a.id(), b.id()))
                .orElseThrow();
        lockedVm = last.id();
        one.call("one.vm.lock", lockedVm, 1, false);
        lockedAt = Instant.now();
        faults.add("VM " + lockedVm + " locked by the administrator while its host crossed the upper bound");
        setBases(CROSSING, CROSSING, CROSSING);
        awaitOrFail(
                "overbookd told the VM is locked (0x200) twice",
                Duration.ofSeconds(40),
                () -> refusedAsLocked(round) >= 2);
        one.call("one.vm.unlock", lockedVm);
        unlockedAt = Instant.now();
        phase(round, "crossing the upper bound", this::noLowActive);

        // a VM deleted between cycles: a suspended one, first in the queue
        deletedVm = pool().stream()
                .filter(vm -> vm.low() && vm.state() == 5)
                .mapToInt(Vm::id)
                .min()
                .orElseThrow();
        delete(deletedVm);
        deletedAt = Instant.now();
        faults.add("VM " + deletedVm + " (suspended, queued) deleted between cycles");
        // its EPILOG must end before oned stops, or oned leaves it in EPILOG for good and its host busy
        int gone = deletedVm;
        awaitOrFail(
                "the deleted VM DONE",
                Duration.ofSeconds(30),
                () -> pool().stream().noneMatch(vm -> vm.id() == gone));

        // oned stopped mid-run and started again while the load falls back
        onedStoppedAt = Instant.now();
        one.stop();
        setBases(FALLING, FALLING, FALLING);
        long before = round.daemon.cyclesLogged();
        awaitOrFail("the daemon cycling while oned is down", Duration.ofSeconds(20), () -> cycles(round) >= before + 2);
        one.start();
        onedRestartedAt = Instant.now();
        daemonSurvivedRestart = round.daemon.alive();
        faults.add("oned stopped for "
                + Duration.between(onedStoppedAt, onedRestartedAt).toSeconds() + " s and restarted mid-run");
        long restartedEpoch = onedRestartedAt.getEpochSecond();
        awaitOrFail(
                "hosts MONITORED again, with samples taken after the restart",
                DummyCluster.MONITORED_WITHIN,
                () -> cluster.hostsMonitoredSince(restartedEpoch));
        phase(round, "falling back", this::refilled);
        checkNothingStuck(round, "round 1 (suspend)");
        endRound(round);
    }

    private void roundTwo() throws Exception {
        // the administrator clears round 1's low-QoS VMs; round 2 starts on fresh ones, on hold
        for (Vm vm : pool()) {
            if (vm.low()) {
                delete(vm.id());
            }
        }
        awaitOrFail(
                "round 1's low-QoS VMs gone",
                Duration.ofSeconds(30),
                () -> pool().stream().noneMatch(Vm::low));
        cluster.createLowQosVms(LOW_VMS);
        Round round = startRoundPrepared("stop", () -> {
            setBases(FILLING, CROSSING, CROSSING);
            // one failure, then successes: the driver cycles through the lines, one per call, and the daemon
            // may deploy again before the suite sees the failure and clears the file
            one.dummyAction("deploy", "failure\n" + "success 0\n".repeat(40).strip());
            failureInjectedAt = Instant.now();
        });
        awaitOrFail(
                "a deploy failing (BOOT_FAILURE) on " + hostNames.get(firstHost()),
                Duration.ofSeconds(30),
                () -> pool().stream().anyMatch(vm -> vm.low() && vm.activeOn(firstHost()) && vm.lcm() == 36));
        failedVm = pool().stream()
                .filter(vm -> vm.low() && vm.activeOn(firstHost()) && vm.lcm() == 36)
                .findFirst()
                .orElseThrow()
                .id();
        failedAt = Instant.now();
        one.clearDummyAction("deploy");
        faults.add("failed deploy: VM " + failedVm + " in BOOT_FAILURE on " + hostNames.get(firstHost()));
        setBases(FILLING, FILLING, FILLING);
        // the host keeps one free slot below the lower bound: a daemon that does not hold the failed
        // VM as in flight forever places another VM there
        // the daemon may place the host's other VM in the very cycle after the failure, before the suite
        // has even seen BOOT_FAILURE: count from the injection, and only other VMs' actions
        int failed = failedVm;
        boolean moved = Conditions.await(
                Duration.ofSeconds(8L * INTERVAL_SECONDS),
                () -> audit(round).stream()
                                .filter(r -> isOutcome(r)
                                        && "ok".equals(r.path("outcome").asText())
                                        && r.path("host_id").asInt() == firstHost()
                                        && r.path("vm_id").asInt() != failed
                                        && OnedEvidence.auditTime(r).isAfter(failureInjectedAt))
                                .count()
                        > 0);
        check(
                "failed deploy: its host is not held busy forever (another VM placed there within 8 cycles)",
                moved,
                "no action on " + hostNames.get(firstHost()) + " while VM " + failedVm + " sat in BOOT_FAILURE");
        one.call("one.vm.recover", failedVm, 2); // the administrator retries the boot
        recoveredAt = Instant.now();
        phase(round, "filling up below the lower bound", this::hostsFull);
        setBases(CROSSING, CROSSING, CROSSING);
        phase(round, "crossing the upper bound", this::noLowActive);
        setBases(FALLING, FALLING, FALLING);
        phase(round, "falling back", this::refilled);
        checkNothingStuck(round, "round 2 (stop)");
        endRound(round);
    }

    private interface Step {
        void run() throws Exception;
    }

    private Round startRoundPrepared(String suspendAction, Step before) throws Exception {
        Path dir = Files.createDirectories(work.resolve("round-" + suspendAction));
        Round round = new Round(suspendAction, dir.resolve("audit.jsonl"));
        rounds.add(round);
        Path auth = dir.resolve("one_auth");
        Files.writeString(auth, "overbookd:" + overbookdPassword + "\n");
        Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
        Path config = dir.resolve("overbookd.properties");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "backend = opennebula",
                        "one.endpoint = " + one.endpoint(),
                        "one.auth-file = " + auth,
                        "one.timeout = 10s",
                        "overbooking.lower-bound = 70",
                        "overbooking.upper-bound = 90",
                        "overbooking.slots = " + SLOTS,
                        "overbooking.suspend-action = " + suspendAction,
                        "schedule.overbooking-interval = " + INTERVAL_SECONDS + "s",
                        "audit.file = " + round.auditFile,
                        "record.file = " + dir.resolve("record.csv"),
                        ""));
        before.run();
        // the daemon acts in its first cycle (no blind window after the previous round's daemon): let it
        // measure the loads just set
        long set = Instant.now().getEpochSecond() + 1;
        awaitOrFail(
                "round " + suspendAction + ": the loads set before it starts measured",
                Duration.ofSeconds(30),
                () -> cluster.hostsMonitoredSince(set));
        round.daemon = DaemonProcess.start(Path.of("target/overbookd.jar").toAbsolutePath(), config, dir, "daemon");
        return round;
    }

    private void endRound(Round round) throws Exception {
        round.cycles = round.daemon.cyclesLogged();
        round.exitCode = round.daemon.stop();
    }

    /** Waits for the phase's goal, then two more cycles in which nothing may break. */
    private void phase(Round round, String name, BooleanSupplier goal) throws Exception {
        awaitOrFail("round " + round.suspendAction + ", " + name + ": goal reached", Duration.ofSeconds(60), goal);
        long at = cycles(round);
        Conditions.await(Duration.ofSeconds(6L * INTERVAL_SECONDS), () -> cycles(round) >= at + 2);
    }

    // ---------------------------------------------------------------- oned set-up and state

    private int firstHost() {
        return cluster.firstHost();
    }

    private void setBases(int... values) {
        cluster.setBases(values);
    }

    private void delete(int vm) throws Exception {
        cluster.delete(vm);
    }

    private List<Vm> pool() {
        return cluster.pool();
    }

    private boolean hostsFull() {
        return cluster.hostsFull(SLOTS);
    }

    private boolean noLowActive() {
        return cluster.noLowActive();
    }
    /** Every host full again, or nothing left to place. */
    private boolean refilled() {
        List<Vm> vms = pool();
        boolean queued =
                vms.stream().anyMatch(vm -> vm.low() && (vm.state() == 2 || vm.state() == 4 || vm.state() == 5));
        return !queued && vms.stream().filter(Vm::low).allMatch(vm -> vm.lcm() == 3) || hostsFull();
    }

    private long cycles(Round round) {
        try {
            return round.daemon.cyclesLogged();
        } catch (IOException e) {
            return 0;
        }
    }

    private long refusedAsLocked(Round round) {
        return audit(round).stream()
                .filter(r -> isOutcome(r)
                        && r.path("vm_id").asInt() == lockedVm
                        && r.path("error_code").asText().equals("0x200"))
                .count();
    }

    private long okActionsOnHostAfter(Round round, int host, Instant after) {
        return audit(round).stream()
                .filter(r -> isOutcome(r)
                        && "ok".equals(r.path("outcome").asText())
                        && r.path("host_id").asInt() == host
                        && OnedEvidence.auditTime(r).isAfter(after))
                .count();
    }

    private static List<JsonNode> audit(Round round) {
        try {
            return Files.exists(round.auditFile) ? OnedEvidence.audit(round.auditFile) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean isOutcome(JsonNode r) {
        return "outcome".equals(r.path("event").asText());
    }

    /** Sent to oned: accepted, unknown, refused by oned itself (0x...) or failed in transit. */
    private static boolean sent(JsonNode r) {
        String outcome = r.path("outcome").asText();
        String code = r.path("error_code").asText("");
        return outcome.equals("ok")
                || outcome.equals("unknown")
                || code.startsWith("0x")
                || (outcome.equals("failed") && (code.equals("TIMEOUT") || code.equals("MALFORMED")));
    }

    // ---------------------------------------------------------------- waiting

    private void awaitOrFail(String what, Duration deadline, BooleanSupplier condition) {
        checks.awaitOrFail(what, deadline, condition);
    }

    private void check(String name, boolean ok, String failure) {
        checks.check(name, ok, failure);
    }

    // ---------------------------------------------------------------- checks on the evidence

    private void checkNothingStuck(Round round, String label) throws InterruptedException {
        // judged once nothing is mid-operation, or after 10 s
        Conditions.await(
                Duration.ofSeconds(10),
                () -> pool().stream().noneMatch(vm -> vm.low() && vm.state() == 3 && vm.lcm() != 3));
        List<Vm> vms = pool();
        List<String> stuck = new ArrayList<>();
        for (Vm vm : vms) {
            if (!vm.low()) {
                continue;
            }
            if (vm.state() == 1) {
                stuck.add("VM " + vm.id() + " PENDING");
            } else if (vm.state() == 3 && vm.lcm() != 3) {
                stuck.add("VM " + vm.id() + " ACTIVE in LCM state " + vm.lcm());
            }
        }
        boolean queued =
                vms.stream().anyMatch(vm -> vm.low() && (vm.state() == 2 || vm.state() == 4 || vm.state() == 5));
        for (int h : hostNames.keySet()) {
            long on = vms.stream().filter(vm -> vm.low() && vm.activeOn(h)).count();
            if (queued && on < SLOTS) {
                stuck.add("queued VMs while " + hostNames.get(h) + " has " + on + " of " + SLOTS
                        + " slots in use below the lower bound");
            }
        }
        check(label + " end: no low-QoS VM stuck", stuck.isEmpty(), String.join("; ", stuck));
    }

    private void evaluate() throws Exception {
        List<Call> calls = OnedEvidence.calls(one.install().resolve("var"));
        List<Call> ours = calls.stream().filter(c -> c.uid() == overbookdUid).toList();
        List<Call> acts = ours.stream().filter(Call::acts).toList();
        Map<Integer, List<History>> histories = new TreeMap<>();
        Map<Integer, List<Transition>> transitions = new TreeMap<>();
        for (int vm : concat(highVms, lowVms)) {
            histories.put(vm, OnedEvidence.histories(one.xml("one.vm.info", vm, false)));
            transitions.put(vm, OnedEvidence.transitions(one.vmLog(vm)));
        }
        List<JsonNode> records = new ArrayList<>();
        for (Round r : rounds) {
            records.addAll(audit(r));
        }
        List<JsonNode> outcomes =
                records.stream().filter(OverbookdAgainstOnedIT::isOutcome).toList();
        check(
                "oned logged overbookd's calls (its own UID " + overbookdUid + ")",
                !acts.isEmpty(),
                "no one.vm.deploy or one.vm.action by UID " + overbookdUid + " in oned.log");

        // no high-QoS VM ever had an action from overbookd, nor even a call naming it
        List<String> touched = new ArrayList<>();
        for (Call c : ours) {
            if (highVms.contains(c.vm())) {
                touched.add(c.method() + " " + c.args());
            }
        }
        for (int vm : highVms) {
            List<History> h = histories.get(vm);
            if (h.size() != 1 || h.get(0).etime() != 0 || h.stream().anyMatch(x -> x.uid() == overbookdUid)) {
                touched.add("VM " + vm + " history " + h);
            }
        }
        check(
                "no high-QoS VM ever had a call from overbookd (oned.log) nor a change of host or state (HISTORY)",
                touched.isEmpty(),
                String.join("; ", touched));

        // slots: low-QoS VMs on a host at once, from every stay in oned's HISTORY
        List<String> overSlots = new ArrayList<>();
        for (int h : hostNames.keySet()) {
            TreeMap<Long, Integer> delta = new TreeMap<>();
            for (int vm : lowVms) {
                for (History stay : histories.get(vm)) {
                    if (stay.hostId() == h) {
                        delta.merge(stay.stime(), 1, Integer::sum);
                        delta.merge(stay.etime() == 0 ? Long.MAX_VALUE : stay.etime(), -1, Integer::sum);
                    }
                }
            }
            int on = 0;
            for (var e : delta.entrySet()) {
                on += e.getValue();
                if (on > SLOTS) {
                    overSlots.add(
                            hostNames.get(h) + " had " + on + " low-QoS VMs at " + Instant.ofEpochSecond(e.getKey()));
                }
            }
        }
        check(
                "slots: never more than " + SLOTS + " low-QoS VMs on a host (every HISTORY stay)",
                overSlots.isEmpty(),
                String.join("; ", overSlots));

        // one operation per host: per cycle, and never while another VM of the host was mid-operation
        Map<String, Integer> perCycle = new HashMap<>();
        for (int i = 0; i < rounds.size(); i++) {
            for (JsonNode r : audit(rounds.get(i))) {
                if (isOutcome(r) && sent(r)) {
                    perCycle.merge(
                            i + "/" + r.path("cycle").asLong() + "/"
                                    + r.path("host_id").asInt(),
                            1,
                            Integer::sum);
                }
            }
        }
        List<String> twice = perCycle.entrySet().stream()
                .filter(e -> e.getValue() > 1)
                .map(e -> "round/cycle/host " + e.getKey() + ": " + e.getValue())
                .toList();
        check("one operation per host and cycle (audit)", twice.isEmpty(), String.join("; ", twice));
        List<String> busy = new ArrayList<>();
        for (Call c : acts) {
            int vm = c.vm();
            int host = c.deployHost() >= 0 ? c.deployHost() : hostAt(histories.get(vm), c.time());
            for (int other : lowVms) {
                if (other == vm) {
                    continue;
                }
                for (Instant[] span : transientSpans(transitions.get(other), histories.get(other), host)) {
                    if (c.time().isAfter(span[0].plusSeconds(1)) && c.time().isBefore(span[1].minusSeconds(1))) {
                        busy.add(c.verb() + " VM " + vm + " at " + c.time() + " while VM " + other
                                + " was mid-operation " + span[0] + ".." + span[1] + " on " + hostNames.get(host));
                    }
                }
            }
        }
        check(
                "one operation per host: no call while another VM of the host was mid-operation (vm.log)",
                busy.isEmpty(),
                String.join("; ", busy));
        if (slowVm >= 0) {
            Instant[] slow = transientSpans(transitions.get(slowVm), histories.get(slowVm), firstHost()).stream()
                    .findFirst()
                    .orElse(null);
            long inWindow = slow == null
                    ? -1
                    : acts.stream()
                            .filter(c -> c.vm() != slowVm
                                    && (c.deployHost() == firstHost()
                                            || hostAt(histories.get(c.vm()), c.time()) == firstHost())
                                    && c.time().isAfter(slow[0].plusSeconds(1))
                                    && c.time().isBefore(slow[1].minusSeconds(1)))
                            .count();
            check(
                    "slow deploy: nothing sent to its host for the "
                            + (slow == null
                                    ? "?"
                                    : Duration.between(slow[0], slow[1]).toSeconds()) + " s it booted",
                    inWindow == 0,
                    inWindow < 0 ? "VM " + slowVm + " has no boot span in its vm.log" : inWindow + " calls");
        }

        // every action oned saw is in the audit log; every audited OK is in oned's records
        Map<String, Integer> onedByKey = new TreeMap<>();
        Map<String, Integer> onedOkByKey = new TreeMap<>();
        for (Call c : acts) {
            onedByKey.merge(key(c.vm(), c.verb()), 1, Integer::sum);
            if (c.success()) {
                onedOkByKey.merge(key(c.vm(), c.verb()), 1, Integer::sum);
            }
        }
        Map<String, Integer> auditSent = new TreeMap<>();
        Map<String, Integer> auditOk = new TreeMap<>();
        for (JsonNode r : outcomes) {
            String k = key(r.path("vm_id").asInt(), auditVerb(r));
            if (sent(r)) {
                auditSent.merge(k, 1, Integer::sum);
            }
            if ("ok".equals(r.path("outcome").asText())) {
                auditOk.merge(k, 1, Integer::sum);
            }
        }
        List<String> unaudited = new ArrayList<>();
        onedByKey.forEach((k, n) -> {
            if (n > auditSent.getOrDefault(k, 0)) {
                unaudited.add(k + ": oned saw " + n + ", audit has " + auditSent.getOrDefault(k, 0));
            }
        });
        check(
                "every action oned saw from overbookd is in the audit log",
                unaudited.isEmpty(),
                String.join("; ", unaudited));
        List<String> unseen = new ArrayList<>();
        auditOk.forEach((k, n) -> {
            if (n > onedOkByKey.getOrDefault(k, 0)) {
                unseen.add(k + ": audit OK " + n + ", oned SUCCESS " + onedOkByKey.getOrDefault(k, 0));
            }
        });
        for (int vm : lowVms) {
            List<Integer> placedOn = outcomes.stream()
                    .filter(r -> r.path("vm_id").asInt() == vm
                            && "ok".equals(r.path("outcome").asText())
                            && !auditVerb(r).equals("suspend"))
                    .map(r -> r.path("host_id").asInt())
                    .toList();
            List<Integer> stays =
                    histories.get(vm).stream().map(History::hostId).toList();
            if (!placedOn.equals(stays)) {
                unseen.add("VM " + vm + ": audited placements on hosts " + placedOn + ", HISTORY stays on " + stays);
            }
            long suspendsOk = outcomes.stream()
                    .filter(r -> r.path("vm_id").asInt() == vm
                            && "ok".equals(r.path("outcome").asText())
                            && auditVerb(r).equals("suspend"))
                    .count();
            // a stay keeps the last action done on it: the administrator's later terminate overwrites
            // overbookd's suspend, so HISTORY may show fewer; vm.log shows every SAVE_SUSPEND/SAVE_STOP
            long closedByUs = histories.get(vm).stream()
                    .filter(x -> x.uid() == overbookdUid && (x.action() == 9 || x.action() == 10))
                    .count();
            long saved = transitions.get(vm).stream()
                    .filter(t -> t.state().equals("SAVE_SUSPEND") || t.state().equals("SAVE_STOP"))
                    .count();
            if (suspendsOk != saved || closedByUs > suspendsOk) {
                unseen.add("VM " + vm + ": " + suspendsOk + " audited suspensions, " + saved
                        + " SAVE_SUSPEND/SAVE_STOP in vm.log, " + closedByUs + " stays ended by overbookd in HISTORY");
            }
        }
        check(
                "every audited OK is in oned's records (oned.log SUCCESS, HISTORY stays in order, vm.log)",
                unseen.isEmpty(),
                String.join("; ", unseen));

        // the faults
        if (lockedVm >= 0) {
            long whileLocked = acts.stream()
                    .filter(c -> c.vm() == lockedVm
                            && c.success()
                            && c.time().isAfter(lockedAt.plusSeconds(1))
                            && c.time().isBefore(unlockedAt.minusSeconds(1)))
                    .count();
            boolean suspendedAfter = acts.stream()
                    .anyMatch(
                            c -> c.vm() == lockedVm && c.success() && !c.time().isBefore(unlockedAt.minusSeconds(1)));
            check(
                    "locked VM: refused with 0x200 and audited as such, acted on only after the unlock",
                    whileLocked == 0 && suspendedAfter,
                    whileLocked + " successful calls while locked, acted on after: " + suspendedAfter);
        }
        if (deletedVm >= 0) {
            List<Call> after = acts.stream()
                    .filter(c -> c.vm() == deletedVm && c.time().isAfter(deletedAt))
                    .toList();
            check("deleted VM: no action on it afterwards", after.isEmpty(), after.toString());
        }
        if (onedRestartedAt != null) {
            boolean actedAfter = outcomes.stream()
                    .anyMatch(r -> "ok".equals(r.path("outcome").asText())
                            && OnedEvidence.auditTime(r).isAfter(onedRestartedAt));
            check(
                    "oned restart: the daemon stayed up and acted again after it",
                    daemonSurvivedRestart && actedAfter,
                    "alive " + daemonSurvivedRestart + ", acted after " + actedAfter);
        }
        if (failedVm >= 0) {
            boolean reached =
                    transitions.get(failedVm).stream().anyMatch(t -> t.state().equals("BOOT_FAILURE"));
            check("failed deploy: VM " + failedVm + " reached BOOT_FAILURE (vm.log)", reached, "no BOOT_FAILURE");
        }

        // the session secret in no output
        List<String> leaks = new ArrayList<>();
        for (Round r : rounds) {
            for (Path f : concat(r.daemon.outputFiles(), auditFiles(r))) {
                if (Files.readString(f).contains(overbookdPassword)) {
                    leaks.add(f.toString());
                }
            }
        }
        check("the session secret appears in no daemon output nor audit record", leaks.isEmpty(), leaks.toString());
        for (Round r : rounds) {
            String out = r.daemon.output();
            check(
                    "round " + r.suspendAction + ": the daemon exited 0 on SIGTERM, no stack trace",
                    r.exitCode == 0 && !out.contains("\n\tat "),
                    "exit " + r.exitCode + (out.contains("\n\tat ") ? ", stack trace in its output" : ""));
        }
        // the record: each high-QoS VM with the virtual CPUs its template gives it, a low-QoS VM without any
        for (Round r : rounds) {
            List<String> rows = Files.readAllLines(r.auditFile.resolveSibling("record.csv"));
            // columns by the header's names: the record gains columns at its end (the forecasts did)
            List<String> header = List.of(rows.get(0).split(",", -1));
            int vmId = header.indexOf("vm_id");
            int qos = header.indexOf("qos");
            int vcpus = header.indexOf("vcpus");
            List<String> wrong = new ArrayList<>();
            long high = 0;
            for (String row : rows.subList(1, rows.size())) {
                String[] f = row.split(",", -1);
                if (f.length != header.size() || vmId < 0 || qos < 0 || vcpus < 0) {
                    wrong.add(row);
                } else if (!f[vmId].isEmpty()) {
                    boolean isHigh = f[qos].equals("HIGH");
                    high += isHigh ? 1 : 0;
                    if (!f[vcpus].equals(isHigh ? Integer.toString(DummyCluster.HIGH_VCPUS) : "")) {
                        wrong.add(row);
                    }
                }
            }
            check(
                    "round " + r.suspendAction + ": the record gives each VM its TEMPLATE/VCPU ("
                            + DummyCluster.HIGH_VCPUS + " for the high-QoS VMs, none for the low-QoS ones)",
                    high > 0 && wrong.isEmpty(),
                    high + " high-QoS rows; " + wrong.stream().limit(3).toList());
        }
        actionsOnedSaw = acts.stream()
                .collect(Collectors.groupingBy(
                        c -> c.verb() + (c.success() ? "" : " (refused)"), TreeMap::new, Collectors.counting()));
        auditedByAction = outcomes.stream()
                .collect(Collectors.groupingBy(
                        r -> r.path("action").asText() + " " + r.path("outcome").asText()
                                + (r.path("error_code").asText("").isEmpty()
                                        ? ""
                                        : " " + r.path("error_code").asText()),
                        TreeMap::new,
                        Collectors.counting()));
    }

    private Map<String, Long> actionsOnedSaw = Map.of();
    private Map<String, Long> auditedByAction = Map.of();

    private static List<Path> auditFiles(Round r) throws IOException {
        try (var list = Files.list(r.auditFile.getParent())) {
            return list.filter(p -> p.getFileName()
                            .toString()
                            .startsWith(r.auditFile.getFileName().toString()))
                    .toList();
        }
    }

    private static String key(int vm, String verb) {
        String kind = switch (verb) {
            case "suspend", "stop" -> "suspend";
            case "resume" -> "resume";
            default -> "deploy";
        };
        return "VM " + vm + " " + kind;
    }

    /** The call kind of an audited decision: deploy and a resume from STOPPED are both one.vm.deploy. */
    private String auditVerb(JsonNode r) {
        String action = r.path("action").asText();
        if (action.equals("resume")
                && rounds.size() > 1
                && lowVmsOfRoundTwo().contains(r.path("vm_id").asInt())) {
            return "deploy"; // round 2 takes VMs off with stop: they come back with one.vm.deploy
        }
        return action;
    }

    private List<Integer> lowVmsOfRoundTwo() {
        return lowVms.subList(LOW_VMS, lowVms.size());
    }

    /** The host a VM was on at a time: its last stay started by then (one second of slack). */
    private static int hostAt(List<History> stays, Instant t) {
        int host = -1;
        for (History h : stays) {
            if (h.stime() <= t.getEpochSecond() + 1) {
                host = h.hostId();
            }
        }
        return host;
    }

    /** The spans a VM spent mid-operation (PROLOG, BOOT, SAVE_SUSPEND, ...) on the host. */
    private static List<Instant[]> transientSpans(List<Transition> log, List<History> stays, int host) {
        List<Instant[]> out = new ArrayList<>();
        Instant open = null;
        for (Transition t : log) {
            if (t.state().equals("ACTIVE")) {
                continue;
            }
            boolean mid = TRANSIENT.contains(t.state());
            if (mid && open == null) {
                open = t.time();
            } else if (!mid && open != null) {
                if (hostAt(stays, open) == host) {
                    out.add(new Instant[] {open, t.time()});
                }
                open = null;
            }
        }
        if (open != null && hostAt(stays, open) == host) {
            out.add(new Instant[] {open, Instant.now()});
        }
        return out;
    }

    @SafeVarargs
    private static <T> List<T> concat(List<T>... lists) {
        List<T> out = new ArrayList<>();
        for (List<T> l : lists) {
            out.addAll(l);
        }
        return out;
    }

    private void summary(long started) {
        StringBuilder s = new StringBuilder("\n=== overbookd against a real oned 7.4 (dummy drivers) ===\n");
        s.append(String.format(
                "hosts %d (8 cores each), slots %d, bounds 70/90, interval %d s, high-QoS VMs %d, "
                        + "low-QoS VMs %d%n",
                HOSTS, SLOTS, INTERVAL_SECONDS, highVms.size(), lowVms.size()));
        for (Round r : rounds) {
            s.append(String.format(
                    "round suspend-action=%s: %d cycles, daemon exit %d%n", r.suspendAction, r.cycles, r.exitCode));
        }
        s.append("calls oned logged from overbookd: ").append(actionsOnedSaw).append('\n');
        s.append("outcomes audited: ").append(auditedByAction).append('\n');
        s.append("faults injected:\n");
        faults.forEach(f -> s.append("  - ").append(f).append('\n'));
        cluster.healed().forEach(h -> s.append(h).append('\n'));
        checks.print(s);
        s.append(String.format(
                "wall time %d s (evidence in %s)%n", OnedFrontEnd.since(started).toSeconds(), work));
        System.out.println(s);
    }
}
