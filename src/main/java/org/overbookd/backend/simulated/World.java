package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.model.BoundScan;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;
import org.overbookd.model.VmState;

/**
 * The hosts and the low-QoS queue of the simulated world, and the live {@link ClusterView} of them:
 * a policy reads it directly, with no copying, and nothing changes it while the policy decides.
 *
 * <p>The queue is kept in the order the overbooking policy reads it ({@link QueueIndex}), so a step
 * costs what its candidates and decisions cost, not what the queue holds (tens of thousands of VMs
 * in a Google-cell run): VMs taken off a host by first arrival in an {@link ArrivalQueue}, new VMs
 * in a list in which they arrive in order. A new VM deployed is only marked gone (its state is no
 * longer QUEUED) and dropped when it reaches the list's head or the holes outnumber the VMs; a
 * suspended VM resumed leaves the arrival queue at once.
 */
final class World implements ClusterView, BoundScan, QueueIndex {

    /**
     * The order of {@code QueueOrder.FIFO} within one state: first arrival, then id. Compared on the
     * arrival second, which orders VMs as their arrival instants do (every instant is the world's
     * epoch plus that second), without reaching into an Instant at each step down the tree.
     */
    private static final Comparator<SimVm> BY_ARRIVAL = (a, b) -> {
        int c = Long.compare(a.firstArrivalSeconds, b.firstArrivalSeconds);
        return c != 0 ? c : Long.compare(a.id, b.id);
    };

    private final SimHost[] hosts;
    private final List<SimHost> hostView;
    /** The hosts' flat state, read by the two bound scans; set once by {@link #attach}. */
    private HotState hot;
    /** How many hosts each scan found last step: the next one's list starts that large. */
    private int lastOver;

    private int lastFree;
    /**
     * Bumped by the {@link Lifecycle} before it changes any host ({@link #hostsChanged}): what
     * {@link #hostsOver} found ahead for the scans holds while it stays the same.
     */
    private long hostsVersion;
    /**
     * The bounds the policy scanned with last ({@code NaN} and -1 before the first scan), and, when
     * {@link #hostsOver} found them ahead, the lists for them and the version they hold for. A long
     * run counts the hosts over 95 and 100 % right before every step, whose two scans then read the
     * lists off instead of passing over every host twice more: one pass a step instead of three.
     */
    private double overBound = Double.NaN;

    private int freeSlots = -1;
    private double freeBound = Double.NaN;
    private List<HostView> overAhead;
    private List<HostView> freeAhead;
    private long aheadVersion = -1;
    /** Queued VMs taken off a host (SUSPENDED). */
    private final ArrivalQueue suspended = new ArrivalQueue();
    /** Queued new VMs (QUEUED) by arrival from {@code freshHead} on, with holes where one was deployed. */
    private final ArrayList<SimVm> fresh = new ArrayList<>();

    private int freshHead;
    private int freshWaiting;
    private int sized;
    private int pinned;
    /** The queue as a list, built when a reader asks for it and kept until the queue changes. */
    private List<SimVm> queueList;
    /** The low-QoS VMs a decision may name: from arrival until they terminate. */
    private final VmsById lowById = new VmsById();
    /** The actions on the hosts not yet in their histories. */
    private final HostActionLog actionLog;

    /** Synthetic hosts, or those of the recorded cluster when the spec has one. */
    World(WorldSpec spec) {
        this.hosts = new SimHost[spec.hostCount()];
        for (int h = 0; h < hosts.length; h++) {
            if (spec.recorded() == null) {
                hosts[h] = new SimHost(h, spec.coresPerNode());
            } else {
                RecordedWorkload.Host recorded = spec.recorded().hosts().get(h);
                hosts[h] = new SimHost(
                        h, recorded.name(), recorded.cores(), recorded.lanes().size());
            }
        }
        this.hostView = Collections.unmodifiableList(Arrays.asList(hosts));
        this.actionLog = new HostActionLog(hosts);
        for (SimHost host : hosts) {
            host.attach(actionLog);
        }
    }

    /** Where an action on a host is logged before its host's history takes it in. */
    HostActionLog actionLog() {
        return actionLog;
    }

    /** Called once, with the flat state its hosts were attached to, before the first scan. */
    void attach(HotState state) {
        this.hot = state;
    }

    /** Called once, with the world's clock, on which the hosts answer the guards. */
    void attach(VirtualClock clock) {
        for (SimHost host : hosts) {
            host.attach(clock);
        }
    }

    /**
     * The hosts keep samples of their utilization and forecast it as {@code spec} says; replayed hosts
     * with forecasts in their record take those, when the spec says so.
     */
    void forecasting(ForecastSpec spec, RecordedWorkload recorded) {
        for (SimHost host : hosts) {
            RecordedForecast own = recorded == null || spec.origin() != ForecastOrigin.RECORD
                    ? null
                    : recorded.hosts().get(host.id).forecast();
            host.forecasting(spec, own);
        }
    }

