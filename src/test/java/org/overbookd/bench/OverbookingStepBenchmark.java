package org.overbookd.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.overbookd.backend.simulated.SimulatedBackend;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.model.ClusterView;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;

/**
 * One overbooking step (Algorithms 2 then 1) over a Google-cell-sized cluster, on two views:
 * <ul>
 *   <li>{@code frozen}: 12,500 octacore hosts with utilization ~ N(75, 12), up to two overbooked VMs
 *       each, and a queue of 12,500 new and 1,000 suspended VMs, which is what the simulator's
 *       steady state looks like at 95-75 with 2 slots; a plain view, so the policy takes its
 *       general path (the one the daemon takes on OpenNebula's pools);</li>
 *   <li>{@code world}: the simulator's own world of 12,500 octacore hosts after a simulated day at
 *       95-75 with 2 slots, which offers the policy its queue index and bound scans;</li>
 *   <li>{@code world-general}: the same world seen only through the ClusterView contract, so the
 *       policy takes its general path on it: the difference with {@code world} is the indexes';</li>
 *   <li>{@code world-cold}: {@code world} with the caches emptied before each step, as a
 *       simulation's step finds them: the difference with {@code world} is memory.</li>
 * </ul>
 * The step is not enacted, so every invocation decides on the same view. Run with
 * {@code sim/bench.sh jmh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Xmx2g")
public class OverbookingStepBenchmark {

    @Param("12500")
    int hosts;

    @Param({"frozen", "world", "world-general", "world-cold"})
    String kind;

    /** Walked before each invocation of {@code world-cold}: larger than the caches, so they hold none of the world. */
    private long[] flush;

    private ClusterView view;
    private OverbookingPolicy policy;
    private final Instant now = Instant.parse("2024-01-08T00:00:00Z");

    private record Frozen(List<? extends HostView> hosts, List<? extends VmView> queue) implements ClusterView {}

    @Setup
    public void setUp() {
        policy = new OverbookingPolicy(new OverbookingSettings(75, 95, 2, HostOrder.LEAST_UTILIZED));
        if (kind.startsWith("world")) {
            ClusterView world = simulatedDay();
            view = kind.equals("world-general")
                    ? new Frozen(List.copyOf(world.hosts()), List.copyOf(world.queue()))
                    : world;
            flush = kind.equals("world-cold") ? new long[64 << 17] : null;
            return;
        }
        SplittableRandom random = new SplittableRandom(42);
        List<Host> hostList = new ArrayList<>(hosts);
        long id = 0;
        for (int h = 0; h < hosts; h++) {
            int overbooked = random.nextInt(3);
            List<Vm> vms = new ArrayList<>();
            for (int i = 0; i < overbooked; i++) {
                vms.add(Vm.running(id++, random.nextInt(600_000)));
            }
            double utilization = Math.max(0, 75 + 12 * random.nextGaussian());
            hostList.add(new Host(h, 8, utilization, List.copyOf(vms), random.nextInt(50) == 0));
        }
        List<Vm> queue = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            queue.add(Vm.queued(id++, 600_000 + i));
        }
        for (int i = 0; i < 1000; i++) {
            queue.add(new Vm(
                    id++,
                    QosClass.LOW,
                    VmState.SUSPENDED,
                    Instant.parse("2024-01-01T00:00:00Z").plusSeconds(random.nextInt(600_000)),
                    OptionalInt.empty(),
                    0));
        }
        view = new Frozen(List.copyOf(hostList), List.copyOf(queue));
    }

    /** The simulated world after a day of 5-minute steps, observed at the next one. */
    private ClusterView simulatedDay() {
        Settings s = Settings.defaults().with(Options.SIM_NODES, hosts).with(Options.SIM_DURATION, Duration.ofDays(1));
        Instant epoch = Instant.parse("2024-01-01T00:00:00Z");
        SimulatedBackend world = new SimulatedBackend(SimBindings.simConfig(s).world(), epoch);
        long second = 0;
        for (; second < 86_400; second += 300) {
            world.advanceThrough(second);
            Instant at = epoch.plusSeconds(second);
            world.enact(policy.decide(world.observe(at), at), at);
        }
        world.advanceThrough(second);
        return world.observe(epoch.plusSeconds(second));
    }

    /**
     * In a simulation the step runs after the load draws and the event queue have been through
     * every host: none of the hosts and VMs it reads is in a cache, which {@code world}, deciding
     * on the same view again and again, never sees. {@code world-cold} walks 64 MiB first.
     */
    @Setup(Level.Invocation)
    public void evictCaches(Blackhole sink) {
        if (flush != null) {
            long sum = 0;
            for (int i = 0; i < flush.length; i += 8) {
                sum += ++flush[i];
            }
            sink.consume(sum);
        }
    }

    @Benchmark
    public List<Decision> overbookingStep() {
        return policy.decide(view, now);
    }
}
