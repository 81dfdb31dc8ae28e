package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
// the HA suite's daemon: started from the test class path, its log lines kept with their times (this
// package's own DaemonProcess runs the packaged jar and only counts cycles)
import org.overbookd.daemon.ha.DaemonProcess;
import org.overbookd.daemon.ha.Postgres;
import org.overbookd.it.OnedEvidence.Call;
import org.overbookd.testing.SharedFiles;

/**
 * Issue 14 against the real oned 7.4 (dummy drivers): two or three real daemon processes in one HA
 * group on a real PostgreSQL (io.zonky embedded), through kill -9 of the active node, SIGSTOP of it
 * for longer than the check-in interval then SIGCONT, its database logins cut, and the database
 * restarted; then two daemons in single mode, the second of which must stand down.
 *
 * <p>Every node logs in to OpenNebula as a user of its own, so oned's own request log (oned.log:
 * each call with the caller's UID, its arguments and its result, second resolution) says which node
 * sent what; that is the record the checks read. (HISTORY from one.vm.info cannot count actions: a
 * suspend and a resume on the same host stay in one history record, whose ACTION the last action
 * overwrites.) Per case: no VM got actions from two nodes within one step; no step ran twice (no
 * VM got the same action twice in a row; no two nodes' steps that enacted began within half a
 * step); the node that was active sent nothing after another took over; a standby took over within
 * the stated bound; every action oned logged from a node is in that node's audit.
 *
 * <p>The load swings: every {@value #SWING_SECONDS} s every host's base load flips between below the
 * lower bound and above the upper bound, so that most steps deploy, resume or suspend something.
 */
@Tag("slow")
@Tag("oned")
class HaAgainstOnedIT {

    private static final int HOSTS = 3;
    private static final int SLOTS = 2;
    private static final int LOW_VMS = 7;
    private static final int PER_VM = 150; // 18.75 % of an 8-core host per active low-QoS VM
    private static final int FILLING = 200; // two VMs make 62.5 %, below the lower bound 70
    private static final int CROSSING = 600; // one VM makes 93.75 %, above the upper bound 90
    private static final long SWING_SECONDS = 6;
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final Duration CHECKIN = Duration.ofSeconds(9);
    /**
     * The bound of docs/ha.md (the lease's lifetime, a sixth of it, one step), plus 5 s of slack: calls to a real
     * oned and four processes on a machine shared with other builds (the fake oned's HaFailoverTest has 1 s).
     */
    private static final Duration TAKEOVER_BOUND =
            CHECKIN.plus(CHECKIN.dividedBy(6)).plus(INTERVAL).plusSeconds(5);

    /** The suite's folder: removed once the suite passes, kept when it fails. */
    @RegisterExtension
    final SuiteFolder folder = new SuiteFolder("overbookd-ha-it-");

    private Path work;
    private OnedFrontEnd one;
    private DummyCluster cluster;
    private final List<Case> cases = new ArrayList<>();
    private long faultAt;

    /** One case as run: who was who, and when things happened (wall clock, ms). */
    private static final class Case {
        final String name;
        final Map<Integer, String> nodeByUid = new LinkedHashMap<>();
        final Map<String, Path> audits = new HashMap<>();
        final List<DaemonProcess.Cycle> cycles = new ArrayList<>();
        String active;
        String successor;
        long faultAt;
        long takeoverAt;

        Case(String name) {
            this.name = name;
        }
    }

    /** What oned's records and the audits say about one case. */
    private record Verdict(
            String name,
            String from,
            String to,
            long takeoverMillis,
            long onedTakeoverSeconds,
            int actions,
            int twoNode,
            int repeated,
            int doubleSteps,
            int stale,
            int unaudited) {

        int duplicates() {
            return twoNode + repeated + doubleSteps + stale;
        }
    }

    @FunctionalInterface
    private interface Fault {
        Recovery inject(DaemonProcess active, List<DaemonProcess> group) throws Exception;
    }

