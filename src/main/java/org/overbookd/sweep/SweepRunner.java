package org.overbookd.sweep;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Bindings;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.io.InputException;
import org.overbookd.sim.overbooking.SimConfig;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sim.overbooking.Simulation;

/**
 * Runs every combination of a grid on a fixed pool of threads. Each run is single-threaded and
 * seeded only by its own settings, and results are collected by grid index, so the output does not
 * depend on the thread count or on which run finishes first.
 */
public final class SweepRunner {

    private final int threads;
    private final PrintWriter progress;

    public SweepRunner(int threads, PrintWriter progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1");
        }
        this.threads = threads;
        this.progress = progress;
    }

    public List<SimResult> run(SweepGrid grid) throws InterruptedException, InputException {
        List<Settings> runs = grid.runs();
        // a recorded workload is read once and shared: runs never change it
        Map<String, RecordedWorkload> traces = new HashMap<>();
        for (Settings settings : runs) {
            if (!settings.get(Options.SIM_TRACE_FILE).isEmpty()) {
                String key = SimBindings.traceKey(settings);
                if (!traces.containsKey(key)) {
                    traces.put(key, SimBindings.readTrace(settings));
                }
            }
        }
        return run(
                runs,
                grid.swept(),
                settings -> settings.get(Options.SIM_TRACE_FILE).isEmpty()
                        ? null
                        : traces.get(SimBindings.traceKey(settings)));
    }

    /**
     * Runs {@code runs} against one recorded workload read beforehand (shared by every run, which
     * never changes it), or the synthetic one when it is null; results in the order of {@code runs}.
     *
     * @param shown the keys each progress line names
     */
    public List<SimResult> run(List<Settings> runs, List<Option<?>> shown, RecordedWorkload recorded)
            throws InterruptedException {
        return run(runs, shown, settings -> recorded);
    }

    private List<SimResult> run(
            List<Settings> runs, List<Option<?>> shown, Function<Settings, RecordedWorkload> recorded)
            throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "sweep");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<SimResult>> futures = new ArrayList<>(runs.size());
            for (Settings settings : runs) {
                futures.add(pool.submit(() -> {
                    long started = System.nanoTime();
                    SimConfig config = SimBindings.simConfig(settings, recorded.apply(settings));
                    SimResult result = new Simulation(config, Bindings.overbookingPolicy(settings)).run();
                    report(done.incrementAndGet(), runs.size(), settings, shown, result, System.nanoTime() - started);
                    return result;
                }));
            }
            List<SimResult> results = new ArrayList<>(runs.size());
            for (Future<SimResult> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IllegalStateException(cause);
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private synchronized void report(
            int done, int total, Settings settings, List<Option<?>> swept, SimResult r, long nanos) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%" + digits(total) + "d/%d]", done, total));
        for (Option<?> option : swept) {
            line.append(' ').append(option.key()).append('=').append(settings.formatted(option));
        }
        line.append(String.format(
                Locale.ROOT, ": utilization %.2f%%, %d suspends (%.1f s)", r.utilization(), r.suspends(), nanos / 1e9));
        progress.println(line);
        progress.flush();
    }

    private static int digits(int n) {
        return Integer.toString(n).length();
    }
}
