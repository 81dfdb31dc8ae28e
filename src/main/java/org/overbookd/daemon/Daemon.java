package org.overbookd.daemon;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.overbookd.daemon.ha.HaMode;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.ObjectAlreadyExistsException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.SimpleTrigger;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The long-running daemon: a Quartz scheduler (RAMJobStore, one worker thread) fires the overbooking
 * step every interval. Missed fires (a cycle longer than the interval, a suspended machine) are
 * skipped rather than replayed, because a burst of stale cycles would act on stale views. Stopping
 * lets the cycle under way finish. In an HA group (ha.jdbc-url) the job store is Quartz's clustered
 * JDBC store on the shared database instead, and the scheduler runs only while this node holds the
 * writer lease ({@link HaMode}).
 */
public final class Daemon {

    private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);

    private final CycleRunner runner;
    private final Duration interval;
    private final HaMode ha;
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile Scheduler scheduler;
    private Duration heartbeatEvery;
    private Runnable heartbeat;

    public Daemon(CycleRunner runner, Duration interval) {
        this(runner, interval, null);
    }

    /** @param ha the HA group this daemon belongs to, or null for a single daemon */
    public Daemon(CycleRunner runner, Duration interval, HaMode ha) {
        this.runner = runner;
        this.interval = interval;
        this.ha = ha;
    }

    /** Starts the schedule (first cycle at once) and blocks until {@link #stop()}; returns after the last cycle ends. */
    public void run() throws SchedulerException, InterruptedException {
        Properties properties = ha == null ? quartzProperties() : ha.quartzProperties(quartzProperties(), interval);
        scheduler = new StdSchedulerFactory(properties).getScheduler();
        // the runner stays in this process's context: a JDBC job store persists the job's class only
        scheduler.getContext().put(CycleJob.RUNNER, runner);
        JobDetail job = JobBuilder.newJob(CycleJob.class)
                .withIdentity("overbooking-step")
                .build();
        Trigger trigger = TriggerBuilder.newTrigger()
                .withIdentity("overbooking-interval")
                .startNow()
                .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(interval.toMillis())
                        .repeatForever()
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        schedule(job, trigger);
        if (heartbeat != null) {
            startHeartbeat();
        }
        if (ha == null) {
            scheduler.start();
        } else {
            // only the holder of the writer lease runs the scheduler; a standby waits for the lease
            ha.manage(scheduler);
        }
        LOG.info(
                "overbookd running: overbooking step every {}{}",
                org.overbookd.config.Durations.format(interval),
                ha == null ? "" : ", in an HA group as node " + ha.lease().node());
        try {
            stop.await();
        } finally {
            LOG.info("stopping: letting the cycle under way finish");
            scheduler.shutdown(true);
            LOG.info("stopped");
        }
    }

    /**
     * Also runs {@code beat} every {@code every} (systemd's watchdog), never while a cycle has run for
     * longer than {@code every}: a hung cycle starves it. Call before {@link #run()}.
     */
    public void heartbeat(Duration every, Runnable beat) {
        this.heartbeatEvery = every;
        this.heartbeat = beat;
    }

    /**
     * A single daemon beats on Quartz's one worker thread, between cycles. In an HA group that cannot
     * be: the clustered store would share the beat with the other nodes, and a standby's scheduler
     * does not run. There a local timer beats, unless the cycle under way has run for too long.
     */
    private void startHeartbeat() throws SchedulerException {
        if (ha == null) {
            scheduler.getContext().put(HeartbeatJob.BEAT, heartbeat);
            scheduler.scheduleJob(
                    JobBuilder.newJob(HeartbeatJob.class)
                            .withIdentity("heartbeat")
                            .build(),
                    TriggerBuilder.newTrigger()
                            .withIdentity("heartbeat-interval")
                            .startNow()
                            .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                                    .withIntervalInMilliseconds(Math.max(1, heartbeatEvery.toMillis()))
                                    .repeatForever()
                                    .withMisfireHandlingInstructionNextWithRemainingCount())
                            .build());
            return;
        }
        java.util.concurrent.ScheduledExecutorService timer =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "watchdog-heartbeat");
                    thread.setDaemon(true);
                    return thread;
                });
        long every = Math.max(1, heartbeatEvery.toMillis());
        timer.scheduleAtFixedRate(
                () -> {
                    if (runner.runningFor().compareTo(heartbeatEvery) < 0) {
                        heartbeat.run();
                    }
                },
                0,
                every,
                java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /**
     * Schedules the step, unless the shared schedule of an HA group already has it at this interval:
     * re-scheduling on every node's start would fire an extra step each time.
     */
    private void schedule(JobDetail job, Trigger trigger) throws SchedulerException {
        Trigger existing = scheduler.getTrigger(trigger.getKey());
        if (existing == null) {
            try {
                scheduler.scheduleJob(job, trigger);
            } catch (ObjectAlreadyExistsException e) {
                LOG.debug("another node scheduled the step first");
            }
        } else if (!(existing instanceof SimpleTrigger simple) || simple.getRepeatInterval() != interval.toMillis()) {
            LOG.info(
                    "the shared schedule had another interval; now every {}",
                    org.overbookd.config.Durations.format(interval));
            scheduler.rescheduleJob(trigger.getKey(), trigger);
        }
    }

    /** Asks the daemon to stop; {@link #run()} returns once the cycle under way has finished. */
    public void stop() {
        stop.countDown();
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    static Properties quartzProperties() {
        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, "overbookd");
        p.setProperty(StdSchedulerFactory.PROP_JOB_STORE_CLASS, "org.quartz.simpl.RAMJobStore");
        p.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        p.setProperty("org.quartz.threadPool.threadCount", "1");
        // a fire later than this counts as missed and is skipped by the trigger's misfire rule
        p.setProperty("org.quartz.jobStore.misfireThreshold", "1000");
        p.setProperty("org.quartz.scheduler.interruptJobsOnShutdownWithWait", "false");
        return p;
    }
}
