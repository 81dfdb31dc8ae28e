package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.model.ClusterView;

/**
 * The hosts and the low-QoS queue of the simulated world, and the live {@link ClusterView} of them:
 * a policy reads it directly, with no copying, and nothing changes it while the policy decides.
 */
final class World implements ClusterView {

    private final SimHost[] hosts;
    private final List<SimHost> hostView;
    private final ArrayList<SimVm> queue = new ArrayList<>();
    private final List<SimVm> queueView = Collections.unmodifiableList(queue);
    /** The low-QoS VMs a decision may name: from arrival until they terminate. */
    private final Map<Long, SimVm> lowById = new HashMap<>();

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

    /** The low-QoS VM with this id, or null when there is none (or it has terminated). */
    SimVm low(long id) {
        return lowById.get(id);
    }

    /** A new low-QoS VM arrives: it can be named from now on and waits in the queue. */
    void admit(SimVm vm, long now) {
        lowById.put(vm.id, vm);
        enqueue(vm, now);
    }

    void enqueue(SimVm vm, long now) {
        vm.inQueue = true;
        vm.queuedSinceSeconds = now;
        queue.add(vm);
    }

    /** Takes the VMs placed since the last call out of the queue, keeping the order of the others. */
    void dropPlaced() {
        queue.removeIf(vm -> !vm.inQueue);
    }

    /** A terminated low-QoS VM can no longer be named. */
    void forget(SimVm vm) {
        lowById.remove(vm.id);
    }

    @Override
    public List<SimHost> hosts() {
        return hostView;
    }

    @Override
    public List<SimVm> queue() {
        return queueView;
    }
}
