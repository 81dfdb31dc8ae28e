package org.overbookd.daemon.ha;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.opennebula.FakeOnedServer;

/**
 * The failover bound of docs/ha.md, measured: a standby takes over at most ha.checkin-interval plus a
 * sixth of it plus one overbooking step after the writer stops. Three real daemons in one HA group
 * on a real PostgreSQL, against the fake oned; the writer is killed (kill -9) or stopped (SIGSTOP)
 * again and again, each time at another point of its renewal period, and each takeover (the fault
 * to the first step begun by another node) is printed against the bound, with the load average.
 *
 * <p>By default one kill and one stop at a check-in of 15 s (about a minute). {@code it/ha/run.sh
 * failover} runs more: {@code -Dit.ha.rounds=N} faults of each kind per check-in interval, and
 * {@code -Dit.ha.checkins=15s,30s}.
 */
@Tag("slow")
@Tag("deadlines")
class HaTakeoverBoundTest {

    private static final Duration INTERVAL = Duration.ofSeconds(2);
    /** What a loaded machine adds to a takeover: JVMs and PostgreSQL sharing two cores with other builds. */
    private static final Duration SLACK = Duration.ofSeconds(1);

    // a failed run keeps its folder (the daemons' logs, PostgreSQL's): a race under load cannot be run again at will
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    /**
     * @param millis      from the fault to the first step begun by another node
     * @param leaseMillis from the fault to the successor's "holds the writer lease": the rest of the
     *                    takeover is Quartz's (recovering the stopped node's trigger, then the next fire)
     */
    private record Takeover(
            Duration checkin,
            String fault,
            String from,
            String to,
            long millis,
            long leaseMillis,
            Duration bound,
            String load) {}

    @Test
    void aStandbyTakesOverWithinTheStatedBound() throws Exception {
        int rounds = Integer.getInteger("it.ha.rounds", 1);
        List<Duration> checkins = new ArrayList<>();
        for (String c : System.getProperty("it.ha.checkins", "15s").split(",")) {
            checkins.add(Duration.ofSeconds(Long.parseLong(c.strip().replace("s", ""))));
        }
        List<Takeover> all = new ArrayList<>();
        SplittableRandom phases = new SplittableRandom(31);
        try (Postgres pg = Postgres.start(dir.resolve("pgdata"));
                FakeOnedServer oned = FakeOnedServer.start(Duration.ofMillis(500))) {
            Path auth = FakeOnedServer.authFile(Files.createDirectories(dir.resolve("auth")));
            for (Duration checkin : checkins) {
                all.addAll(series(checkin, rounds, phases, pg, oned, auth));
            }
        }
        System.out.println();
        System.out.println("HA takeover against the bound (step " + INTERVAL.toSeconds()
                + " s; bound = ha.checkin-interval + a sixth of it + one step)");
        System.out.printf(
                "%-8s %-8s %-5s %-5s %11s %9s %15s %9s %6s  %s%n",
                "checkin",
                "fault",
                "from",
                "to",
                "takeover_ms",
                "lease_ms",
                "lease_to_step_ms",
                "bound_ms",
                "within",
                "load average (1, 5, 15 min)");
        int over = 0;
        for (Takeover t : all) {
            boolean within = t.millis() <= t.bound().toMillis();
            over += within ? 0 : 1;
            System.out.printf(
                    "%-8s %-8s %-5s %-5s %11d %9d %15d %9d %6s  %s%n",
                    t.checkin().toSeconds() + " s",
                    t.fault(),
                    t.from(),
                    t.to(),
                    t.millis(),
                    t.leaseMillis(),
                    t.millis() - t.leaseMillis(),
                    t.bound().toMillis(),
                    within ? "yes" : "NO",
                    t.load());
        }
        System.out.println("takeovers over the bound: " + over + " of " + all.size());
        for (Takeover t : all) {
            assertTrue(
                    t.millis() <= t.bound().plus(SLACK).toMillis(),
                    t.fault() + " at check-in " + t.checkin().toSeconds()
                            + " s: took over in " + t.millis() + " ms, bound "
                            + t.bound().toMillis() + " ms (+ " + SLACK.toMillis()
                            + " ms for a loaded machine)");
        }
    }

