package org.overbookd.sim.types;

import java.util.List;

/** The arrivals of a typed trace, in its (sorted) order. */
final class TraceArrivals implements ArrivalSource {

    private final List<TraceTask> tasks;
    private int index;

    TraceArrivals(List<TraceTask> tasks) {
        this.tasks = tasks;
    }

    @Override
    public double time() {
        return index < tasks.size() ? tasks.get(index).arrival() : Double.POSITIVE_INFINITY;
    }

    @Override
    public int type() {
        return tasks.get(index).type();
    }

    @Override
    public double service() {
        return tasks.get(index).service();
    }

    @Override
    public void advance() {
        index++;
    }
}
