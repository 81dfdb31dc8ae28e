package org.overbookd.sim.requests;

import java.util.List;

/** What a run produced: one outcome per request in workload order, and the interval samples. */
public record RunResult(List<Outcome> outcomes, List<IntervalSample> intervals, double endS) {

    public RunResult {
        outcomes = List.copyOf(outcomes);
        intervals = List.copyOf(intervals);
    }
}
