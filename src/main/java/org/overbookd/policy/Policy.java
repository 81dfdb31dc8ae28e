package org.overbookd.policy;

import java.time.Instant;
import java.util.List;
import org.overbookd.model.ClusterView;

/**
 * A scheduling policy: pure code over a read-only view. It does no I/O, reads no clock and owns no
 * randomness beyond what it is constructed with, so the simulator and the daemon run the same
 * policy and get the same decisions from the same view.
 */
public interface Policy {

    /** Decisions in the order they should be enacted. */
    List<Decision> decide(ClusterView view, Instant now);
}
