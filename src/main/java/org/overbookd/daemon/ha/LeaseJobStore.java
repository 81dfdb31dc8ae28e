package org.overbookd.daemon.ha;

import java.util.List;
import org.quartz.JobPersistenceException;
import org.quartz.SchedulerException;
import org.quartz.impl.jdbcjobstore.JobStoreTX;
import org.quartz.spi.OperableTrigger;

/**
 * Quartz's clustered JDBC store as an HA group runs it, with two changes: a node whose scheduler
 * starts when it takes the writer lease recovers a dead writer's claimed trigger at its first
 * check-in, not one check-in later; and a node in standby claims no trigger.
 *
 * <p>Why the first. Quartz deems another node failed once its last check-in is older than its
 * check-in interval plus 7.5 s, or than the time since this node's own last check-in plus 7.5 s, if
 * that is longer: a node that was itself paused must not recover the others while it catches up. It
 * keeps that time from when the store was made, so a standby, whose scheduler does not run until it
 * takes the lease (minutes or days later), counts its whole wait as a pause of its own: its first
 * check-in recovers nothing, and the dead writer's trigger, which that writer had claimed for its next
 * fire (Quartz claims the next fire as soon as the last one ends), stays claimed until the second
 * check-in. That check-in interval more was the failover time measured over the bound of docs/ha.md. A
 * standby has not been paused: it has been waiting, on purpose, and its lease renewals prove it ran.
 *
 * <p>Why the second. Quartz's scheduler thread checks whether it is paused at the top of its loop,
 * then waits for a free worker (the one worker runs the step under way), then clears the signal of a
 * schedule change and claims the next fire; waiting for that fire, it lets the claim go only on such a
 * signal, and fires it without asking again whether it is paused. A standby ordered while the thread is
 * past its check (a writer resumed after a pause learns that it lost the lease while the stale step it
 * resumed into runs) is a signal cleared before it is read: the node claims the next fire in standby
 * and holds it until it fires it, so the new writer, finding the trigger claimed at its look, skips that
 * fire and steps a whole step late (the 15.4 s of {@code HaResumedWriterRaceTest}'s failures). Quartz
 * tells its store of a standby before it signals the thread, so a claim the store refuses from then on
 * cannot be taken, and one taken before is let go on the signal, which then comes after the clearing.
 */
// Quartz's JobStoreTX overrides JobStoreSupport's generic executeInLock with a raw TransactionCallback, and
// javac reports that unchecked override on every subclass: nothing of this class is unchecked.
@SuppressWarnings("unchecked")
public final class LeaseJobStore extends JobStoreTX {

    /** Whether the scheduler runs (started and not in standby): only then does this node claim fires. */
    private volatile boolean claiming;

    @Override
    public void schedulerStarted() throws SchedulerException {
        // the first check-in (inside super.schedulerStarted) counts from now, not from when the store was made
        lastCheckin = System.currentTimeMillis();
        super.schedulerStarted();
        claiming = true;
    }

    @Override
    public void schedulerPaused() {
        claiming = false;
        super.schedulerPaused();
    }

    @Override
    public void schedulerResumed() {
        super.schedulerResumed();
        claiming = true;
    }

    @Override
    public List<OperableTrigger> acquireNextTriggers(long noLaterThan, int maxCount, long timeWindow)
            throws JobPersistenceException {
        if (!claiming) {
            // in standby: nothing to fire; the scheduler thread then sees its pause at its next turn
            return List.of();
        }
        return super.acquireNextTriggers(noLaterThan, maxCount, timeWindow);
    }
}
