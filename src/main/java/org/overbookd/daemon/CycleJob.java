package org.overbookd.daemon;

import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Quartz job of the overbooking step. Never runs twice at once; never lets a failure escape,
 * because Quartz would only log it less clearly and the next trigger must run regardless.
 */
@DisallowConcurrentExecution
public final class CycleJob implements Job {

    static final String RUNNER = "cycleRunner";
    private static final Logger LOG = LoggerFactory.getLogger(CycleJob.class);

    @Override
    public void execute(JobExecutionContext context) {
        CycleRunner runner;
        try {
            runner = (CycleRunner) context.getScheduler().getContext().get(RUNNER);
        } catch (SchedulerException e) {
            LOG.error("cannot reach the cycle runner: {}", e.getMessage());
            return;
        }
        try {
            runner.runCycle();
        } catch (Exception e) {
            LOG.error("cycle {} failed: {}; the next cycle runs as scheduled", runner.cycle(), e.getMessage());
        } catch (Error e) {
            if (OutOfMemoryExit.causedBy(e)) {
                OutOfMemoryExit.halt(); // Quartz would log the trace and run the next cycle on a heap that ran out
            }
            LOG.error("cycle {} failed: {}", runner.cycle(), e.toString());
            throw e;
        }
    }
}
