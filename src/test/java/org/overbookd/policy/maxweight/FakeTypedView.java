package org.overbookd.policy.maxweight;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** A one-resource cluster for scheduler unit tests: queues, occupancy, and a log of starts. */
final class FakeTypedView implements TypedView {

    private final long[] capacity;
    private final long[] demand;
    private final int[][] running;
    private final long[] used;
    private final List<ArrayDeque<Double>> queues = new ArrayList<>();
    final List<String> starts = new ArrayList<>();
    double now;

    FakeTypedView(long[] capacity, long[] demand) {
        this.capacity = capacity;
        this.demand = demand;
        running = new int[capacity.length][demand.length];
        used = new long[capacity.length];
        for (int j = 0; j < demand.length; j++) {
            queues.add(new ArrayDeque<>());
        }
    }

    /** Time 0: the scheduler sees the cluster first. */
    void begin(TypeScheduler scheduler) {
        apply(scheduler.decide(new TypeEvent.Begin(this, now)));
    }

    /** A VM joins its queue, then the scheduler hears of it. */
    void arrive(TypeScheduler scheduler, int type) {
        queues.get(type).add(now);
        announce(scheduler, type);
    }

    /** The scheduler hears of an arrival whose VM already waits (put there by {@link #backlog}). */
    void announce(TypeScheduler scheduler, int type) {
        apply(scheduler.decide(new TypeEvent.Arrival(this, type, now)));
    }

    /** The scheduler's timer fires now. */
    void timer(TypeScheduler scheduler) {
        apply(scheduler.decide(new TypeEvent.Timer(this, now)));
    }

    private void apply(List<Start> decided) {
        for (Start s : decided) {
            start(s.server(), s.type());
        }
    }

    /** A running VM leaves, then the scheduler hears of it. */
    void depart(TypeScheduler scheduler, int server, int type) {
        if (running[server][type] == 0) {
            throw new IllegalStateException("no VM of type " + type + " on server " + server);
        }
        running[server][type]--;
        used[server] -= demand[type];
        apply(scheduler.decide(new TypeEvent.Departure(this, server, type, now)));
    }

    /** Puts VMs in a queue without telling the scheduler (to set up a state). */
    void backlog(int type, int n) {
        for (int i = 0; i < n; i++) {
            queues.get(type).add(now);
        }
    }

    @Override
    public int servers() {
        return capacity.length;
    }

    @Override
    public int types() {
        return demand.length;
    }

    @Override
    public int resources() {
        return 1;
    }

    @Override
    public long capacity(int server, int resource) {
        return capacity[server];
    }

    @Override
    public long demand(int type, int resource) {
        return demand[type];
    }

    @Override
    public long queued(int type) {
        return queues.get(type).size();
    }

    @Override
    public double oldestArrival(int type) {
        Double t = queues.get(type).peek();
        return t == null ? Double.NaN : t;
    }

    @Override
    public int running(int server, int type) {
        return running[server][type];
    }

    @Override
    public boolean isEmpty(int server) {
        return used[server] == 0;
    }

    @Override
    public long residual(int server, int resource) {
        return capacity[server] - used[server];
    }

    @Override
    public double arrival(int type, long k) {
        long i = 0;
        for (double a : queues.get(type)) {
            if (i++ == k) {
                return a;
            }
        }
        return Double.NaN;
    }

    /** What the model does with a {@link Start}: refuses one that breaks its rules. */
    void start(int server, int type) {
        if (queues.get(type).isEmpty() || !fits(server, type)) {
            throw new IllegalStateException("cannot start type " + type + " on " + server);
        }
        queues.get(type).poll();
        running[server][type]++;
        used[server] += demand[type];
        starts.add(type + "@" + server);
    }
}
