package org.overbookd.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.overbookd.audit.AuditTrail;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Backend;
import org.overbookd.backend.RecordingBackend;
import org.overbookd.backend.simulated.RealTimeSimulatedBackend;
import org.overbookd.backend.simulated.WorldSpec;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.io.InputException;
import org.overbookd.io.RollingFile;
import org.overbookd.policy.overbooking.Guards;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds the backend the configuration names, wrapped in the recorder when record.file is set. */
public final class BackendFactory {

    private static final Logger LOG = LoggerFactory.getLogger(BackendFactory.class);

    private BackendFactory() {}

    /** The simulated world of the settings; how long a simulation would run plays no part here. */
    private static WorldSpec simulated(Settings settings) throws ConfigException {
        try {
            return SimBindings.loadSimConfig(settings).world();
        } catch (InputException e) {
            throw new ConfigException("", Options.SIM_TRACE_FILE.key(), e.getMessage());
        }
    }

    /**
     * @param clock the daemon's clock: a simulated rehearsal starts its simulated time at its instant
     * @throws ConfigException naming the key at fault, record.file among them when it cannot be written
     */
    public static Backend create(Settings settings, Clock clock) throws ConfigException {
        return create(settings, clock, ActionCheck.ALWAYS);
    }

    /**
     * @param beforeEach asked by the OpenNebula backend right before each action of a batch (the
     *                   simulated one acts on nothing outside this process and does not ask)
     */
    public static Backend create(Settings settings, Clock clock, ActionCheck beforeEach) throws ConfigException {
        Backend backend = switch (settings.get(Options.BACKEND)) {
            case SIMULATED -> new RealTimeSimulatedBackend(simulated(settings), clock.instant());
            // the simulated world keeps its own history; OpenNebula's is overbookd's audit log
            case OPENNEBULA ->
                new HistoryBackend(OpenNebulaBackends.create(settings, beforeEach), history(settings, clock));
        };
        String record = settings.get(Options.RECORD_FILE);
        if (record.isEmpty()) {
            return backend;
        }
        try {
            return new RecordingBackend(backend, Path.of(record), recordPolicy(settings), clock);
        } catch (IOException e) {
            throw new ConfigException("", Options.RECORD_FILE.key(), e.getMessage());
        }
    }

    /**
     * The live guards' history: the actions of the audit log's last day, read back so that a restart
     * forgets none of them; empty without an audit log (a dry run, which enacts nothing).
     *
     * @throws ConfigException naming audit.file when it cannot be read
     */
    static GuardHistory history(Settings settings, Clock clock) throws ConfigException {
        String audit = settings.get(Options.AUDIT_FILE);
        if (audit.isEmpty()) {
            return new GuardHistory(List.of());
        }
        try {
            List<AuditTrail.Enacted> enacted =
                    AuditTrail.enactedSince(Path.of(audit), clock.instant().minus(Guards.DAY));
            LOG.info(
                    "the live guards start from the audit log's last 24 h: {} action{} enacted",
                    enacted.size(),
                    enacted.size() == 1 ? "" : "s");
            return new GuardHistory(enacted);
        } catch (IOException e) {
            throw new ConfigException(
                    "",
                    Options.AUDIT_FILE.key(),
                    "cannot read " + audit + " back for the live guards: " + org.overbookd.io.IoReasons.of(e));
        }
    }

    static RollingFile.Policy recordPolicy(Settings settings) {
        return new RollingFile.Policy(
                settings.get(Options.RECORD_MAX_FILE_SIZE), settings.get(Options.RECORD_MAX_HISTORY));
    }

    static RollingFile.Policy auditPolicy(Settings settings) {
        return new RollingFile.Policy(
                settings.get(Options.AUDIT_MAX_FILE_SIZE), settings.get(Options.AUDIT_MAX_HISTORY));
    }
}
