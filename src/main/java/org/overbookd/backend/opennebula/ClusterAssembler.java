package org.overbookd.backend.opennebula;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import org.overbookd.model.HostLeftOut;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmLeftAlone;
import org.overbookd.model.VmState;

/**
 * Builds the policy's view from the four documents of one observation. Pure: what it leaves out
 * is returned in the {@link Observation}, for the backend to log once per episode.
 *
 * <ul>
 *   <li>Hosts: only usable ones ({@link OneHostStates}) with a monitoring sample no older than the
 *       maximum sample age and a physical CPU; utilization is USED_CPU / TOTAL_CPU x 100: the
 *       host's measured busy CPU (everything running on it, VMs included) in percent of its
 *       physical CPU, whatever RESERVED_CPU (and so MAX_CPU) says. Cores are TOTAL_CPU / 100.</li>
 *   <li>Overbooked: low-QoS VMs in ACTIVE (any sub-state but a failure) whose last stay is on the
 *       host, oldest stay first, so the last element is the VM placed last.</li>
 *   <li>Queue: low-QoS VMs in HOLD (new), SUSPENDED (pinned to the host of their last stay) and
 *       STOPPED (free to go anywhere).</li>
 *   <li>Operation in flight: any VM, of either QoS, in an ACTIVE sub-state other than RUNNING and
 *       the failures.</li>
 *   <li>Left alone: low-QoS VMs in a failure sub-state (an administrator must recover them; they
 *       take no slot, are no operation in flight, and are never acted on; their memory stays
 *       allocated on the host, as OpenNebula counts it) and PENDING ones (OpenNebula's scheduler
 *       places them).</li>
 *   <li>Where each queued VM may go, by OpenNebula's own rules ({@link HostMatching}); those that may
 *       go nowhere stay queued and are listed with why.</li>
 * </ul>
 */
final class ClusterAssembler {

    private static final Comparator<Placed> PLACEMENT_ORDER = Comparator.comparingLong(Placed::since)
            .thenComparingLong(placed -> placed.vm().id());

    private ClusterAssembler() {}

    private record Placed(OneVmView vm, long since) {}

    /** Without a clock (no sample is too old) and without datastores (every VM may go anywhere). For tests and benchmarks of the rest. */
    static Observation assemble(
            List<HostRecord> hosts,
            Map<Integer, MonitoringSample> hostSamples,
            List<VmRecord> vms,
            Map<Integer, MonitoringSample> vmSamples) {
        return assemble(hosts, hostSamples, vms, vmSamples, Instant.MIN, Duration.ZERO, null);
    }

    /**
     * @param now          the cycle's time; a host sample whose TIMESTAMP is more than
     *                     {@code maxSampleAge} before it is no measurement
     * @param maxSampleAge zero turns the check off
     * @param sources      what {@link HostMatching} reads; null (tests, benchmarks): every queued VM
     *                     may go to every host, with datastore -1
     */
    static Observation assemble(
            List<HostRecord> hosts,
            Map<Integer, MonitoringSample> hostSamples,
            List<VmRecord> vms,
            Map<Integer, MonitoringSample> vmSamples,
            Instant now,
            Duration maxSampleAge,
            HostMatching.Sources sources) {
        VmSorter sorted = new VmSorter(vmSamples, hosts.size(), vms.size());
        List<LeftOut> hostsLeftOut = new ArrayList<>();
        for (HostRecord host : hosts) {
            LeftOut exclusion = exclusion(host, hostSamples.get(host.id()), now, maxSampleAge);
            if (exclusion != null) {
                hostsLeftOut.add(exclusion);
            } else {
                sorted.usable(host);
            }
        }
        for (VmRecord vm : vms) {
            sorted.add(vm);
        }
        List<HostRecord> usable = new ArrayList<>(sorted.hosts.size());
        for (HostEntry entry : sorted.hosts) {
            usable.add(entry.host);
        }
        List<Waiting> waiting = sorted.queued;
        waiting.sort(Comparator.comparingInt(w -> w.vm().id()));
        List<VmRecord> queued = new ArrayList<>(waiting.size());
        for (Waiting w : waiting) {
            queued.add(w.vm());
        }
        HostMatching matching = sources == null ? HostMatching.UNCONSTRAINED : HostMatching.of(usable, queued, sources);
        List<OneVmView> queue = new ArrayList<>(waiting.size());
        for (Waiting w : waiting) {
            queue.add(sources == null ? w.view() : w.view().withMatch(matching.forVm(w.vm())));
        }

        List<OneHostView> views = new ArrayList<>(sorted.hosts.size());
        List<Integer> usableIds = new ArrayList<>(sorted.hosts.size());
        for (HostEntry entry : sorted.hosts) {
            HostRecord host = entry.host;
            List<OneVmView> overbooked = placementOrder(entry.placed);
            MonitoringSample sample = hostSamples.get(host.id());
            double utilization = sample.cpu() / host.totalCpu() * 100.0;
            // NaN stays NaN: a host without a forecast says so
            double forecast = sample.forecast() / host.totalCpu() * 100.0;
            views.add(new OneHostView(
                    host.id(),
                    host.name(),
                    cores(host),
                    utilization,
                    overbooked,
                    entry.busy,
                    entry.onHost == null ? List.of() : entry.onHost,
                    host.freeMemoryMb(),
                    forecast));
            usableIds.add(host.id());
        }
        List<LeftOut> vmsLeftAlone = sorted.vmsLeftAlone;
        List<LeftOut> unmatched = matching.unmatched();
        OneClusterView view =
                new OneClusterView(views, queue, count(hostsLeftOut), count(vmsLeftAlone), count(unmatched));
        return new Observation(
                view,
                sorted.qosByVm.build(),
                Set.copyOf(usableIds),
                hostsLeftOut,
                vmsLeftAlone,
                sorted.unreadableSlo,
                matching,
                unmatched);
    }

