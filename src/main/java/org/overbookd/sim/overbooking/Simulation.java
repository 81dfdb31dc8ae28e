package org.overbookd.sim.overbooking;

import java.util.concurrent.ForkJoinPool;
import java.util.function.UnaryOperator;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.simulated.SimulatedBackend;
import org.overbookd.backend.simulated.Totals;
import org.overbookd.loop.ControlLoop;
import org.overbookd.policy.cluster.ClusterPolicy;

/**
 * A discrete-event run of the simulated cluster: the virtual clock jumps from one event to the next;
 * VM operations and completions are handled as they fall (the paper's management steps); every
 * {@code stepInterval} the shared {@link ControlLoop} runs the policy (the overbooking step).
 */
public final class Simulation {

    /** Told how far a long run has got, in simulated seconds. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total) -> {};

        void simulated(long seconds, long totalSeconds);
    }

    private final SimConfig config;
    private final ClusterPolicy policy;
    private final AuditLog audit;
    private final Progress progress;
    private final int threads;
    /** What the control loop observes and enacts through, around the simulated cluster: itself, or a recorder. */
    private final UnaryOperator<Backend> around;

    /**
     * @param threads threads that draw VM loads in parallel on large clusters; results do not
     *                depend on it. Sweeps pass 1 and run whole simulations in parallel instead.
     */
    public Simulation(SimConfig config, ClusterPolicy policy, AuditLog audit, Progress progress, int threads) {
        this(config, policy, audit, progress, threads, UnaryOperator.identity());
    }

    /**
     * @param around what the control loop runs on, given the simulated cluster: a backend that forwards
     *               to it (the daemon's recorder of record.file, to record a simulated week as the daemon
     *               records a real one); it must not change what it forwards
     */
    public Simulation(
            SimConfig config,
            ClusterPolicy policy,
            AuditLog audit,
            Progress progress,
            int threads,
            UnaryOperator<Backend> around) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1");
        }
        this.config = config;
        this.policy = policy;
        this.audit = audit;
        this.progress = progress;
        this.threads = threads;
        this.around = around;
    }

    public Simulation(SimConfig config, ClusterPolicy policy) {
        this(config, policy, AuditLog.NONE, Progress.NONE, 1);
    }

    public SimResult run() {
        if (threads == 1) {
            return run(null);
        }
        // the simulation's own thread draws too: threads - 1 more
        ForkJoinPool pool = new ForkJoinPool(threads - 1);
        try {
            return run(pool);
        } finally {
            pool.shutdownNow();
        }
    }

    private SimResult run(ForkJoinPool pool) {
        SimulatedBackend cluster = new SimulatedBackend(config.world(), SimConfig.START, pool);
        ControlLoop loop = new ControlLoop(around.apply(cluster), policy, audit, false);
        long end = config.durationSeconds();
        long degradation100 = 0;
        long degradation95 = 0;
        long steps = 0;
        long reportEvery = Math.max(86_400, end / 20);
        long nextReport = reportEvery;

        for (long step = 0; step < end; step += config.stepIntervalSeconds()) {
            // lifecycle events and load draws at the step's own instant come before the step
            cluster.advanceThrough(step);
            int[] over = cluster.hostsOver(95, 100);
            degradation95 += over[0];
            degradation100 += over[1];
            try {
                loop.runCycle(SimConfig.START.plusSeconds(step));
            } catch (BackendException ex) {
                throw new IllegalStateException("the simulated backend cannot fail", ex);
            }
            steps++;
            if (step >= nextReport) {
                progress.simulated(step, end);
                nextReport += reportEvery;
            }
        }
        cluster.advanceTo(end);
        progress.simulated(end, end);

        Totals c = cluster.totals();
        double capacitySeconds = (double) config.totalCores() * 100.0 * end;
        return new SimResult(
                100.0 * c.deliveredIntegral() / capacitySeconds,
                c.overbookedSeconds() / 3600.0,
                c.suspends(),
                degradation100,
                degradation95,
                c.resumes(),
                c.deploys(),
                c.lowCompleted(),
                c.lowCompleted() == 0 ? 0 : c.lowCompletedWaitSeconds() / 3600.0 / c.lowCompleted(),
                c.lowCompleted() == 0 ? 0 : c.lowAvailabilitySum() / c.lowCompleted(),
                c.lowCompleted() == 0 ? 0 : c.lowAvailabilityMin(),
                c.highHeldSeconds() / 3600.0,
                c.refused(),
                steps,
                c.mostSuspendsInDay(),
                c.placedSeconds() == 0 ? 0 : c.suspends() / (c.placedSeconds() / 86_400.0));
    }
}
