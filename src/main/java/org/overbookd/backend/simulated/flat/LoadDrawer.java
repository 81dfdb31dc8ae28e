package org.overbookd.backend.simulated.flat;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;
import org.overbookd.random.Ziggurat;

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
 *
 * <p>With a pool, the sweep's ranges are drawn by the caller and the pool's threads, and nothing
 * is drawn before the sweep. Drawing the next sweep's loads ahead on a pool thread while the world
 * steps shortens a run on two cores but costs CPU: the draws of slots the step changes, and of
 * ranges not finished in time, are made twice, and each draw taken is copied from where it was
 * made (docs/performance.md, "the sweep draws by kind").
 */
public final class LoadDrawer {

    /** Below this many hosts a parallel draw costs more in hand-offs than it saves. */
    private static final int PARALLEL_MIN_HOSTS = 2048;
    /**
     * Hosts per range of a parallel draw. A power of two of 32 or more: when every host has as many
     * slots, a range then starts and ends on a window's edge and no window is drawn by two ranges.
     */
    static final int RANGE_HOSTS = 512;
    /** How many times the caller checks the other threads' ranges before it sleeps. */
    private static final int AWAIT_SPINS = 2000;

    private final HotState hot;
    private final ForkJoinPool pool;
    /** The cursor of the world's own thread (single draws, and sweeps without a pool). */
    private final FlatStream cursor = new FlatStream();
    /** The business curves' means at the sweep's time; never empty, so that every slot may index it. */
    private double[] curveMu = new double[1];
    /** The time of week {@link #curveMu} holds the means at, and of how many curves; none yet. */
    private long meansAt = Long.MIN_VALUE;

    private int meansOf = -1;
    /** The spike models by index; never empty, so that every slot may index it. */
    private SpikeModel[] spikeModels = {SpikeModel.PAPER};
    /** How many of {@link HotState#spikeModels} {@link #spikeModels} holds (they are only ever added). */
    private int knownSpikeModels;
    /**
     * @param pool the threads that draw with the caller on large clusters (the caller draws too: a
     *             pool of one thread makes two drawing), or null to draw on the caller's alone
     */
    public LoadDrawer(HotState hot, ForkJoinPool pool) {
        this.hot = hot;
        this.pool = pool;
    }

    /** How many ranges of {@link #RANGE_HOSTS} hosts a parallel draw of {@code hosts} hosts cuts them into (the last may be short). */
    static int ranges(int hosts) {
        return (hosts + RANGE_HOSTS - 1) / RANGE_HOSTS;
    }

    /** Draws every running VM's load at {@code now} and sums each host's demand. */
    public void draw(long now) {
        long tow = LoadGenerator.timeOfWeek(now);
        double[] mus = businessMeans(tow);
        SpikeModel[] models = spikeModels();
        int hosts = hot.cores.length;
        if (pool == null || hosts < PARALLEL_MIN_HOSTS) {
            draw(0, hosts, now, tow, mus, models, cursor);
            return;
        }
        Sweep sweep = new Sweep(hosts, now, tow, mus, models);
        for (int i = 0, helpers = Math.min(pool.getParallelism(), sweep.ranges - 1); i < helpers; i++) {
            pool.execute(sweep);
        }
        sweep.drawRanges(cursor);
        sweep.await();
    }

    /**
     * One parallel draw: the hosts in fixed ranges of {@link #RANGE_HOSTS}, which the caller and the
     * pool's threads take in turn until none is left, and the caller then waits for the ranges still
     * being drawn. Which thread draws a range changes no bit (hosts are independent), and the ranges
     * do not depend on the number of threads. The caller draws too: a step wakes one thread fewer,
     * and the caller's core, idle while it waited in a join, draws its share. A pool thread that
     * wakes late finds no range left and returns, touching nothing.
     */
    private final class Sweep implements Runnable {
        final int hosts;
        final int ranges;
        final long now;
        final long tow;
        final double[] mus;
        final SpikeModel[] models;
        /** The next range to take. */
        private final AtomicInteger next = new AtomicInteger();
        /** How many ranges are drawn; the last one drawn wakes the caller if it sleeps. */
        private final AtomicInteger drawn = new AtomicInteger();
        /** The caller, once it waits asleep; null before. */
        private volatile Thread sleeper;
        /** The first failure of a pool thread's range, thrown by {@link #await} on the caller. */
        private volatile Throwable failure;

        Sweep(int hosts, long now, long tow, double[] mus, SpikeModel[] models) {
            this.hosts = hosts;
            this.ranges = ranges(hosts);
            this.now = now;
            this.tow = tow;
            this.mus = mus;
            this.models = models;
        }

        /** A pool thread's part: ranges until none is left. */
        @Override
        public void run() {
            try {
                drawRanges(new FlatStream());
            } catch (Throwable t) {
                failure = t;
                done(ranges); // the caller wakes and throws it rather than wait for ranges never drawn
            }
        }

