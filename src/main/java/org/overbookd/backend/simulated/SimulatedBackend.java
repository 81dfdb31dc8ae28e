package org.overbookd.backend.simulated;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.overbookd.backend.Backend;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.policy.Decision;
import org.overbookd.random.Seeds;

/**
 * The simulated cluster behind the {@link Backend} contract: hosts with one high-QoS VM per core,
 * an endless low-QoS queue, and VM operations that take {@code c} seconds during which the VM does
 * no work. It is its own live {@link ClusterView}: a policy reads it directly, with no copying, and
 * nothing changes it while the policy decides.
 *
 * <p>The backend enforces the rules a real VIM would: it refuses to act on high-QoS VMs, on VMs in
 * the wrong state, and on hosts with an operation already in flight.
 */
public final class SimulatedBackend implements Backend, ClusterView {

    /** Below this many hosts a parallel draw costs more in hand-offs than it saves. */
    private static final int PARALLEL_MIN_HOSTS = 2048;

    private final WorldSpec config;
    private final EventQueue events;
    private final Instant epoch;
    private final SimHost[] hosts;
    private final List<SimHost> hostView;
    private final ArrayList<SimVm> queue = new ArrayList<>();
    private final List<SimVm> queueView = Collections.unmodifiableList(queue);
    private final Map<Long, SimVm> lowById = new HashMap<>();
    private long nextId;
    private long lowCreated;
    private int newWaiting;

    private long now;
    final Counters counters = new Counters();

    /** Running totals, handed out as {@link Totals}. */
    static final class Counters {
        long suspends;
        long resumes;
        long deploys;
        long refused;
        long lowCompleted;
        long lowCompletedWaitSeconds;
        /** Sum and minimum over completed low-QoS VMs of Silva et al.'s availability e / (e + p). */
        double lowAvailabilitySum;
        double lowAvailabilityMin = 1.0;
        long overbookedSeconds;
        long highHeldSeconds;
    }

    /**
     * @param epoch the instant of simulated second 0: a fixed date for a simulation, the wall clock
     *              at start-up for a rehearsal under the daemon, so that arrival and placement times
     *              are comparable with the daemon's own "now"
     */
    public SimulatedBackend(WorldSpec config, Instant epoch) {
        this.config = config;
        this.events = new EventQueue();
        this.epoch = epoch;
        this.hosts = new SimHost[config.hostCount()];
        for (int h = 0; h < hosts.length; h++) {
            if (config.recorded() == null) {
                hosts[h] = new SimHost(h, config.coresPerNode());
            } else {
                RecordedWorkload.Host recorded = config.recorded().hosts().get(h);
                hosts[h] = new SimHost(h, recorded.name(), recorded.cores(), recorded.vms().size());
            }
        }
        this.hostView = Collections.unmodifiableList(Arrays.asList(hosts));
    }

    // ---- Backend ---------------------------------------------------------------------------

    /**
     * Tops the queue up so that there are at least as many new low-QoS VMs waiting as hosts (each
     * host takes at most one per step), which is the paper's "queue never becomes empty".
     */
    @Override
    public ClusterView observe(Instant at) {
        while (newWaiting < hosts.length) {
            SimVm vm = newLow();
            vm.state = VmState.QUEUED;
            enqueue(vm);
            newWaiting++;
        }
        return this;
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant at) {
        List<Outcome> outcomes = new ArrayList<>(decisions.size());
        boolean dequeued = false;
        for (Decision decision : decisions) {
            Outcome outcome = apply(decision);
            if (outcome.status() != Outcome.Status.OK) {
                counters.refused++;
            } else if (!(decision instanceof Decision.Suspend)) {
                dequeued = true;
            }
            outcomes.add(outcome);
        }
        if (dequeued) {
            queue.removeIf(vm -> !vm.inQueue);
        }
        return outcomes;
    }

