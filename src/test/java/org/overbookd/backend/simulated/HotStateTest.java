package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.simulated.flat.FlatProbe;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.flat.LoadDrawer;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.BusinessLoad;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.NoisyLoad;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;
import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.random.Seeds;

/**
 * The flat draw against the generator objects it replaces: same loads, bit for bit, for every
 * pattern, for VMs that move between hosts and slots, and whatever the number of threads.
 */
class HotStateTest {

    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");
    private static final double OPERATION_LOAD = 10;
    private static final long STEP = 300;
    private static final long MORNING = 8 * 3600;
    private static final SpikeModel BIG_SPIKES = new SpikeModel(0.3, 0.6, 0.5, 25);

    /** A VM and, beside it, the object it was made like with a stream of its own: the reference. */
    private record Pair(SimVm vm, LoadGenerator reference, SplittableRandom referenceRandom) {
        HighQosVm high() {
            return (HighQosVm) vm;
        }

        LowQosVm low() {
            return (LowQosVm) vm;
        }

        double expected(long tow) {
            return reference.next(tow, referenceRandom) * vm.scale();
        }
    }

    private static SplittableRandom stream(long k) {
        return Seeds.stream(11, Seeds.LOW_QOS, k);
    }

    private static Pair pair(long k, QosClass qos, int core, Supplier<LoadGenerator> generator) {
        SimVm vm = qos == QosClass.HIGH
                ? new HighQosVm(k, core, generator.get(), stream(k), 1000, 0, EPOCH)
                : new LowQosVm(k, generator.get(), stream(k), 1000, 0, EPOCH);
        return new Pair(vm, generator.get(), stream(k));
    }

    private static SimHost[] hosts(int n, int cores) {
        SimHost[] hosts = new SimHost[n];
        for (int h = 0; h < n; h++) {
            hosts[h] = new SimHost(h, cores);
        }
        return hosts;
    }

    private static void run(SimHost host, SimVm vm) {
        vm.hostedBy(host.hot(), host.id);
        vm.state = VmState.RUNNING;
        host.hot().running(vm.slot, true);
    }

