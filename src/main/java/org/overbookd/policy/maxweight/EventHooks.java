package org.overbookd.policy.maxweight;

import java.util.List;

/**
 * What the schedulers of this package share: one hook per kind of event, each planning starts on a
 * {@link PlannedStarts} that answers as the cluster will once those starts are made. The plan is the
 * scheduler's scratch, never the model's world.
 */
abstract class EventHooks implements TypeScheduler {

    @Override
    public final List<Start> decide(TypeEvent event) {
        PlannedStarts plan = new PlannedStarts(event.view());
        if (event instanceof TypeEvent.Arrival a) {
            arrived(plan, a.type(), a.now());
        } else if (event instanceof TypeEvent.Departure d) {
            departed(plan, d.server(), d.type(), d.now());
        } else if (event instanceof TypeEvent.Timer) {
            timer(plan, event.now());
        } else {
            begin(plan, event.now());
        }
        return plan.starts();
    }

    /** Once at time 0 on an empty cluster with empty queues. */
    abstract void begin(PlannedStarts cluster, double now);

    abstract void arrived(PlannedStarts cluster, int type, double now);

    abstract void departed(PlannedStarts cluster, int server, int type, double now);

    void timer(PlannedStarts cluster, double now) {}
}
