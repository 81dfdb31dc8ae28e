package org.overbookd.backend.simulated;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;
import org.overbookd.random.Draws;

/**
 * Every running VM draws its next load value; each host's demand is summed in the same pass.
 * Hosts are independent (each VM owns its random stream, each host its sums), so with a pool the
 * hosts are split into fixed ranges drawn in parallel and the result is the same, bit for bit,
 * whatever the number of threads.
 *
 * <p>The sweep is one loop over {@link HotState}'s arrays, host after host and slot after slot in
 * memory order, with no generator objects and no allocation per draw. The three synthetic patterns
 * share one path without a branch on the pattern (patterns are mixed at random across slots, so
 * such a branch would be mispredicted about every other VM, which cost as much as the Gaussian
 * itself): every slot takes the spike step's two uniforms from its stream, and the pattern's bits
 * decide, by arithmetic and bit masks, how many of them the stream keeps (0 unless spiky: the
 * stream is a counter, so it is set back), which spike state is kept, which mean is used (the VM's
 * or its business curve's now), and whether the spike moves the load. The decisions and the
 * arithmetic are the pattern classes' own ({@link SpikyLoad#uniformsUsed}, {@link SpikyLoad#spikeAfter},
 * {@link SpikyLoad#spiked}, {@link Draws#normal}, {@link LoadGenerator#clip}), in the order their
 * objects drew, so the loads are the same bits as drawing through the objects. The business curve's
 * mean depends only on the time: it is computed once per sweep per distinct curve.
 */
final class LoadDrawer {

    /** Below this many hosts a parallel draw costs more in hand-offs than it saves. */
    private static final int PARALLEL_MIN_HOSTS = 2048;

    private final HotState hot;
    private final ForkJoinPool pool;
    /** The cursor of the world's own thread (single draws, and sweeps without a pool). */
    private final FlatStream cursor = new FlatStream();
    /** The business curves' means at the sweep's time; never empty, so that every slot may index it. */
    private double[] curveMu = new double[1];
    /** The spike models by index; never empty, so that every slot may index it. */
    private SpikeModel[] spikeModels = {SpikeModel.PAPER};
    /** How many of {@link HotState#spikeModels} {@link #spikeModels} holds (they are only ever added). */
    private int knownSpikeModels;

    /** @param pool the threads to draw with on large clusters, or null to draw on the caller's */
    LoadDrawer(HotState hot, ForkJoinPool pool) {
        this.hot = hot;
        this.pool = pool;
    }

    /** Draws every running VM's load at {@code now} and sums each host's demand. */
    void draw(long now) {
        long tow = VirtualClock.timeOfWeek(now);
        double[] mus = businessMeans(tow);
        SpikeModel[] models = spikeModels();
        int hosts = hot.cores.length;
        if (pool == null || hosts < PARALLEL_MIN_HOSTS) {
            draw(0, hosts, now, tow, mus, models, cursor);
            return;
        }
        int chunks = pool.getParallelism() * 4;
        int size = (hosts + chunks - 1) / chunks;
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = Math.min(hosts, c * size);
            int to = Math.min(hosts, from + size);
            tasks[c] = pool.submit(() -> draw(from, to, now, tow, mus, models, new FlatStream()));
        }
        for (ForkJoinTask<?> task : tasks) {
            task.join();
        }
    }

    /**
     * The load of the VM in slot {@code s} drawn now, on its own (a VM starting to run), stored in
     * its slot and returned.
     */
    double drawOne(int s, long now) {
        long tow = VirtualClock.timeOfWeek(now);
        HotState st = hot;
        byte p = st.pattern[s];
        double value = (p & HotState.FLAT) != 0
                ? drawFlat(st, s, p, businessMeans(tow), spikeModels(), cursor)
                : drawObject(st, s, tow);
        return st.load[s] = value * st.scale[s];
    }

    private double[] businessMeans(long tow) {
        List<BusinessCurve> curves = hot.curves;
        if (curveMu.length < curves.size()) {
            curveMu = new double[curves.size()];
        }
        for (int i = 0; i < curves.size(); i++) {
            curveMu[i] = curves.get(i).mu(tow);
        }
        return curveMu;
    }

    private SpikeModel[] spikeModels() {
        List<SpikeModel> models = hot.spikeModels;
        if (models.size() > knownSpikeModels) {
            spikeModels = models.toArray(new SpikeModel[0]);
            knownSpikeModels = models.size();
        }
        return spikeModels;
    }

    private void draw(int from, int to, long now, long tow, double[] mus, SpikeModel[] models, FlatStream cursor) {
        // a sweep runs between changes to the slots, so the arrays are read once
        HotState st = hot;
        int[] ops = st.ops;
        double[] demand = st.demand;
        int[] base = st.base;
        int[] highCount = st.highCount;
        int[] lowCount = st.lowCount;
        boolean[] running = st.running;
        byte[] pattern = st.pattern;
        double[] scale = st.scale;
        double[] load = st.load;
        double operationLoad = st.operationLoad;
        for (int h = from; h < to; h++) {
            st.advance(h, now);
            double sum = operationLoad * ops[h];
            for (int s = base[h], e = s + highCount[h] + lowCount[h]; s < e; s++) {
                if (running[s]) {
                    byte p = pattern[s];
                    double value = (p & HotState.FLAT) != 0
                            ? drawFlat(st, s, p, mus, models, cursor)
                            : drawObject(st, s, tow);
                    sum += load[s] = value * scale[s];
                }
            }
            demand[h] = sum;
        }
    }

    /** One draw of a noisy, spiky or business slot (before its size scale), as its object would draw it. */
    private static double drawFlat(HotState st, int s, byte p, double[] mus, SpikeModel[] models, FlatStream cursor) {
        int spiky = (p & HotState.SPIKY_BIT) >>> 1;
        int business = (p & HotState.BUSINESS_BIT) >>> 2;
        long state = st.stream[s];
        SpikeModel spikes = models[st.spikeModel[s]];
        int was = st.spike[s];
        cursor.state = state;
        double u1 = cursor.nextDouble();
        double u2 = cursor.nextDouble();
        int spike = spiky * SpikyLoad.spikeAfter(was, spikes, u1, u2);
        cursor.state = FlatStream.after(state, spiky * SpikyLoad.uniformsUsed(was, spikes, u1));
        double normal = Draws.normal(cursor, select(business, mus[st.curve[s]], st.mu[s]), st.sd[s]);
        st.stream[s] = cursor.state;
        st.spike[s] = (byte) spike;
        return LoadGenerator.clip(select(spiky, SpikyLoad.spiked(normal, spike, spikes), normal));
    }

    /** {@code ifOne} when {@code bit} is 1, {@code ifZero} when it is 0, bit for bit, without a branch. */
    private static double select(int bit, double ifOne, double ifZero) {
        long mask = -(long) bit;
        return Double.longBitsToDouble(
                Double.doubleToRawLongBits(ifOne) & mask | Double.doubleToRawLongBits(ifZero) & ~mask);
    }

    /** A recorded trace, drawn through its object. */
    private static double drawObject(HotState st, int s, long tow) {
        SimVm vm = st.vm[s];
        if (vm == null) {
            throw new IllegalStateException("slot " + s + " runs with no VM");
        }
        return vm.generator.next(tow, vm.random);
    }
}
