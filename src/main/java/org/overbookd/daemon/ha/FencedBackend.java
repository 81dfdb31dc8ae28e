package org.overbookd.daemon.ha;

import java.time.Instant;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.ForwardingBackend;
import org.overbookd.model.ClusterView;

/**
 * A backend that tells a gate when each cycle begins observing, so the gate can refuse to enact a
 * plan made under a writer (or a heartbeat) that no longer holds when the plan is enacted.
 */
public final class FencedBackend extends ForwardingBackend {

    private final Runnable cycleBegins;

    public FencedBackend(Backend backend, Runnable cycleBegins) {
        super(backend);
        this.cycleBegins = cycleBegins;
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        cycleBegins.run();
        return super.observe(now);
    }
}