    @FunctionalInterface
    private interface Recovery {
        void run() throws Exception;
    }

    @Test
    void oneWriterAgainstTheRealOned() throws Throwable {
        Path script = SharedFiles.require("opennebula/one-dummy.sh");
        SharedFiles.require("opennebula/opennebula-7.4.0-dummy.tar.xz");
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/ruby")),
                "skipped: OpenNebula's runtime packages are missing; run `one-dummy.sh deps` as root (.ci/run does)");
        long started = System.nanoTime();
        work = folder.create();
        one = new OnedFrontEnd(
                script,
                work.resolve("one"),
                Path.of("it/opennebula/host-monitor-probe").toAbsolutePath(),
                OnedPorts.HA_SUITE);
        cluster = new DummyCluster(one, PER_VM, FILLING);
        ScheduledExecutorService world = Executors.newScheduledThreadPool(2);
        List<Verdict> verdicts = new ArrayList<>();
        String single = "not run";
        try (Postgres pg = Postgres.start(work.resolve("pgdata"))) {
            Files.createDirectories(work.resolve("one"));
            assertTrue(
                    cluster.bringUp(HOSTS, world),
                    "hosts MONITORED with our probe's samples within " + DummyCluster.MONITORED_WITHIN.toSeconds()
                            + " s");
            cluster.createHighQosVms();
            awaitOrFail(
                    "high-QoS VMs RUNNING",
                    Duration.ofSeconds(30),
                    () -> cluster.pool().stream()
                            .filter(vm -> cluster.highVms().contains(vm.id()))
                            .allMatch(vm -> vm.lcm() == 3));
            cluster.createLowQosVms(LOW_VMS);
            AtomicBoolean high = new AtomicBoolean();
            world.scheduleAtFixedRate(
                    () -> {
                        int b = high.getAndSet(!high.get()) ? FILLING : CROSSING;
                        cluster.setBases(b, b, b);
                    },
                    SWING_SECONDS,
                    SWING_SECONDS,
                    TimeUnit.SECONDS);

            // a case that fails stops the run; those done before it are still judged and printed
            Throwable failure = null;
            try {
                run("kill -9", "kill9", List.of("a", "b", "c"), pg, (active, group) -> {
                    active.kill9();
                    return null;
                });
                run("SIGSTOP > check-in, SIGCONT", "sigstop", List.of("a", "b"), pg, (active, group) -> {
                    active.signal("STOP");
                    return () -> {
                        awaitMillis(CHECKIN.plusSeconds(1).toMillis() - (System.currentTimeMillis() - faultAt));
                        active.signal("CONT");
                        assertNotNull(
                                active.await(l -> l.contains("is standby now"), faultAt, Duration.ofSeconds(15)),
                                "the resumed node finds out it lost the lease: " + active.lines());
                    };
                });
                run("database logins cut", "cut", List.of("a", "b"), pg, (active, group) -> {
                    pg.cut(active.node);
                    return () -> {
                        pg.restore(active.node);
                        assertNotNull(
                                active.await(l -> l.contains("is standby now"), faultAt, Duration.ofSeconds(15)),
                                "the cut node finds out it lost the lease: " + active.lines());
                    };
                });
                run("database restarted", "restart", List.of("a", "b"), pg, (active, group) -> {
                    pg.restart();
                    return null;
                });
                if (selected("single")) {
                    single = singleMode();
                }
            } catch (Exception | AssertionError e) {
                failure = e;
            }
            world.shutdownNow();
            List<Call> calls = OnedEvidence.calls(one.install().resolve("var"));
            for (Case c : cases) {
                if (c.successor != null) {
                    verdicts.add(judge(c, calls));
                }
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            world.shutdownNow();
            one.close();
            print(verdicts, single, started);
        }
        assertEquals(cases.size(), verdicts.size());
        for (Verdict v : verdicts) {
            assertEquals(0, v.duplicates(), v.name() + ": duplicate actions " + v);
            assertEquals(0, v.unaudited(), v.name() + ": actions oned logged that the sender's audit lacks " + v);
            assertTrue(
                    v.takeoverMillis() <= TAKEOVER_BOUND.toMillis(),
                    v.name() + ": took over in " + v.takeoverMillis() + " ms, bound " + TAKEOVER_BOUND.toMillis());
            assertTrue(v.actions() > 0, v.name() + ": the group acted at all");
        }
    }

