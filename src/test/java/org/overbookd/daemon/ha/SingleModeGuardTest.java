package org.overbookd.daemon.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.opennebula.FakeOnedServer;
import org.overbookd.backend.opennebula.OneHeartbeatBoard;
import org.overbookd.testing.ManualClock;

/**
 * The single-mode guard on the fake oned's heartbeat board: restarts on the same node act at once,
 * after a clean stop and after a crash; the board keeps one entry per node and drops what earlier
 * versions left; daemons on other nodes, and a second live daemon with the same node name, still
 * make a younger one stand down.
 */
class SingleModeGuardTest {

    private static final Duration INTERVAL = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    private FakeOnedServer oned;
    private Path auth;
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-28T08:00:00Z"));
    /** This test's machines and the processes running on them, by machine then pid. */
    private final Map<String, Set<Long>> running = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        oned = FakeOnedServer.start(Duration.ofHours(1));
        auth = FakeOnedServer.authFile(Files.createDirectories(dir.resolve("auth")));
    }

    @AfterEach
    void stop() {
        oned.close();
    }

    /** A daemon on {@code machine} as process {@code pid}, which runs until {@link #crash} or a withdraw. */
    private SingleModeGuard daemon(String node, String machine, long pid) throws Exception {
        running.computeIfAbsent(machine, m -> ConcurrentHashMap.newKeySet()).add(pid);
        LocalProcesses processes = new LocalProcesses() {
            @Override
            public String machine() {
                return machine;
            }

            @Override
            public long pid() {
                return pid;
            }

            @Override
            public long started() {
                return pid * 1000;
            }

            @Override
            public boolean running(long other, long started) {
                return running.getOrDefault(machine, Set.of()).contains(other) && started == other * 1000;
            }
        };
        return new SingleModeGuard(board(), node, INTERVAL, clock, processes);
    }

    private OneHeartbeatBoard board() throws Exception {
        return OneHeartbeatBoard.open(oned.endpoint(), auth, Duration.ofSeconds(5));
    }

    private void crash(String machine, long pid) {
        running.get(machine).remove(pid);
    }

    private void stopCleanly(SingleModeGuard guard, String machine, long pid) {
        guard.withdraw();
        crash(machine, pid);
    }

    /** A cycle: the beat as it observes, then the gate before it enacts. */
    private Optional<String> cycle(SingleModeGuard guard) {
        guard.beat();
        clock.advance(Duration.ofSeconds(1));
        return guard.refusal();
    }

    private Map<String, String> entries() {
        Map<String, String> entries = new TreeMap<>(oned.heartbeats());
        entries.remove("NAME");
        return entries;
    }

    @Test
    void aDaemonRestartedAfterACleanStopActsInItsFirstCycle() throws Exception {
        SingleModeGuard first = daemon("front1", "m1", 100);
        assertEquals(Optional.empty(), cycle(first));
        clock.advance(Duration.ofSeconds(20));
        stopCleanly(first, "m1", 100);
        assertEquals(Map.of("OVERBOOKD_FRONT1", ""), entries(), "the clean stop emptied its entry");
        SingleModeGuard second = daemon("front1", "m1", 101);
        assertEquals(Optional.empty(), cycle(second), "acts at once");
        assertEquals(1, entries().size());
    }

    @Test
    void aDaemonRestartedAfterACrashActsInItsFirstCycle() throws Exception {
        SingleModeGuard first = daemon("front1", "m1", 100);
        assertEquals(Optional.empty(), cycle(first));
        clock.advance(Duration.ofSeconds(20));
        crash("m1", 100); // kill -9: its entry stays, fresh
        SingleModeGuard second = daemon("front1", "m1", 101);
        assertEquals(Optional.empty(), cycle(second), "its predecessor's process no longer runs here");
        assertTrue(
                entries().get("OVERBOOKD_FRONT1").contains("pid=101"), entries().toString());
    }

    @Test
    void tenRestartsLeaveOneEntryForTheNodeAndEachActsAtOnce() throws Exception {
        for (int i = 0; i < 10; i++) {
            SingleModeGuard guard = daemon("front1", "m1", 200 + i);
            assertEquals(Optional.empty(), cycle(guard), "restart " + i);
            clock.advance(Duration.ofSeconds(30));
            if (i % 2 == 0) {
                stopCleanly(guard, "m1", 200 + i);
            } else {
                crash("m1", 200 + i);
            }
        }
        assertEquals(Set.of("OVERBOOKD_FRONT1"), entries().keySet());
    }

    @Test
    void aDaemonOnAnotherNodeStillMakesAYoungerOneStandDown() throws Exception {
        SingleModeGuard first = daemon("front1", "m1", 100);
        assertEquals(Optional.empty(), cycle(first));
        SingleModeGuard second = daemon("front2", "m2", 100);
        String why = cycle(second).orElseThrow();
        assertTrue(
                why.startsWith("another overbookd (node front1, started 2026-11-28T08:00:00Z) acts on this oned"), why);
        assertEquals(Optional.empty(), cycle(first), "the older carries on");
        clock.advance(Duration.ofMinutes(11)); // the first is gone: its heartbeat two intervals old
        crash("m1", 100);
        assertEquals(Optional.empty(), cycle(second));
    }

    @Test
    void aSecondLiveDaemonWithTheSameNodeNameIsARival() throws Exception {
        SingleModeGuard first = daemon("front1", "m1", 100);
        assertEquals(Optional.empty(), cycle(first));
        SingleModeGuard second = daemon("front1", "m1", 101); // the first still runs
        String why = cycle(second).orElseThrow();
        assertTrue(
                why.startsWith("another overbookd with this daemon's node name (front1) acts on this oned: pid 100 on"
                        + " m1"),
                why);
        // the first, which the second wrote over, carries on; the second keeps standing down
        assertEquals(Optional.empty(), cycle(first));
        assertTrue(cycle(second).isPresent());
        assertEquals(Optional.empty(), cycle(first));
    }

    @Test
    void aDaemonElsewhereWithThisNodeNameIsARival() throws Exception {
        SingleModeGuard first = daemon("front1", "m1", 100);
        assertEquals(Optional.empty(), cycle(first));
        SingleModeGuard copy = daemon("front1", "m2", 100); // a copied configuration on another machine
        assertTrue(cycle(copy).orElseThrow().contains("pid 100 on m1"));
    }

    /**
     * Earlier versions wrote one entry per start and never removed one: the first beat drops those
     * two intervals old and this node's own (its predecessor's, stopped by the upgrade), keeps a
     * fresh one of another node, and does not stand down against its predecessor's.
     */
    @Test
    void whatEarlierVersionsLeftIsCleanedUp() throws Exception {
        long now = clock.millis();
        OneHeartbeatBoard board = board();
        board.write(
                "OVERBOOKD_FRONT1_AB12CD34",
                "node=front1;token=ab12cd34;started=" + (now - 60_000) + ";seen=" + (now - 10_000)
                        + ";interval=300000");
        board.write(
                "OVERBOOKD_FRONT1_0000AAAA",
                "node=front1;token=0000aaaa;started=" + (now - 9_000_000) + ";seen=" + (now - 8_000_000)
                        + ";interval=300000");
        board.write(
                "OVERBOOKD_OLDNODE_1111BBBB",
                "node=oldnode;token=1111bbbb;started=" + (now - 9_000_000) + ";seen=" + (now - 8_000_000)
                        + ";interval=300000");
        board.write(
                "OVERBOOKD_FRONT2_2222CCCC",
                "node=front2;token=2222cccc;started=" + (now + 10_000) + ";seen=" + (now - 5_000) + ";interval=300000");
        SingleModeGuard upgraded = daemon("front1", "m1", 300);
        assertEquals(Optional.empty(), cycle(upgraded), "neither its predecessor nor a younger daemon stops it");
        assertEquals(
                Set.of("OVERBOOKD_FRONT1", "OVERBOOKD_FRONT2_2222CCCC"),
                entries().keySet());
    }

    @Test
    void aBoardItCannotReadMakesItStandDownSayingSo() throws Exception {
        SingleModeGuard guard = daemon("front1", "m1", 100);
        oned.close();
        String why = cycle(guard).orElseThrow();
        assertTrue(why.startsWith("cannot read and write the heartbeats in OpenNebula"), why);
    }
}