        void drawRanges(FlatStream cursor) {
            int mine = 0;
            for (int r; (r = next.getAndIncrement()) < ranges; mine++) {
                int from = r * RANGE_HOSTS;
                int to = Math.min(hosts, from + RANGE_HOSTS);
                draw(from, to, now, tow, mus, models, cursor);
            }
            if (mine > 0) {
                done(mine);
            }
        }

        private void done(int count) {
            if (drawn.addAndGet(count) >= ranges) {
                Thread waiting = sleeper;
                if (waiting != null) {
                    LockSupport.unpark(waiting);
                }
            }
        }

        /**
         * Returns once every range is drawn: spins a little (the ranges left are a pool thread's last
         * one, a fraction of a millisecond), then sleeps until the last range drawn wakes it.
         */
        void await() {
            for (int spin = 0; spin < AWAIT_SPINS && drawn.get() < ranges; spin++) {
                Thread.onSpinWait();
            }
            if (drawn.get() < ranges) {
                sleeper = Thread.currentThread();
                while (drawn.get() < ranges) {
                    LockSupport.park(this);
                }
            }
            Throwable t = failure;
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t instanceof Error e) {
                throw e;
            }
            if (t != null) {
                throw new IllegalStateException("a drawing thread failed", t);
            }
        }
    }

    /**
     * The load of the VM in slot {@code s} drawn now, on its own (a VM starting to run), stored in
     * its slot and returned.
     */
    public double drawOne(int s, long now) {
        long tow = LoadGenerator.timeOfWeek(now);
        HotState st = hot;
        byte p = st.pattern[s];
        if ((p & HotState.SPIKY_BIT) != 0) {
            drawSpiky(st, s, spikeModels(), cursor);
        } else if ((p & HotState.BUSINESS_BIT) != 0) {
            drawBusiness(st, s, businessMeans(tow), cursor);
        } else if ((p & HotState.FLAT) != 0) {
            drawNoisy(st, s, cursor);
        } else {
            drawObject(st, s, tow);
        }
        return st.load[s];
    }

    /**
     * The business curves' means at {@code tow}, in {@link #curveMu}: computed at the first draw at
     * a time (a sweep's, or a VM's starting to run) and kept for the others at that time.
     *
     * <p>Not only the curve's cost: the curve is piecewise (night, rise, lunch, decline, weekend),
     * and while the means were computed at every single draw, the curve was compiled into the
     * world's event handling (a VM starting to run draws at once), where each piece first reached
     * as the simulated week went on (8:00, 10:00, 11:30, ..., the first Saturday) threw the
     * compiled event loop away and had the JIT compile it again (docs/performance.md counts the
     * recompilations). A computation once per time is a cold call, which the JIT leaves out of line.
     */
    private double[] businessMeans(long tow) {
        int curves = hot.curves.size();
        if (tow != meansAt || curves != meansOf) {
            curveMu = businessMeans(tow, curveMu);
            meansAt = tow;
            meansOf = curves;
        }
        return curveMu;
    }

    /** The business curves' means at {@code tow}, in {@code into} or in a larger array if it is too short. */
    private double[] businessMeans(long tow, double[] into) {
        List<BusinessCurve> curves = hot.curves;
        double[] means = into.length < curves.size() ? new double[curves.size()] : into;
        for (int i = 0; i < curves.size(); i++) {
            means[i] = curves.get(i).mu(tow);
        }
        return means;
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
        int lo = st.base(from);
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
        byte[] list = st.drawList;
        long[] stream = st.stream;
        int[] profile = st.profile;
        double[] sd = st.profiles.sd();
        double[] scale = st.profiles.scale();
        double[] load = st.load;
        int first = w << HotState.WINDOW_SHIFT;
        int noisyEnd = first + st.listSizes[HotState.noisyAt(w)];
        int businessEnd = noisyEnd + st.listSizes[HotState.businessAt(w)];
        // drawNoisy and drawBusiness, with the arrays read once for the window
        double[] mu = st.mu;
        for (int i = first; i < noisyEnd; i++) {
            int s = first + list[i];
            int p = profile[s];
            load[s] = plain(stream, s, mu[s], sd[p], cursor) * scale[p];
        }
        int[] curve = st.profiles.table();
        for (int i = noisyEnd; i < businessEnd; i++) {
            int s = first + list[i];
            int p = profile[s];
            load[s] = plain(stream, s, mus[curve[p]], sd[p], cursor) * scale[p];
        }
        // the spiky slots (drawSpiky, inline): the arrays read once for the window here too, rather
        // than through the slot's state at every draw, a fifth less CPU per spiky VM-step
        // (docs/performance.md, the table of choices); the same bits
        byte[] pattern = st.pattern;
        byte[] spike = st.spike;
        for (int i = first + HotState.WINDOW - st.listSizes[HotState.otherAt(w)], end = first + HotState.WINDOW;
                i < end;
                i++) {
            int s = first + list[i];
            if (pattern[s] != HotState.SPIKY) {
                drawObject(st, s, tow);
                continue;
            }
            int p = profile[s];
            load[s] = spiky(stream, spike, mu[s], sd[p], scale[p], s, models[curve[p]], cursor);
        }
    }

    /** Draws the running slots of window {@code w} that lie in slots {@code lo} to {@code hi}: a window shared by two ranges of hosts. */
    private static void drawShared(
            HotState st, int w, int lo, int hi, long tow, double[] mus, SpikeModel[] models, FlatStream cursor) {
        byte[] list = st.drawList;
        int first = w << HotState.WINDOW_SHIFT;
        int noisyEnd = first + st.listSizes[HotState.noisyAt(w)];
        int businessEnd = noisyEnd + st.listSizes[HotState.businessAt(w)];
        int otherStart = first + HotState.WINDOW - st.listSizes[HotState.otherAt(w)];
        for (int i = first; i < first + HotState.WINDOW; i++) {
            int s = first + list[i];
            if (s < lo || s >= hi || i >= businessEnd && i < otherStart) {
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
        int p = st.profile[s];
        st.load[s] = plain(st.stream, s, st.mu[s], st.profiles.sd()[p], cursor)
                * st.profiles.scale()[p];
    }

    /** A business slot's draw, stored as its load: as a noisy one's, around its curve's mean now. */
    private static void drawBusiness(HotState st, int s, double[] mus, FlatStream cursor) {
        int p = st.profile[s];
        DrawProfiles profiles = st.profiles;
        st.load[s] = plain(st.stream, s, mus[profiles.table()[p]], profiles.sd()[p], cursor) * profiles.scale()[p];
    }

    /**
     * N(mean, sd) clipped, drawn from slot {@code s}'s stream as {@link LoadGenerator#normal} draws
     * it, the stream moved on in place.
     */
    static double plain(long[] stream, int s, double mean, double sd, FlatStream cursor) {
        return LoadGenerator.normal(mean, sd, gaussian(stream, s, cursor));
    }

    /**
     * The next standard normal of slot {@code s}'s stream, {@code Ziggurat.next} of it, the stream
     * moved on in place. The common case (the first long
     * picks a rectangle, 253 in 256) keeps the state in a local variable; only the rest goes through
     * the cursor, which {@link Ziggurat#leftOver} draws its further longs from.
     */
    static double gaussian(long[] stream, int s, FlatStream cursor) {
        long stepped = FlatStream.after(stream[s], 1);
        long first = FlatStream.outputAt(stepped);
        if (Ziggurat.inRectangle(first)) {
            stream[s] = stepped;
            return Ziggurat.rectangle(first);
        }
        cursor.state = stepped;
        double gaussian = Ziggurat.leftOver(first, cursor);
        stream[s] = cursor.state;
        return gaussian;
    }

    /** A spiky slot's draw, stored as its load: see {@link #spiky}. */
    private static void drawSpiky(HotState st, int s, SpikeModel[] models, FlatStream cursor) {
        int p = st.profile[s];
        DrawProfiles profiles = st.profiles;
        st.load[s] = spiky(
                st.stream,
                st.spike,
                st.mu[s],
                profiles.sd()[p],
                profiles.scale()[p],
                s,
                models[profiles.table()[p]],
                cursor);
    }

    /**
     * A spiky slot's load: one step of the spike process, then the spiked Gaussian, as {@link
     * SpikyLoad#next}, the slot's stream and spike state moved on in place. The step's uniforms are read off the
     * stream's state in a local variable, and the stream is moved on by as many as it takes. The
     * second uniform (the sign of a spike that starts) is computed only when the step takes it:
     * about one step in a hundred with the paper's spikes, a branch the CPU predicts, where
     * computing it every time cost a third of the mixing a spiky draw does.
     */
    static double spiky(
            long[] stream,
            byte[] spike,
            double mu,
            double sd,
            double scale,
            int s,
            SpikeModel spikes,
            FlatStream cursor) {
        long state = stream[s];
        int was = spike[s];
        double u1 = FlatStream.uniformAt(FlatStream.after(state, 1));
        int used = SpikyLoad.uniformsUsed(was, spikes, u1);
        double u2 = used == 2 ? FlatStream.uniformAt(FlatStream.after(state, 2)) : Double.NaN;
        int now = SpikyLoad.spikeAfter(was, spikes, u1, u2);
        stream[s] = FlatStream.after(state, used);
        double value = SpikyLoad.draw(mu, sd, now, spikes, gaussian(stream, s, cursor));
        spike[s] = (byte) now;
        return value * scale;
    }

    /** A spiky slot's draw or one through the VM's own generator, stored as its load. */
    private static void drawOther(HotState st, int s, long tow, SpikeModel[] models, FlatStream cursor) {
        if (st.pattern[s] == HotState.SPIKY) {
            drawSpiky(st, s, models, cursor);
        } else {
            drawObject(st, s, tow);
        }
    }

    /** A recorded trace's draw, through its object, stored as its load with its profile's size applied. */
    private static void drawObject(HotState st, int s, long tow) {
        FlatVm vm = st.vm[s];
        if (vm == null) {
            throw new IllegalStateException("slot " + s + " runs with no VM");
        }
        st.load[s] = vm.generator().next(tow, vm.random()) * st.profiles.scale()[st.profile[s]];
    }
}
