package org.overbookd.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Locale;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.RecordingBackend;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Bindings;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.io.InputException;
import org.overbookd.io.IoReasons;
import org.overbookd.io.RollingFile;
import org.overbookd.policy.overbooking.UtilizationSource;
import org.overbookd.sim.overbooking.SimConfig;
import org.overbookd.sim.overbooking.Simulation;

/**
 * A week recorded as the daemon records a cluster, for the experiments that replay one: the
 * simulated cluster of Verboven et al.'s scenario (50 octacore hosts, the paper's mix of high-QoS load
 * patterns, seed {@link #SEED}) observed every 5 minutes through the daemon's own recorder
 * ({@link RecordingBackend}, record.file's format) with overbooking off, as {@code overbookd run
 * --dry-run} records a cluster before overbookd acts on it, and with the hosts forecasting their
 * utilization as OpenNebula's default model does, so that the record holds host_forecast as one made
 * against OpenNebula 7.4 does. The same bytes at every run: what is replayed is a file, read back by
 * the reader tune uses.
 */
final class RecordedWeek {

    static final String PART = "recorded";
    /** The seed of the recorded week's own high-QoS loads; the replays' seeds vary their low-QoS queue. */
    static final long SEED = 100;

    private final Path dir;
    private final RecordedWorkload workload;

    private RecordedWeek(Path dir, RecordedWorkload workload) {
        this.dir = dir;
        this.workload = workload;
    }

    /** The settings the week is recorded with: the paper's scenario, no overbooking, hosts that forecast. */
    static Settings recording() {
        return Settings.defaults()
                .with(Options.SIM_SEED, SEED)
                .with(Options.SLOTS, 0)
                .with(Options.UTILIZATION_SOURCE, UtilizationSource.FORECAST);
    }

    /** Records the week into a temporary directory and reads it back; {@link #delete} removes it. */
    static RecordedWeek record(PrintWriter err) throws InputException {
        Path dir;
        try {
            dir = Files.createTempDirectory("overbookd-recorded-week");
        } catch (IOException e) {
            throw new InputException("cannot create a directory for the recorded week: " + IoReasons.of(e));
        }
        Path file = dir.resolve("record.csv");
        Settings s = recording();
        err.println("forecast-guards: recording a week of " + s.get(Options.SIM_NODES) + " hosts through the daemon's"
                + " recorder (" + file + ")");
        err.flush();
        SimConfig config = SimBindings.simConfig(s);
        // one file for the week: a clock that never reaches the next day, a size it never reaches
        Clock frozen = Clock.fixed(SimConfig.START, ZoneOffset.UTC);
        RollingFile.Policy whole = new RollingFile.Policy(Long.MAX_VALUE, 0);
        RecordingBackend[] recorder = new RecordingBackend[1];
        try {
            new Simulation(config, Bindings.overbookingPolicy(s), AuditLog.NONE, Simulation.Progress.NONE, 1, c -> {
                        try {
                            recorder[0] = new RecordingBackend(c, file, whole, frozen);
                            return recorder[0];
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .run();
        } catch (UncheckedIOException e) {
            throw new InputException(file, "cannot record the week: " + IoReasons.of(e.getCause()));
        }
        try {
            if (recorder[0] != null) {
                recorder[0].close();
            }
        } catch (IOException e) {
            throw new InputException(file, "cannot close the recorded week: " + IoReasons.of(e));
        }
        return new RecordedWeek(dir, RecordedWorkload.read(file));
    }

    RecordedWorkload workload() {
        return workload;
    }

    /** The settings a replay of the week starts from: its span, not a trace file (the workload is given). */
    Settings replaySettings() {
        return Settings.defaults()
                .with(Options.SIM_DURATION, Duration.ofSeconds(workload.replaySeconds()))
                .with(Options.SIM_TRACE_FILE, "");
    }

    /** What the week is, for the table's caption. */
    String describe() {
        return String.format(
                Locale.ROOT,
                "a week recorded through the daemon's recorder (record.file's format, host_forecast included): the"
                        + " simulated cluster of Verboven et al.'s scenario (%d octacore hosts, the paper's mix of noisy,"
                        + " spiky and business high-QoS VMs, seed %d) observed every 5 minutes with overbooking off, as"
                        + " `run --dry-run` records a cluster, its hosts forecasting as OpenNebula's default model does;"
                        + " %d high-QoS VMs, %s of replay. Each seed is another low-QoS queue",
                workload.hosts().size(),
                SEED,
                workload.facts().highVms(),
                RecordFacts.human(workload.replaySeconds()));
    }

    /** Removes the recorded file and its directory; a failure is only said, the figures stand. */
    void delete() {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a temporary file left behind changes no figure
        }
    }
}
