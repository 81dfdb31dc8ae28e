package org.overbookd.policy.overbooking;

import java.time.Instant;
import java.util.IdentityHashMap;
import java.util.Map;
import org.overbookd.model.RunRecord;
import org.overbookd.model.VmView;
import org.overbookd.policy.qos.QosEquations;

/**
 * Silva et al.'s QoS metric Q of a low-QoS VM at one instant: the time it can still wait before its
 * availability falls below its SLO, less the allocation time (negative: how far it is already
 * behind). Smaller is more urgent. One instance serves one decision; values are cached because a
 * queue sort asks for each VM many times.
 */
final class Urgency {

    private final Instant now;
    private final QosTerms terms;
    private final double alphaSeconds;
    private final Map<VmView, Double> cache = new IdentityHashMap<>();

    Urgency(Instant now, QosTerms terms) {
        this.now = now;
        this.terms = terms;
        this.alphaSeconds = terms.allocationTime().toMillis() / 1000.0;
    }

    double of(VmView vm) {
        Double cached = cache.get(vm);
        if (cached != null) {
            return cached;
        }
        double q = computed(vm);
        cache.put(vm, q);
        return q;
    }

    /**
     * Q computed afresh, not kept: the same value {@link #of} gives (a function of the VM and the
     * instant alone), for a caller that asks once per VM, such as {@link QueueHead} reading a whole
     * queue's keys, where the cache would only grow (and rehash) by tens of thousands of entries.
     */
    double computed(VmView vm) {
        RunRecord record = vm.runRecord();
        return QosEquations.qos(record.runSeconds(now), record.pendingSeconds(now), slo(vm), alphaSeconds);
    }

    /** The VM's own SLO, or the configured default. */
    double slo(VmView vm) {
        return vm.slo().orElse(terms.defaultSlo());
    }

    /** A's availability at this instant (eq. 1). */
    double availability(VmView vm) {
        RunRecord record = vm.runRecord();
        return QosEquations.availability(record.runSeconds(now), record.pendingSeconds(now));
    }
}
