package org.overbookd.daemon.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.testing.LogCapture;

/**
 * The writer lease on a real PostgreSQL: one holder at a time; a holder that stops renewing (as a
 * paused process does) loses it to a standby and then refuses to enact the cycle it had begun; a
 * lapse that nobody used still refuses that cycle (new term, stale view); a batch that could
 * outlive the lease is refused, and so is the next action of a batch once the lease is gone or nearly
 * spent; a clean stop hands the lease over at once. Also the schema: two
 * nodes creating the tables at once both succeed and Quartz's tables are all there.
 */
@Tag("slow")
@Tag("deadlines")
class WriterLeaseTest {

    private static final Duration LIFETIME = Duration.ofMillis(1500);
    private static final Duration CALL = Duration.ofMillis(100);

    @TempDir
    static Path dir;

    private static Postgres pg;
    private static int databases;
    private final List<AutoCloseable> open = new ArrayList<>();
    private Database database;
    private String url;

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = Postgres.start(dir.resolve("pgdata"));
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        pg.close();
    }

    @BeforeEach
    void freshDatabase() throws Exception {
        String name = "lease" + (++databases);
        pg.prepare(name, "x");
        url = pg.jdbcUrl(name);
        database =
                Database.connect(new HaSettings(url, Postgres.role("x"), "", 4, LIFETIME.multipliedBy(3), "x", CALL));
        open.add(database);
        Schema.ensure(database);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private WriterLease lease(String node) {
        return lease(node, LIFETIME, CALL);
    }

    private WriterLease lease(String node, Duration lifetime, Duration call) {
        WriterLease lease = new WriterLease(database, node + "/test", node, lifetime, call);
        open.add(0, lease);
        return lease;
    }

    @Test
    void oneHolderAtATime() {
        WriterLease a = lease("a");
        WriterLease b = lease("b");
        assertTrue(a.renew());
        assertFalse(b.renew());
        assertTrue(a.renew(), "the holder renews");
        assertEquals(Role.ACTIVE, a.role());
        assertEquals(Role.STANDBY, b.role());
        b.cycleBegins();
        Optional<String> refusal = b.refusal(1);
        assertTrue(refusal.isPresent() && refusal.get().contains("did not hold the writer lease"), refusal.toString());
    }

    @Test
    void aPausedHolderLosesTheLeaseAndStandsDownFromTheCycleItBegan() throws Exception {
        WriterLease a = lease("a");
        WriterLease b = lease("b");
        assertTrue(a.renew());
        a.cycleBegins();
        assertTrue(a.refusal(1).isEmpty(), "held, fresh: may enact");
        long termA = a.term();
        // a stops renewing, as a SIGSTOPped process does; b keeps trying
        await(b::renew, LIFETIME.multipliedBy(3));
        assertTrue(b.term() > termA, "a new term for the new holder");
        Optional<String> refusal = a.refusal(1);
        assertTrue(refusal.isPresent() && refusal.get().contains("lost the writer lease"), refusal.toString());
        assertEquals(Role.STANDBY, a.role());
    }

    @Test
    void aLapseNobodyUsedStillRefusesTheCycleUnderWay() throws Exception {
        WriterLease a = lease("a");
        assertTrue(a.renew());
        a.cycleBegins();
        await(() -> a.role() == Role.STANDBY, LIFETIME.multipliedBy(3));
        // locally it lapses first (the local deadline is the conservative one); wait for the database's
        await(this::leaseExpiredInDatabase, LIFETIME);
        Optional<String> refusal = a.refusal(1);
        assertTrue(refusal.isPresent() && refusal.get().contains("lapsed during this cycle"), refusal.toString());
        assertEquals(Role.ACTIVE, a.role(), "it took the lease again, for the next cycle");
        a.cycleBegins();
        assertTrue(a.refusal(1).isEmpty());
    }

    /** While the database is down, a lapsed holder cannot know who holds the lease: not itself, as it last heard. */
    @Test
    void aHolderCutOffFromTheDatabaseDoesNotNameItselfTheHolder() throws Exception {
        WriterLease a = lease("a");
        assertTrue(a.renew());
        a.cycleBegins();
        Optional<String> refusal;
        try (LogCapture log = LogCapture.start()) {
            pg.cut("x");
            try {
                await(() -> !a.renew(), LIFETIME.multipliedBy(3));
                refusal = a.refusal(1);
            } finally {
                pg.restore("x");
            }
            String standby = log.events().stream()
                    .map(e -> e.getFormattedMessage())
                    .filter(m -> m.contains("is standby now"))
                    .findFirst()
                    .orElse("");
            assertTrue(
                    standby.startsWith("this node (a) is standby now: its writer lease lapsed while the database"
                            + " cannot be reached ("),
                    standby);
            assertFalse(standby.contains("held by a"), standby);
        }
        assertTrue(refusal.isPresent(), "a lapsed lease refuses the cycle under way");
        assertTrue(refusal.get().contains("holder now: unknown, the database cannot be reached"), refusal.get());
    }

    @Test
    void aBatchThatCouldOutliveTheLeaseIsRefused() {
        WriterLease a = lease("a", LIFETIME, Duration.ofMillis(300));
        assertTrue(a.renew());
        a.cycleBegins();
        assertTrue(a.refusal(1).isEmpty(), "4 x 300 ms fit in 1.5 s");
        Optional<String> refusal = a.refusal(2);
        assertTrue(
                refusal.isPresent() && refusal.get().contains("2 decisions may take up to 1800 ms"),
                refusal.toString());
    }

    @Test
    void aBatchUnderWayStopsOnceTheLeaseIsGone() throws Exception {
        WriterLease a = lease("a");
        WriterLease b = lease("b");
        assertTrue(a.renew());
        a.cycleBegins();
        assertTrue(a.refusal(1).isEmpty());
        assertTrue(a.beforeEachAction().isEmpty(), "held, same term, time left: the first action goes");
        // a is paused in the middle of its batch (it stops renewing); b takes over
        await(b::renew, LIFETIME.multipliedBy(3));
        Optional<String> refusal = a.beforeEachAction();
        assertTrue(
                refusal.isPresent() && refusal.get().contains("lost the writer lease in the middle"),
                refusal.toString());
    }

    @Test
    void anActionThatCouldOutliveTheLeaseIsNotSent() throws Exception {
        WriterLease a = lease("a", LIFETIME, Duration.ofMillis(300));
        assertTrue(a.renew());
        a.cycleBegins();
        assertTrue(a.beforeEachAction().isEmpty(), "3 x 300 ms fit in 1.5 s");
        // nobody renews, as in a pause: once less than 900 ms are left, no further action is sent
        await(() -> a.beforeEachAction().isPresent(), LIFETIME);
        Optional<String> refusal = a.beforeEachAction();
        assertTrue(
                refusal.isPresent() && refusal.get().contains("less than the 900 ms (3 x one.timeout)"),
                refusal.toString());
    }

    @Test
    void aCleanStopHandsTheLeaseOverAtOnce() {
        WriterLease a = lease("a", Duration.ofMinutes(5), CALL);
        WriterLease b = lease("b", Duration.ofMinutes(5), CALL);
        assertTrue(a.renew());
        assertFalse(b.renew());
        a.close();
        assertTrue(b.renew());
    }

    /**
     * Found against the real oned (HaAgainstOnedIT, SIGSTOP case, 1 run in 2): Quartz's JDBC store takes
     * its lock rows (qrtz_locks, SELECT ... FOR UPDATE) inside a transaction; a node paused in that
     * transaction kept them for the whole pause, and the node that took the lease over ran no step.
     * The database must end a transaction its client left idle, so the rows are free again within a
     * third of the check-in interval.
     */
    @Test
    void aTransactionLeftOpenByAPausedNodeIsEndedByTheDatabase() throws Exception {
        try (Connection setup = database.dedicated("test");
                Statement s = setup.createStatement()) {
            s.execute("INSERT INTO qrtz_locks (sched_name, lock_name) VALUES ('test', 'TRIGGER_ACCESS')");
        }
        Connection paused = database.pooled();
        try (Statement s = paused.createStatement()) {
            s.executeQuery(
                            "SELECT * FROM qrtz_locks WHERE sched_name = 'test' AND lock_name = 'TRIGGER_ACCESS' FOR UPDATE")
                    .close();
        }
        // the paused node sends nothing more; the other node's scheduler asks for the same row
        Database other =
                Database.connect(new HaSettings(url, Postgres.role("x"), "", 4, LIFETIME.multipliedBy(3), "y", CALL));
        open.add(other);
        ExecutorService waiter = Executors.newSingleThreadExecutor();
        try {
            // as Quartz does: a lock request that times out (the socket timeout) is tried again
            Future<Boolean> locked = waiter.submit(() -> {
                while (true) {
                    try (Connection c = other.pooled();
                            Statement s = c.createStatement()) {
                        boolean found = s.executeQuery("SELECT * FROM qrtz_locks WHERE sched_name = 'test'"
                                        + " AND lock_name = 'TRIGGER_ACCESS' FOR UPDATE")
                                .next();
                        c.rollback();
                        return found;
                    } catch (SQLException e) {
                        if (Thread.currentThread().isInterrupted()) {
                            return false;
                        }
                    }
                }
            });
            // a third of the check-in for the server to end the idle transaction, plus slack for a loaded machine
            assertTrue(
                    locked.get(LIFETIME.multipliedBy(3).toMillis(), TimeUnit.MILLISECONDS),
                    "the other node gets the lock row while the paused node still holds its connection");
            // the paused node's transaction was ended by the server: on waking, its next statement fails
            SQLException ended = assertThrows(
                    SQLException.class, () -> paused.createStatement().execute("SELECT 1"));
            assertTrue(String.valueOf(ended.getMessage()).contains("idle-in-transaction"), ended.getMessage());
        } finally {
            waiter.shutdownNow();
            try {
                paused.close();
            } catch (SQLException e) {
                // the server ended it
            }
        }
    }

    @Test
    void twoNodesCreatingTheTablesAtOnceBothSucceed() throws Exception {
        pg.prepare("schema_race", "x");
        HaSettings settings =
                new HaSettings(pg.jdbcUrl("schema_race"), Postgres.role("x"), "", 4, Duration.ofSeconds(3), "x", CALL);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Database one = Database.connect(settings);
                Database two = Database.connect(settings)) {
            List<Future<Boolean>> created =
                    pool.invokeAll(List.<Callable<Boolean>>of(() -> Schema.ensure(one), () -> Schema.ensure(two)));
            assertEquals(1, (created.get(0).get() ? 1 : 0) + (created.get(1).get() ? 1 : 0), "one created, one found");
            try (Connection c = one.pooled();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'qrtz_%'")) {
                rs.next();
                assertEquals(11, rs.getInt(1), "Quartz's eleven tables");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private boolean leaseExpiredInDatabase() {
        try (Connection c = database.pooled();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT expires_at <= clock_timestamp() FROM overbookd_writer_lease")) {
            return rs.next() && rs.getBoolean(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(BooleanSupplier condition, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within " + within);
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }
}
