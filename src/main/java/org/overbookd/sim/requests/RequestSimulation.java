package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import org.overbookd.policy.qos.InstanceView;
import org.overbookd.policy.qos.NodeView;
import org.overbookd.policy.qos.Placement;
import org.overbookd.policy.qos.Scheduler;
import org.overbookd.sim.Seeds;

/**
 * The event-driven simulation of Algorithm 1: arrivals, completions, hosts removed and added, and
 * a watchdog, each setting "reschedule"; after every event of an instant, one scheduling pass.
 *
 * <p>Without an end time the run stops when nothing can change any more: no future arrival, host
 * event or completion, and a pass that placed nothing on an infrastructure with nothing running.
 */
public final class RequestSimulation {

    /** Roles for {@link Seeds#stream}: one random source per kind of decision. */
    static final long SCHEDULER_ROLE = 0x5343484544L;
    static final long OVERHEAD_ROLE = 0x4f56455248L;

    public static final double DEFAULT_WATCHDOG_S = 10;
    public static final double INTERVAL_S = 600;

    private final Scheduler scheduler;
    private final List<HostSpec> hosts;
    private final List<RequestSpec> requests;
    private final List<HostEvent> hostEvents;
    private final Overheads overheads;
    private final long seed;
    private final double until;
    private final double watchdogS;

    private final PriorityQueue<SimEvent> queue = new PriorityQueue<>(SimEvent.ORDER);
    private long seq;
    private final Set<String> present = new LinkedHashSet<>();
    private final Map<String, Set<SimInstance>> residents = new HashMap<>();
    private final LinkedHashMap<String, SimInstance> active = new LinkedHashMap<>();
    private final List<SimInstance> terminatedInInterval = new ArrayList<>();
    private final Map<String, Outcome> outcomes = new HashMap<>();
    private final List<IntervalSample> intervals = new ArrayList<>();
    private final SplittableRandom overheadRandom;
    private long passes;
    private int watchdogGeneration;
    private int futureWork;

    public RequestSimulation(Scheduler scheduler, List<HostSpec> hosts, List<RequestSpec> requests,
                             List<HostEvent> hostEvents, Overheads overheads, long seed, double until, double watchdogS) {
        this.scheduler = scheduler;
        this.hosts = List.copyOf(hosts);
        this.requests = List.copyOf(requests);
        this.hostEvents = List.copyOf(hostEvents);
        this.overheads = overheads;
        this.seed = seed;
        this.until = until;
        this.watchdogS = watchdogS;
        this.overheadRandom = Seeds.stream(seed, OVERHEAD_ROLE);
    }

    public RunResult run() {
        start();
        double now = 0;
        double lastInterval = 0;
        while (!queue.isEmpty() && queue.peek().time() <= until) {
            now = queue.peek().time();
            boolean reschedule = false;
            while (!queue.isEmpty() && queue.peek().time() == now) {
                SimEvent e = queue.poll();
                if (e.kind() == SimEvent.Kind.INTERVAL) {
                    lastInterval = now;
                }
                reschedule |= handle(e, now);
            }
            if (reschedule) {
                int placed = pass(now);
                if (placed == 0 && futureWork == 0 && nothingRunning() && until == Double.POSITIVE_INFINITY) {
                    break; // nothing will ever change: what is pending cannot run
                }
                schedule(now + watchdogS, SimEvent.Kind.WATCHDOG, null, ++watchdogGeneration);
            }
            if (futureWork == 0 && active.isEmpty()) {
                break;
            }
        }
        double end = until == Double.POSITIVE_INFINITY ? now : until;
        for (SimInstance i : active.values()) {
            i.advanceTo(end);
        }
        if (end > lastInterval) {
            sample(lastInterval, end);
        }
        List<Outcome> list = new ArrayList<>();
        for (RequestSpec r : requests) {
            Outcome o = outcomes.get(r.id());
            if (o == null) {
                SimInstance i = active.get(r.id());
                o = i == null ? new Outcome(r, 1.0, 0, 0, 0, 0, false) : outcome(i, false);
            }
            list.add(o);
        }
        return new RunResult(list, intervals, end);
    }

    private void start() {
        Set<String> startAbsent = new HashSet<>();
        Set<String> seen = new HashSet<>();
        for (HostEvent e : hostEvents) {
            if (seen.add(e.host()) && e.add()) {
                startAbsent.add(e.host()); // first event "add": the host joins later
            }
        }
        for (HostSpec h : hosts) {
            if (!startAbsent.contains(h.id())) {
                present.add(h.id());
            }
            residents.put(h.id(), new LinkedHashSet<>());
        }
        long admission = 0;
        for (RequestSpec r : requests) {
            schedule(r.submitS(), SimEvent.Kind.ARRIVAL, new SimInstance(r, admission++), 0);
            futureWork++;
        }
        for (HostEvent e : hostEvents) {
            schedule(e.timeS(), e.add() ? SimEvent.Kind.HOST_ADD : SimEvent.Kind.HOST_REMOVE, e.host(), 0);
            futureWork++;
        }
        schedule(INTERVAL_S, SimEvent.Kind.INTERVAL, null, 0);
    }

