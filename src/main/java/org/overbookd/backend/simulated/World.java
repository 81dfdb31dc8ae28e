package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
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

    /** Synthetic hosts, or those of the recorded cluster when the spec has one. */
    World(WorldSpec spec) {
        this.hosts = new SimHost[spec.hostCount()];
        for (int h = 0; h < hosts.length; h++) {
            if (spec.recorded() == null) {
                hosts[h] = new SimHost(h, spec.coresPerNode());
            } else {
                RecordedWorkload.Host recorded = spec.recorded().hosts().get(h);
                hosts[h] = new SimHost(h, recorded.name(), recorded.cores(), recorded.vms().size());
            }
        }
        this.hostView = Collections.unmodifiableList(Arrays.asList(hosts));
    }

    /** Called once, with the flat state its hosts were attached to, before the first scan. */
    void attach(HotState state) {
        this.hot = state;
    }

    /** The hosts in id order; the array itself, for the passes over every host. */
    SimHost[] hostArray() {
        return hosts;
    }

    int hostCount() {
        return hosts.length;
    }

    /** The host with this id, or null when there is none. */
    SimHost host(int id) {
        return id < 0 || id >= hosts.length ? null : hosts[id];
    }

    /** Whether host {@code id} (an id of one of the hosts) has an operation in flight, read off the flat state. */
    boolean operationInFlight(int id) {
        return hot.ops[id] > 0;
    }

    /** The low-QoS VM with this id, or null when there is none (or it has terminated). */
    SimVm low(long id) {
        return lowById.get(id);
    }

    /** A new low-QoS VM arrives: it can be named from now on and waits in the queue. */
    void admit(SimVm vm, long now) {
        lowById.put(vm);
        enqueue(vm, now);
    }

    /** A VM joins the queue: a new one ({@link VmState#QUEUED}) or one taken off a host ({@link VmState#SUSPENDED}). */
    void enqueue(SimVm vm, long now) {
        vm.inQueue = true;
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
    void forget(SimVm vm) {
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
        List<HostView> out = new ArrayList<>(lastOver + 16);
        HotState state = hot;
        int[] ops = state.ops;
        int[] lowCount = state.lowCount;
        for (int h = 0; h < hosts.length; h++) {
            if (!(state.utilization(h) < atLeast) && ops[h] == 0 && lowCount[h] != 0) {
                out.add(hosts[h]);
            }
        }
        lastOver = out.size();
        return out;
    }

    @Override
    public List<HostView> withFreeSlotAtOrBelow(int slots, double atMost) {
        List<HostView> out = new ArrayList<>(lastFree + 16);
        HotState state = hot;
        int[] ops = state.ops;
        int[] lowCount = state.lowCount;
        for (int h = 0; h < hosts.length; h++) {
            if (state.utilization(h) <= atMost && ops[h] == 0 && lowCount[h] < slots) {
                out.add(hosts[h]);
            }
        }
        lastFree = out.size();
        return out;
    }
}
