package org.overbookd.backend.opennebula;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the policy's view from the four documents of one observation. Pure apart from logging the
 * hosts it leaves out.
 *
 * <ul>
 *   <li>Hosts: only usable ones ({@link OneHostStates}) with a monitoring sample and a capacity;
 *       utilization is USED_CPU / MAX_CPU x 100, in percent of the host's capacity.</li>
 *   <li>Overbooked: low-QoS VMs in ACTIVE (any sub-state) whose last stay is on the host, oldest
 *       stay first, so the last element is the VM placed last.</li>
 *   <li>Queue: low-QoS VMs in HOLD (new), SUSPENDED (pinned to the host of their last stay) and
 *       STOPPED (free to go anywhere).</li>
 *   <li>Operation in flight: any VM, of either QoS, in an ACTIVE sub-state other than RUNNING.</li>
 * </ul>
 */
final class ClusterAssembler {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterAssembler.class);

    private static final Comparator<Placed> PLACEMENT_ORDER =
            Comparator.comparingLong(Placed::since).thenComparingLong(placed -> placed.vm().id());

    private ClusterAssembler() {
    }

    private record Placed(OneVmView vm, long since) {
    }

    static Observation assemble(List<HostRecord> hosts, Map<Integer, MonitoringSample> hostSamples,
            List<VmRecord> vms, Map<Integer, MonitoringSample> vmSamples) {
        Map<Integer, HostRecord> usable = new LinkedHashMap<>();
        // one line per observation, not one per host: a large cluster has many hosts down at once
        Map<String, List<Integer>> leftOut = new TreeMap<>();
        for (HostRecord host : hosts) {
            String exclusion = exclusion(host, hostSamples.get(host.id()));
            if (exclusion != null) {
                LOG.debug("Leaving out host {} ({}): {}", host.id(), host.name(), exclusion);
                leftOut.computeIfAbsent(exclusion, k -> new ArrayList<>()).add(host.id());
            } else {
                usable.put(host.id(), host);
            }
        }
        if (!leftOut.isEmpty() && LOG.isInfoEnabled()) {
            LOG.info("Leaving out {} of {} hosts: {}", hosts.size() - usable.size(), hosts.size(), describe(leftOut));
        }

        Map<Integer, QosClass> qosByVm = new HashMap<>(vms.size() * 2);
        Map<Integer, List<Placed>> placed = new HashMap<>();
        // every ACTIVE VM by host, high-QoS ones included, for the record file (record.file)
        Map<Integer, List<OneVmView>> onHosts = new HashMap<>();
        Set<Integer> busy = new HashSet<>();
        List<OneVmView> queue = new ArrayList<>();
        List<Integer> unreadableSlo = new ArrayList<>();
        for (VmRecord vm : vms) {
            QosClass qos = vm.qos();
            qosByVm.put(vm.id(), qos);
            if (OneVmStates.inFlight(vm.state(), vm.lcmState())) {
                busy.add(vm.lastHostId());
            }
            OptionalDouble slo = SloValue.parse(vm.sloValue());
            // one view per VM: an overbooked VM is both on its host's list and in its slots
            OneVmView onHost = null;
            if (vm.state() == OneVmStates.ACTIVE && usable.containsKey(vm.lastHostId())) {
                onHost = view(vm, vmSamples, slo);
                onHosts.computeIfAbsent(vm.lastHostId(), id -> new ArrayList<>()).add(onHost);
            }
            if (qos != QosClass.LOW) {
                continue;
            }
            if (vm.sloValue() != null && slo.isEmpty()) {
                unreadableSlo.add(vm.id());
            }
            switch (vm.state()) {
                case OneVmStates.ACTIVE -> {
                    if (onHost != null) {
                        placed.computeIfAbsent(vm.lastHostId(), id -> new ArrayList<>())
                                .add(new Placed(onHost, vm.lastHistory().stime()));
                    }
                }
                case OneVmStates.HOLD, OneVmStates.SUSPENDED, OneVmStates.STOPPED ->
                        queue.add(view(vm, vmSamples, slo));
                default -> {
                    // PENDING is OpenNebula's scheduler's to place; POWEROFF, UNDEPLOYED and DONE are
                    // out of overbookd's hands.
                }
            }
        }
        queue.sort(Comparator.comparingLong(OneVmView::id));
        if (!unreadableSlo.isEmpty() && LOG.isWarnEnabled()) {
            LOG.warn("SLO attribute unreadable (not a fraction 0-1 or a percentage), default SLO used for {}",
                    ids("VM", unreadableSlo));
        }

        List<OneHostView> views = new ArrayList<>(usable.size());
        for (HostRecord host : usable.values()) {
            List<Placed> onHost = placed.getOrDefault(host.id(), List.of());
            List<OneVmView> overbooked = onHost.stream().sorted(PLACEMENT_ORDER).map(Placed::vm).toList();
            double utilization = hostSamples.get(host.id()).cpu() / host.maxCpu() * 100.0;
            views.add(new OneHostView(host.id(), host.name(), cores(host), utilization, overbooked,
                    busy.contains(host.id()), onHosts.getOrDefault(host.id(), List.of()), host.freeMemoryMb()));
        }
        return new Observation(new OneClusterView(views, queue), qosByVm, usable.keySet());
    }

    /** "offline: hosts 4, 9 (2); disabled: host 2 (1)", at most ten ids per reason. */
    private static String describe(Map<String, List<Integer>> leftOut) {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, List<Integer>> e : leftOut.entrySet()) {
            if (s.length() > 0) {
                s.append("; ");
            }
            s.append(e.getKey()).append(": ").append(ids("host", e.getValue()));
        }
        return s.toString();
    }

    /** "hosts 4, 9 (2)" or "VM 7 (1)": at most ten ids, then the count. */
    private static String ids(String noun, List<Integer> ids) {
        StringBuilder s = new StringBuilder(noun).append(ids.size() == 1 ? " " : "s ");
        for (int i = 0; i < Math.min(10, ids.size()); i++) {
            s.append(i == 0 ? "" : ", ").append(ids.get(i));
        }
        return s.append(ids.size() > 10 ? ", ..." : "").append(" (").append(ids.size()).append(')').toString();
    }

    private static String exclusion(HostRecord host, MonitoringSample sample) {
        String byState = OneHostStates.exclusion(host.state());
        if (byState != null) {
            return byState;
        }
        if (sample == null) {
            return "not monitored yet (no monitoring record)";
        }
        if (host.maxCpu() <= 0) {
            return "no CPU capacity (MAX_CPU " + host.maxCpu() + ")";
        }
        return null;
    }

    /** MAX_CPU is cores x 100, less any CPU reserved for the hypervisor; at least one core. */
    private static int cores(HostRecord host) {
        return Math.max(1, (int) Math.round(host.maxCpu() / 100.0));
    }

    private static OneVmView view(VmRecord vm, Map<Integer, MonitoringSample> vmSamples, OptionalDouble slo) {
        VmState state = OneVmStates.toModel(vm.state(), vm.lcmState());
        // suspend keeps the memory image on the host, so the VM can only be resumed there; stop
        // moves it to the datastore and the VM may be redeployed anywhere.
        OptionalInt pinned = vm.state() == OneVmStates.SUSPENDED && vm.lastHistory() != null
                ? OptionalInt.of(vm.lastHostId()) : OptionalInt.empty();
        MonitoringSample sample = vmSamples.get(vm.id());
        double load = state == VmState.RUNNING && sample != null ? sample.cpu() : 0.0;
        Instant placedAt = vm.state() == OneVmStates.ACTIVE && vm.lastHistory() != null
                ? Instant.ofEpochSecond(vm.lastHistory().stime()) : null;
        boolean running = vm.state() == OneVmStates.ACTIVE && vm.lcmState() == OneVmStates.RUNNING;
        return new OneVmView(vm.id(), vm.name(), vm.qos(), state, Instant.ofEpochSecond(vm.stime()), pinned, load,
                placedAt, vm.runTimes().toRunRecord(vm.stime(), running), slo, vm.size());
    }
}
