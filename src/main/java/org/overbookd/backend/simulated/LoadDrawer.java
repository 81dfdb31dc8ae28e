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
 * <p>The sweep walks {@link HotState}'s arrays with no generator objects and no allocation per draw,
 * in two passes per range of hosts. First the draws, from the draw lists ({@link HotState#drawList}:
 * per window of slots, its running slots by how they draw, kept up to date by every change to a
 * slot): the noisy slots in one loop and the business ones in another (together about three in
 * four in the Google cell), a Gaussian each and no uniform, around the VM's own mean or its curve's;
 * then the spiky ones (the spike step's uniforms, then the Gaussian); then any drawn through their
 * objects. A loop per kind has no branch on the pattern, which would be mispredicted about every
 * other VM (patterns are mixed at random across slots). Before, every slot took the spike step's
 * two uniforms and set its stream back unless spiky, which cost more than the Gaussian. Each VM draws from its own
 * stream, so the order of the draws changes no bit. Then the sums, host after host, slot after slot
 * in memory order: the order the objects summed in, so each host's demand is the same bits.
 *
 * <p>The arithmetic is the pattern classes' own ({@link SpikyLoad#uniformsUsed}, {@link SpikyLoad#spikeAfter},
 * {@link SpikyLoad#draw}, {@link LoadGenerator#normal}), in the order their objects drew, so the
 * loads are the same bits as drawing through the objects. The business curve's mean depends only on
 * the time: it is computed once per sweep per distinct curve.
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
        inParallel(hosts, (from, to) -> draw(from, to, now, tow, mus, models, new FlatStream()));
    }

    /** Work on the items {@code from} (inclusive) to {@code to}. */
    private interface Range {
        void run(int from, int to);
    }

    /** Runs {@code work} over {@code n} items on the pool, in fixed ranges (a few per thread), and waits. */
    private void inParallel(int n, Range work) {
        int chunks = pool.getParallelism() * 4;
        int size = (n + chunks - 1) / chunks;
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = Math.min(n, c * size);
            int to = Math.min(n, from + size);
            tasks[c] = pool.submit(() -> work.run(from, to));
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
        if ((p & HotState.SPIKY_BIT) != 0) {
            drawSpiky(st, s, spikeModels(), cursor);
        } else if ((p & HotState.BUSINESS_BIT) != 0) {
            drawBusiness(st, s, businessMeans(tow), cursor);
        } else if ((p & HotState.FLAT) != 0) {
            drawNoisy(st, s, cursor);
        } else {
            st.load[s] = drawObject(st, s, tow) * st.scale[s];
        }
        return st.load[s];
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

    /**
     * Draws hosts {@code from} to {@code to}: first the running slots of their windows by the draw
     * lists (each kind in a loop of its own; the order of the draws does not matter, each VM draws
     * from its own stream), then each host's demand, summed in slot order as always ({@link
     * HotState#recompute}, as at every other change).
     *
     * <p>The work per window and per host is in methods of its own, each called many times per
     * sweep, so that the JIT compiles them as methods; one method holding the long loops was
     * compiled by on-stack replacement at each loop, four times in a tables 1-3 sweep, late, and
     * most of those compilations were spent on runs already over.
     */
    private void draw(int from, int to, long now, long tow, double[] mus, SpikeModel[] models, FlatStream cursor) {
        if (from >= to) {
            return;
        }
        HotState st = hot;
        int lo = st.base[from];
        int hi = st.end(to - 1);
        for (int w = lo >>> HotState.WINDOW_SHIFT, last = (hi - 1) >>> HotState.WINDOW_SHIFT; w <= last; w++) {
            int first = w << HotState.WINDOW_SHIFT;
            if (first < lo || first + HotState.WINDOW > hi) {
                drawShared(st, w, lo, hi, tow, mus, models, cursor);
            } else {
                drawWindow(st, w, tow, mus, models, cursor);
            }
        }
        for (int h = from; h < to; h++) {
            st.advance(h, now);
            st.recompute(h);
        }
    }

    /** Draws the running slots of window {@code w}, each kind in a loop of its own. */
    private static void drawWindow(HotState st, int w, long tow, double[] mus, SpikeModel[] models, FlatStream cursor) {
        int[] list = st.drawList;
        long[] stream = st.stream;
        double[] sd = st.sd;
        double[] scale = st.scale;
        double[] load = st.load;
        int first = w << HotState.WINDOW_SHIFT;
        int noisyEnd = first + st.noisyCount[w];
        int businessEnd = noisyEnd + st.businessCount[w];
        // drawNoisy and drawBusiness, with the arrays read once for the window
        double[] mu = st.mu;
        for (int i = first; i < noisyEnd; i++) {
            int s = list[i];
            load[s] = plain(stream, s, mu[s], sd[s], cursor) * scale[s];
        }
        int[] curve = st.curve;
        for (int i = noisyEnd; i < businessEnd; i++) {
            int s = list[i];
            load[s] = plain(stream, s, mus[curve[s]], sd[s], cursor) * scale[s];
        }
        for (int i = first + HotState.WINDOW - st.otherCount[w], end = first + HotState.WINDOW; i < end; i++) {
            drawOther(st, list[i], tow, models, cursor);
        }
    }

    /** Draws the running slots of window {@code w} that lie in slots {@code lo} to {@code hi}: a window shared by two ranges of hosts. */
    private static void drawShared(HotState st, int w, int lo, int hi, long tow, double[] mus, SpikeModel[] models,
            FlatStream cursor) {
        int[] list = st.drawList;
        int first = w << HotState.WINDOW_SHIFT;
        int noisyEnd = first + st.noisyCount[w];
        int businessEnd = noisyEnd + st.businessCount[w];
        for (int i = first; i < first + HotState.WINDOW; i++) {
            int s = list[i];
            if (s < lo || s >= hi || i >= businessEnd && i < first + HotState.WINDOW - st.otherCount[w]) {
                continue;
            }
            if (i < noisyEnd) {
                drawNoisy(st, s, cursor);
            } else if (i < businessEnd) {
                drawBusiness(st, s, mus, cursor);
            } else {
                drawOther(st, s, tow, models, cursor);
            }
        }
    }

    /** A noisy slot's draw, stored as its load: N(mu, sd) clipped, as {@link LoadGenerator#normal}. */
    private static void drawNoisy(HotState st, int s, FlatStream cursor) {
        st.load[s] = plain(st.stream, s, st.mu[s], st.sd[s], cursor) * st.scale[s];
    }

    /** A business slot's draw, stored as its load: as a noisy one's, around its curve's mean now. */
    private static void drawBusiness(HotState st, int s, double[] mus, FlatStream cursor) {
        st.load[s] = plain(st.stream, s, mus[st.curve[s]], st.sd[s], cursor) * st.scale[s];
    }

    /**
     * N(mean, sd) clipped, drawn from slot {@code s}'s stream and the stream moved on, as {@link
     * LoadGenerator#normal} draws it: the ziggurat's common case with the state in a local variable
     * ({@link FlatStream#oneLongGaussianAt}), the rest through the cursor and the JDK.
     */
    private static double plain(long[] stream, int s, double mean, double sd, FlatStream cursor) {
        return LoadGenerator.normal(mean, sd, gaussian(stream, s, cursor));
    }

    /**
     * The next standard Gaussian of slot {@code s}'s stream, the stream moved on: as {@link
     * FlatStream#nextGaussian}, the common case with the state in a local variable.
     */
    private static double gaussian(long[] stream, int s, FlatStream cursor) {
        long stepped = FlatStream.after(stream[s], 1);
        double gaussian = FlatStream.oneLongGaussianAt(stepped);
        if (gaussian == gaussian) {
            stream[s] = stepped;
            return gaussian;
        }
        cursor.state = stream[s];
        gaussian = cursor.nextGaussian();
        stream[s] = cursor.state;
        return gaussian;
    }

    /**
     * A spiky slot's draw, stored as its load: one step of the spike process, then the spiked
     * Gaussian, as {@link SpikyLoad#next}. The step's uniforms are read off the stream's state in a
     * local variable, and the stream is moved on by as many as it takes. The second uniform (the sign
     * of a spike that starts) is computed only when the step takes it: about one step in a hundred
     * with the paper's spikes, a branch the CPU predicts, where computing it every time cost a third
     * of the mixing a spiky draw does.
     */
    private static void drawSpiky(HotState st, int s, SpikeModel[] models, FlatStream cursor) {
        SpikeModel spikes = models[st.spikeModel[s]];
        long state = st.stream[s];
        int was = st.spike[s];
        double u1 = FlatStream.uniformAt(FlatStream.after(state, 1));
        int used = SpikyLoad.uniformsUsed(was, spikes, u1);
        double u2 = used == 2 ? FlatStream.uniformAt(FlatStream.after(state, 2)) : Double.NaN;
        int spike = SpikyLoad.spikeAfter(was, spikes, u1, u2);
        st.stream[s] = FlatStream.after(state, used);
        double value = SpikyLoad.draw(st.mu[s], st.sd[s], spike, spikes, gaussian(st.stream, s, cursor));
        st.spike[s] = (byte) spike;
        st.load[s] = value * st.scale[s];
    }

    /** A spiky slot's draw or one through the VM's own generator, stored as its load. */
    private static void drawOther(HotState st, int s, long tow, SpikeModel[] models, FlatStream cursor) {
        if (st.pattern[s] == HotState.SPIKY) {
            drawSpiky(st, s, models, cursor);
        } else {
            st.load[s] = drawObject(st, s, tow) * st.scale[s];
        }
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
