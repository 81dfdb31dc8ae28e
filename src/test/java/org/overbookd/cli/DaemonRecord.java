package org.overbookd.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.config.Bindings;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.BackendFactory;
import org.overbookd.loop.ControlLoop;
import org.overbookd.testing.ManualClock;

/**
 * A record made by the daemon itself: the daemon's backend as {@code overbookd run} builds it (the
 * simulated cluster wrapped in the recorder of record.file) driven by the control loop at each
 * 5-minute cycle of a manual clock, so that a week takes seconds. The recorder rolls its file at
 * each UTC day as it does in production, so a week is eight files. Also a command for
 * {@code sim/bench.sh tune}: {@code DaemonRecord FILE HOSTS DAYS}.
 */
final class DaemonRecord {

    static final Instant START = Instant.parse("2026-11-16T00:00:00Z");
    static final Duration CYCLE = Duration.ofMinutes(5);

    private DaemonRecord() {}

    /**
     * Runs the daemon's cycles from {@link #START} for {@code span} on {@code hosts} simulated
     * octacore hosts, recording into {@code file}; {@code skip} (may be null) says which cycles the
     * daemon was down for.
     */
    static void write(Path file, int hosts, Duration span, long seed, java.util.function.IntPredicate skip)
            throws Exception {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("backend", "simulated");
        keys.put("sim.nodes", Integer.toString(hosts));
        keys.put("sim.seed", Long.toString(seed));
        keys.put("record.file", file.toString());
        Settings settings = new SettingsLoader().load(null, keys).settings();
        ManualClock clock = new ManualClock(START);
        Backend backend = BackendFactory.create(settings, clock);
        ControlLoop loop = new ControlLoop(backend, Bindings.overbookingPolicy(settings), AuditLog.NONE, false);
        long cycles = span.dividedBy(CYCLE);
        for (int k = 0; k <= cycles; k++) {
            if (skip == null || !skip.test(k)) {
                loop.runCycle(clock.instant());
            }
            clock.advance(CYCLE);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: DaemonRecord FILE HOSTS DAYS");
            System.exit(64);
        }
        write(Path.of(args[0]), Integer.parseInt(args[1]), Duration.ofDays(Long.parseLong(args[2])), 1, null);
    }
}