    private Outcome apply(Decision decision) {
        SimVm vm = lowById.get(decision.vm().id());
        int hostId = decision.host().id();
        if (vm == null) {
            return refuse(decision, "NO_SUCH_VM", "no low-QoS VM " + decision.vm().id());
        }
        if (vm.qos != QosClass.LOW) {
            return refuse(decision, "HIGH_QOS", "VM " + vm.id + " is high-QoS: overbookd never acts on it");
        }
        if (hostId < 0 || hostId >= hosts.length) {
            return refuse(decision, "NO_SUCH_HOST", "no host " + hostId);
        }
        SimHost host = hosts[hostId];
        if (host.opsInFlight > 0) {
            return refuse(decision, "HOST_BUSY", "host " + hostId + " has an operation in flight");
        }
        if (decision instanceof Decision.Deploy) {
            if (vm.state != VmState.QUEUED) {
                return refuse(decision, "WRONG_STATE", "VM " + vm.id + " is " + vm.state + ", not QUEUED");
            }
            newWaiting--;
            place(vm, host, VmState.BOOTING);
            counters.deploys++;
        } else if (decision instanceof Decision.Resume) {
            if (vm.state != VmState.SUSPENDED) {
                return refuse(decision, "WRONG_STATE", "VM " + vm.id + " is " + vm.state + ", not SUSPENDED");
            }
            place(vm, host, VmState.RESUMING);
            counters.resumes++;
        } else {
            if (vm.state != VmState.RUNNING || vm.host != host) {
                return refuse(decision, "WRONG_STATE",
                        "VM " + vm.id + " is " + vm.state + (vm.host == null ? "" : " on host " + vm.host.id)
                                + ", not RUNNING on host " + hostId);
            }
            host.advance(now);
            stopRunning(vm);
            beginOperation(vm, VmState.SUSPENDING);
            counters.suspends++;
        }
        return Outcome.ok(decision);
    }

    private static Outcome refuse(Decision decision, String code, String message) {
        return new Outcome(decision, Outcome.Status.REFUSED, code, message);
    }

    private void place(SimVm vm, SimHost host, VmState operation) {
        vm.inQueue = false;
        vm.waitedSeconds += now - vm.queuedSinceSeconds;
        vm.host = host;
        vm.placedAt = instant(now);
        host.low.add(vm);
        host.advance(now);
        beginOperation(vm, operation);
    }

    // ---- the virtual clock -------------------------------------------------------------------

    /**
     * Handles every VM lifecycle event and load draw up to {@code time} (events exactly at it too
     * when {@code inclusive}), leaving the clock there. Overbooking steps are not events of the
     * cluster: whoever drives it (the simulation, or the daemon in real time) runs them in between.
     */
    public void advance(long time, boolean inclusive, ForkJoinPool pool) {
        for (EventQueue.Event e = events.peek(); e != null && (e.time() < time || inclusive && e.time() == time);
                e = events.peek()) {
            events.poll();
            now = e.time();
            switch (e.kind()) {
                case EventQueue.OP_DONE -> operationDone(e.vm());
                case EventQueue.FINISH -> finished(e.vm(), e.version());
                case EventQueue.LOAD -> {
                    drawLoads(pool);
                    events.add(now + config.loadIntervalSeconds(), EventQueue.LOAD, null, 0);
                }
                default -> throw new IllegalStateException("unexpected event kind " + e.kind());
            }
        }
        now = time;
    }

    /** Starts the clock: high-QoS VMs on every core, the first load draw scheduled. */
    public void start() {
        populate();
        events.add(config.loadIntervalSeconds(), EventQueue.LOAD, null, 0);
    }

    // ---- lifecycle -------------------------------------------------------------------------

    /** Puts one freshly started high-QoS VM on every core; they run from time 0. */
    private void populate() {
        if (config.recorded() != null) {
            populateRecorded();
            return;
        }
        for (SimHost host : hosts) {
            for (int core = 0; core < host.cores; core++) {
                SimVm vm = newHigh(host, core, 0);
                host.high[core] = vm;
                startRunning(vm);
            }
            host.recompute(config.operationLoad());
        }
    }

