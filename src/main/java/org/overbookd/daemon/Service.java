package org.overbookd.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.overbookd.audit.AuditLog;
import org.overbookd.audit.JsonLinesAuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.opennebula.OneHeartbeatBoard;
import org.overbookd.config.Bindings;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.daemon.ha.FencedBackend;
import org.overbookd.daemon.ha.HaMode;
import org.overbookd.daemon.ha.HaSettings;
import org.overbookd.daemon.ha.NodeName;
import org.overbookd.daemon.ha.SingleModeGuard;
import org.overbookd.daemon.ha.WriterRole;
import org.overbookd.daemon.health.HealthReporter;
import org.overbookd.daemon.health.OverbookingLimits;
import org.overbookd.loop.ControlLoop;
import org.overbookd.loop.EnactGate;
import org.overbookd.policy.registry.PolicyRegistry;

/**
 * Everything {@code overbookd run} assembles from its settings: the backend, the reloadable policy,
 * the audit log, the cycle runner and its health reporting. Closing it closes them.
 */
public final class Service implements AutoCloseable {

    private final CycleRunner runner;
    private final AuditLog audit;
    private final Duration interval;
    private final HealthReporter health;
    private final HaMode ha;
    private final WriterRole role;
    private final SingleModeGuard guard;

    private Service(
            CycleRunner runner,
            AuditLog audit,
            Duration interval,
            HealthReporter health,
            HaMode ha,
            WriterRole role,
            SingleModeGuard guard) {
        this.runner = runner;
        this.audit = audit;
        this.interval = interval;
        this.health = health;
        this.ha = ha;
        this.role = role;
        this.guard = guard;
    }

    /**
     * @param configFile the file to watch for bound and slot changes, or null
     * @param overrides  {@code --set} values, which keep winning over the file after a reload
     */
    public static Service assemble(
            Settings settings, Path configFile, Map<String, String> overrides, boolean dryRun, Clock clock)
            throws ConfigException {
        return assemble(settings, configFile, overrides, dryRun, clock, PolicyRegistry.IN_TREE);
    }

    /**
     * @param configFile the file to watch for bound and slot changes, or null
     * @param overrides  {@code --set} values, which keep winning over the file after a reload
     * @param policies   what overbooking.policy chooses from (the tree's policies, or those and more)
     */
    public static Service assemble(
            Settings settings,
            Path configFile,
            Map<String, String> overrides,
            boolean dryRun,
            Clock clock,
            PolicyRegistry policies)
            throws ConfigException {
        Bindings.checkPolicy(settings, policies);
        Preflight.require(settings, dryRun);
        String node = NodeName.of(settings.get(Options.HA_NODE_NAME));
        HaSettings haSettings = HaSettings.from(settings, node);
        AuditLog audit = openAudit(settings, clock, node);
        Backend backend;
        HaMode ha = null;
        EnactGate gate = EnactGate.OPEN;
        WriterRole role = WriterRole.single(node);
        SingleModeGuard guard = null;
        try {
            if (haSettings != null) {
                ha = HaMode.open(haSettings);
                // the lease is asked once before a batch (the gate) and again before each of its actions
                backend = new FencedBackend(
                        BackendFactory.create(settings, clock, ha.lease()::beforeEachAction), ha.lease()::cycleBegins);
                gate = ha.lease();
                role = ha.lease();
            } else {
                backend = BackendFactory.create(settings, clock);
                if (settings.get(Options.BACKEND) == Options.BackendKind.OPENNEBULA && !dryRun) {
                    guard = new SingleModeGuard(
                            heartbeatBoard(settings), node, settings.get(Options.OVERBOOKING_INTERVAL), clock);
                    requireBoardAccess(guard);
                    backend = new FencedBackend(backend, guard::beat);
                    gate = guard;
                }
            }
        } catch (ConfigException | RuntimeException e) {
            if (ha != null) {
                ha.close();
            }
            audit.close();
            throw e;
        }
        ReloadablePolicy policy = new ReloadablePolicy(Bindings.overbookingPolicy(settings, policies), policies);
        SettingsReloader reloader = configFile == null ? null : new SettingsReloader(configFile, overrides, settings);
        ControlLoop loop = new ControlLoop(backend, policy, audit, dryRun, gate);
        CycleRunner runner = new CycleRunner(loop, policy, reloader, clock, settings);
        HealthReporter health;
        try {
            health = HealthReporter.start(
                    settings, () -> OverbookingLimits.of(reloader == null ? settings : reloader.current()), clock);
        } catch (ConfigException e) {
            if (ha != null) {
                ha.close();
            }
            audit.close();
            throw e;
        }
        runner.listen(health);
        WriterRole writer = role;
        health.role(() -> writer.role().name().toLowerCase(java.util.Locale.ROOT));
        return new Service(runner, audit, settings.get(Options.OVERBOOKING_INTERVAL), health, ha, role, guard);
    }

    /**
     * A daemon whose OpenNebula user may not keep the heartbeat board would stand down at every
     * cycle, forever: refused at start instead (exit 78), saying what to grant. When oned cannot be
     * asked now, the daemon starts, and its cycles say so as they fail.
     */
    private static void requireBoardAccess(SingleModeGuard guard) throws ConfigException {
        java.util.Optional<String> denied;
        try {
            denied = guard.access();
        } catch (BackendException e) {
            org.slf4j.LoggerFactory.getLogger(Service.class)
                    .warn(
                            "cannot check now whether this daemon's OpenNebula"
                                    + " user may keep its heartbeat board ({}); starting, the cycles will tell",
                            e.getMessage());
            return;
        }
        if (denied.isPresent()) {
            throw new ConfigException("", Options.ONE_AUTH_FILE.key(), denied.get());
        }
    }

    private static OneHeartbeatBoard heartbeatBoard(Settings settings) throws ConfigException {
        try {
            return OneHeartbeatBoard.open(
                    settings.get(Options.ONE_ENDPOINT),
                    Path.of(settings.get(Options.ONE_AUTH_FILE)),
                    settings.get(Options.ONE_TIMEOUT));
        } catch (BackendException e) {
            throw new ConfigException("", Options.ONE_AUTH_FILE.key(), e.getMessage());
        }
    }

    /**
     * The audit log of audit.file, or none when it is empty.
     *
     * @throws ConfigException naming audit.file when it cannot be opened for writing: a daemon
     *                         that cannot record must not start (restarting would not help)
     */
    static AuditLog openAudit(Settings settings, Clock clock, String node) throws ConfigException {
        String auditFile = settings.get(Options.AUDIT_FILE);
        if (auditFile.isEmpty()) {
            return AuditLog.NONE;
        }
        try {
            return JsonLinesAuditLog.open(Path.of(auditFile), BackendFactory.auditPolicy(settings), clock, node);
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
    public HealthReporter health() {
        return health;
    }

    /** The HA group this daemon belongs to, or null for a single daemon. */
    public HaMode ha() {
        return ha;
    }

    /** Whether this node is the active writer, a standby, or a single daemon: for status and metrics. */
    public WriterRole role() {
        return role;
    }

    @Override
    public void close() {
        runner.close();
        if (guard != null) {
            guard.withdraw(); // after the last cycle: a daemon started next acts at once
        }
        health.close();
        if (ha != null) {
            ha.close();
        }
        audit.close();
    }
}
