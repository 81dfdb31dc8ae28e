package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.model.QosClass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes the run times of low-QoS VMs whose pool entry carried only their last HISTORY record,
 * from {@code one.vm.info}, which carries them all.
 *
 * <p>Records before the last are closed and never change, so their sum is kept per (VM, last SEQ)
 * and fetched again only when the VM gets a new record: once per placement or suspension, not once
 * per cycle. This is a cache of OpenNebula's data, not state of ours: a restarted daemon rebuilds
 * it with one call per VM. Entries of VMs gone from the pool are dropped.
 */
final class RunHistories {

    private static final Logger LOG = LoggerFactory.getLogger(RunHistories.class);

    private record Earlier(int lastSeq, long runSeconds) {}

    private final Map<Integer, Earlier> earlier = new HashMap<>();

    /**
     * The pool with every low-QoS VM's run times complete where OpenNebula could be asked, within the
     * cycle's time budget: once another call would not fit in it, the rest keep their last record
     * (the cycle then sends nothing either: its actions would not fit).
     */
    List<VmRecord> complete(List<VmRecord> pool, OneApi api, CycleBudget budget) {
        List<VmRecord> out = new ArrayList<>(pool.size());
        Set<Integer> seen = new HashSet<>();
        List<Integer> failed = new ArrayList<>();
        int fetched = 0;
        String late = null;
        for (VmRecord vm : pool) {
            seen.add(vm.id());
            RunTimes times = vm.runTimes();
            if (vm.qos() != QosClass.LOW || times.complete()) {
                out.add(vm);
                continue;
            }
            int lastSeq = times.last().seq();
            Earlier known = earlier.get(vm.id());
            if (known == null || known.lastSeq() != lastSeq) {
                late = late != null ? late : budget.refusal(1).orElse(null);
                if (late != null) {
                    failed.add(vm.id());
                    out.add(vm);
                    continue;
                }
                RunTimes full;
                try {
                    full = api.vm(vm.id()).runTimes();
                } catch (OneRefusal | OneCallFailure e) {
                    // deleted since the pool was read, or oned busy: its last record still counts
                    failed.add(vm.id());
                    out.add(vm);
                    continue;
                }
                fetched++;
                if (!full.complete() || full.last() == null || full.last().seq() != lastSeq) {
                    // it changed in between (a new record): next cycle's pool will agree with it
                    failed.add(vm.id());
                    out.add(vm);
                    continue;
                }
                known = new Earlier(lastSeq, full.earlierRunSeconds());
                earlier.put(vm.id(), known);
            }
            out.add(vm.withRunTimes(new RunTimes(known.runSeconds(), times.last(), lastSeq + 1)));
        }
        earlier.keySet().retainAll(seen);
        if (fetched > 0) {
            LOG.debug("Read the whole history of {} low-QoS VMs", fetched);
        }
        if (!failed.isEmpty()) {
            LOG.warn(
                    "Could not read the whole history of {} low-QoS VMs (first: {}); their earlier runs count as 0"
                            + " this cycle{}",
                    failed.size(),
                    failed.get(0),
                    late == null ? "" : ": " + late);
        }
        return out;
    }
}
