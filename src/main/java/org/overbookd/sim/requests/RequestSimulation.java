package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.overbookd.engine.EventQueue;
import org.overbookd.policy.qos.Allocation;
import org.overbookd.policy.qos.LiveInstance;
import org.overbookd.policy.qos.NodeView;
import org.overbookd.policy.qos.RequestPolicy;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.random.Seeds;

/**
 * The event-driven simulation of Algorithm 1: arrivals, completions, hosts removed and added, and
 * a watchdog, each setting "reschedule"; after every event of an instant, one scheduling pass.
 *
 * <p>Without an end time the run stops when nothing can change any more: no future arrival, host
 * event or completion, and a pass that placed nothing on an infrastructure with nothing running.
 *
 * <p>Sized for a month of a Google cell: requests are read one arrival ahead from an iterator in
 * submit order, outcomes go to a consumer as requests terminate, intervals are summarised as they
 * close, and the policy's own index ({@link RequestPolicy}) is kept between passes and told about every change,
 * so a pass costs what it looks at. A pass is skipped when the queue is empty, and, for a policy
 * whose decisions do not depend on time ({@link RequestScheduler#dependsOnTime()}), when nothing changed
 * since a pass that placed nothing: it would place nothing again.
 */
public final class RequestSimulation {

    /** Told at the end of every 10-minute interval how far the run has come; for a progress line. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (now, completed, pending, held) -> {};

        /**
         * @param now       simulated seconds
         * @param completed requests completed so far
         * @param pending   instances waiting in the queue
         * @param held      instances holding a host
         */
        void simulated(double now, long completed, int pending, long held);
    }

    /** Roles for {@link Seeds#stream}: one random source per kind of decision. */
    static final long SCHEDULER_ROLE = 0x5343484544L;

    static final long OVERHEAD_ROLE = 0x4f56455248L;

    public static final double DEFAULT_WATCHDOG_S = 10;
    public static final double INTERVAL_S = 600;

    private final RequestPolicy policy;
    private final List<HostSpec> hosts;
    private final List<RequestSpec> requestList;
    private final Iterator<RequestSpec> requests;
    private final List<HostEvent> hostEvents;
    private final Overheads overheads;
    private final double alpha;
    private final long seed;
    private final double until;
    private final double watchdogS;

    private final EventQueue<Object> queue = new EventQueue<>(1024);
    private final Map<String, HostSpec> hostById = new HashMap<>();
    private final Map<String, Integer> ordinals = new HashMap<>();
    /**
     * Requests admitted and not completed (waiting or holding a host); they are those of
     * {@link #admitted} not done, in the same order. No map of them by id: a pass's allocations are
     * applied through the instances the policy moved ({@link RequestPolicy#lastMoves()}).
     */
    private long active;

    private final Set<SimInstance> pending = new LinkedHashSet<>();
    private final List<RequestOutcome> terminatedInInterval = new ArrayList<>();
    /** Each interval's summary, in order, computed on the {@link #summaries} thread when large. */
    private final List<Future<IntervalSample>> intervals = new ArrayList<>();

    private final IntervalSample.IntervalTally tally = new IntervalSample.IntervalTally();
    /**
     * The active requests in admission order in an array, with
     * those completed since the last interval end still in it until the next one drops them: an
     * interval's summary reads every active request, and reads them from here in two halves, one
     * on each thread (see {@link #sample}).
     */
    private SimInstance[] admitted = new SimInstance[1024];

    private int admittedCount;
    /** Per request of {@link #admitted} at an interval's end: its class, availability and whether it ever waited. */
    private ServiceClass[] endClass = new ServiceClass[1024];

    private double[] endAvailability = new double[1024];
    private boolean[] endWaited = new boolean[1024];
    private final SummaryThread summaries = new SummaryThread();
    private int parallelSummary = PARALLEL_SUMMARY;
    private final SplittableRandom overheadRandom;
    private Consumer<RequestOutcome> sink;
    private Progress progress = Progress.NONE;
    private OverheadAccounting accounting = OverheadAccounting.PAPER_TEXT;
    private long completed;
    private long admissions;
    private double lastSubmit = Double.NEGATIVE_INFINITY;
    private long passes;
    private long passesSkipped;
    /**
     * When the watchdog is due: watchdogS after the last instant that asked for a pass. It fires
     * only if no other instant asked for one since, so at most one watchdog event is queued, at or
     * before this time, and put back at it when it comes early (see {@link #watchdogAfterPass}).
     */
    private double watchdogDue;

    private boolean watchdogQueued;
    private int futureWork;
    /** Changes to the queue or any host since the start; and their count at the last pass that placed nothing. */
    private long changes;

    private long changesAtLastFailure = -1;

    /** A run over a workload held in memory; {@link #run()} returns outcomes in workload order. */
    public RequestSimulation(
            RequestScheduler scheduler,
            List<HostSpec> hosts,
            List<RequestSpec> requests,
            List<HostEvent> hostEvents,
            Overheads overheads,
            long seed,
            double until,
            double watchdogS) {
        this(scheduler, hosts, requests, inSubmitOrder(requests), hostEvents, overheads, seed, until, watchdogS);
    }

    /**
     * A run over a workload streamed in submit order (non-decreasing submit times, checked): only
     * the next arrival is held; outcomes go to {@link #run(Consumer)}'s consumer.
     */
    public RequestSimulation(
            RequestScheduler scheduler,
            List<HostSpec> hosts,
            Iterator<RequestSpec> requests,
            List<HostEvent> hostEvents,
            Overheads overheads,
            long seed,
            double until,
            double watchdogS) {
        this(scheduler, hosts, null, requests, hostEvents, overheads, seed, until, watchdogS);
    }

    private RequestSimulation(
            RequestScheduler scheduler,
            List<HostSpec> hosts,
            List<RequestSpec> requestList,
            Iterator<RequestSpec> requests,
            List<HostEvent> hostEvents,
            Overheads overheads,
            long seed,
            double until,
            double watchdogS) {
        this.policy = new RequestPolicy(scheduler);
        this.hosts = List.copyOf(hosts);
        this.requestList = requestList;
        this.requests = requests;
        this.hostEvents = List.copyOf(hostEvents);
        this.overheads = overheads;
        this.alpha = overheads.alpha();
        this.seed = seed;
        this.until = until;
        this.watchdogS = watchdogS;
        this.overheadRandom = Seeds.stream(seed, OVERHEAD_ROLE);
    }

    /** Admission follows arrival: by submit time, equal times in workload order (a stable sort). */
    private static Iterator<RequestSpec> inSubmitOrder(List<RequestSpec> requests) {
        List<RequestSpec> sorted = new ArrayList<>(requests);
        sorted.sort(Comparator.comparingDouble(RequestSpec::submitS));
        return sorted.iterator();
    }

    /** Where to report progress (at the end of every interval); none by default. */
    public RequestSimulation withProgress(Progress progress) {
        this.progress = progress;
        return this;
    }

    /**
     * How allocation overheads count in the availability the run reports; {@link OverheadAccounting#PAPER_TEXT}
     * by default. The scheduler's view (e and p in Q) is the same under both.
     */
    public RequestSimulation withAccounting(OverheadAccounting accounting) {
        this.accounting = accounting;
        return this;
    }

    /**
     * Summaries on two threads from this many requests in {@link #admitted} at an interval's end
     * (those active and those completed since the last one) instead of
     * {@link #PARALLEL_SUMMARY}: tests take 1 (always) and {@link Integer#MAX_VALUE} (never).
     */
    RequestSimulation withParallelSummaryFrom(int activeRequests) {
        this.parallelSummary = activeRequests;
        return this;
    }

    /** Runs a workload held in memory and returns every outcome in workload order. */
    public RunResult run() {
        if (requestList == null) {
            throw new IllegalStateException("a streamed workload's outcomes go to run(Consumer)");
        }
        Map<String, RequestOutcome> byId = new HashMap<>();
        RunResult r = run(o -> byId.put(o.spec().id(), o));
        List<RequestOutcome> list = new ArrayList<>(requestList.size());
        for (RequestSpec s : requestList) {
            list.add(byId.get(s.id()));
        }
        return new RunResult(list, r.intervals(), r.endS(), r.passes(), r.passesSkipped());
    }

    /**
     * Runs, handing each request's outcome to the sink as it terminates (completion order), then
     * those still in the system at the end (admission order), then those never admitted.
     */
    public RunResult run(Consumer<RequestOutcome> outcomes) {
        try (summaries) {
            return runWith(outcomes);
        }
    }

    private RunResult runWith(Consumer<RequestOutcome> outcomes) {
        this.sink = outcomes;
        start();
        double now = 0;
        double lastInterval = 0;
        while (!queue.isEmpty() && queue.time() <= until) {
            now = queue.time();
            boolean reschedule = false;
            while (!queue.isEmpty() && queue.time() == now) {
                RequestEvent kind = RequestEvent.of(queue.kind());
                Object subject = queue.subject();
                int epoch = queue.tag();
                queue.remove();
                if (kind == RequestEvent.INTERVAL) {
                    lastInterval = now;
                }
                reschedule |= handle(kind, subject, epoch, now);
            }
            if (reschedule) {
                int placed = pass(now);
                if (placed == 0 && futureWork == 0 && policy.held() == 0 && until == Double.POSITIVE_INFINITY) {
                    break; // nothing will ever change: what is pending cannot run
                }
                watchdogAfterPass(now);
            }
            if (futureWork == 0 && active == 0) {
                break;
            }
        }
        double end = until == Double.POSITIVE_INFINITY ? now : until;
        for (int k = 0; k < admittedCount; k++) {
            SimInstance i = admitted[k];
            if (i.state != SimInstance.State.DONE) {
                i.advanceTo(end);
            }
        }
        if (end > lastInterval) {
            sample(lastInterval, end);
        }
        for (int k = 0; k < admittedCount; k++) {
            SimInstance i = admitted[k];
            if (i.state != SimInstance.State.DONE) {
                sink.accept(outcome(i, false));
            }
        }
        for (; !queue.isEmpty(); queue.remove()) { // at most one arrival is queued: the one read ahead
            if (queue.kind() == RequestEvent.ARRIVAL.ordinal()) {
                sink.accept(new RequestOutcome(((SimInstance) queue.subject()).spec, 1.0, 0, 0, 0, 0, false));
            }
        }
        while (requests.hasNext()) {
            sink.accept(new RequestOutcome(requests.next(), 1.0, 0, 0, 0, 0, false));
        }
        List<IntervalSample> summarised = new ArrayList<>(intervals.size());
        for (Future<IntervalSample> f : intervals) {
            summarised.add(SummaryThread.result(f));
        }
        return new RunResult(List.of(), summarised, end, passes, passesSkipped);
    }

    private void start() {
        Set<String> startAbsent = new HashSet<>();
        Set<String> seen = new HashSet<>();
        for (HostEvent e : hostEvents) {
            if (seen.add(e.host()) && e.add()) {
                startAbsent.add(e.host()); // first event "add": the host joins later
            }
        }
        for (int k = 0; k < hosts.size(); k++) {
            HostSpec h = hosts.get(k);
            hostById.put(h.id(), h);
            ordinals.put(h.id(), k);
            if (!startAbsent.contains(h.id())) {
                addHost(h.id());
            }
        }
        nextArrival();
        for (HostEvent e : hostEvents) {
            schedule(e.timeS(), e.add() ? RequestEvent.HOST_ADD : RequestEvent.HOST_REMOVE, e.host(), 0);
            futureWork++;
        }
        schedule(INTERVAL_S, RequestEvent.INTERVAL, null, 0);
    }

    /** Queues the next request's arrival, if any: the workload is read one arrival ahead. */
    private void nextArrival() {
        if (!requests.hasNext()) {
            return;
        }
        RequestSpec r = requests.next();
        if (r.submitS() < lastSubmit) {
            throw new IllegalArgumentException("workload not in submit order at request " + r.id());
        }
        lastSubmit = r.submitS();
        schedule(r.submitS(), RequestEvent.ARRIVAL, new SimInstance(r, admissions++, alpha), 0);
        futureWork++;
    }

    private void addHost(String id) {
        HostSpec h = hostById.get(id);
        policy.hostUp(new NodeView(h.id(), h.cpu(), h.mem(), h.attributes()), ordinals.get(id));
    }

    private void schedule(double time, RequestEvent kind, Object subject, int epoch) {
        queue.add(time, kind.ordinal(), subject, epoch);
    }

    /** Applies one event; true when it asks for a scheduling pass. */
    private boolean handle(RequestEvent kind, Object subject, int epoch, double now) {
        switch (kind) {
            case ARRIVAL -> {
                futureWork--;
                SimInstance i = (SimInstance) subject;
                active++;
                if (admittedCount == admitted.length) {
                    admitted = Arrays.copyOf(admitted, 2 * admittedCount);
                }
                admitted[admittedCount++] = i;
                pending.add(i);
                changes++;
                nextArrival();
                return true;
            }
            case ALLOCATED -> {
                SimInstance i = (SimInstance) subject;
                if (i.epoch != epoch) {
                    return false;
                }
                futureWork--;
                i.advanceTo(now);
                i.state = SimInstance.State.RUNNING;
                startRunning(i, now);
                return false;
            }
            case COMPLETION -> {
                SimInstance i = (SimInstance) subject;
                if (i.epoch != epoch) {
                    return false;
                }
                futureWork--;
                i.advanceTo(now);
                policy.ended(i.host, i);
                changes++;
                i.state = SimInstance.State.DONE;
                active--;
                RequestOutcome o = outcome(i, true);
                completed++;
                terminatedInInterval.add(o);
                sink.accept(o);
                return true;
            }
            case HOST_REMOVE -> {
                futureWork--;
                String h = (String) subject;
                // The policy's record of the host, in placement order: the world keeps none of its own
                // (a set per host, changed on every placement and completion, was about a tenth of the
                // month's simulation thread).
                List<LiveInstance> held = policy.holding(h);
                if (policy.hostDown(h)) {
                    for (LiveInstance i : held) {
                        evict((SimInstance) i, now);
                    }
                    changes++;
                }
                return true;
            }
            case HOST_ADD -> {
                futureWork--;
                addHost((String) subject);
                changes++;
                return true;
            }
            case WATCHDOG -> {
                watchdogQueued = false;
                if (now == watchdogDue) {
                    return true;
                }
                schedule(watchdogDue, RequestEvent.WATCHDOG, null, 0);
                watchdogQueued = true;
                return false;
            }
            case INTERVAL -> {
                sample(now - INTERVAL_S, now);
                progress.simulated(now, completed, pending.size(), policy.held());
                if (futureWork > 0 || active > 0) {
                    schedule(now + INTERVAL_S, RequestEvent.INTERVAL, null, 0);
                }
                return false;
            }
        }
        return false;
    }

    /**
     * Sets the watchdog watchdogS after this instant. A watchdog event per such instant (one per
     * arrival and per completion, nearly all of them stale when they came) was a large part of the
     * month's events; now the one queued is kept and put back at the due time when it comes
     * before it. A watchdog does
     * nothing but ask for a pass, so it matters only at which instants one fires, not where among
     * an instant's events it is handled: the same instants as with one event per pass.
     */
    private void watchdogAfterPass(double now) {
        watchdogDue = now + watchdogS;
        if (!watchdogQueued) {
            schedule(watchdogDue, RequestEvent.WATCHDOG, null, 0);
            watchdogQueued = true;
        }
    }

    private void startRunning(SimInstance i, double now) {
        schedule(now + i.remainingWork, RequestEvent.COMPLETION, i, i.epoch);
        futureWork++;
    }

    /** Sends an instance back to the queue; its queued completion or allocation end goes stale. */
    private void evict(SimInstance i, double now) {
        i.advanceTo(now);
        if (i.state == SimInstance.State.RUNNING || i.state == SimInstance.State.ALLOCATING) {
            futureWork--;
        }
        i.release();
        pending.add(i);
    }

    /** One pass of the scheduler at time now, unless it has nothing to do; returns how many it placed. */
    private int pass(double now) {
        if (pending.isEmpty()) {
            return 0;
        }
        if (changes == changesAtLastFailure && !policy.dependsOnTime()) {
            passesSkipped++;
            return 0;
        }
        List<Allocation> placements = policy.decide(
                new RequestPolicy.Pending(new ArrayList<>(pending), now, Seeds.stream(seed, SCHEDULER_ROLE, passes++)));
        // The policy has recorded its victims and placements in its own index; the world applies them.
        List<LiveInstance> moved = policy.lastMoves();
        int m = 0;
        for (Allocation p : placements) {
            for (String victim : p.victims()) {
                SimInstance v = named(moved.get(m++), victim);
                evict(v, now);
                v.preemptions++;
            }
            SimInstance i = named(moved.get(m++), p.instance());
            i.advanceTo(now); // its wait ends now: summed before the state changes
            pending.remove(i);
            double cost = overheads.draw(i.ranOn(p.node()), overheadRandom);
            i.allocate(p.node(), cost);
            futureWork++;
            if (cost > 0) {
                schedule(now + cost, RequestEvent.ALLOCATED, i, i.epoch);
            } else {
                futureWork--;
                startRunning(i, now);
            }
        }
        if (placements.isEmpty()) {
            changesAtLastFailure = changes;
        } else {
            changes++;
        }
        return placements.size();
    }

    /** The instance the policy moved, which must be the one the allocation names. */
    private static SimInstance named(LiveInstance moved, String id) {
        SimInstance i = (SimInstance) moved;
        if (!i.spec.id().equals(id)) {
            throw new IllegalStateException("the pass moved " + i.spec.id() + " where its allocation names " + id);
        }
        return i;
    }

    /**
     * Summarises the interval: the requests that terminated in it, then those active at its end (in
     * admission order), each with its availability as its outcome would carry it, counted straight
     * into the run's tally (no outcome object per active request; see {@link IntervalSample.IntervalTally}).
     *
     * <p>Some hundred thousand requests are active at each of the month's 4,320 interval ends, and
     * reading each (its accounting brought to the end, its availability) was about a tenth of the
     * simulation's thread; the Gini coefficient's sort and the minimum a few percent more. Both
     * halves of the active requests are read at once, one on each thread (each instance by one
     * thread only, the simulation's thread waiting for the other before it goes on), and counted
     * into the tally in admission order, so the tally sees the same values in the same order; the
     * summary itself is computed on the second thread from a copy of the tally, and collected when
     * the run ends.
     */
    private void sample(double start, double end) {
        for (RequestOutcome o : terminatedInInterval) {
            tally.add(o.spec().serviceClass(), o.availability(), o.pendingS() > 0);
        }
        terminatedInInterval.clear();
        int all = admittedCount;
        if (endClass.length < all) {
            endClass = new ServiceClass[admitted.length];
            endAvailability = new double[admitted.length];
            endWaited = new boolean[admitted.length];
        }
        boolean parallel = all >= parallelSummary;
        int n;
        if (parallel) {
            int half = all / 2;
            int[] kept = new int[2];
            summaries.both(() -> kept[0] = keepAndRead(0, half, end), () -> kept[1] = keepAndRead(half, all, end));
            moveDown(half, kept[0], kept[1]);
            n = kept[0] + kept[1];
        } else {
            n = keepAndRead(0, all, end);
        }
        Arrays.fill(admitted, n, all, null);
        admittedCount = n;
        for (int k = 0; k < n; k++) {
            tally.add(endClass[k], endAvailability[k], endWaited[k]);
        }
        IntervalSample.Taken taken = tally.take(start, end);
        intervals.add(parallel ? summaries.later(taken::sample) : CompletableFuture.completedFuture(taken.sample()));
    }

    /** Requests in {@link #admitted} at an interval's end from which the summaries go to two threads: fewer are not worth a hand-over. */
    static final int PARALLEL_SUMMARY = 4096;

    /**
     * Drops the completed requests of {@link #admitted} in [from, to), keeping the order of the
     * others from place from on, and reads each kept one at the interval's end into the end arrays
     * at its new place; how many it kept. Both halves do this at once, each touching only its own
     * instances and places, so the completed requests are dropped on two threads too (dropping
     * them first on the simulation's thread read every one of them there again).
     */
    private int keepAndRead(int from, int to, double end) {
        int kept = from;
        for (int k = from; k < to; k++) {
            SimInstance i = admitted[k];
            if (i.state != SimInstance.State.DONE) {
                i.advanceTo(end);
                admitted[kept] = i;
                endClass[kept] = i.spec.serviceClass();
                endAvailability[kept] = i.availability(accounting);
                endWaited[kept] = i.pending > 0;
                kept++;
            }
        }
        return kept - from;
    }

    /** Moves the second half's kept requests, and what was read of them, to follow the first half's. */
    private void moveDown(int from, int to, int count) {
        System.arraycopy(admitted, from, admitted, to, count);
        System.arraycopy(endClass, from, endClass, to, count);
        System.arraycopy(endAvailability, from, endAvailability, to, count);
        System.arraycopy(endWaited, from, endWaited, to, count);
    }

    private RequestOutcome outcome(SimInstance i, boolean completed) {
        return new RequestOutcome(
                i.spec, i.availability(accounting), i.run, i.pending, i.overhead, i.preemptions, completed);
    }
}
