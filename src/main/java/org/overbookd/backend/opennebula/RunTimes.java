package org.overbookd.backend.opennebula;

import java.time.Duration;
import java.time.Instant;
import org.overbookd.model.RunRecord;

/**
 * What a VM's HISTORY records say about how long it ran, split so that the part that can still
 * change (the last record) is apart from the part that cannot (the records before it).
 *
 * <p>OpenNebula stores a VM's body with its last history record only, so the pool calls may carry
 * just that one, while {@code one.vm.info} carries them all. {@link #complete()} tells the two
 * apart: SEQ numbers run from 0 without gaps.
 *
 * @param earlierRunSeconds seconds run in the records before the last one that the document carried
 * @param last              the record with the highest SEQ, or null when the VM was never placed
 * @param records           how many records the document carried
 */
record RunTimes(long earlierRunSeconds, VmRecord.History last, int records) {

    static final RunTimes NONE = new RunTimes(0, null, 0);

    /** The run times of a document that carried {@code last} alone. */
    static RunTimes of(VmRecord.History last) {
        return last == null ? NONE : new RunTimes(0, last, 1);
    }

    /** True when every record from SEQ 0 to the last one was in the document. */
    boolean complete() {
        return last == null || records == last.seq() + 1;
    }

    /**
     * The model's run record of a VM created at {@code arrivalEpochSecond}. An open stretch (RSTIME
     * set, RETIME not yet) counts only while the VM is {@code running}: in the transient states
     * around it OpenNebula may not have closed the record yet, and the VM does no work there.
     */
    RunRecord toRunRecord(long arrivalEpochSecond, boolean running) {
        long closed = earlierRunSeconds;
        Instant since = null;
        if (last != null) {
            closed += last.closedRunSeconds();
            if (running && last.runningOpen()) {
                since = Instant.ofEpochSecond(last.rstime());
            }
        }
        return new RunRecord(Instant.ofEpochSecond(arrivalEpochSecond), Duration.ofSeconds(closed), since);
    }
}