    /** Each host's utilization now is its next sample. */
    void sampleUtilization() {
        for (SimHost host : hosts) {
            host.sample();
        }
    }

    /** The hosts in id order; the array itself, for the passes over every host. */
    SimHost[] hostArray() {
        return hosts;
    }

    int hostCount() {
        return hosts.length;
    }

    /** Whether there is a host with this id (without reading its object). */
    boolean hasHost(int id) {
        return id >= 0 && id < hosts.length;
    }

    /** The host with this id, or null when there is none. */
    SimHost host(int id) {
        return id < 0 || id >= hosts.length ? null : hosts[id];
    }

    /** A host is about to change (its load, demand, operations or VMs): what was found ahead no longer holds. */
    void hostsChanged() {
        hostsVersion++;
    }

    /**
     * For each of {@code percents}, how many hosts are more than that utilized now (as {@link
     * HotState#hostsOver}); in the same pass, the hosts each bound scan would find with the bounds
     * the policy used last, kept for its next scans if no host changes before.
     */
    int[] hostsOver(double... percents) {
        if (freeSlots < 0) {
            return hot.hostsOver(percents);
        }
        int[] counts = new int[percents.length];
        List<HostView> over = new ArrayList<>(lastOver + 16);
        List<HostView> free = new ArrayList<>(lastFree + 16);
        HotState state = hot;
        double atLeast = overBound;
        double atMost = freeBound;
        int slots = freeSlots;
        // the first two percentages counted in locals (a long run asks for two), any others in the array
        double first = percents.length > 0 ? percents[0] : Double.NaN;
        double second = percents.length > 1 ? percents[1] : Double.NaN;
        int overFirst = 0;
        int overSecond = 0;
        for (int h = 0; h < hosts.length; h++) {
            double utilization = state.utilization(h);
            overFirst += utilization > first ? 1 : 0;
            overSecond += utilization > second ? 1 : 0;
            for (int p = 2; p < percents.length; p++) {
                if (utilization > percents[p]) {
                    counts[p]++;
                }
            }
            // the two scans' own tests, so the lists are the ones they would find
            if (overCandidate(state, h, utilization, atLeast)) {
                over.add(hosts[h]);
            }
            if (freeCandidate(state, h, utilization, slots, atMost)) {
                free.add(hosts[h]);
            }
        }
        if (percents.length > 0) {
            counts[0] = overFirst;
        }
        if (percents.length > 1) {
            counts[1] = overSecond;
        }
        overAhead = over;
        freeAhead = free;
        aheadVersion = hostsVersion;
        return counts;
    }

    /** Whether host {@code id} (an id of one of the hosts) has an operation in flight, read off the flat state. */
    boolean operationInFlight(int id) {
        return hot.ops(id) > 0;
    }

    /** The low-QoS VM with this id, or null when there is none (or it has terminated). */
    LowQosVm low(long id) {
        return lowById.get(id);
    }

    /** A new low-QoS VM arrives: it can be named from now on and waits in the queue. */
    void admit(LowQosVm vm, long now) {
        lowById.put(vm);
        enqueue(vm, now);
    }

    /** A VM joins the queue: a new one ({@link VmState#QUEUED}) or one taken off a host ({@link VmState#SUSPENDED}). */
    void enqueue(LowQosVm vm, long now) {
        vm.queuedSinceSeconds = now;
        if (vm.state == VmState.SUSPENDED) {
            suspended.add(vm);
        } else if (vm.state == VmState.QUEUED) {
            int last = fresh.size() - 1;
            if (last >= freshHead && BY_ARRIVAL.compare(fresh.get(last), vm) > 0) {
                // new VMs arrive with the clock and take rising ids; kept right should one ever not
                int at = Collections.binarySearch(fresh.subList(freshHead, fresh.size()), vm, BY_ARRIVAL);
                fresh.add(freshHead + (-at - 1), vm);
            } else {
                fresh.add(vm);
            }
            freshWaiting++;
        } else {
            throw new IllegalStateException("VM " + vm.id + " cannot wait in the queue while " + vm.state);
        }
        count(vm, 1);
    }

    /** A queued VM was placed on a host (its state already the boot or resume under way). */
    void dequeue(SimVm vm, boolean wasSuspended) {
        if (wasSuspended) {
            if (!suspended.remove(vm)) {
                throw new IllegalStateException("VM " + vm.id + " was not in the queue");
            }
        } else {
            freshWaiting--;
            dropFreshHoles();
        }
        count(vm, -1);
    }

    private void count(SimVm vm, int delta) {
        queueList = null;
        if (vm.sized()) {
            sized += delta;
        }
        if (vm.pinnedHost().isPresent()) {
            pinned += delta;
        }
    }