    // ---------------------------------------------------------------- the HA cases

    private void run(String name, String database, List<String> nodes, Postgres pg, Fault fault) throws Exception {
        if (!selected(database)) {
            return;
        }
        Case c = new Case(name);
        cases.add(c);
        pg.prepare(database, nodes.toArray(String[]::new));
        List<DaemonProcess> group = new ArrayList<>();
        long caseStart = System.currentTimeMillis();
        try {
            for (String node : nodes) {
                group.add(start(
                        c,
                        database + "-" + node,
                        node,
                        "ha.jdbc-url = " + pg.jdbcUrl(database),
                        "ha.user = " + Postgres.role(node),
                        "ha.checkin-interval = " + CHECKIN.toSeconds() + "s"));
            }
            DaemonProcess active = DaemonProcess.awaitActive(group, caseStart, Duration.ofSeconds(60));
            // the group at work: two steps of the active node before the fault
            active.awaitCycles(caseStart, 2, Duration.ofSeconds(40));
            faultAt = System.currentTimeMillis();
            Recovery recovery = fault.inject(active, group);
            DaemonProcess.Cycle next = DaemonProcess.awaitAnyCycle(
                    group, faultAt, database.equals("restart") ? null : active, TAKEOVER_BOUND.plusSeconds(20));
            assertNotNull(next, name + ": no node ran a step after the fault");
            if (recovery != null) {
                recovery.run();
            }
            DaemonProcess successor = group.stream()
                    .filter(p -> p.node.equals(next.node()))
                    .findFirst()
                    .orElseThrow();
            // and two of the successor after the recovery, in which the recovered node must keep quiet
            successor.awaitCycles(System.currentTimeMillis(), 2, Duration.ofSeconds(40));
            c.active = active.node;
            c.successor = successor.node;
            c.faultAt = faultAt;
            c.takeoverAt = next.startMillis();
        } finally {
            // SIGTERM to all at once: each finishes its step and exits
            List<Thread> closing = new ArrayList<>();
            for (DaemonProcess p : group) {
                Thread t = new Thread(
                        () -> {
                            try {
                                p.close();
                            } catch (IOException e) {
                                // interrupted: close kept the interrupt on this thread, which ends here
                            }
                        },
                        "close-" + p.node);
                t.start();
                closing.add(t);
            }
            for (int i = 0; i < group.size(); i++) {
                closing.get(i).join();
                c.cycles.addAll(group.get(i).cycles());
            }
        }
    }

    /** A daemon of the case, logging in to oned as a user of its own (oned's log then names the node). */
    private DaemonProcess start(Case c, String home, String node, String... extra) throws Exception {
        Path dir = Files.createDirectories(work.resolve(home));
        DummyCluster.User user = cluster.createUser("overbookd-" + home);
        c.nodeByUid.put(user.uid(), node);
        Path auth = dir.resolve("one_auth");
        Files.writeString(auth, user.name() + ":" + user.password() + "\n");
        Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
        Path audit = dir.resolve("audit.jsonl");
        c.audits.put(node, audit);
        List<String> lines = new ArrayList<>(List.of(
                "backend = opennebula",
                "one.endpoint = " + one.endpoint(),
                "one.auth-file = " + auth,
                "one.timeout = 1s",
                "overbooking.lower-bound = 70",
                "overbooking.upper-bound = 90",
                "overbooking.slots = " + SLOTS,
                "schedule.overbooking-interval = " + INTERVAL.toSeconds() + "s",
                "audit.file = " + audit,
                "ha.node-name = " + node));
        lines.addAll(List.of(extra));
        Path config = dir.resolve("overbookd.properties");
        Files.write(config, lines);
        return DaemonProcess.start(node, config, audit, dir);
    }

