package org.overbookd.sim.types;

import java.util.List;
import org.overbookd.engine.EventQueue;
import org.overbookd.policy.maxweight.Start;
import org.overbookd.policy.maxweight.TypeEvent;
import org.overbookd.policy.maxweight.TypeScheduler;

/**
 * A run of the VM-type model on the engine's queue. Three sources of events, in one total order
 * (time, then kind, then sequence): departures of running VMs (queued when they start, so equal
 * times leave in start order), arrivals (from the workload in its order, read one ahead: only the
 * next is queued), and the scheduler's own timer (G16's sampling clock). At equal times a
 * departure comes before an arrival, which comes before the timer: freed room is there for the
 * arrival. The timer is not queued, because the scheduler may move it at any call; it is merged
 * with the queue's next event by the engine's rule, as an event added last. A total order is what
 * makes equal seeds give equal bytes.
 */
public final class TypesSimulation {

    /** Event kinds, in their order at one instant. A departure's tag is server * types + type. */
    private static final int DEPARTURE = 0;

    private static final int ARRIVAL = 1;
    private static final int TIMER = 2;

    private final TypesScenario scenario;
    private final TypeScheduler scheduler;
    private final long seed;
    private final double horizon;
    private final int samples;

    /**
     * @param horizon simulated time to run, in the scenario's unit
     * @param samples number of intervals of the queue samples (samples + 1 rows per run)
     */
    public TypesSimulation(TypesScenario scenario, TypeScheduler scheduler, long seed, double horizon, int samples) {
        if (!(horizon > 0) || Double.isInfinite(horizon)) {
            throw new IllegalArgumentException("the horizon must be positive and finite, not " + horizon);
        }
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1");
        }
        this.scenario = scenario;
        this.scheduler = scheduler;
        this.seed = seed;
        this.horizon = horizon;
        this.samples = samples;
    }

    /**
     * Runs to the horizon.
     *
     * @param beta   Algorithm 1's beta, for the result (NaN for other policies)
     * @param solver the solver's name, for the result (empty for policies without one)
     */
    public TypesResult run(double beta, String solver) {
        return new Run().go(beta, solver);
    }

    /** The mutable state of one run; it hears of every start, which schedules that VM's departure. */
    private final class Run implements TypesWorld.StartListener {
        private final EventQueue<Void> events = new EventQueue<>();
        private final int types = scenario.types().size();
        private final TypesWorld cluster = new TypesWorld(scenario.servers(), scenario.types(), this);
        private final QueueMetrics metrics = new QueueMetrics(cluster, horizon, samples);
        private final IdleCapacity idle = new IdleCapacity(cluster, scheduler);
        private double now;

        @Override
        public void started(int server, int type, double arrival, double service) {
            events.add(now + service, DEPARTURE, null, server * types + type);
            metrics.started(now, arrival);
        }

        TypesResult go(double beta, String solver) {
            ArrivalSource arrivals = scenario.workload().open(scenario.types(), seed);
            queueNext(arrivals);
            start(scheduler.decide(new TypeEvent.Begin(cluster, 0)));
            idle.begin();
            while (true) {
                double timer = scheduler.nextTimer();
                boolean queued = events.before(timer, TIMER);
                double t = queued ? events.time() : timer;
                if (t > horizon) {
                    break;
                }
                metrics.before(t);
                idle.before(t);
                now = t;
                if (queued && events.kind() == DEPARTURE) {
                    int server = events.tag() / types;
                    int type = events.tag() % types;
                    events.remove();
                    cluster.finish(server, type);
                    metrics.completed++;
                    start(scheduler.decide(new TypeEvent.Departure(cluster, server, type, t)));
                    idle.touched(server);
                } else if (queued) {
                    events.remove();
                    int type = arrivals.type();
                    cluster.enqueue(type, t, arrivals.service());
                    arrivals.advance();
                    queueNext(arrivals);
                    metrics.arrivals++;
                    start(scheduler.decide(new TypeEvent.Arrival(cluster, type, t)));
                } else {
                    start(scheduler.decide(new TypeEvent.Timer(cluster, t)));
                }
                // after the scheduler has acted: a VM that starts on arrival never counts as queued
                metrics.queueChanged(t);
            }
            return metrics.finish(scheduler.name(), beta, solver, idle.finish(horizon));
        }

        /** Carries out the scheduler's decisions, in order; the world refuses any that breaks its rules. */
        private void start(List<Start> starts) {
            for (Start s : starts) {
                cluster.start(s.server(), s.type());
            }
            for (Start s : starts) {
                idle.touched(s.server());
            }
        }

        private void queueNext(ArrivalSource arrivals) {
            double t = arrivals.time();
            if (t != Double.POSITIVE_INFINITY) {
                events.add(t, ARRIVAL, null, 0);
            }
        }
    }
}