    /**
     * Sorts the VMs of one observation into the view's parts, one VM per call. Its own method, not the
     * body of a loop in {@link #assemble}: a pool of 100,000 VMs goes through it once per cycle, and a
     * loop's body is compiled only after tens of thousands of turns in the interpreter, where a method
     * called per VM is compiled after a few hundred calls: what the daemon's first cycle pays.
     */
    private static final class VmSorter {
        private final Map<Integer, MonitoringSample> vmSamples;
        /** The usable hosts in the host pool's order, each with what the VMs say of it. */
        final List<HostEntry> hosts;

        private final HostIndex index;
        final QosById.Builder qosByVm;
        /** Low-QoS VMs waiting for a host: where they may go is known once every VM is read. */
        final List<Waiting> queued = new ArrayList<>();

        final List<Integer> unreadableSlo = new ArrayList<>();
        final List<LeftOut> vmsLeftAlone = new ArrayList<>();

        VmSorter(Map<Integer, MonitoringSample> vmSamples, int hostCount, int vms) {
            this.vmSamples = vmSamples;
            this.qosByVm = new QosById.Builder(vms);
            this.hosts = new ArrayList<>(hostCount);
            this.index = new HostIndex(hostCount);
        }

        /** A host the view offers; a later record of the same id replaces the earlier one, in its place. */
        void usable(HostRecord host) {
            HostEntry entry = index.get(host.id());
            if (entry != null) {
                entry.host = host;
                return;
            }
            entry = new HostEntry(host);
            hosts.add(entry);
            index.put(host.id(), entry);
        }

