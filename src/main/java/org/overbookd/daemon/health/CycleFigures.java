package org.overbookd.daemon.health;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.overbookd.backend.Outcome;
import org.overbookd.loop.CycleResult;
import org.overbookd.model.HostView;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.overbooking.UtilizationSignal;

/**
 * What one successful cycle saw, reduced to cluster totals for the metrics and the status file.
 *
 * @param lowQosVms       low-QoS VMs by state: those holding a slot on a host (running, booting,
 *                        suspending, resuming, terminating) and those queued (queued, suspended)
 * @param slotsInUse      overbooking slots held, summed over the hosts observed
 * @param slotsAvailable  free slots: per host, slots minus those held (never below zero), summed
 * @param hostsAtUpperBound hosts whose utilization is at or above the upper bound
 * @param vmsLeftAlone    low-QoS VMs overbookd does not act on, by reason (failed, pending)
 * @param vmsUnmatched    queued low-QoS VMs that may run on no host, by reason (no-host, no-datastore,
 *                        invalid, unsupported)
 * @param hostsWithoutForecast hosts whose monitoring carries no usable forecast of their utilization
 */
public record CycleFigures(
        int hostsObserved,
        Map<String, Integer> hostsLeftOut,
        Map<VmState, Integer> lowQosVms,
        int queue,
        int slotsInUse,
        int slotsAvailable,
        int hostsAtUpperBound,
        int decisions,
        Map<String, Integer> decisionsByAction,
        Map<String, Integer> vmsLeftAlone,
        Map<String, Integer> vmsUnmatched,
        int hostsWithoutForecast) {

    public CycleFigures {
        hostsLeftOut = Map.copyOf(hostsLeftOut);
        vmsLeftAlone = Map.copyOf(vmsLeftAlone);
        vmsUnmatched = Map.copyOf(vmsUnmatched);
        lowQosVms = Map.copyOf(lowQosVms);
        decisionsByAction = Map.copyOf(decisionsByAction);
    }

    public static CycleFigures of(CycleResult result, OverbookingLimits limits) {
        Map<VmState, Integer> byState = new EnumMap<>(VmState.class);
        for (VmState state : VmState.values()) {
            if (state != VmState.DONE) {
                byState.put(state, 0);
            }
        }
        int inUse = 0;
        int available = 0;
        int atUpper = 0;
        int withoutForecast = 0;
        for (HostView host : result.view().hosts()) {
            if (!UtilizationSignal.usable(host.forecastUtilization())) {
                withoutForecast++;
            }
            int held = host.overbooked().size();
            inUse += held;
            available += Math.max(0, limits.slots() - held);
            if (host.utilization() >= limits.upperBound()) {
                atUpper++;
            }
            for (VmView vm : host.overbooked()) {
                byState.merge(vm.state(), 1, Integer::sum);
            }
        }
        for (VmView vm : result.view().queue()) {
            byState.merge(vm.state(), 1, Integer::sum);
        }
        byState.remove(VmState.DONE);
        Map<String, Integer> actions = new TreeMap<>();
        for (Outcome outcome : result.outcomes()) {
            actions.merge(outcome.decision().action(), 1, Integer::sum);
        }
        return new CycleFigures(
                result.view().hosts().size(),
                result.view().hostsLeftOut(),
                byState,
                result.view().queue().size(),
                inUse,
                available,
                atUpper,
                result.outcomes().size(),
                actions,
                result.view().vmsLeftAlone(),
                result.view().vmsUnmatched(),
                withoutForecast);
    }
}
