package org.overbookd.loop;

import java.util.List;
import org.overbookd.backend.Outcome;

/** What one observe-decide-enact cycle did. */
public record CycleResult(long cycle, List<Outcome> outcomes) {
    public CycleResult {
        outcomes = List.copyOf(outcomes);
    }
}