    /** Deployed VMs at the head go; the list is compacted when its holes outnumber the VMs waiting. */
    private void dropFreshHoles() {
        while (freshHead < fresh.size() && fresh.get(freshHead).state != VmState.QUEUED) {
            freshHead++;
        }
        int holes = fresh.size() - freshHead - freshWaiting;
        if (freshHead > 4096 && freshHead > fresh.size() / 2 || holes > 4096 && holes > freshWaiting) {
            ArrayList<SimVm> waiting = new ArrayList<>(freshWaiting);
            for (Iterator<SimVm> it = fresh(); it.hasNext(); ) {
                waiting.add(it.next());
            }
            fresh.clear();
            fresh.addAll(waiting);
            freshHead = 0;
        }
    }

    /** A terminated low-QoS VM can no longer be named. */
    void forget(LowQosVm vm) {
        lowById.remove(vm);
    }

    @Override
    public List<SimHost> hosts() {
        return hostView;
    }

    /** Every queued VM: those taken off a host, then the new ones, each by arrival. */
    @Override
    public List<SimVm> queue() {
        if (queueList == null) {
            List<SimVm> all = new ArrayList<>(queued());
            suspended.forEach(all::add);
            fresh().forEachRemaining(all::add);
            queueList = Collections.unmodifiableList(all);
        }
        return queueList;
    }

    @Override
    public int queued() {
        return suspended.size() + freshWaiting;
    }

    @Override
    public boolean anyPinned() {
        return pinned > 0;
    }

    @Override
    public boolean anySized() {
        return sized > 0;
    }

    @Override
    public Iterator<SimVm> suspendedByArrival() {
        return suspended.iterator();
    }

    @Override
    public Iterator<SimVm> othersByArrival() {
        return fresh();
    }

    /** The new VMs waiting, skipping the holes. */
    private Iterator<SimVm> fresh() {
        return new Iterator<>() {
            private int next = skip(freshHead);

            private int skip(int from) {
                while (from < fresh.size() && fresh.get(from).state != VmState.QUEUED) {
                    from++;
                }
                return from;
            }

            @Override
            public boolean hasNext() {
                return next < fresh.size();
            }

            @Override
            public SimVm next() {
                if (next >= fresh.size()) {
                    throw new NoSuchElementException();
                }
                SimVm vm = fresh.get(next);
                next = skip(next + 1);
                return vm;
            }
        };
    }

    // The two scans read the flat per-host arrays, not the host objects: a step scans every host of a
    // Google-cell-sized world twice, and most hosts are ruled out by their utilization alone. The
    // tests are those of HostView's methods on the same numbers (utilization() is demand / cores,
    // operationInFlight() is ops > 0, overbooked() holds lowCount VMs), so they pick the same hosts.

    @Override
    public List<HostView> overbookedAtOrAbove(double atLeast) {
        boolean same = Double.doubleToRawLongBits(atLeast) == Double.doubleToRawLongBits(overBound);
        overBound = atLeast;
        List<HostView> ahead = overAhead;
        overAhead = null;
        if (same && ahead != null && aheadVersion == hostsVersion) {
            lastOver = ahead.size();
            return ahead;
        }
        List<HostView> out = new ArrayList<>(lastOver + 16);
        HotState state = hot;
        for (int h = 0; h < hosts.length; h++) {
            if (overCandidate(state, h, state.utilization(h), atLeast)) {
                out.add(hosts[h]);
            }
        }
        lastOver = out.size();
        return out;
    }

    @Override
    public List<HostView> withFreeSlotAtOrBelow(int slots, double atMost) {
        boolean same =
                slots == freeSlots && Double.doubleToRawLongBits(atMost) == Double.doubleToRawLongBits(freeBound);
        freeSlots = slots;
        freeBound = atMost;
        List<HostView> ahead = freeAhead;
        freeAhead = null;
        if (same && ahead != null && aheadVersion == hostsVersion) {
            lastFree = ahead.size();
            return ahead;
        }
        List<HostView> out = new ArrayList<>(lastFree + 16);
        HotState state = hot;
        for (int h = 0; h < hosts.length; h++) {
            if (freeCandidate(state, h, state.utilization(h), slots, atMost)) {
                out.add(hosts[h]);
            }
        }
        lastFree = out.size();
        return out;
    }

    /** Whether host {@code h}, at {@code utilization}, is one {@link #overbookedAtOrAbove} finds for {@code atLeast}. */
    private static boolean overCandidate(HotState state, int h, double utilization, double atLeast) {
        return !(utilization < atLeast) && state.ops(h) == 0 && state.lowCount(h) != 0;
    }

    /** Whether host {@code h}, at {@code utilization}, is one {@link #withFreeSlotAtOrBelow} finds for these bounds. */
    private static boolean freeCandidate(HotState state, int h, double utilization, int slots, double atMost) {
        return utilization <= atMost && state.ops(h) == 0 && state.lowCount(h) < slots;
    }
}
