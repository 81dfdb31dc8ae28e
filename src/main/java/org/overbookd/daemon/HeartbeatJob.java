package org.overbookd.daemon;

import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.SchedulerException;

/**
 * A light Quartz job on the daemon's one worker thread, between cycles: it proves the thread that
 * runs the cycles is free (it feeds systemd's watchdog). While a cycle hangs it cannot run.
 */
@DisallowConcurrentExecution
public final class HeartbeatJob implements Job {

    static final String BEAT = "heartbeat";

    @Override
    public void execute(JobExecutionContext context) {
        try {
            ((Runnable) context.getScheduler().getContext().get(BEAT)).run();
        } catch (SchedulerException | RuntimeException e) {
            // a missed beat is what the watchdog is for; never let Quartz log a stack for it
            org.slf4j.LoggerFactory.getLogger(HeartbeatJob.class).warn("heartbeat failed: {}", e.toString());
        }
    }
}
