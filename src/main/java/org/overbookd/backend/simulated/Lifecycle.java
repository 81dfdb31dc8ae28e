package org.overbookd.backend.simulated;

import java.util.List;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.flat.LoadDrawer;
import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.engine.Agenda;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;

/**
 * The lives of the VMs on the virtual clock: the world's start (a high-QoS VM on every core), VM
 * operations that take {@code c} seconds during which the VM does no work, VMs that finish their
 * work and are shut down at once (a finished high-QoS VM's core goes to a fresh one), and the load
 * draws, each handled in the events' total order as the clock moves.
 *
 * <p>Overbooking steps are not events of the world: whoever drives it (a simulation, or the daemon
 * in real time) runs them in between, and the {@link Enactor} starts the operations they decide.
 */
final class Lifecycle {

    private final WorldSpec spec;
    private final VirtualClock clock;
    private final World world;
    /**
     * The hosts' flat state, changed here by host index ({@link SimVm#hostId}) rather than through
     * the host objects: an event then reads the VM and the arrays, not the host object too.
     */
    private final HotState hot;

    private final VmFactory vms;
    private final Tally tally;
    private final LoadDrawer loads;
    /**
     * Event kinds, in their order at one instant: VM operations and completions before load draws,
     * so a draw at an instant sees the VMs as they are after everything else that happened then.
     */
    private static final int OP_DONE = 0;

    private static final int FINISH = 1;
    private static final int LOAD = 2;

    /**
     * About one entry per running VM and the load tick; per-VM draws are one sweep per tick. Operation
     * ends all fall due at now + the operation's cost, so they wait in the agenda's lane; finishes,
     * mostly far ahead, wait in its calendar (buckets of one load interval), which drops those made
     * stale by a suspension before they reach the heap. An event's tag: for a finish the VM's
     * version, for an operation end the host the VM is on.
     */
    private final Agenda<SimVm> events;

    Lifecycle(
            WorldSpec spec,
            VirtualClock clock,
            World world,
            HotState hot,
            VmFactory vms,
            Tally tally,
            LoadDrawer loads) {
        this.spec = spec;
        this.clock = clock;
        this.world = world;
        this.hot = hot;
        this.vms = vms;
        this.tally = tally;
        this.loads = loads;
        this.events = new Agenda<>(
                Math.max(1, spec.loadIntervalSeconds()),
                (kind, vm, version) -> kind == FINISH && !finishes(vm, version));
    }

    /** Starts the clock: high-QoS VMs on every core, the first load draw scheduled. */
    void start() {
        world.hostsChanged();
        if (spec.recorded() == null) {
            populate();
        } else {
            populateRecorded();
        }
        events.add(spec.loadIntervalSeconds(), LOAD, null, 0);
    }

    /**
     * Handles every event up to {@code time} (events exactly at it too when {@code inclusive}),
     * leaving the clock there.
     */
    void advance(long time, boolean inclusive) {
        world.hostsChanged();
        // the clock is whole seconds far below 2^53, so the queue's double times convert back exactly
        while (!events.isEmpty() && (events.time() < time || inclusive && events.time() == time)) {
            long at = (long) events.time();
            int kind = events.kind();
            SimVm vm = events.subject();
            int tag = events.tag();
            events.remove();
            clock.moveTo(at);
            switch (kind) {
                case OP_DONE -> operationDone(vm, tag);
                case FINISH -> finished(vm, tag);
                case LOAD -> {
                    loads.draw(clock.now());
                    events.add(clock.now() + spec.loadIntervalSeconds(), LOAD, null, 0);
                }
                default -> throw new IllegalStateException("unexpected event kind " + kind);
            }
        }
        clock.moveTo(time);
    }

    /** Puts a queued VM on host {@code hostId} and starts booting or resuming it there. */
    void place(LowQosVm vm, int hostId, VmState operation) {
        world.hostsChanged();
        long now = clock.now();
        vm.waitedSeconds += now - vm.queuedSinceSeconds;
        vm.hostedBy(hot, hostId);
        vm.placedAtSeconds = now;
        hot.addLow(hostId, vm);
        hot.advance(hostId, now);
        beginOperation(vm, operation);
    }

    /** Starts suspending a running VM; it rejoins the queue when the operation is done. */
    void suspend(LowQosVm vm) {
        world.hostsChanged();
        hot.advance(vm.hostId, clock.now());
        stopRunning(vm);
        beginOperation(vm, VmState.SUSPENDING);
    }

    /** Puts one freshly started high-QoS VM on every core; they run from time 0. */
    private void populate() {
        for (SimHost host : world.hostArray()) {
            for (int core = 0; core < host.cores; core++) {
                HighQosVm vm = vms.high(host, core, 0);
                host.holdCore(core, vm);
                startRunning(vm);
            }
            host.recompute();
        }
    }

