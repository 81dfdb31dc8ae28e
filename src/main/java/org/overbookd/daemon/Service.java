package org.overbookd.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.overbookd.audit.AuditLog;
import org.overbookd.audit.JsonLinesAuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.config.Bindings;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.daemon.health.Health;
import org.overbookd.daemon.health.OverbookingLimits;
import org.overbookd.loop.ControlLoop;

/**
 * Everything {@code overbookd run} assembles from its settings: the backend, the reloadable policy,
 * the audit log, the cycle runner and its health reporting. Closing it closes them.
 */
public final class Service implements AutoCloseable {

    private final CycleRunner runner;
    private final AuditLog audit;
    private final Duration interval;
    private final Health health;

    private Service(CycleRunner runner, AuditLog audit, Duration interval, Health health) {
        this.runner = runner;
        this.audit = audit;
        this.interval = interval;
        this.health = health;
    }

    /**
     * @param configFile the file to watch for bound and slot changes, or null
     * @param overrides  {@code --set} values, which keep winning over the file after a reload
     */
    public static Service assemble(Settings settings, Path configFile, Map<String, String> overrides, boolean dryRun,
            Clock clock) throws ConfigException {
        Preflight.require(settings);
        AuditLog audit = openAudit(settings, clock);
        Backend backend;
        try {
            backend = BackendFactory.create(settings, clock);
        } catch (ConfigException | RuntimeException e) {
            audit.close();
            throw e;
        }
        ReloadablePolicy policy = new ReloadablePolicy(Bindings.overbookingPolicy(settings));
        SettingsReloader reloader = configFile == null ? null : new SettingsReloader(configFile, overrides, settings);
        ControlLoop loop = new ControlLoop(backend, policy, audit, dryRun);
        CycleRunner runner = new CycleRunner(loop, policy, reloader, clock);
        Health health;
        try {
            health = Health.start(settings, () -> OverbookingLimits.of(reloader == null ? settings : reloader.current()),
                    clock);
        } catch (ConfigException e) {
            audit.close();
            throw e;
        }
        runner.listen(health);
        return new Service(runner, audit, settings.get(Options.OVERBOOKING_INTERVAL), health);
    }

    /**
     * The audit log of audit.file, or none when it is empty.
     *
     * @throws ConfigException naming audit.file when it cannot be opened for writing: a daemon
     *                         that cannot record must not start (restarting would not help)
     */
    static AuditLog openAudit(Settings settings, Clock clock) throws ConfigException {
        String auditFile = settings.get(Options.AUDIT_FILE);
        if (auditFile.isEmpty()) {
            return AuditLog.NONE;
        }
        try {
            return JsonLinesAuditLog.open(Path.of(auditFile), BackendFactory.auditPolicy(settings), clock);
        } catch (IOException e) {
            throw new ConfigException("", Options.AUDIT_FILE.key(), e.getMessage());
        }
    }

    public CycleRunner runner() {
        return runner;
    }

    public Duration interval() {
        return interval;
    }

    /** Metrics, status file and systemd notices: the listener of every cycle. */
    public Health health() {
        return health;
    }

    @Override
    public void close() {
        health.close();
        audit.close();
    }
}