        void add(VmRecord vm) {
            QosClass qos = vm.qos();
            qosByVm.put(vm.id(), qos);
            // the host of the VM's last stay, if usable: one lookup for all the VM says of it
            HostEntry host = vm.lastHistory() == null ? null : index.get(vm.lastHostId());
            if (host != null && OneVmStates.inFlight(vm.state(), vm.lcmState())) {
                host.busy = true; // an unusable host is offered to no one, busy or not
            }
            OptionalDouble slo = SloValue.parse(vm.sloValue());
            // one view per VM: an overbooked VM is both on its host's list and in its slots
            OneVmView onHost = null;
            if (vm.state() == OneVmStates.ACTIVE && host != null) {
                onHost = view(vm, vmSamples, slo, HostMatching.HostMatch.ANY);
                host.addOnHost(onHost);
            }
            if (qos != QosClass.LOW) {
                return;
            }
            if (vm.sloValue() != null && slo.isEmpty()) {
                unreadableSlo.add(vm.id());
            }
            if (OneVmStates.failed(vm.state(), vm.lcmState())) {
                vmsLeftAlone.add(new LeftOut(
                        vm.id(),
                        vm.name(),
                        VmLeftAlone.FAILED.label(),
                        OneVmStates.describe(vm.state(), vm.lcmState()) + " on host " + vm.lastHostId()));
                // It still holds its slot: it is on the host (OpenNebula keeps it allocated there), and an
                // administrator's recover may boot it again; counting it keeps "never more than N low-QoS
                // VMs on a host" true, and bounds how many deploys can fail on a broken host to its slots.
                // The policy never picks it as a victim: it suspends running VMs only.
                if (onHost != null) {
                    host.addPlaced(new Placed(onHost, vm.lastHistory().stime()));
                }
                return;
            }
            switch (vm.state()) {
                case OneVmStates.ACTIVE -> {
                    if (onHost != null) {
                        host.addPlaced(new Placed(onHost, vm.lastHistory().stime()));
                    }
                }
                case OneVmStates.HOLD, OneVmStates.SUSPENDED, OneVmStates.STOPPED ->
                    queued.add(new Waiting(vm, view(vm, vmSamples, slo, HostMatching.HostMatch.ANY)));
                case OneVmStates.PENDING ->
                    vmsLeftAlone.add(new LeftOut(
                            vm.id(),
                            vm.name(),
                            VmLeftAlone.PENDING.label(),
                            OneVmStates.describe(vm.state(), vm.lcmState())));
                default -> {
                    // POWEROFF, UNDEPLOYED and DONE are out of overbookd's hands.
                }
            }
        }
    }

    /** A queued VM as read, and its view before the matching says where it may go. */
    private record Waiting(VmRecord vm, OneVmView view) {}

    /** A usable host and what the VMs of one observation say of it. */
    private static final class HostEntry {
        HostRecord host;
        /** Its low-QoS VMs holding a slot, with when their stay began; null while none. */
        List<Placed> placed;
        /** Every ACTIVE VM on it, high-QoS ones included, for the record file (record.file); null while none. */
        List<OneVmView> onHost;
        /** A VM of either QoS has an operation in flight on it. */
        boolean busy;

        HostEntry(HostRecord host) {
            this.host = host;
        }

        void addPlaced(Placed vm) {
            if (placed == null) {
                placed = new ArrayList<>(4);
            }
            placed.add(vm);
        }

        void addOnHost(OneVmView vm) {
            if (onHost == null) {
                onHost = new ArrayList<>(16);
            }
            onHost.add(vm);
        }
    }

    /**
     * The usable hosts by id: an open-addressing table of int keys. A VM pool asks it once per VM, and a
     * map keyed by Integer boxed an id and ran three lookups per VM, through code the daemon's first
     * cycle runs before the JIT has compiled it.
     */
    private static final class HostIndex {
        private final int[] ids;
        private final HostEntry[] entries;
        private final int mask;

        HostIndex(int hosts) {
            int capacity = Integer.highestOneBit(Math.max(4, hosts * 2 - 1)) << 1;
            ids = new int[capacity];
            entries = new HostEntry[capacity];
            mask = capacity - 1;
        }

        void put(int id, HostEntry entry) {
            int i = slot(id);
            while (entries[i] != null && ids[i] != id) {
                i = (i + 1) & mask;
            }
            ids[i] = id;
            entries[i] = entry;
        }

        /** The entry of host {@code id}, or null if it is not a usable host. */
        HostEntry get(int id) {
            for (int i = slot(id); entries[i] != null; i = (i + 1) & mask) {
                if (ids[i] == id) {
                    return entries[i];
                }
            }
            return null;
        }

        private int slot(int id) {
            int h = id * 0x9E3779B9; // Fibonacci hashing: ids in a row spread over the table
            return (h ^ (h >>> 16)) & mask;
        }
    }

    /**
     * The host's VMs, oldest placement first, as an immutable list the view keeps without copying.
     * A loop rather than a stream: it runs once per host, and the daemon's first cycle pays for
     * every class a stream pipeline loads and every method it runs before the JIT has compiled it.
     */
    private static List<OneVmView> placementOrder(List<Placed> onHost) {
        if (onHost == null) {
            return List.of();
        }
        onHost.sort(PLACEMENT_ORDER);
        OneVmView[] vms = new OneVmView[onHost.size()];
        for (int i = 0; i < vms.length; i++) {
            vms[i] = onHost.get(i).vm();
        }
        return List.of(vms);
    }

