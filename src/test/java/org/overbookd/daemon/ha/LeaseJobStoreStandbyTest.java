package org.overbookd.daemon.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Date;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.impl.jdbcjobstore.JobStoreTX;
import org.quartz.utils.DBConnectionManager;

/**
 * The standby that Quartz loses, forced, on a real PostgreSQL: a scheduler put in standby while its
 * one worker runs a step (its scheduler thread waiting for that worker, past its pause check) must
 * claim no further fire. Quartz's own store claims the next fire and fires it in standby (the check
 * that the case is forced: were the order not reached, it would claim nothing either); {@link
 * LeaseJobStore} claims nothing, and claims and fires again once started.
 *
 * <p>Not a timed test: each moment is waited for (the step running, the scheduler thread's stack in
 * the thread pool's wait); the fire the standby must not take is due within 3 s of it, and the watch
 * lasts two such periods and 1 s.
 */
@Tag("slow")
class LeaseJobStoreStandbyTest {

    private static final long EVERY_MS = 3000;

    @TempDir
    static Path dir;

    private static Postgres pg;
    private static int cases;

    /** The step: counts its runs and, in its first run, waits for the test to let it end. */
    @DisallowConcurrentExecution
    public static final class HeldStep implements Job {
        static final Map<String, AtomicInteger> RUNS = new ConcurrentHashMap<>();
        static final Map<String, CountDownLatch> FIRST_BEGUN = new ConcurrentHashMap<>();
        static final Map<String, CountDownLatch> FIRST_RELEASED = new ConcurrentHashMap<>();

