package org.overbookd.sim.slots;

import java.util.List;
import java.util.Locale;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.policy.hybrid.SlotPolicy;

/**
 * The measurements behind sim/README-hybrid.md's "Why the gain is smaller here": HYBRID, PRI and
 * PRI-N on Table 1's cluster, each wrapped in an {@link EvictionAnatomy}, on the swinging built-in
 * scenario and on the steady one ({@link SteadyBusyScenario}, the default). Not a test (nothing is asserted); run it with the test
 * classpath:
 *
 * <pre>java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
 *     org.overbookd.sim.slots.HybridGapExperiment swinging|steady|band SEED...</pre>
 *
 * <p>{@code band} runs HYBRID and PRI on the steady regime with class 9's median demand from 2,700
 * to 3,900 core-seconds, to show how narrow the regime is.
 */
final class HybridGapExperiment {

    private HybridGapExperiment() {}

    public static void main(String[] args) {
        if (args[0].equals("band")) {
            band(args);
            return;
        }
        boolean steady = args[0].equals("steady");
        for (int i = 1; i < args.length; i++) {
            long seed = Long.parseLong(args[i]);
            List<Task> tasks = steady
                    ? SteadyBusyScenario.tasks(seed, SteadyBusyScenario.CLASS_9_MEDIAN)
                    : SyntheticScenario.paperLike().generate(seed);
            System.out.printf(Locale.ROOT, "== %s, seed %d, %d tasks%n", args[0], seed, tasks.size());
            for (SlotPolicy policy : List.of(
                    HybridPolicy.hybrid(HybridSettings.PAPER_STICKY_SLOTS, seed),
                    HybridPolicy.pri(seed),
                    HybridPolicy.priN(HybridSettings.PAPER_EVICTION_LIMIT, seed))) {
                EvictionAnatomy anatomy = new EvictionAnatomy(policy);
                Infrastructure infra = Infrastructure.table1();
                SlotResult r = SlotResult.of(anatomy, infra, new SlotSimulation(infra, tasks, anatomy).simulate());
                System.out.printf(
                        Locale.ROOT,
                        "%s: NE %d, evicted tasks %d, pe-bar %.2f, max(pe) %d, drops %d, WE %.1fk;"
                                + " median response s: class 0 evicted %.0f, never evicted %.0f, class 9 %.0f;"
                                + " finished on a sticky slot %d of %d%n",
                        r.policy(),
                        r.evictions(),
                        r.evictedTasks(),
                        r.meanEvictionsPerEvictedTask(),
                        r.maxEvictions(),
                        r.dropped(),
                        r.wastedCpuSeconds() / 1000,
                        r.classStats(0).responseP50Evicted(),
                        r.classStats(0).responseP50NeverEvicted(),
                        r.classStats(9).responseP50(),
                        r.finishedOnSticky(),
                        r.finished());
                System.out.print(anatomy.report());
            }
        }
    }

    private static void band(String[] args) {
        Infrastructure infra = Infrastructure.table1();
        for (int i = 1; i < args.length; i++) {
            long seed = Long.parseLong(args[i]);
            for (double median = 2700; median <= 3900; median += 300) {
                List<Task> tasks = SteadyBusyScenario.tasks(seed, median);
                SlotResult hybrid = new SlotSimulation(
                                infra, tasks, HybridPolicy.hybrid(HybridSettings.PAPER_STICKY_SLOTS, seed))
                        .run();
                SlotResult pri = new SlotSimulation(infra, tasks, HybridPolicy.pri(seed)).run();
                System.out.printf(
                        Locale.ROOT,
                        "seed %d, class 9 median %.0f: NE HYBRID %d, PRI %d (%.2f);" + " WE HYBRID %.1fk, PRI %.1fk%n",
                        seed,
                        median,
                        hybrid.evictions(),
                        pri.evictions(),
                        (double) hybrid.evictions() / pri.evictions(),
                        hybrid.wastedCpuSeconds() / 1000,
                        pri.wastedCpuSeconds() / 1000);
            }
        }
    }
}
