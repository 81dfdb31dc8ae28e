package org.overbookd.daemon.health;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ListenAddress;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleListener;
import org.overbookd.loop.CycleResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's view of the daemon, as one cycle listener: the Prometheus metrics and their endpoint
 * (metrics.listen), the status file (status.file) and systemd's readiness, watchdog and status. Each
 * part hears every cycle; one that throws is logged and never stops the others or the cycle.
 */
public final class HealthReporter implements CycleListener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HealthReporter.class);

    private final List<CycleListener> parts;
    private final MetricsEndpoint endpoint;
    private final StatusFile statusFile;
    private final SystemdNotices systemd;

    private HealthReporter(
            List<CycleListener> parts, MetricsEndpoint endpoint, StatusFile statusFile, SystemdNotices systemd) {
        this.parts = List.copyOf(parts);
        this.endpoint = endpoint;
        this.statusFile = statusFile;
        this.systemd = systemd;
    }

    /**
     * Starts what the settings ask for: the metrics endpoint when metrics.listen is set, the status file
     * when status.file is (written at once, saying the daemon is starting), systemd notices under systemd.
     *
     * @param limits the overbooking slots and upper bound in force, read at each cycle (they are reloadable)
     * @throws ConfigException naming metrics.listen when its address cannot be listened on
     */
    public static HealthReporter start(Settings settings, Supplier<OverbookingLimits> limits, Clock clock)
            throws ConfigException {
        return start(settings, limits, clock, SystemdNotifier.fromEnvironment());
    }

    static HealthReporter start(
            Settings settings, Supplier<OverbookingLimits> limits, Clock clock, SystemdNotifier notifier)
            throws ConfigException {
        List<CycleListener> parts = new ArrayList<>();
        PrometheusRegistry registry = new PrometheusRegistry();
        DaemonMetrics metrics = new DaemonMetrics(registry, limits, clock);
        parts.add(metrics);
        ListenAddress listen = settings.get(Options.METRICS_LISTEN);
        MetricsEndpoint endpoint = listen.isNone() ? null : MetricsEndpoint.start(listen, registry);
        String file = settings.get(Options.STATUS_FILE);
        StatusFile status = null;
        if (!file.isEmpty()) {
            status = new StatusFile(
                    Path.of(file),
                    settings.get(Options.OVERBOOKING_INTERVAL),
                    limits,
                    clock,
                    metrics::statusWriteFailed);
            parts.add(status);
            status.started();
        }
        SystemdNotices systemd = new SystemdNotices(notifier, limits);
        parts.add(systemd);
        if (settings.get(Options.BACKEND) == Options.BackendKind.OPENNEBULA) {
            notifier.watchdog()
                    .flatMap(w -> SystemdNotices.watchdogTooShort(w, settings.get(Options.ONE_TIMEOUT)))
                    .ifPresent(LOG::warn);
        }
        HealthReporter health = new HealthReporter(parts, endpoint, status, systemd);
        // read at every scrape: a standby's role changes between cycles it does not run
        io.prometheus.metrics.core.metrics.GaugeWithCallback.builder()
                .name("overbookd_writer")
                .help("1 for this node's role: single (no HA group), active (holds the writer lease) or standby.")
                .labelNames("role")
                .callback(cb -> {
                    String now = health.role.get();
                    for (String r : new String[] {"single", "active", "standby"}) {
                        cb.call(r.equals(now) ? 1 : 0, r);
                    }
                })
                .register(registry);
        return health;
    }

    private volatile Supplier<String> role = () -> "single";

    /** systemd's watchdog period (WatchdogSec) when it watches this process, from the environment. */
    public static Optional<Duration> systemdWatchdog() {
        return SystemdNotifier.fromEnvironment().watchdog();
    }

    /**
     * Where this node's role comes from: {@code single}, or in an HA group {@code active} or
     * {@code standby}. Shown in the metrics ({@code overbookd_writer}) and the status file.
     */
    public void role(Supplier<String> source) {
        this.role = source;
        if (statusFile != null) {
            statusFile.role(source);
            guarded(statusFile::touch);
        }
    }

    /** Where the metrics endpoint listens (the port chosen, for metrics.listen = host:0), if it does. */
    public Optional<InetSocketAddress> metricsAddress() {
        return Optional.ofNullable(endpoint).map(MetricsEndpoint::address);
    }

    /** How often the scheduler's worker thread should call {@link #heartbeat()}: when systemd's watchdog is on. */
    public Optional<Duration> heartbeatInterval() {
        return systemd.heartbeatInterval();
    }

    /**
     * Feeds systemd's watchdog and rewrites the status file (a standby runs no cycle, and must still
     * show it is alive); call it where a hung cycle starves it.
     */
    public void heartbeat() {
        guarded(systemd::heartbeat);
        if (statusFile != null) {
            guarded(statusFile::touch);
        }
    }

    /** Tells systemd the daemon is stopping (a stop can wait for a long cycle to finish). */
    public void stopping() {
        guarded(systemd::stopping);
    }

    @Override
    public void cycleEnded(CycleResult result, Duration took) {
        for (CycleListener part : parts) {
            guarded(() -> part.cycleEnded(result, took));
        }
    }

    @Override
    public void cycleFailed(long cycle, CycleFailure failure, Duration took) {
        for (CycleListener part : parts) {
            guarded(() -> part.cycleFailed(cycle, failure, took));
        }
    }

    @Override
    public void reloaded(boolean accepted) {
        for (CycleListener part : parts) {
            guarded(() -> part.reloaded(accepted));
        }
    }

    /** Stops the endpoint and marks the status file stopped. */
    @Override
    public void close() {
        if (statusFile != null) {
            guarded(statusFile::stopped);
        }
        if (endpoint != null) {
            guarded(endpoint::close);
        }
    }

    private static void guarded(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.error("health reporting failed: {}; the daemon goes on", e.toString());
        }
    }
}
