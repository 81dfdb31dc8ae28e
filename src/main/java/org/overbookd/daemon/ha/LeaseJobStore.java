package org.overbookd.daemon.ha;

import org.quartz.SchedulerException;
import org.quartz.impl.jdbcjobstore.JobStoreTX;

/**
 * Quartz's clustered JDBC store as an HA group runs it, with one change: a node whose scheduler
 * starts when it takes the writer lease recovers a dead writer's claimed trigger at its first
 * check-in, not one check-in later.
 *
 * <p>Why. Quartz deems another node failed once its last check-in is older than its check-in
 * interval plus 7.5 s, or than the time since this node's own last check-in plus 7.5 s, if that is
 * longer: a node that was itself paused must not recover the others while it catches up. It keeps
 * that time from when the store was made, so a standby, whose scheduler does not run until it takes
 * the lease (minutes or days later), counts its whole wait as a pause of its own: its first check-in
 * recovers nothing, and the dead writer's trigger, which that writer had claimed for its next fire
 * (Quartz claims the next fire as soon as the last one ends), stays claimed until the second
 * check-in. That check-in interval more was the failover time measured over the bound of docs/ha.md. A
 * standby has not been paused: it has been waiting, on purpose, and its lease renewals prove it ran.
 */
// Quartz's JobStoreTX overrides JobStoreSupport's generic executeInLock with a raw TransactionCallback, and
// javac reports that unchecked override on every subclass: nothing of this class is unchecked.
@SuppressWarnings("unchecked")
public final class LeaseJobStore extends JobStoreTX {

    @Override
    public void schedulerStarted() throws SchedulerException {
        // the first check-in (inside super.schedulerStarted) counts from now, not from when the store was made
        lastCheckin = System.currentTimeMillis();
        super.schedulerStarted();
    }
}