    /**
     * A slot of each recorded host for each lane of its VMs, held for the whole replay: the lane's
     * recorded loads replayed, VM after VM (0 where none was recorded).
     */
    private void populateRecorded() {
        for (SimHost host : world.hostArray()) {
            List<TraceLoad> lanes = spec.recorded().hosts().get(host.id).lanes();
            for (int k = 0; k < lanes.size(); k++) {
                HighQosVm vm = vms.recordedHigh(host, k, lanes.get(k));
                host.holdCore(k, vm);
                startRunning(vm);
            }
            host.recompute();
        }
    }

    private void beginOperation(SimVm vm, VmState operation) {
        vm.state = operation;
        hot.operationStarted(vm.hostId);
        hot.recompute(vm.hostId);
        events.addInOrder(clock.now() + costSeconds(operation), OP_DONE, vm, vm.hostId);
    }

    /** How long the operation takes: a suspension and a resume may cost what a real host measured. */
    private long costSeconds(VmState operation) {
        return switch (operation) {
            case SUSPENDING -> spec.suspendCostSeconds();
            case RESUMING -> spec.resumeCostSeconds();
            default -> spec.operationCostSeconds();
        };
    }

    private void startRunning(SimVm vm) {
        long now = clock.now();
        vm.state = VmState.RUNNING;
        vm.runningSinceSeconds = now;
        hot.running(vm.slot, true);
        loads.drawOne(vm.slot, now);
        events.add(now + vm.remainingSeconds, FINISH, vm, vm.version);
    }

    private void stopRunning(SimVm vm) {
        hot.running(vm.slot, false);
        long ran = clock.now() - vm.runningSinceSeconds;
        vm.remainingSeconds -= ran;
        vm.ranSeconds += ran;
        if (vm.qos == QosClass.LOW) {
            tally.lowRan(ran);
        }
        vm.version++;
    }

    /**
     * A VM operation has completed on host {@code h}, the VM's host while the operation ran (the
     * event's tag): the host's flat state is read without waiting for the VM's, so the two cache
     * misses of an operation end overlap.
     */
    private void operationDone(SimVm vm, int h) {
        long now = clock.now();
        hot.advance(h, now);
        hot.operationEnded(h);
        if (vm.hostId != h) {
            throw new IllegalStateException(
                    "VM " + vm.id + " ended an operation on host " + h + " but is on host " + vm.hostId);
        }
        switch (vm.state) {
            case BOOTING, RESUMING -> startRunning(vm);
            case SUSPENDING -> {
                // only a low-QoS VM is ever suspended (the Enactor's suspend takes one)
                LowQosVm low = (LowQosVm) vm;
                hot.removeLow(h, low);
                low.unhosted();
                low.placedAtSeconds = SimVm.NOT_PLACED;
                low.state = VmState.SUSPENDED;
                world.enqueue(low, now);
            }
            case TERMINATING -> {
                vm.state = VmState.DONE;
                vm.unhosted();
                if (vm instanceof LowQosVm low) {
                    hot.removeLow(h, low);
                    world.forget(low);
                    long inSystem = now - low.firstArrivalSeconds;
                    double availability = inSystem <= 0 ? 1.0 : (double) low.ranSeconds / inSystem;
                    tally.lowCompleted(low, now, availability);
                }
            }
            default -> throw new IllegalStateException("VM " + vm.id + " completed an operation in state " + vm.state);
        }
        hot.recompute(h);
    }

    /**
     * Whether a finish event of this version still stands: the VM has run without a stop since it
     * was added. Once false, false for good (a stop bumps the version, which only grows), as the
     * agenda's calendar needs to drop the event early.
     */
    private static boolean finishes(SimVm vm, int version) {
        return vm.version == version && vm.state == VmState.RUNNING;
    }

    /** A running VM has done all its work: shut it down at once (section 2.2's management step). */
    private void finished(SimVm vm, int version) {
        if (!finishes(vm, version)) {
            return;
        }
        long now = clock.now();
        hot.advance(vm.hostId, now);
        stopRunning(vm);
        if (vm instanceof HighQosVm high) {
            // the host object only here: its core goes to a fresh high-QoS VM
            SimHost host = world.host(vm.hostId);
            tally.highHeld(now - high.heldSinceSeconds);
            HighQosVm next = vms.high(host, high.core, high.generation + 1);
            host.holdCore(high.core, next);
            next.state = VmState.BOOTING;
            host.operationStarted();
            events.addInOrder(now + spec.operationCostSeconds(), OP_DONE, next, vm.hostId);
        }
        beginOperation(vm, VmState.TERMINATING);
    }
}
