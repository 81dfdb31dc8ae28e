package org.overbookd.backend.simulated;

import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.random.Seeds;

/**
 * Makes every VM of the world with what it will do: its load generator, its runtime, for a low-QoS
 * VM its size. Each VM draws from its own random stream, named by what the VM is (the core it holds
 * and how many VMs held it before, or the how-manieth low-QoS arrival it is), so the same seed
 * gives the same VMs whatever order the world asks for them in; only the ids follow that order.
 */
final class VmFactory {

    private final WorldSpec spec;
    private final VirtualClock clock;
    /**
     * The low-QoS VMs' load pattern, one object for all of them: a noisy pattern is its two
     * parameters and nothing else (its draws keep their state in the VM's stream), so one object
     * serves every VM, where one each was 32 bytes more of live state per queued or running VM for
     * the collector to copy.
     */
    private final LoadGenerator lowLoad;

    private long nextId;
    private long lowCreated;

    VmFactory(WorldSpec spec, VirtualClock clock) {
        this.spec = spec;
        this.clock = clock;
        this.lowLoad = spec.workload().lowLoad();
    }

    /** The {@code generation}-th high-QoS VM to hold this core of a synthetic host, holding it now. */
    HighQosVm high(SimHost host, int core, int generation) {
        long now = clock.now();
        long slot = (long) host.id * host.cores + core;
        var random = Seeds.stream(spec.seed(), Seeds.HIGH_QOS, slot, generation);
        SyntheticWorkload w = spec.workload();
        var generator = w.highLoad(w.highPattern(random), random);
        long runtime = w.highRuntime().sampleSeconds(random);
        HighQosVm vm = new HighQosVm(nextId++, core, generator, random, runtime, now, clock.instant(now));
        vm.hostedBy(host.hot(), host.id);
        vm.heldSinceSeconds = now;
        vm.placedAtSeconds = now;
        vm.generation = generation;
        return vm;
    }

    /** The {@code k}-th lane of recorded high-QoS VMs of a host: its loads replayed, held for the whole replay. */
    HighQosVm recordedHigh(SimHost host, int k, TraceLoad lane) {
        long now = clock.now();
        HighQosVm vm = new HighQosVm(
                nextId++,
                k,
                lane,
                Seeds.stream(spec.seed(), Seeds.HIGH_QOS, host.id, k),
                Long.MAX_VALUE / 4,
                now,
                clock.instant(now));
        vm.hostedBy(host.hot(), host.id);
        vm.placedAtSeconds = now;
        return vm;
    }

    /** The next low-QoS VM to arrive, arriving now. */
    LowQosVm low() {
        long now = clock.now();
        var random = Seeds.stream(spec.seed(), Seeds.LOW_QOS, lowCreated++);
        long runtime = spec.workload().lowRuntime().sampleSeconds(random);
        SizeMix sizes = spec.workload().lowSizes();
        // drawn after the runtime, so that runs without sizes keep the paper's random streams
        double cores = sizes.isEmpty() ? 0 : sizes.draw(random);
        LowQosVm vm = new LowQosVm(nextId++, lowLoad, random, runtime, now, clock.instant(now));
        vm.cores = cores;
        return vm;
    }
}
