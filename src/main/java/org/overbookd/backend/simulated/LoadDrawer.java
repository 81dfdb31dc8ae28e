package org.overbookd.backend.simulated;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;

/**
 * Every running VM draws its next load value; each host's demand is summed in the same pass.
 * Hosts are independent (each VM owns its random stream, each host its sums), so with a pool the
 * hosts are split into fixed ranges drawn in parallel and the result is the same, bit for bit,
 * whatever the number of threads.
 *
 * <p>The sweep is one loop over {@link HotState}'s arrays, host after host and slot after slot in
 * memory order, that switches on each slot's pattern: no generator objects, no allocation per draw.
 * It uses the pattern classes' own static draws, in the order their objects drew, so the loads are
 * the same bits as drawing through the objects. The business curve's mean depends only on the
 * time, so it is computed once per sweep per distinct curve instead of once per VM.
 */
final class LoadDrawer {

    /** Below this many hosts a parallel draw costs more in hand-offs than it saves. */
    private static final int PARALLEL_MIN_HOSTS = 2048;

    private final HotState hot;
    private final ForkJoinPool pool;
    /** The cursor of the world's own thread (single draws, and sweeps without a pool). */
    private final FlatStream cursor = new FlatStream();
    private double[] curveMu = new double[0];

    /** @param pool the threads to draw with on large clusters, or null to draw on the caller's */
    LoadDrawer(HotState hot, ForkJoinPool pool) {
        this.hot = hot;
        this.pool = pool;
    }

    /** Draws every running VM's load at {@code now} and sums each host's demand. */
    void draw(long now) {
        long tow = VirtualClock.timeOfWeek(now);
        double[] mus = businessMeans(tow);
        int hosts = hot.cores.length;
        if (pool == null || hosts < PARALLEL_MIN_HOSTS) {
            draw(0, hosts, now, tow, mus, cursor);
            return;
        }
        int chunks = pool.getParallelism() * 4;
        int size = (hosts + chunks - 1) / chunks;
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = Math.min(hosts, c * size);
            int to = Math.min(hosts, from + size);
            tasks[c] = pool.submit(() -> draw(from, to, now, tow, mus, new FlatStream()));
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
        double mu = st.pattern[s] == HotState.BUSINESS ? st.curves.get(st.param[s]).mu(tow) : 0;
        return st.load[s] = draw(st, s, tow, mu, cursor) * st.scale[s];
    }

    private double[] businessMeans(long tow) {
        List<BusinessCurve> curves = hot.curves;
        if (curveMu.length != curves.size()) {
            curveMu = new double[curves.size()];
        }
        for (int i = 0; i < curveMu.length; i++) {
            curveMu[i] = curves.get(i).mu(tow);
        }
        return curveMu;
    }

    private void draw(int from, int to, long now, long tow, double[] mus, FlatStream cursor) {
        HotState st = hot;
        int[] ops = st.ops;
        double[] demand = st.demand;
        int[] base = st.base;
        int[] highCount = st.highCount;
        int[] lowCount = st.lowCount;
        boolean[] running = st.running;
        byte[] pattern = st.pattern;
        long[] stream = st.stream;
        double[] mu = st.mu;
        double[] sd = st.sd;
        double[] scale = st.scale;
        int[] param = st.param;
        double[] load = st.load;
        double operationLoad = st.operationLoad;
        for (int h = from; h < to; h++) {
            st.advance(h, now);
            double sum = operationLoad * ops[h];
            for (int s = base[h], e = s + highCount[h] + lowCount[h]; s < e; s++) {
                if (!running[s]) {
                    continue;
                }
                byte p = pattern[s];
                double value;
                if (p == HotState.NOISY || p == HotState.BUSINESS) {
                    cursor.state = stream[s];
                    value = LoadGenerator.normal(cursor, p == HotState.NOISY ? mu[s] : mus[param[s]], sd[s]);
                    stream[s] = cursor.state;
                } else {
                    value = draw(st, s, tow, 0, cursor);
                }
                sum += load[s] = value * scale[s];
            }
            demand[h] = sum;
        }
    }

    /**
     * One draw of the VM in slot {@code s}: what its generator object would return (before the size scale).
     *
     * @param businessMu the business curve's mean now, for a BUSINESS slot
     */
    private static double draw(HotState st, int s, long tow, double businessMu, FlatStream cursor) {
        double value;
        switch (st.pattern[s]) {
            case HotState.NOISY -> {
                cursor.state = st.stream[s];
                value = LoadGenerator.normal(cursor, st.mu[s], st.sd[s]);
                st.stream[s] = cursor.state;
            }
            case HotState.BUSINESS -> {
                cursor.state = st.stream[s];
                value = LoadGenerator.normal(cursor, businessMu, st.sd[s]);
                st.stream[s] = cursor.state;
            }
            case HotState.SPIKY -> {
                SpikeModel spikes = st.spikeModels.get(st.param[s]);
                cursor.state = st.stream[s];
                int spike = SpikyLoad.nextSpike(st.spike[s], spikes, cursor);
                value = SpikyLoad.draw(st.mu[s], st.sd[s], spike, spikes, cursor);
                st.stream[s] = cursor.state;
                st.spike[s] = (byte) spike;
            }
            case HotState.OBJECT -> {
                SimVm vm = st.vm[s];
                value = vm.generator.next(tow, vm.random);
            }
            default -> throw new IllegalStateException("slot " + s + " runs with no VM");
        }
        return value;
    }
}
