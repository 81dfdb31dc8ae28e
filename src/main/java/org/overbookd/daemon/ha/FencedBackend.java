package org.overbookd.daemon.ha;

import java.time.Instant;
import java.util.List;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decision;

/**
 * A backend that tells a gate when each cycle begins observing, so the gate can refuse to enact a
 * plan made under a writer (or a heartbeat) that no longer holds when the plan is enacted.
 */
public final class FencedBackend implements Backend {

    private final Backend backend;
    private final Runnable cycleBegins;

    public FencedBackend(Backend backend, Runnable cycleBegins) {
        this.backend = backend;
        this.cycleBegins = cycleBegins;
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        cycleBegins.run();
        return backend.observe(now);
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant now) {
        return backend.enact(decisions, now);
    }

    @Override
    public List<Outcome> settled() {
        return backend.settled();
    }
}