    private static Map<String, Integer> count(List<LeftOut> leftOut) {
        Map<String, Integer> counts = new TreeMap<>();
        for (LeftOut one : leftOut) {
            counts.merge(one.label(), 1, Integer::sum);
        }
        return counts;
    }

    /** Whether a VM waits for overbookd to place it: low-QoS, on hold, suspended or stopped. */
    static boolean queued(VmRecord vm) {
        return vm.qos() == QosClass.LOW
                && (vm.state() == OneVmStates.HOLD
                        || vm.state() == OneVmStates.SUSPENDED
                        || vm.state() == OneVmStates.STOPPED);
    }

    /** "hosts 4, 9 (2)" or "VM 7 (1)": at most ten ids, then the count. */
    static String ids(String noun, List<Integer> ids) {
        StringBuilder s = new StringBuilder(noun).append(ids.size() == 1 ? " " : "s ");
        for (int i = 0; i < Math.min(10, ids.size()); i++) {
            s.append(i == 0 ? "" : ", ").append(ids.get(i));
        }
        return s.append(ids.size() > 10 ? ", ..." : "")
                .append(" (")
                .append(ids.size())
                .append(')')
                .toString();
    }

    private static LeftOut exclusion(HostRecord host, MonitoringSample sample, Instant now, Duration maxSampleAge) {
        HostLeftOut byState = OneHostStates.exclusion(host.state());
        if (byState != null) {
            return new LeftOut(host.id(), host.name(), byState.label(), "STATE " + host.state());
        }
        if (sample == null) {
            return new LeftOut(host.id(), host.name(), HostLeftOut.NO_MONITORING.label(), "no monitoring record");
        }
        if (host.totalCpu() <= 0) {
            return new LeftOut(host.id(), host.name(), HostLeftOut.NO_CAPACITY.label(), "TOTAL_CPU " + host.totalCpu());
        }
        if (!maxSampleAge.isZero()) {
            long age = now.getEpochSecond() - sample.timestamp();
            if (age > maxSampleAge.toSeconds()) {
                return new LeftOut(
                        host.id(),
                        host.name(),
                        HostLeftOut.STALE_MONITORING.label(),
                        "last monitoring sample " + age + " s old (at most " + maxSampleAge.toSeconds()
                                + " s: one.max-sample-age)");
            }
        }
        return null;
    }

    /** TOTAL_CPU is cores x 100; at least one core. */
    private static int cores(HostRecord host) {
        return Math.max(1, (int) Math.round(host.totalCpu() / 100.0));
    }

    private static OneVmView view(
            VmRecord vm, Map<Integer, MonitoringSample> vmSamples, OptionalDouble slo, HostMatching.HostMatch match) {
        VmState state = OneVmStates.toModel(vm.state(), vm.lcmState());
        // suspend keeps the memory image on the host, so the VM can only be resumed there; stop
        // moves it to the datastore and the VM may be redeployed anywhere.
        OptionalInt pinned = vm.state() == OneVmStates.SUSPENDED && vm.lastHistory() != null
                ? OptionalInt.of(vm.lastHostId())
                : OptionalInt.empty();
        MonitoringSample sample = vmSamples.get(vm.id());
        double load = state == VmState.RUNNING && sample != null ? sample.cpu() : 0.0;
        double forecast = state == VmState.RUNNING && sample != null ? sample.forecast() : Double.NaN;
        Instant placedAt = vm.state() == OneVmStates.ACTIVE && vm.lastHistory() != null
                ? Instant.ofEpochSecond(vm.lastHistory().stime())
                : null;
        boolean running = vm.state() == OneVmStates.ACTIVE && vm.lcmState() == OneVmStates.RUNNING;
        return new OneVmView(
                vm.id(),
                vm.name(),
                vm.qos(),
                state,
                Instant.ofEpochSecond(vm.stime()),
                pinned,
                load,
                placedAt,
                vm.runTimes().toRunRecord(vm.stime(), running),
                slo,
                vm.size(),
                vm.vcpus(),
                match,
                forecast);
    }
}