    // ---------------------------------------------------------------- single mode

    /**
     * Two daemons without ha.*: the second sees the first's heartbeat on oned's document board and
     * enacts nothing while the first runs; once the first is killed it acts. Judged from oned.log.
     */
    private String singleMode() throws Exception {
        Case c = new Case("single mode");
        try (DaemonProcess first = start(c, "single-first", "first")) {
            assertNotNull(
                    first.await(l -> l.matches(".*cycle \\d+: [1-9]\\d* decision.*"), 0, Duration.ofSeconds(40)),
                    "the first single-mode daemon acts: " + first.lines());
            long secondStarted;
            long checkedUntil;
            long killed;
            String why;
            try (DaemonProcess second = start(c, "single-second", "second")) {
                secondStarted = System.currentTimeMillis();
                DaemonProcess.Line line = second.await(
                        l -> l.contains("standing down: another overbookd (node first"), 0, Duration.ofSeconds(40));
                assertNotNull(line, "the second says why it does not act: " + second.lines());
                why = line.text().replaceFirst("^.*standing down", "standing down");
                second.awaitCycles(secondStarted, 3, Duration.ofSeconds(40));
                checkedUntil = System.currentTimeMillis();
                first.kill9();
                killed = System.currentTimeMillis();
                awaitOrFail(
                        "the second acts once the first is gone",
                        Duration.ofSeconds(40),
                        () -> second.cycles().stream()
                                .anyMatch(cy -> cy.startMillis() >= killed && cy.decisions() > cy.notEnacted()));
            }
            int firstUid = uidOf(c, "first");
            int secondUid = uidOf(c, "second");
            List<Call> acts = OnedEvidence.calls(one.install().resolve("var")).stream()
                    .filter(Call::acts)
                    .toList();
            long secondBefore = acts.stream()
                    .filter(a -> a.uid() == secondUid && seconds(a) < killed / 1000)
                    .count();
            long firstMeanwhile = acts.stream()
                    .filter(a -> a.uid() == firstUid
                            && seconds(a) >= secondStarted / 1000
                            && seconds(a) <= checkedUntil / 1000)
                    .count();
            Call firstOfSecond = acts.stream()
                    .filter(a -> a.uid() == secondUid && seconds(a) >= killed / 1000)
                    .findFirst()
                    .orElse(null);
            long stoodDown = OnedEvidence.audit(c.audits.get("second")).stream()
                    .filter(r -> r.path("error_code").asText().equals("STOOD_DOWN"))
                    .count();
            String result = String.format(
                    "single mode: second daemon's actions in oned.log while the first ran: %d "
                            + "(first: %d; second's audit: %d decisions STOOD_DOWN); the second acted %s s after the first was "
                            + "killed (oned.log); it said: %s",
                    secondBefore,
                    firstMeanwhile,
                    stoodDown,
                    firstOfSecond == null ? "never" : String.valueOf(seconds(firstOfSecond) - killed / 1000),
                    why);
            assertEquals(0, secondBefore, "the second single-mode daemon sent nothing while the first ran: " + result);
            assertTrue(firstMeanwhile > 0, "the first carried on: " + result);
            assertTrue(stoodDown > 0, "the second's audit shows it stood down: " + result);
            assertNotNull(firstOfSecond, "oned logged an action from the second after the first was killed: " + result);
            return result;
        }
    }

    /** The cases named in the system property it.ha.cases (kill9,sigstop,cut,restart,single), or all. */
    private static boolean selected(String name) {
        String only = System.getProperty("it.ha.cases", "");
        return only.isBlank() || List.of(only.split(",")).contains(name);
    }

