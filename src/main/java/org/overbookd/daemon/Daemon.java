package org.overbookd.daemon;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The long-running daemon: a Quartz scheduler (RAMJobStore, one worker thread) fires the overbooking
 * step every interval. Missed fires (a cycle longer than the interval, a suspended machine) are
 * skipped rather than replayed, because a burst of stale cycles would act on stale views. Stopping
 * lets the cycle under way finish.
 */
public final class Daemon {

    private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);

    private final CycleRunner runner;
    private final Duration interval;
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile Scheduler scheduler;
    private Duration heartbeatEvery;
    private Runnable heartbeat;

    public Daemon(CycleRunner runner, Duration interval) {
        this.runner = runner;
        this.interval = interval;
    }

    /** Starts the schedule (first cycle at once) and blocks until {@link #stop()}; returns after the last cycle ends. */
    public void run() throws SchedulerException, InterruptedException {
        scheduler = new StdSchedulerFactory(quartzProperties()).getScheduler();
        scheduler.getContext().put(CycleJob.RUNNER, runner);
        JobDetail job = JobBuilder.newJob(CycleJob.class).withIdentity("overbooking-step").build();
        Trigger trigger = TriggerBuilder.newTrigger()
                .withIdentity("overbooking-interval")
                .startNow()
                .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(interval.toMillis())
                        .repeatForever()
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        scheduler.scheduleJob(job, trigger);
        if (heartbeat != null) {
            scheduler.getContext().put(HeartbeatJob.BEAT, heartbeat);
            scheduler.scheduleJob(JobBuilder.newJob(HeartbeatJob.class).withIdentity("heartbeat").build(),
                    TriggerBuilder.newTrigger().withIdentity("heartbeat-interval").startNow()
                            .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                                    .withIntervalInMilliseconds(Math.max(1, heartbeatEvery.toMillis())).repeatForever()
                                    .withMisfireHandlingInstructionNextWithRemainingCount())
                            .build());
        }
        scheduler.start();
        LOG.info("overbookd running: overbooking step every {}", org.overbookd.config.Durations.format(interval));
        try {
            stop.await();
        } finally {
            LOG.info("stopping: letting the cycle under way finish");
            scheduler.shutdown(true);
            LOG.info("stopped");
        }
    }

    /**
     * Also runs {@code beat} every {@code every} on the worker thread that runs the cycles, between
     * them (systemd's watchdog). Call before {@link #run()}.
     */
    public void heartbeat(Duration every, Runnable beat) {
        this.heartbeatEvery = every;
        this.heartbeat = beat;
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
