package org.overbookd.sim.requests;

import java.util.List;

/**
 * What a run produced: one outcome per request in workload order (empty when the run streamed its
 * outcomes instead), the interval samples, and how many scheduling passes ran and were skipped.
 */
public record RunResult(
        List<RequestOutcome> outcomes, List<IntervalSample> intervals, double endS, long passes, long passesSkipped) {

    public RunResult {
        outcomes = List.copyOf(outcomes);
        intervals = List.copyOf(intervals);
    }
}