        @Override
        public void execute(JobExecutionContext context) {
            String name = context.getJobDetail().getKey().getName();
            if (RUNS.get(name).incrementAndGet() == 1) {
                FIRST_BEGUN.get(name).countDown();
                try {
                    FIRST_RELEASED.get(name).await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** What one case saw after the standby: the claims the node took, its step's runs, and after its start again. */
    private record Seen(int claimsInStandby, int runsInStandby, int runsAfterStart) {}

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = Postgres.start(dir.resolve("pgdata"));
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        pg.close();
    }

    @Test
    void quartzsOwnStoreClaimsAndFiresInStandbyWhenTheStandbyCameDuringAStep() throws Exception {
        Seen seen = standbyDuringAStep(JobStoreTX.class, true);
        assertTrue(
                seen.claimsInStandby() > 0 && seen.runsInStandby() > 1,
                "not forced: Quartz's own store took no fire in standby, so the case does not reach the order"
                        + " that loses the standby: " + seen);
    }

    @Test
    void leaseJobStoreClaimsNothingInStandbyAndFiresAgainOnceStarted() throws Exception {
        Seen seen = standbyDuringAStep(LeaseJobStore.class, false);
        assertEquals(0, seen.claimsInStandby(), "claims taken in standby: " + seen);
        assertEquals(1, seen.runsInStandby(), "runs of the step in standby: " + seen);
        assertTrue(seen.runsAfterStart() > 1, "started again, it fires again: " + seen);
    }

    /**
     * Puts a scheduler on {@code store} in standby while its first step runs, then watches: until it has
     * claimed and fired in standby ({@code untilFiredInStandby}, at most 60 s: the slow tests run at nice
     * 19 beside the others) or, for a store that must not, over two periods of the trigger and 1 s; then
     * starts it again and waits up to 60 s for its next run.
     */
    private Seen standbyDuringAStep(Class<? extends JobStoreTX> store, boolean untilFiredInStandby) throws Exception {
        String name = "case" + (++cases);
        pg.prepare(name, name);
        try (Database database = Database.connect(new HaSettings(
                pg.jdbcUrl(name), Postgres.role(name), "", 4, Duration.ofSeconds(15), name, Duration.ofSeconds(1)))) {
            Schema.ensure(database);
            DBConnectionManager.getInstance().addConnectionProvider(name, new PoolConnectionProvider(database));
            HeldStep.RUNS.put(name, new AtomicInteger());
            HeldStep.FIRST_BEGUN.put(name, new CountDownLatch(1));
            HeldStep.FIRST_RELEASED.put(name, new CountDownLatch(1));
            Scheduler scheduler = new StdSchedulerFactory(properties(name, store)).getScheduler();
            try (Connection db = database.dedicated("test " + name)) {
                scheduler.scheduleJob(
                        JobBuilder.newJob(HeldStep.class).withIdentity(name).build(),
                        TriggerBuilder.newTrigger()
                                .withIdentity(name)
                                .startAt(new Date(System.currentTimeMillis() + 500))
                                .withSchedule(SimpleScheduleBuilder.repeatSecondlyForever((int) (EVERY_MS / 1000))
                                        .withMisfireHandlingInstructionNextWithRemainingCount())
                                .build());
                scheduler.start();
                assertTrue(
                        HeldStep.FIRST_BEGUN.get(name).await(60, TimeUnit.SECONDS),
                        "the step never began: " + store.getSimpleName());
                // the scheduler thread is past its pause check once it waits for the one worker
                awaitSchedulerThreadIn(name + "_QuartzSchedulerThread", "blockForAvailableThreads");
                scheduler.standby();
                HeldStep.FIRST_RELEASED.get(name).countDown();
                int claims = 0;
                long until = System.currentTimeMillis() + (untilFiredInStandby ? 60_000 : 2 * EVERY_MS + 1000);
                while (System.currentTimeMillis() < until
                        && !(untilFiredInStandby
                                && claims > 0
                                && HeldStep.RUNS.get(name).get() > 1)) {
                    claims = Math.max(claims, claims(db, name));
                    TimeUnit.MILLISECONDS.sleep(20);
                }
                int inStandby = HeldStep.RUNS.get(name).get();
                scheduler.start();
                long deadline = System.currentTimeMillis() + 60_000;
                while (HeldStep.RUNS.get(name).get() <= inStandby && System.currentTimeMillis() < deadline) {
                    TimeUnit.MILLISECONDS.sleep(20);
                }
                return new Seen(claims, inStandby, HeldStep.RUNS.get(name).get());
            } finally {
                HeldStep.FIRST_RELEASED.get(name).countDown();
                scheduler.shutdown(true);
            }
        }
    }

    private static Properties properties(String name, Class<? extends JobStoreTX> store) {
        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, name);
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, name + "/node");
        p.setProperty(StdSchedulerFactory.PROP_JOB_STORE_CLASS, store.getName());
        p.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        p.setProperty("org.quartz.threadPool.threadCount", "1"); // as the daemon: one step at a time
        p.setProperty("org.quartz.jobStore.misfireThreshold", "1000");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", name);
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", "1000");
        p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        // as the daemon's idle wait at a step of this length: the next fire lies within a claim's reach
        p.setProperty("org.quartz.scheduler.idleWaitTime", Long.toString(EVERY_MS));
        return p;
    }

    /** How many claims (ACQUIRED fires) the trigger has in Quartz's tables now. */
    private static int claims(Connection db, String trigger) throws SQLException {
        try (PreparedStatement s = db.prepareStatement(
                "SELECT count(*) FROM qrtz_fired_triggers WHERE trigger_name = ? AND state = 'ACQUIRED'")) {
            s.setString(1, trigger);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Waits until the named thread's stack shows {@code method}: where the thread is, not a guess in time. */
    private static void awaitSchedulerThreadIn(String threadName, String method) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String last = "no such thread";
        while (System.nanoTime() < deadline) {
            for (Map.Entry<Thread, StackTraceElement[]> e :
                    Thread.getAllStackTraces().entrySet()) {
                if (e.getKey().getName().equals(threadName)) {
                    StackTraceElement[] stack = e.getValue();
                    if (Arrays.stream(stack).anyMatch(f -> f.getMethodName().equals(method))) {
                        return;
                    }
                    last = Arrays.toString(stack);
                }
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
        throw new AssertionError(threadName + " never reached " + method + ": " + last);
    }
}