    private static int uidOf(Case c, String node) {
        return c.nodeByUid.entrySet().stream()
                .filter(e -> e.getValue().equals(node))
                .findFirst()
                .orElseThrow()
                .getKey();
    }

    // ---------------------------------------------------------------- judging from oned's records

    private Verdict judge(Case c, List<Call> all) throws IOException {
        List<Call> calls =
                all.stream().filter(x -> c.nodeByUid.containsKey(x.uid())).toList();
        List<Call> acts = calls.stream().filter(Call::acts).toList();
        long step = INTERVAL.toSeconds();
        // two nodes acting on one VM within one step (oned logs whole seconds: a gap under one step)
        int twoNode = 0;
        for (int i = 0; i < acts.size(); i++) {
            for (int j = i + 1; j < acts.size(); j++) {
                Call a = acts.get(i);
                Call b = acts.get(j);
                if (a.vm() == b.vm() && a.uid() != b.uid() && Math.abs(seconds(a) - seconds(b)) < step) {
                    twoNode++;
                }
            }
        }
        // a step run twice shows on oned as the same action on a VM twice in a row, the first accepted
        int repeated = 0;
        Map<Integer, Call> lastOk = new HashMap<>();
        for (Call a : acts) {
            Call before = lastOk.get(a.vm());
            if (before != null && kind(before).equals(kind(a))) {
                repeated++;
            }
            if (a.success()) {
                lastOk.put(a.vm(), a);
            }
        }
        // ... and in the daemons' logs as steps that enacted, on two nodes, less than half a step apart
        List<DaemonProcess.Cycle> enacting = c.cycles.stream()
                .filter(cy -> cy.decisions() > cy.notEnacted())
                .sorted(Comparator.comparingLong(DaemonProcess.Cycle::startMillis))
                .toList();
        int doubleSteps = 0;
        for (int i = 1; i < enacting.size(); i++) {
            if (enacting.get(i).startMillis() - enacting.get(i - 1).startMillis() < INTERVAL.toMillis() / 2
                    && !enacting.get(i).node().equals(enacting.get(i - 1).node())) {
                doubleSteps++;
            }
        }
        // the node that was active sends nothing once another has taken over: oned's second after the
        // takeover began, and its own audit (milliseconds) for the same second
        int stale = 0;
        if (!c.active.equals(c.successor)) {
            int activeUid = uidOf(c, c.active);
            stale += (int) acts.stream()
                    .filter(a -> a.uid() == activeUid && seconds(a) > c.takeoverAt / 1000)
                    .count();
            stale += (int) OnedEvidence.audit(c.audits.get(c.active)).stream()
                    .filter(r -> sent(r)
                            && OnedEvidence.auditTime(r).toEpochMilli() >= c.takeoverAt
                            && OnedEvidence.auditTime(r).getEpochSecond() <= c.takeoverAt / 1000)
                    .count();
        }
        // every action oned logged from a node is in that node's audit
        int unaudited = 0;
        for (Map.Entry<Integer, String> node : c.nodeByUid.entrySet()) {
            Map<String, Integer> logged = new HashMap<>();
            acts.stream()
                    .filter(a -> a.uid() == node.getKey())
                    .forEach(a -> logged.merge(a.vm() + " " + kind(a), 1, Integer::sum));
            Map<String, Integer> audited = new HashMap<>();
            Path auditFile = c.audits.get(node.getValue());
            for (JsonNode r : Files.exists(auditFile) ? OnedEvidence.audit(auditFile) : List.<JsonNode>of()) {
                if (!node.getValue().equals(r.path("node").asText())) {
                    throw new AssertionError("an audit record of " + node.getValue() + " names another node: " + r);
                }
                if (sent(r)) {
                    audited.merge(
                            r.path("vm_id").asInt() + " "
                                    + kind(r.path("action").asText()),
                            1,
                            Integer::sum);
                }
            }
            for (Map.Entry<String, Integer> e : logged.entrySet()) {
                unaudited += Math.max(0, e.getValue() - audited.getOrDefault(e.getKey(), 0));
            }
        }
        int successorUid = uidOf(c, c.successor);
        long onedTakeover = calls.stream()
                .filter(x -> x.uid() == successorUid && seconds(x) >= c.faultAt / 1000)
                .mapToLong(x -> seconds(x) - c.faultAt / 1000)
                .min()
                .orElse(-1);
        return new Verdict(
                c.name,
                c.active,
                c.successor,
                c.takeoverAt - c.faultAt,
                onedTakeover,
                acts.size(),
                twoNode,
                repeated,
                doubleSteps,
                stale,
                unaudited);
    }

