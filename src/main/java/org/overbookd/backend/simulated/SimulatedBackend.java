package org.overbookd.backend.simulated;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.overbookd.backend.Backend;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.flat.LoadDrawer;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.Decision;

/**
 * The simulated cluster of Verboven et al. behind the {@link Backend} contract: hosts with one
 * high-QoS VM per core, an endless low-QoS queue, and VM operations that take {@code c} seconds
 * during which the VM does no work. The world starts populated, at second 0 of its virtual clock;
 * its driver moves the clock ({@link #advanceThrough}, {@link #advanceTo}) and runs the overbooking
 * steps in between, and reads what happened from {@link #totals}.
 *
 * <p>Its roles: the {@link World} (hosts and queue, the live view a policy reads), the
 * {@link Lifecycle} (events on the clock), {@link LowQosArrivals}, the {@link Enactor} (the rules a
 * real VIM enforces), the {@link LoadDrawer} over the {@link HotState}, and the {@link Tally}.
 */
public final class SimulatedBackend implements Backend {

    private final VirtualClock clock;
    private final World world;
    private final HotState hot;
    private final Tally tally = new Tally();
    private final Lifecycle lifecycle;
    private final LowQosArrivals arrivals;
    private final Enactor enactor;
    /** Whether each observation is a sample of the hosts' forecasts. */
    private final boolean forecasts;

    private final MonitoringLag lag;

    /** A world that draws loads on the caller's thread. */
    public SimulatedBackend(WorldSpec spec, Instant epoch) {
        this(spec, epoch, null);
    }

    /**
     * @param epoch the instant of simulated second 0: a fixed date for a simulation, the wall clock
     *              at start-up for a rehearsal under the daemon, so that arrival and placement times
     *              are comparable with the daemon's own "now"
     * @param pool  threads that draw loads with the caller's on large clusters (results do not
     *              depend on it), or null; the caller shuts it down
     */
    public SimulatedBackend(WorldSpec spec, Instant epoch, ForkJoinPool pool) {
        this.clock = new VirtualClock(epoch);
        this.world = new World(spec);
        VmFactory vms = new VmFactory(spec, clock);
        this.hot = SimHost.flatState(world.hostArray(), spec.operationLoad());
        world.attach(hot);
        world.attach(clock);
        this.forecasts = spec.forecast().on();
        if (forecasts) {
            world.forecasting(spec.forecast(), spec.recorded());
        }
        this.lifecycle = new Lifecycle(spec, clock, world, hot, vms, tally, new LoadDrawer(hot, pool));
        this.arrivals = new LowQosArrivals(world, vms, clock);
        this.enactor = new Enactor(world, lifecycle, arrivals, tally, clock);
        this.lag = spec.monitoringLagSeconds() > 0 ? new MonitoringLag(spec.monitoringLagSeconds()) : null;
        lifecycle.start();
    }

    /**
     * Tops the low-QoS queue up, then hands out the live view, or, with a monitoring lag, the live
     * view with each host's utilization as of the lag ago ({@link MonitoringLag}).
     */
    @Override
    public ClusterView observe(Instant at) {
        arrivals.topUp();
        if (forecasts) {
            world.sampleUtilization();
        }
        return lag == null ? world : lag.view(world, clock.now());
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant at) {
        return enactor.enact(decisions);
    }

    /** Handles every VM lifecycle event and load draw up to and at {@code second}, leaving the clock there. */
    public void advanceThrough(long second) {
        lifecycle.advance(second, true);
    }

    /** Handles every event before {@code second}, leaving the clock there: the end of a run. */
    public void advanceTo(long second) {
        lifecycle.advance(second, false);
    }

    /** The second the virtual clock is at. */
    public long now() {
        return clock.now();
    }

    /** The live view of the world as it is, the low-QoS queue not topped up. */
    public ClusterView view() {
        return world;
    }

    /**
     * For each of {@code percents}, how many hosts are more than that utilized now (demand over
     * cores, as {@link org.overbookd.model.HostView#utilization} gives it), in one pass over the
     * hosts: the per-step degradation tally of a long run.
     */
    public int[] hostsOver(double... percents) {
        return world.hostsOver(percents);
    }

    /** What the world has counted up to its clock; open stretches are counted without being closed. */
    public Totals totals() {
        return tally.totals(world.hostArray(), clock.now());
    }
}