    private static void assertSameBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), what);
    }

    @Test
    void eachPatternDrawsWhatItsObjectDraws() {
        SimHost[] hosts = hosts(1, 5);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        BusinessCurve curve = new BusinessCurve(50, 90, 0.25);
        List<Pair> vms = List.of(
                pair(0, QosClass.HIGH, 0, () -> new NoisyLoad(60, 15)),
                pair(1, QosClass.HIGH, 1, () -> new SpikyLoad(75, 10, BIG_SPIKES)),
                pair(2, QosClass.HIGH, 2, () -> new BusinessLoad(curve, 5)),
                pair(3, QosClass.HIGH, 3, () -> new SpikyLoad(95, 10, SpikeModel.PAPER)),
                pair(
                        4,
                        QosClass.HIGH,
                        4,
                        () -> new TraceLoad(new long[] {0, 7200, 86_400}, new double[] {5, 120, 33})));
        for (Pair p : vms) {
            hosts[0].holdCore(p.high().core, p.high());
            run(hosts[0], p.vm());
        }
        Pair low = pair(5, QosClass.LOW, -1, () -> new NoisyLoad(90, 15));
        low.low().cores = 4;
        hosts[0].addLow(low.vm());
        run(hosts[0], low.vm());
        hosts[0].operationStarted();

        LoadDrawer drawer = new LoadDrawer(hot, null);
        List<Pair> all = new ArrayList<>(vms);
        all.add(low);
        // five-minute draws over a whole week, so business hours, lunch and weekend all pass
        for (long now = STEP; now <= 7 * 86_400; now += STEP) {
            drawer.draw(now);
            long tow = LoadGenerator.timeOfWeek(now);
            double demand = OPERATION_LOAD * 1;
            for (Pair p : all) {
                double expected = p.expected(tow);
                assertSameBits(expected, p.vm().load(), "VM " + p.vm().id + " at " + now);
                demand += expected;
            }
            assertSameBits(demand, hosts[0].demand(), "demand at " + now);
        }
        assertTrue(hosts[0].demand() > 0);
    }

    /**
     * A business VM's single draw (a VM starting to run) takes its curve's mean at its own time,
     * though the drawer keeps the means of the last time it computed them: draws at one time, at the
     * next, several between two sweeps, and a VM with a curve the world has not seen before, each as
     * its object draws.
     */
    /**
     * A high-QoS VM of a synthetic pattern lets its generator go once its core's slot holds it (the
     * slot has the pattern's parameters) and draws on as its pattern object would; a replayed lane
     * keeps its own, which it draws through; a VM without its pattern cannot take a second slot.
     */
    @Test
    void aHighQosVmLetsItsPatternGoOnceItsSlotHoldsIt() {
        SimHost[] hosts = hosts(2, 2);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        Pair spiky = pair(0, QosClass.HIGH, 0, () -> new SpikyLoad(60, 10, BIG_SPIKES));
        Pair lane = pair(1, QosClass.HIGH, 1, () -> new TraceLoad(new long[] {0, 3600}, new double[] {20, 70}));
        hosts[0].holdCore(0, spiky.high());
        hosts[0].holdCore(1, lane.high());
        run(hosts[0], spiky.vm());
        run(hosts[0], lane.vm());
        assertEquals(null, spiky.vm().generator(), "the spiky VM's pattern is in its slot");
        assertTrue(lane.vm().generator() instanceof TraceLoad, "the lane draws through its own");
        LoadDrawer drawer = new LoadDrawer(hot, null);
        for (long now = 300; now <= 86_400; now += 300) {
            drawer.draw(now);
            assertSameBits(spiky.expected(now), spiky.vm().load(), "the spiky VM at " + now);
            assertSameBits(lane.expected(now), lane.vm().load(), "the lane at " + now);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> hosts[1].holdCore(0, spiky.high()));
        assertTrue(e.getMessage().contains("VM 0 has no load pattern"), e.getMessage());
    }

    @Test
    void aSingleDrawOfABusinessVmTakesTheMeanAtItsTime() {
        SimHost[] hosts = hosts(1, 3);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        BusinessCurve curve = new BusinessCurve(50, 90, 0.25);
        Pair first = pair(0, QosClass.HIGH, 0, () -> new BusinessLoad(curve, 5));
        Pair second = pair(1, QosClass.HIGH, 1, () -> new BusinessLoad(curve, 5));
        hosts[0].holdCore(0, first.high());
        hosts[0].holdCore(1, second.high());
        run(hosts[0], first.vm());
        run(hosts[0], second.vm());
        LoadDrawer drawer = new LoadDrawer(hot, null);
        Pair other = null;
        // single draws at 7:55 to 10:05 (night, the rise, full load), some between sweeps, each time twice
        for (long now = 7 * 3600 + 55 * 60; now <= 10 * 3600 + 5 * 60; now += 100) {
            if (now % 300 == 0) {
                drawer.draw(now);
                assertSameBits(first.expected(now), first.vm().load(), "first VM's sweep at " + now);
                assertSameBits(second.expected(now), second.vm().load(), "second VM's sweep at " + now);
                if (other != null) {
                    assertSameBits(other.expected(now), other.vm().load(), "third VM's sweep at " + now);
                }
            }
            assertSameBits(first.expected(now), drawer.drawOne(first.vm().slot, now), "first VM at " + now);
            assertSameBits(second.expected(now), drawer.drawOne(second.vm().slot, now), "second VM at " + now);
            if (other == null && now >= 9 * 3600) {
                // a curve of its own, first drawn at a time the drawer has the other curve's mean of
                other = pair(2, QosClass.HIGH, 2, () -> new BusinessLoad(new BusinessCurve(20, 40, 0.5), 5));
                hosts[0].holdCore(2, other.high());
                run(hosts[0], other.vm());
            }
            if (other != null) {
                assertSameBits(other.expected(now), drawer.drawOne(other.vm().slot, now), "third VM at " + now);
            }
        }
        assertTrue(first.vm().load() > 50, "the rise was drawn: " + first.vm().load());
    }

    /**
     * Low-QoS VMs leave a host (the ones after them move down a slot), come back on another, and
     * crowd one host past the first slot capacity: each keeps drawing its own stream, as if it had
     * never moved.
     */
    @Test
    void aVmThatMovesContinuesItsStream() {
        SimHost[] hosts = hosts(3, 2);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        List<Pair> lows = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            long id = 100 + k;
            Pair p = k % 3 == 0
                    ? pair(id, QosClass.LOW, -1, () -> new SpikyLoad(70, 10, BIG_SPIKES))
                    : pair(id, QosClass.LOW, -1, () -> new NoisyLoad(80, 15));
            p.low().cores = 1 + k % 2;
            lows.add(p);
        }
        LoadDrawer drawer = new LoadDrawer(hot, null);
        long[] now = {0};
        Runnable drawAndCheck = () -> {
            now[0] += STEP;
            drawer.draw(now[0]);
            for (Pair p : lows) {
                if (p.vm().slot >= 0 && p.vm().state == VmState.RUNNING) {
                    assertSameBits(p.expected(LoadGenerator.timeOfWeek(now[0])), p.vm().load(), "VM " + p.vm().id);
                }
            }
        };
        for (int k = 0; k < 4; k++) {
            place(hosts[0], lows.get(k));
        }
        for (int i = 0; i < 20; i++) {
            drawAndCheck.run();
        }
        // the first two leave host 0 (suspended); the two after them move down
        for (int k = 0; k < 2; k++) {
            stop(hosts[0], lows.get(k));
        }
        assertEquals(List.of(lows.get(2).vm(), lows.get(3).vm()), hosts[0].overbooked());
        for (int i = 0; i < 20; i++) {
            drawAndCheck.run();
        }
        // they resume on host 1; host 2 takes eight, past the first capacity (it doubles, more than once)
        place(hosts[1], lows.get(1));
        place(hosts[1], lows.get(0));
        for (int k = 4; k < 12; k++) {
            place(hosts[2], lows.get(k));
        }
        assertTrue(FlatProbe.lowCapacity(hot) >= 8);
        for (int i = 0; i < 20; i++) {
            drawAndCheck.run();
        }
        stop(hosts[2], lows.get(6));
        place(hosts[0], lows.get(6));
        for (int i = 0; i < 20; i++) {
            drawAndCheck.run();
        }
        for (SimHost host : hosts) {
            double demand = 0;
            for (SimVm vm : host.overbooked()) {
                demand += vm.load();
            }
            assertSameBits(demand, host.demand(), "demand of host " + host.id);
        }
    }

    /**
     * Slots share their spread, size and curve or spike model through a table of distinct profiles:
     * low-QoS VMs of 24 spreads and five sizes (more profiles than the table scans, so it looks
     * them up by their values too), of every pattern, several with the same profile, suspended on
     * one host and resumed on the other, keeping their profile's index. Each draws its object's
     * loads, bit for bit, and VMs share a profile only where they share its values.
     */
    @Test
    void vmsOfManyProfilesDrawWhatTheirObjectsDraw() {
        SimHost[] hosts = hosts(2, 2);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        BusinessCurve curve = new BusinessCurve(40, 80, 0.25);
        List<Pair> lows = new ArrayList<>();
        for (int k = 0; k < 48; k++) {
            double sd = 5 + k % 24;
            Pair p = switch (k % 3) {
                case 0 -> pair(300 + k, QosClass.LOW, -1, () -> new NoisyLoad(70, sd));
                case 1 -> pair(300 + k, QosClass.LOW, -1, () -> new SpikyLoad(70, sd, BIG_SPIKES));
                default -> pair(300 + k, QosClass.LOW, -1, () -> new BusinessLoad(curve, sd));
            };
            p.low().cores = k % 5;
            lows.add(p);
            place(hosts[k % 2], p);
        }
        LoadDrawer drawer = new LoadDrawer(hot, null);
        for (long now = STEP; now <= 2 * 86_400; now += STEP) {
            if (now % (12 * STEP) == 0) {
                // a quarter of them move to the other host: suspended, then resumed there with the index they keep
                for (int k = (int) (now / (12 * STEP)) % 4; k < lows.size(); k += 4) {
                    Pair p = lows.get(k);
                    int from = p.vm().hostId;
                    stop(hosts[from], p);
                    p.vm().hostedBy(hot, 1 - from);
                    place(hosts[1 - from], p);
                }
            }
            drawer.draw(now);
            long tow = LoadGenerator.timeOfWeek(now);
            for (Pair p : lows) {
                assertSameBits(p.expected(tow), p.vm().load(), "VM " + p.vm().id + " at " + now);
            }
        }
        // one curve and one spike model: a profile is a spread and a size, whatever the pattern
        Map<Integer, String> valuesOfProfile = new HashMap<>();
        for (Pair p : lows) {
            double sd = p.reference() instanceof NoisyLoad n
                    ? n.sd()
                    : p.reference() instanceof SpikyLoad sp ? sp.sd() : ((BusinessLoad) p.reference()).sd();
            String values = "sd " + sd + " x" + p.vm().scale();
            String was = valuesOfProfile.putIfAbsent(p.low().profileIndex(), values);
            assertEquals(was == null ? values : was, values, "VM " + p.vm().id + "'s profile");
        }
        assertTrue(valuesOfProfile.size() > 16, valuesOfProfile.size() + " profiles");
    }

    /** An overbooked VM leaves by its slot's place among the host's: a VM of another host is refused, not mistaken. */
    @Test
    void aVmLeavesOnlyTheHostItIsOn() {
        SimHost[] hosts = hosts(2, 2);
        SimHost.flatState(hosts, OPERATION_LOAD);
        List<Pair> lows = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            lows.add(pair(200 + k, QosClass.LOW, -1, () -> new NoisyLoad(80, 15)));
        }
        place(hosts[0], lows.get(0));
        place(hosts[0], lows.get(1));
        place(hosts[1], lows.get(2));
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class,
                () -> hosts[0].removeLow(lows.get(2).vm()));
        assertTrue(e.getMessage().contains("VM 202"), e.getMessage());
        assertEquals(List.of(lows.get(0).vm(), lows.get(1).vm()), hosts[0].overbooked());
        stop(hosts[0], lows.get(1));
        assertEquals(List.of(lows.get(0).vm()), hosts[0].overbooked());
        assertEquals(List.of(lows.get(2).vm()), hosts[1].overbooked());
    }

    /**
     * The sweep draws from per-window lists of the slots that draw, kept between sweeps: a VM that
     * starts running, stops (still holding its slot, as while it is suspended) and starts again
     * between sweeps draws exactly when it runs, every time, as its object would; a VM that does not
     * run does not draw (its stream stays put), so that its next draw is its object's next one too.
     */
    @Test
    void theDrawListsFollowEveryChangeOfWhatRuns() {
        SimHost[] hosts = hosts(40, 8); // 320 high-QoS slots and more: many windows of 32 slots, hosts across them
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        List<Pair> all = new ArrayList<>();
        for (SimHost host : hosts) {
            for (int core = 0; core < host.cores; core++) {
                long k = host.id * 8L + core;
                Supplier<LoadGenerator> g = switch ((int) (k % 3)) {
                    case 0 -> () -> new NoisyLoad(60, 15);
                    case 1 -> () -> new SpikyLoad(75, 10, BIG_SPIKES);
                    default -> () -> new BusinessLoad(new BusinessCurve(50, 90, 0.25), 5);
                };
                Pair p = pair(k, QosClass.HIGH, core, g);
                host.holdCore(core, p.high());
                all.add(p);
            }
        }
        LoadDrawer drawer = new LoadDrawer(hot, null);
        SplittableRandom flips = new SplittableRandom(7);
        for (long now = STEP; now <= 60 * STEP; now += STEP) {
            // a random fifth of the VMs changes whether it runs between two sweeps
            for (Pair p : all) {
                if (flips.nextInt(5) == 0) {
                    boolean runs = p.vm().state != VmState.RUNNING;
                    p.vm().state = runs ? VmState.RUNNING : VmState.SUSPENDED;
                    hot.running(p.vm().slot, runs);
                }
            }
            drawer.draw(now);
            long tow = LoadGenerator.timeOfWeek(now);
            for (Pair p : all) {
                if (p.vm().state == VmState.RUNNING) {
                    assertSameBits(p.expected(tow), hot.load(p.vm().slot), "VM " + p.vm().id + " at " + now);
                }
            }
        }
    }

    /** The one-pass count for several thresholds is the count for each, host for host at the boundary too. */
    @Test
    void hostsOverSeveralThresholdsCountsAsEachAlone() {
        SimHost[] hosts = hosts(7, 4);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        double[] demands = {0, 379.9, 380, 380.1, 400, 400.0000001, 1000};
        for (int h = 0; h < demands.length; h++) {
            hot.demand(h, demands[h]);
        }
        double[] thresholds = {95, 100, 0, 250};
        int[] counts = hot.hostsOver(thresholds);
        for (int p = 0; p < thresholds.length; p++) {
            int alone = 0;
            for (int h = 0; h < demands.length; h++) {
                if (demands[h] / 4 > thresholds[p]) {
                    alone++;
                }
            }
            assertEquals(alone, counts[p], "over " + thresholds[p]);
        }
        assertEquals(4, counts[0]);
        assertEquals(2, counts[1]);
    }

    private static void place(SimHost host, Pair p) {
        host.addLow(p.vm());
        run(host, p.vm());
    }

    private static void stop(SimHost host, Pair p) {
        host.hot().running(p.vm().slot, false);
        p.vm().state = VmState.SUSPENDED;
        host.removeLow(p.vm());
        p.vm().unhosted();
        assertEquals(-1, p.vm().slot);
    }

    /** Above the parallel threshold the hosts are drawn in ranges on a pool: the same loads as on one thread. */
    @Test
    void parallelSweepsDrawTheSameLoads() {
        int n = 2100;
        double[][] demand = new double[2][];
        for (int run = 0; run < 2; run++) {
            SimHost[] hosts = hosts(n, 2);
            HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
            for (SimHost host : hosts) {
                for (int core = 0; core < 2; core++) {
                    long k = host.id * 2L + core;
                    HighQosVm vm = new HighQosVm(k, core, new SpikyLoad(75, 15, BIG_SPIKES), stream(k), 1000, 0, EPOCH);
                    host.holdCore(core, vm);
                    run(host, vm);
                }
            }
            ForkJoinPool pool = run == 0 ? null : new ForkJoinPool(2);
            try {
                LoadDrawer drawer = new LoadDrawer(hot, pool);
                for (long now = STEP; now <= 20 * STEP; now += STEP) {
                    drawer.draw(now);
                }
            } finally {
                if (pool != null) {
                    pool.shutdownNow();
                }
            }
            demand[run] = new double[n];
            for (int h = 0; h < n; h++) {
                demand[run][h] = hot.demand(h);
            }
        }
        for (int h = 0; h < n; h++) {
            assertSameBits(demand[0][h], demand[1][h], "host " + h);
        }
    }

    /**
     * The caller draws ranges of hosts beside the pool's threads: with pools of one, two and three
     * threads (two, three and four drawing) the loads and demands are those of the caller alone, bit
     * for bit, at every draw. The hosts have one to three cores, so ranges end inside windows (two
     * ranges draw parts of one window), and the last range is short.
     */
    @Test
    void theCallerAndAnyNumberOfPoolThreadsDrawTheSameLoads() {
        int n = 4 * FlatProbe.RANGE_HOSTS + 77;
        BusinessCurve curve = new BusinessCurve(40, 90, 0.25);
        double[][] loads = new double[4][];
        double[][] demands = new double[4][];
        for (int threads = 0; threads <= 3; threads++) {
            SimHost[] hosts = new SimHost[n];
            for (int h = 0; h < n; h++) {
                hosts[h] = new SimHost(h, 1 + h % 3);
            }
            HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
            for (SimHost host : hosts) {
                for (int core = 0; core < host.cores; core++) {
                    long k = host.id * 4L + core;
                    LoadGenerator g = k % 3 == 0
                            ? new NoisyLoad(60, 15)
                            : k % 3 == 1 ? new SpikyLoad(75, 10, BIG_SPIKES) : new BusinessLoad(curve, 5);
                    HighQosVm vm = new HighQosVm(k, core, g, stream(k), 1000, 0, EPOCH);
                    host.holdCore(core, vm);
                    if (k % 7 != 0) {
                        run(host, vm);
                    }
                }
                if (host.id % 5 == 0) {
                    host.operationStarted();
                }
            }
            ForkJoinPool pool = threads == 0 ? null : new ForkJoinPool(threads);
            try {
                LoadDrawer drawer = new LoadDrawer(hot, pool);
                for (long now = STEP; now <= 30 * STEP; now += STEP) {
                    drawer.draw(now + 8 * 3600);
                }
            } finally {
                if (pool != null) {
                    pool.shutdownNow();
                }
            }
            loads[threads] = FlatProbe.loads(hot);
            demands[threads] = FlatProbe.demands(hot);
        }
        assertTrue(demands[0][n - 1] > 0, "the last, short range was drawn");
        for (int threads = 1; threads <= 3; threads++) {
            for (int s = 0; s < loads[0].length; s++) {
                assertSameBits(loads[0][s], loads[threads][s], "slot " + s + " with " + threads + " pool threads");
            }
            for (int h = 0; h < n; h++) {
                assertSameBits(demands[0][h], demands[threads][h], "host " + h + " with " + threads + " pool threads");
            }
        }
    }

    /**
     * A draw that fails on a pool thread fails on the caller too, with the pool thread's exception,
     * instead of the caller waiting for a range that will never be drawn. Each range has a VM drawn
     * through its object, which fails on a pool thread, and on the caller waits until it did (with a
     * deadline): so the caller draws one range while a pool thread fails on another.
     */
    @Test
    void aRangeThatFailsOnAPoolThreadFailsTheCaller() {
        int n = 5 * FlatProbe.RANGE_HOSTS; // past the size drawn in parallel
        java.util.concurrent.atomic.AtomicBoolean failed = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicReference<Thread> caller =
                new java.util.concurrent.atomic.AtomicReference<>();
        LoadGenerator failing = (tow, random) -> {
            if (Thread.currentThread() != caller.get()) {
                failed.set(true);
                throw new IllegalStateException("a pool thread's range failed");
            }
            for (long deadline = System.nanoTime() + 10_000_000_000L; !failed.get() && System.nanoTime() < deadline; ) {
                Thread.onSpinWait();
            }
            return 50;
        };
        SimHost[] hosts = hosts(n, 1);
        HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
        for (SimHost host : hosts) {
            LoadGenerator g = host.id % FlatProbe.RANGE_HOSTS == 0 ? failing : new NoisyLoad(50, 10);
            HighQosVm vm = new HighQosVm(host.id, 0, g, stream(host.id), 1000, 0, EPOCH);
            host.holdCore(0, vm);
            run(host, vm);
        }
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            LoadDrawer drawer = new LoadDrawer(hot, pool);
            IllegalStateException e = assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(30),
                    () -> assertThrows(IllegalStateException.class, () -> {
                        caller.set(Thread.currentThread()); // the timeout's thread, not the test's
                        drawer.draw(STEP);
                    }));
            assertEquals("a pool thread's range failed", e.getMessage());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A world of 2,048 hosts or more drawn on a pool against the same world drawn on one thread: the
     * same loads and demands, bit for bit, at every draw, while between draws low-QoS VMs are placed
     * (past the first slot capacity too, which lays the slots out anew), start running and draw on
     * their own, stop, and leave their hosts (the VMs after them moving down a slot), and operations
     * start and end on hosts.
     */
    @Test
    void aPoolDrawsWhatOneThreadDrawsWhileVmsComeAndGo() {
        int n = 2100;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            Churn parallel = new Churn(n, pool);
            Churn one = new Churn(n, null);
            for (int step = 1; step <= 40; step++) {
                // from 08:00 on a Monday: the business curve rises, so each sweep's time gives its own means
                long now = MORNING + step * STEP;
                for (Churn c : List.of(parallel, one)) {
                    c.changeSome(step, now);
                    c.drawer.draw(now);
                }
                FlatProbe.assertListsHoldExactlyTheRunningSlots(one.hot);
                one.assertHostsListTheirLowVmsInPlacingOrder();
                for (int h = 0; h < n; h++) {
                    assertSameBits(one.hot.demand(h), parallel.hot.demand(h), "host " + h + " at " + now);
                }
                for (int k = 0; k < one.lows.size(); k++) {
                    assertSameBits(one.lows.get(k).load(), parallel.lows.get(k).load(), "low VM " + k + " at " + now);
                }
            }
            assertTrue(FlatProbe.lowCapacity(parallel.hot) > 4, "the slots were laid out anew");
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A host's utilization is its demand divided by its cores, bit for bit, whether the cores are
     * all powers of two (it multiplies by the inverse then) or not: for demands of every kind (zeros,
     * NaN, infinities, subnormals, huge, random bits); and the per-step count of hosts over a
     * percentage agrees with a count by division.
     */
    @Test
    void utilizationIsDemandOverCoresBitForBit() {
        SplittableRandom random = new SplittableRandom(11);
        double[] special = {
            0.0,
            -0.0,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.MIN_NORMAL,
            Double.MIN_NORMAL * 3 - Double.MIN_VALUE,
            Double.MAX_VALUE,
            95.0 * 8,
            95.0 * 8 + 1e-12,
            100.0,
            1e-300,
            3.0 * Double.MIN_VALUE
        };
        for (int[] cores : List.of(new int[] {1, 2, 4, 8, 16, 64, 1024}, new int[] {8, 8, 12, 8, 3, 1, 8})) {
            SimHost[] hosts = new SimHost[cores.length];
            for (int h = 0; h < cores.length; h++) {
                hosts[h] = new SimHost(h, cores[h]);
            }
            HotState hot = SimHost.flatState(hosts, OPERATION_LOAD);
            for (int round = 0; round < 20_000; round++) {
                for (int h = 0; h < cores.length; h++) {
                    hot.demand(
                            h,
                            round < special.length
                                    ? special[round]
                                    : round % 2 == 0
                                            ? Double.longBitsToDouble(random.nextLong())
                                            : random.nextDouble() * 200 * cores[h]);
                    assertSameBits(
                            hot.demand(h) / cores[h],
                            hot.utilization(h),
                            "demand " + hot.demand(h) + " on " + cores[h] + " cores");
                    assertSameBits(hot.demand(h) / cores[h], hosts[h].utilization(), "host " + h);
                }
                int[] over = hot.hostsOver(95, 100, Double.NaN, Double.NEGATIVE_INFINITY);
                for (int p = 0; p < 4; p++) {
                    double percent = new double[] {95, 100, Double.NaN, Double.NEGATIVE_INFINITY}[p];
                    int expected = 0;
                    for (int h = 0; h < cores.length; h++) {
                        expected += hot.demand(h) / cores[h] > percent ? 1 : 0;
                    }
                    assertEquals(expected, over[p], "hosts over " + percent + " in round " + round);
                }
            }
        }
    }

    /** A world of two-core hosts whose low-QoS VMs come and go by a fixed script between draws. */
    private static final class Churn {
        final SimHost[] hosts;
        final HotState hot;
        final LoadDrawer drawer;
        final List<SimVm> lows = new ArrayList<>();
        /** Per host, its low-QoS VMs in the order they were placed, kept here to check the host's own view. */
        private final List<List<SimVm>> placed = new ArrayList<>();

        private final SplittableRandom script = new SplittableRandom(3);

        Churn(int n, ForkJoinPool pool) {
            hosts = hosts(n, 2);
            hot = SimHost.flatState(hosts, OPERATION_LOAD);
            for (SimHost host : hosts) {
                for (int core = 0; core < 2; core++) {
                    long k = host.id * 2L + core;
                    LoadGenerator g = k % 3 == 0
                            ? new NoisyLoad(60, 15)
                            : k % 3 == 1
                                    ? new SpikyLoad(75, 10, BIG_SPIKES)
                                    : new BusinessLoad(new BusinessCurve(50, 90, 0.25), 5);
                    HighQosVm vm = new HighQosVm(k, core, g, stream(k), 1000, 0, EPOCH);
                    host.holdCore(core, vm);
                    run(host, vm);
                }
            }
            drawer = new LoadDrawer(hot, pool);
            for (int h = 0; h < n; h++) {
                placed.add(new ArrayList<>());
            }
            for (int k = 0; k < 3000; k++) {
                long id = 1_000_000L + k;
                LowQosVm vm = new LowQosVm(
                        id,
                        k % 4 == 0 ? new SpikyLoad(70, 10, BIG_SPIKES) : new NoisyLoad(80, 15),
                        stream(id),
                        1000,
                        0,
                        EPOCH);
                vm.cores = 1 + k % 2;
                lows.add(vm);
            }
        }

        /**
         * Puts fresh high-QoS VMs on a few cores, running with no draw of their own; places, starts,
         * stops and takes off some low-QoS VMs, a few hosts taking many (the capacity grows); and
         * starts or ends operations on some hosts, which counts in their demand.
         */
        void changeSome(int step, long now) {
            for (int i = 0; i < 3; i++) {
                // a fresh high-QoS VM takes a core's slot and runs, with no draw of its own: the sweep draws its first
                // load
                SimHost host = hosts[script.nextInt(hosts.length)];
                long id = 2_000_000L + step * 10L + i;
                LoadGenerator g = i == 0
                        ? new NoisyLoad(40, 10)
                        : i == 1
                                ? new BusinessLoad(new BusinessCurve(30, 70, 0.25), 5)
                                : new SpikyLoad(50, 10, BIG_SPIKES);
                HighQosVm fresh = new HighQosVm(id, 0, g, stream(id), 1000, 0, EPOCH);
                host.holdCore(0, fresh);
                run(host, fresh);
            }
            for (int i = 0; i < 30; i++) {
                SimHost host = hosts[script.nextInt(hosts.length)];
                if (host.operationInFlight() && script.nextBoolean()) {
                    host.operationEnded();
                } else {
                    host.operationStarted();
                }
            }
            for (int i = 0; i < 150; i++) {
                SimVm vm = lows.get(script.nextInt(lows.size()));
                if (vm.hostId < 0) {
                    SimHost host = hosts[step % 7 == 0 && i < 20 ? 5 : script.nextInt(hosts.length)];
                    vm.hostedBy(host.hot(), host.id);
                    host.addLow(vm);
                    placed.get(host.id).add(vm);
                    vm.state = VmState.BOOTING;
                } else if (vm.state != VmState.RUNNING) {
                    vm.state = VmState.RUNNING;
                    hot.running(vm.slot, true);
                    drawer.drawOne(vm.slot, now - 1);
                } else if (script.nextBoolean()) {
                    vm.state = VmState.SUSPENDING;
                    hot.running(vm.slot, false);
                } else {
                    hot.running(vm.slot, false);
                    vm.state = VmState.SUSPENDED;
                    hosts[vm.hostId].removeLow(vm);
                    placed.get(vm.hostId).remove(vm);
                    vm.unhosted();
                }
            }
        }

        /** Every host's overbooked() holds exactly the VMs placed on it and not taken off, in placing order. */
        void assertHostsListTheirLowVmsInPlacingOrder() {
            for (SimHost host : hosts) {
                List<SimVm> expected = placed.get(host.id);
                List<SimVm> actual = host.overbooked();
                assertEquals(expected.size(), actual.size(), "host " + host.id + " overbooked VMs");
                for (int i = 0; i < expected.size(); i++) {
                    assertSame(expected.get(i), actual.get(i), "host " + host.id + " overbooked VM " + i);
                }
                assertEquals(expected, new ArrayList<>(actual), "host " + host.id + " by iteration");
                assertThrows(IndexOutOfBoundsException.class, () -> actual.get(expected.size()));
                assertThrows(
                        UnsupportedOperationException.class,
                        () -> actual.add(expected.isEmpty() ? null : expected.get(0)));
            }
        }
    }
}
