package org.overbookd.daemon;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.config.Bindings;
import org.overbookd.config.Settings;
import org.overbookd.loop.ControlLoop;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleListener;
import org.overbookd.loop.CycleResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon cycle: pick up configuration changes, then observe, decide, audit and enact. A cycle
 * that fails (to observe, or afterwards: see {@link CycleResult#failure()}) is logged and reported to
 * the {@link CycleListener}, and one that cannot observe to the caller too; the next one starts from
 * what the backend then reports, never from what this one assumed.
 */
public final class CycleRunner {

    private static final Logger LOG = LoggerFactory.getLogger(CycleRunner.class);

    private final ControlLoop loop;
    private final ReloadablePolicy policy;
    private final SettingsReloader reloader;
    private final Clock clock;
    private final ForecastWatch forecasts = new ForecastWatch();
    private volatile Settings settings;
    private volatile CycleListener listener = CycleListener.NONE;
    /** System.nanoTime() when the cycle under way started; 0 between cycles. */
    private volatile long startedNanos;

    /** A runner whose policy judges hosts on their measurement. */
    CycleRunner(ControlLoop loop, ReloadablePolicy policy, SettingsReloader reloader, Clock clock) {
        this(loop, policy, reloader, clock, Settings.defaults());
    }

    /** @param settings those the policy starts with; a reload replaces them */
    CycleRunner(ControlLoop loop, ReloadablePolicy policy, SettingsReloader reloader, Clock clock, Settings settings) {
        this.loop = loop;
        this.policy = policy;
        this.reloader = reloader;
        this.clock = clock;
        this.settings = settings;
    }

    /** Who hears about each cycle from now on. */
    public void listen(CycleListener listener) {
        this.listener = listener;
    }

    /** Runs one cycle at the clock's current time. */
    public CycleResult runCycle() throws BackendException {
        if (reloader != null) {
            reloader.poll(listener).ifPresent(this::apply);
        }
        // millisecond precision is plenty for a 5-minute step and keeps audit lines readable
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        long started = System.nanoTime();
        startedNanos = started;
        CycleResult result;
        try {
            result = loop.runCycle(now);
        } catch (BackendException e) {
            listener.cycleFailed(loop.cyclesRun(), CycleFailure.of(e.failureCause(), e.getMessage()), since(started));
            throw e;
        } catch (RuntimeException e) {
            listener.cycleFailed(
                    loop.cyclesRun(), CycleFailure.of(BackendException.Cause.INTERNAL, e.toString()), since(started));
            throw e;
        } finally {
            startedNanos = 0;
        }
        Duration took = since(started);
        forecasts.observed(result.view(), Bindings.signal(settings));
        listener.cycleEnded(result, took);
        long notEnacted = result.outcomes().stream()
                .filter(o -> o.status() != Outcome.Status.OK)
                .count();
        LOG.info(
                "cycle {}: {} decision{}{} in {} ms",
                result.cycle(),
                result.outcomes().size(),
                result.outcomes().size() == 1 ? "" : "s",
                notEnacted == 0 ? "" : ", " + notEnacted + " not enacted",
                took.toMillis());
        result.failure().ifPresent(f -> LOG.error("cycle {} failed ({}): {}", result.cycle(), f.cause(), f.message()));
        return result;
    }

    /**
     * Reads the configuration file again now, as a change of it would before the next cycle
     * (SIGHUP); what is valid and reloadable applies from the next cycle on.
     */
    public void reloadNow() {
        if (reloader == null) {
            LOG.info("no configuration file to reload");
            return;
        }
        LOG.info("reloading {}", reloader.file());
        reloader.reload(listener)
                .ifPresentOrElse(this::apply, () -> LOG.info("{} reloaded: nothing to apply", reloader.file()));
    }

    private void apply(Settings next) {
        policy.reload(next);
        settings = next;
    }

    /** The number of the last cycle begun, as the log, the audit and the status file give it. */
    public long cycle() {
        return loop.cyclesRun();
    }

    /** After the last cycle: writes, or logs in full, what the audit log could not take (see {@link ControlLoop#close()}). */
    public void close() {
        loop.close();
    }

    /** How long the cycle under way has run; zero between cycles. */
    public Duration runningFor() {
        long started = startedNanos;
        return started == 0 ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - started);
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }
}
