package org.overbookd.daemon;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.opennebula.OpenNebulaBackend;
import org.overbookd.backend.opennebula.OpenNebulaSettings;
import org.overbookd.config.Bindings;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.daemon.health.HealthReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Binds the one.* settings to the OpenNebula backend. */
final class OpenNebulaBackends {

    private static final Logger LOG = LoggerFactory.getLogger(OpenNebulaBackends.class);

    private OpenNebulaBackends() {}

    /**
     * How long a cycle's calls to oned may take, from the start of its observation: one overbooking
     * interval (the next cycle observes afresh then: a plan older than that is stale), but at least
     * long enough to observe and place one VM with every call at its deadline (9 x one.timeout), and,
     * under systemd's watchdog, at most half of WatchdogSec (the time a cycle has for sure before
     * the watchdog restarts the daemon: the last heartbeat may be half a period old when it starts).
     */
    static Duration cycleBudget(Duration interval, Duration callDeadline, Optional<Duration> watchdog) {
        Duration shortCycle =
                callDeadline.multipliedBy(OpenNebulaBackend.OBSERVE_CALLS + OpenNebulaBackend.CALLS_PER_PLACEMENT);
        Duration budget = interval.compareTo(shortCycle) >= 0 ? interval : shortCycle;
        if (watchdog.isPresent() && budget.compareTo(watchdog.get().dividedBy(2)) > 0) {
            budget = watchdog.get().dividedBy(2);
        }
        return budget;
    }

    /**
     * @throws ConfigException naming one.auth-file when the session file is missing, unreadable or
     *                         readable by others: restarting cannot fix that, so it is a configuration error
     * @param beforeEach asked right before each action of a batch (the HA writer lease, or always yes)
     */
    static Backend create(Settings settings, ActionCheck beforeEach) throws ConfigException {
        OpenNebulaSettings one = new OpenNebulaSettings(
                settings.get(Options.ONE_ENDPOINT),
                Path.of(settings.get(Options.ONE_AUTH_FILE)),
                settings.get(Options.ONE_QOS_ATTRIBUTE),
                settings.get(Options.ONE_TIMEOUT),
                settings.get(Options.SUSPEND_ACTION),
                settings.get(Options.ONE_SLO_ATTRIBUTE),
                Bindings.overbooking(settings).needsRunHistory(),
                settings.get(Options.ONE_MAX_SAMPLE_AGE),
                settings.get(Options.ONE_MAX_REPLY_MIB) * 1024L * 1024L);
        Duration budget = cycleBudget(
                settings.get(Options.OVERBOOKING_INTERVAL), one.timeout(), HealthReporter.systemdWatchdog());
        LOG.info(
                "a cycle's calls to oned must end within {} of its start (its time budget)",
                org.overbookd.config.Durations.format(budget));
        try {
            return new OpenNebulaBackend(one, beforeEach, budget);
        } catch (BackendException e) {
            throw new ConfigException("", Options.ONE_AUTH_FILE.key(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("", Options.ONE_ENDPOINT.key(), e.getMessage());
        }
    }
}