    private static long seconds(Call call) {
        return call.time().getEpochSecond();
    }

    /** on (deploy, resume: one.vm.deploy or resume) or off (suspend, stop). */
    private static String kind(Call call) {
        return kind(call.verb());
    }

    private static String kind(String verb) {
        return switch (verb) {
            case "suspend", "stop", "undeploy", "poweroff" -> "off";
            default -> "on";
        };
    }

    /** An outcome record for an action that reached oned or may have: ok, unknown, refused by oned, timed out. */
    private static boolean sent(JsonNode r) {
        if (!"outcome".equals(r.path("event").asText())) {
            return false;
        }
        String outcome = r.path("outcome").asText();
        String code = r.path("error_code").asText("");
        return outcome.equals("ok")
                || outcome.equals("unknown")
                || code.startsWith("0x")
                || (outcome.equals("failed") && (code.equals("TIMEOUT") || code.equals("MALFORMED")));
    }

    // ---------------------------------------------------------------- waiting, printing

    private static void awaitOrFail(String what, Duration within, BooleanSupplier condition)
            throws InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                // not yet
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        assertTrue(condition.getAsBoolean(), what + ": not within " + within.toSeconds() + " s");
    }

    /** Lets {@code millis} pass (a deadline, not a condition: the fault's length is the point). */
    private static void awaitMillis(long millis) throws InterruptedException {
        long until = System.nanoTime() + Math.max(0, millis) * 1_000_000;
        while (System.nanoTime() < until) {
            TimeUnit.MILLISECONDS.sleep(Math.min(100, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
        }
    }

    private void print(List<Verdict> verdicts, String single, long started) {
        StringBuilder s = new StringBuilder("\n=== HA against a real oned 7.4 (dummy drivers) ===\n");
        s.append(String.format(
                "interval %d s, ha.checkin-interval %d s, one.timeout 1 s, stated bound %d ms; "
                        + "%d hosts, %d low-QoS VMs, load swinging every %d s%n",
                INTERVAL.toSeconds(), CHECKIN.toSeconds(), TAKEOVER_BOUND.toMillis(), HOSTS, LOW_VMS, SWING_SECONDS));
        s.append(String.format(
                "%-28s %-5s %-5s %11s %9s %10s %7s %8s %8s %7s %5s %9s%n",
                "case",
                "from",
                "to",
                "takeover_ms",
                "oned_s",
                "duplicates",
                "actions",
                "two-node",
                "repeated",
                "double",
                "stale",
                "unaudited"));
        for (Verdict v : verdicts) {
            s.append(String.format(
                    "%-28s %-5s %-5s %11d %9d %10d %7d %8d %8d %7d %5d %9d%n",
                    v.name(),
                    v.from(),
                    v.to(),
                    v.takeoverMillis(),
                    v.onedTakeoverSeconds(),
                    v.duplicates(),
                    v.actions(),
                    v.twoNode(),
                    v.repeated(),
                    v.doubleSteps(),
                    v.stale(),
                    v.unaudited()));
        }
        s.append(single).append('\n');
        cluster.healed().forEach(h -> s.append(h).append('\n'));
        s.append(String.format(
                "wall time %d s (evidence in %s)%n", OnedFrontEnd.since(started).toSeconds(), work));
        System.out.println(s);
    }
}
