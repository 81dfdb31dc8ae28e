package org.overbookd.daemon;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.overbookd.backend.BackendException;
import org.overbookd.config.Bindings;
import org.overbookd.loop.ControlLoop;
import org.overbookd.loop.CycleResult;
import org.overbookd.backend.Outcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon cycle: pick up configuration changes, then observe, decide, audit and enact. A cycle
 * that fails is logged and reported to the caller; the next one starts from what the backend then
 * reports, never from what this one assumed.
 */
public final class CycleRunner {

    private static final Logger LOG = LoggerFactory.getLogger(CycleRunner.class);

    private final ControlLoop loop;
    private final ReloadablePolicy policy;
    private final SettingsReloader reloader;
    private final Clock clock;

    CycleRunner(ControlLoop loop, ReloadablePolicy policy, SettingsReloader reloader, Clock clock) {
        this.loop = loop;
        this.policy = policy;
        this.reloader = reloader;
        this.clock = clock;
    }

    /** Runs one cycle at the clock's current time. */
    public CycleResult runCycle() throws BackendException {
        if (reloader != null) {
            reloader.poll().ifPresent(settings -> policy.replace(Bindings.overbookingPolicy(settings)));
        }
        // millisecond precision is plenty for a 5-minute step and keeps audit lines readable
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        long started = System.nanoTime();
        CycleResult result = loop.runCycle(now);
        long refused = result.outcomes().stream().filter(o -> o.status() != Outcome.Status.OK).count();
        LOG.info("cycle {}: {} decision{}{} in {} ms", result.cycle(), result.outcomes().size(),
                result.outcomes().size() == 1 ? "" : "s", refused == 0 ? "" : ", " + refused + " not enacted",
                (System.nanoTime() - started) / 1_000_000);
        return result;
    }
}