    /** Recorded high-QoS VMs hold their hosts for the whole replay, their loads replayed. */
    private void populateRecorded() {
        for (SimHost host : hosts) {
            List<RecordedWorkload.Vm> vms = config.recorded().hosts().get(host.id).vms();
            for (int k = 0; k < vms.size(); k++) {
                SimVm vm = new SimVm(nextId++, QosClass.HIGH, k, vms.get(k).load(),
                        Seeds.stream(config.seed(), Seeds.HIGH_QOS, host.id, k), Long.MAX_VALUE / 4, now, instant(now));
                vm.host = host;
                vm.placedAt = instant(now);
                host.high[k] = vm;
                startRunning(vm);
            }
            host.recompute(config.operationLoad());
        }
    }

    private SimVm newHigh(SimHost host, int core, int generation) {
        long slot = (long) host.id * host.cores + core;
        var random = Seeds.stream(config.seed(), Seeds.HIGH_QOS, slot, generation);
        Workload w = config.workload();
        var generator = w.highLoad(w.highPattern(random), random);
        long runtime = w.highRuntime().sampleSeconds(random);
        SimVm vm = new SimVm(nextId++, QosClass.HIGH, core, generator, random, runtime, now, instant(now));
        vm.host = host;
        vm.heldSinceSeconds = now;
        vm.placedAt = instant(now);
        vm.generation = generation;
        return vm;
    }

    private SimVm newLow() {
        var random = Seeds.stream(config.seed(), Seeds.LOW_QOS, lowCreated++);
        long runtime = config.workload().lowRuntime().sampleSeconds(random);
        SimVm vm = new SimVm(nextId++, QosClass.LOW, -1, config.workload().lowLoad(), random, runtime, now,
                instant(now));
        SizeMix sizes = config.workload().lowSizes();
        if (!sizes.isEmpty()) {
            // drawn after the runtime, so that runs without sizes keep the paper's random streams
            vm.cores = sizes.draw(random);
        }
        lowById.put(vm.id, vm);
        return vm;
    }

    private void enqueue(SimVm vm) {
        vm.inQueue = true;
        vm.queuedSinceSeconds = now;
        queue.add(vm);
    }

    private void beginOperation(SimVm vm, VmState operation) {
        vm.state = operation;
        vm.host.opsInFlight++;
        vm.host.recompute(config.operationLoad());
        events.add(now + config.operationCostSeconds(), EventQueue.OP_DONE, vm, 0);
    }

    private void startRunning(SimVm vm) {
        vm.state = VmState.RUNNING;
        vm.runningSinceSeconds = now;
        vm.load = vm.generator.next(timeOfWeek(now), vm.random) * vm.scale();
        events.add(now + vm.remainingSeconds, EventQueue.FINISH, vm, vm.version);
    }

    private void stopRunning(SimVm vm) {
        long ran = now - vm.runningSinceSeconds;
        vm.remainingSeconds -= ran;
        vm.ranSeconds += ran;
        if (vm.qos == QosClass.LOW) {
            counters.overbookedSeconds += ran;
        }
        vm.version++;
    }

    /** A VM operation has completed. */
    void operationDone(SimVm vm) {
        SimHost host = vm.host;
        host.advance(now);
        host.opsInFlight--;
        switch (vm.state) {
            case BOOTING, RESUMING -> startRunning(vm);
            case SUSPENDING -> {
                host.low.remove(vm);
                vm.host = null;
                vm.placedAt = null;
                vm.state = VmState.SUSPENDED;
                enqueue(vm);
            }
            case TERMINATING -> {
                vm.state = VmState.DONE;
                vm.host = null;
                if (vm.qos == QosClass.LOW) {
                    host.low.remove(vm);
                    lowById.remove(vm.id);
                    counters.lowCompleted++;
                    counters.lowCompletedWaitSeconds += vm.waitedSeconds;
                    long inSystem = now - vm.firstArrivalSeconds;
                    double availability = inSystem <= 0 ? 1.0 : (double) vm.ranSeconds / inSystem;
                    counters.lowAvailabilitySum += availability;
                    counters.lowAvailabilityMin = Math.min(counters.lowAvailabilityMin, availability);
                }
            }
            default -> throw new IllegalStateException("VM " + vm.id + " completed an operation in state " + vm.state);
        }
        host.recompute(config.operationLoad());
    }

