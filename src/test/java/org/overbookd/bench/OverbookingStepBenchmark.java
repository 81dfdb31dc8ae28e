package org.overbookd.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.overbookd.model.ClusterView;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.policy.Decision;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;

/**
 * One overbooking step (Algorithms 2 then 1) over a Google-cell-sized cluster: 12,500 octacore
 * hosts with utilization ~ N(75, 12), up to two overbooked VMs each, and a queue of 12,500 new and
 * 1,000 suspended VMs, which is what the simulator's steady state looks like at 95-75 with 2 slots.
 * Run with {@code sim/bench.sh jmh}.
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

    private ClusterView view;
    private OverbookingPolicy policy;
    private final Instant now = Instant.parse("2024-01-08T00:00:00Z");

    private record Frozen(List<Host> hosts, List<Vm> queue) implements ClusterView {
    }

    @Setup
    public void setUp() {
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
            queue.add(new Vm(id++, QosClass.LOW, VmState.SUSPENDED,
                    Instant.parse("2024-01-01T00:00:00Z").plusSeconds(random.nextInt(600_000)), OptionalInt.empty(), 0));
        }
        view = new Frozen(List.copyOf(hostList), List.copyOf(queue));
        policy = new OverbookingPolicy(new OverbookingSettings(75, 95, 2, HostOrder.LEAST_UTILIZED));
    }

    @Benchmark
    public List<Decision> overbookingStep() {
        return policy.decide(view, now);
    }
}