    /** One group of three nodes; {@code rounds} kills and as many stops of its writer, alternating. */
    private List<Takeover> series(
            Duration checkin, int rounds, SplittableRandom phases, Postgres pg, FakeOnedServer oned, Path auth)
            throws Exception {
        String database = "takeover" + checkin.toSeconds();
        Duration bound = checkin.plus(checkin.dividedBy(6)).plus(INTERVAL);
        List<String> names = new ArrayList<>(List.of("a", "b", "c"));
        for (int i = 0; i < rounds; i++) {
            names.add("k" + i);
        }
        pg.prepare(database, names.toArray(String[]::new));
        List<DaemonProcess> group = new ArrayList<>();
        List<Takeover> out = new ArrayList<>();
        int started = 0;
        try {
            for (; started < 3; started++) {
                group.add(start(names.get(started), checkin, database, pg, oned, auth));
            }
            DaemonProcess writer = DaemonProcess.awaitActive(group, 0, Duration.ofSeconds(60));
            for (int round = 0; round < 2 * rounds; round++) {
                boolean kill = round % 2 == 0;
                // the writer at work, every standby started and waiting
                writer.awaitCycles(System.currentTimeMillis(), 2, Duration.ofSeconds(30));
                for (DaemonProcess p : group) {
                    assertNotNull(
                            p.await(l -> l.contains("overbookd running"), 0, Duration.ofSeconds(60)),
                            "node " + p.node + " started: " + p.lines());
                }
                // somewhere in the writer's renewal period (a third of the check-in), not always at one point
                awaitMillis(
                        Duration.ofMillis(phases.nextLong(checkin.dividedBy(3).toMillis())));
                String load = loadAverage();
                long faultAt = System.currentTimeMillis();
                if (kill) {
                    writer.kill9();
                } else {
                    writer.signal("STOP");
                }
                DaemonProcess stopped = writer;
                DaemonProcess.Cycle next = DaemonProcess.awaitAnyCycle(group, faultAt, stopped, bound.plusSeconds(30));
                assertNotNull(
                        next, "no node took over after " + (kill ? "kill -9" : "SIGSTOP") + " of " + stopped.node);
                writer = group.stream()
                        .filter(p -> p.node.equals(next.node()))
                        .findFirst()
                        .orElseThrow();
                out.add(new Takeover(
                        checkin,
                        kill ? "kill -9" : "SIGSTOP",
                        stopped.node,
                        next.node(),
                        next.startMillis() - faultAt,
                        since(faultAt, writer, "holds the writer lease"),
                        bound,
                        load));
                if (kill) {
                    group.remove(stopped);
                    group.add(start(names.get(started++), checkin, database, pg, oned, auth));
                } else {
                    long resumed = System.currentTimeMillis();
                    stopped.signal("CONT");
                    assertNotNull(
                            stopped.await(l -> l.contains("is standby now"), resumed, checkin.plusSeconds(15)),
                            "the resumed node " + stopped.node + " finds out it lost the lease: " + stopped.lines());
                }
            }
        } finally {
            for (DaemonProcess p : group) {
                p.close();
            }
        }
        return out;
    }

    /** From {@code faultAt} to the first line of {@code node} after it that contains {@code text}; -1 if none. */
    private static long since(long faultAt, DaemonProcess node, String text) {
        return node.lines().stream()
                .filter(l -> l.atMillis() >= faultAt && l.text().contains(text))
                .mapToLong(l -> l.atMillis() - faultAt)
                .min()
                .orElse(-1);
    }

    private DaemonProcess start(
            String node, Duration checkin, String database, Postgres pg, FakeOnedServer oned, Path auth)
            throws IOException {
        return DaemonProcess.startHaNode(dir, database, node, oned.endpoint(), auth, INTERVAL, checkin, pg);
    }

    /** Waits {@code span} (the fault's phase in the renewal period: a chosen moment, not a condition). */
    private static void awaitMillis(Duration span) throws InterruptedException {
        long until = System.nanoTime() + span.toNanos();
        while (System.nanoTime() < until) {
            java.util.concurrent.TimeUnit.MILLISECONDS.sleep(
                    Math.max(1, Math.min(100, (until - System.nanoTime()) / 1_000_000)));
        }
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return String.format(Locale.ROOT, "%s %s %s", fields[0], fields[1], fields[2]);
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }
}