    /** A running VM has done all its work: shut it down at once (section 2.2's management step). */
    void finished(SimVm vm, int version) {
        if (vm.version != version || vm.state != VmState.RUNNING) {
            return;
        }
        SimHost host = vm.host;
        host.advance(now);
        stopRunning(vm);
        if (vm.qos == QosClass.HIGH) {
            counters.highHeldSeconds += now - vm.heldSinceSeconds;
            SimVm next = newHigh(host, vm.core, vm.generation + 1);
            host.high[vm.core] = next;
            next.state = VmState.BOOTING;
            host.opsInFlight++;
            events.add(now + config.operationCostSeconds(), EventQueue.OP_DONE, next, 0);
        }
        beginOperation(vm, VmState.TERMINATING);
    }

    /**
     * Every running VM draws its next load value; each host's demand is summed in the same pass.
     * Hosts are independent (each VM owns its random stream, each host its sums), so with a pool
     * the hosts are split into fixed ranges drawn in parallel and the result is the same, bit for
     * bit, whatever the number of threads.
     */
    void drawLoads(ForkJoinPool pool) {
        long tow = timeOfWeek(now);
        if (pool == null || hosts.length < PARALLEL_MIN_HOSTS) {
            drawLoads(0, hosts.length, tow);
            return;
        }
        int chunks = pool.getParallelism() * 4;
        int size = (hosts.length + chunks - 1) / chunks;
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = Math.min(hosts.length, c * size);
            int to = Math.min(hosts.length, from + size);
            tasks[c] = pool.submit(() -> drawLoads(from, to, tow));
        }
        for (ForkJoinTask<?> task : tasks) {
            task.join();
        }
    }

    private void drawLoads(int from, int to, long tow) {
        double operationLoad = config.operationLoad();
        for (int h = from; h < to; h++) {
            SimHost host = hosts[h];
            host.advance(now);
            double demand = operationLoad * host.opsInFlight;
            for (SimVm vm : host.high) {
                if (vm.state == VmState.RUNNING) {
                    demand += vm.load = vm.generator.next(tow, vm.random);
                }
            }
            for (int i = 0, n = host.low.size(); i < n; i++) {
                SimVm vm = host.low.get(i);
                if (vm.state == VmState.RUNNING) {
                    demand += vm.load = vm.generator.next(tow, vm.random) * vm.scale();
                }
            }
            host.demand = demand;
        }
    }

    /** The second the virtual clock is at. */
    public long now() {
        return now;
    }

    /** The books up to the clock; open stretches are counted without being closed. */
    public Totals totals() {
        long highHeld = counters.highHeldSeconds;
        long overbooked = counters.overbookedSeconds;
        double delivered = 0;
        for (SimHost host : hosts) {
            delivered += host.deliveredUntil(now);
            for (SimVm vm : host.high) {
                highHeld += now - vm.heldSinceSeconds;
            }
            for (SimVm vm : host.low) {
                if (vm.state == VmState.RUNNING) {
                    overbooked += now - vm.runningSinceSeconds;
                }
            }
        }
        Counters c = counters;
        return new Totals(c.suspends, c.resumes, c.deploys, c.refused, c.lowCompleted, c.lowCompletedWaitSeconds,
                c.lowAvailabilitySum, c.lowAvailabilityMin, overbooked, highHeld, delivered);
    }

    private static long timeOfWeek(long seconds) {
        return seconds; // simulated time starts on a Monday at 00:00
    }

    private Instant instant(long seconds) {
        return epoch.plusSeconds(seconds);
    }

    // ---- ClusterView -----------------------------------------------------------------------

    @Override
    public List<SimHost> hosts() {
        return hostView;
    }

    @Override
    public List<SimVm> queue() {
        return queueView;
    }
}