    private void schedule(double time, SimEvent.Kind kind, Object subject, int epoch) {
        queue.add(new SimEvent(time, kind, seq++, subject, epoch));
    }

    /** Applies one event; true when it asks for a scheduling pass. */
    private boolean handle(SimEvent e, double now) {
        switch (e.kind()) {
            case ARRIVAL -> {
                futureWork--;
                SimInstance i = (SimInstance) e.subject();
                active.put(i.spec.id(), i);
                return true;
            }
            case ALLOCATED -> {
                SimInstance i = (SimInstance) e.subject();
                if (i.epoch != e.epoch()) {
                    return false;
                }
                futureWork--;
                i.advanceTo(now);
                i.state = SimInstance.State.RUNNING;
                startRunning(i, now);
                return false;
            }
            case COMPLETION -> {
                SimInstance i = (SimInstance) e.subject();
                if (i.epoch != e.epoch()) {
                    return false;
                }
                futureWork--;
                i.advanceTo(now);
                residents.get(i.host).remove(i);
                i.state = SimInstance.State.DONE;
                active.remove(i.spec.id());
                outcomes.put(i.spec.id(), outcome(i, true));
                terminatedInInterval.add(i);
                return true;
            }
            case HOST_REMOVE -> {
                futureWork--;
                String h = (String) e.subject();
                if (present.remove(h)) {
                    for (SimInstance i : new ArrayList<>(residents.get(h))) {
                        evict(i, now);
                    }
                }
                return true;
            }
            case HOST_ADD -> {
                futureWork--;
                present.add((String) e.subject());
                return true;
            }
            case WATCHDOG -> {
                return e.epoch() == watchdogGeneration;
            }
            case INTERVAL -> {
                sample(now - INTERVAL_S, now);
                if (futureWork > 0 || !active.isEmpty()) {
                    schedule(now + INTERVAL_S, SimEvent.Kind.INTERVAL, null, 0);
                }
                return false;
            }
        }
        return false;
    }

    private void startRunning(SimInstance i, double now) {
        schedule(now + i.remainingWork, SimEvent.Kind.COMPLETION, i, i.epoch);
        futureWork++;
    }

    /** Sends an instance back to the queue; its queued completion or allocation end goes stale. */
    private void evict(SimInstance i, double now) {
        i.advanceTo(now);
        if (i.state == SimInstance.State.RUNNING || i.state == SimInstance.State.ALLOCATING) {
            futureWork--;
        }
        residents.get(i.host).remove(i);
        i.release();
    }

    /** One pass of the scheduler at time now; returns how many instances it placed. */
    private int pass(double now) {
        List<NodeView> nodes = new ArrayList<>();
        for (HostSpec h : hosts) {
            if (present.contains(h.id())) {
                nodes.add(new NodeView(h.id(), h.cpu(), h.mem(), h.attributes()));
            }
        }
        double alpha = overheads.alpha();
        List<InstanceView> running = new ArrayList<>();
        List<InstanceView> pending = new ArrayList<>();
        for (SimInstance i : active.values()) {
            i.advanceTo(now);
            (i.host == null ? pending : running).add(i.view(alpha));
        }
        if (pending.isEmpty()) {
            return 0;
        }
        List<Placement> placements = scheduler.schedule(nodes, running, pending, Seeds.stream(seed, SCHEDULER_ROLE, passes++));
        for (Placement p : placements) {
            for (String victim : p.victims()) {
                SimInstance v = active.get(victim);
                evict(v, now);
                v.preemptions++;
            }
            SimInstance i = active.get(p.instance());
            double cost = overheads.draw(i.ranOn(p.node()), overheadRandom);
            i.allocate(p.node(), cost);
            residents.get(p.node()).add(i);
            futureWork++;
            if (cost > 0) {
                schedule(now + cost, SimEvent.Kind.ALLOCATED, i, i.epoch);
            } else {
                futureWork--;
                startRunning(i, now);
            }
        }
        return placements.size();
    }

    private boolean nothingRunning() {
        for (Set<SimInstance> r : residents.values()) {
            if (!r.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private void sample(double start, double end) {
        List<Outcome> list = new ArrayList<>();
        for (SimInstance i : terminatedInInterval) {
            list.add(outcomes.get(i.spec.id()));
        }
        for (SimInstance i : active.values()) {
            i.advanceTo(end);
            list.add(outcome(i, false));
        }
        terminatedInInterval.clear();
        intervals.add(new IntervalSample(start, end, list));
    }

    private static Outcome outcome(SimInstance i, boolean completed) {
        return new Outcome(i.spec, i.availability(), i.run, i.pending, i.overhead, i.preemptions, completed);
    }
}
