package org.overbookd.backend.simulated.flat;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.overbookd.backend.simulated.load.SpikeModel;

/**
 * The loads of the next sweep, drawn ahead by one pool thread while the world's thread handles the
 * events and the overbooking step in between: on two cores the drawing thread would otherwise wait
 * for the step, about half the time of a Google-cell run. The sweep then takes a slot's draw made
 * ahead instead of drawing it ({@link LoadDrawer}), where that draw stands.
 *
 * <p>Why a draw made ahead is the draw the sweep would make: a slot's draw reads only the slot's
 * own stream, spike state and parameters, the business curves' means at the sweep's time, and the
 * spike models, and nothing else the step does. So if none of the slot's changed since the last
 * sweep, the draw made ahead read what the sweep would read, and gives the same bits. The world's
 * thread marks every slot it changes ({@link HotState#changed}, at every VM put in a slot or moved
 * to one and every draw of a VM starting to run), and the sweep takes a draw made ahead only for a
 * slot unmarked since the last sweep, drawn ahead for this sweep ({@link #epoch}, the sweep's time
 * and the slots' layout) and found on the list of the same kind ({@link Store#stamp}).
 *
 * <p>The thread reads the slots while they change under it, with no lock: a draw that read a slot
 * mid-change is made, and never taken, as the slot is marked. Every index it reads is bounded
 * before use (a list entry to its own window, a curve or spike model to the tables it was given),
 * so a value read mid-change cannot take it out of its arrays or into another range's slots. It
 * writes only to its {@link Store}; the sweep reads a range's draws there only once the range is
 * marked done ({@link #done}, a release and an acquire), and a range not yet done when the sweep
 * begins is drawn by the sweep as usual.
 */
final class DrawAhead implements Runnable {

    /** How a slot was drawn ahead, in the low bits of its stamp: as on the noisy, business or spiky list. */
    static final int NOISY = 1;

    static final int BUSINESS = 2;
    static final int SPIKY = 3;
    /** How many windows the thread draws between two looks at whether to stop. */
    private static final int WINDOWS_PER_LOOK = 8;

    /**
     * Where draws made ahead go, for one layout of the slots: per slot the load, the stream and
     * spike state after the draw, and a stamp. Shared by the draws ahead of every sweep on that layout.
     */
    static final class Store {
        final int layout;
        final double[] load;
        final long[] stream;
        final byte[] spike;
        /**
         * Per slot, {@code epoch << 2 | kind}: the sweep it was drawn ahead for and how. Set last,
         * after the slot's draw, and by one thread at a time ({@link #before}).
         */
        final int[] stamp;

        Store(int slots, int layout) {
            this.layout = layout;
            load = new double[slots];
            stream = new long[slots];
            spike = new byte[slots];
            stamp = new int[slots];
        }
    }

    final Store out;
    /** The sweep these draws are for ({@link HotState#aheadEpoch} once that sweep begins). */
    final int epoch;
    /** That sweep's time. */
    final long time;
    /** Per range of {@link LoadDrawer#RANGE_HOSTS} hosts, nonzero once its draws are all made. */
    final AtomicIntegerArray done;
    /** Set by the sweep when it begins: the thread leaves after the windows in hand. */
    volatile boolean stop;
    /** Set when the thread has left, done or not. */
    volatile boolean exited;
    /** The draws ahead of the sweep before, whose thread (another one, with more than one) may still be leaving them. */
    private DrawAhead before;

    private final AtomicReference<Throwable> failure;
    private final double[] means;
    private final SpikeModel[] models;
    // the slots' arrays at the hand-off: a relayout makes new ones, and the store's layout then no longer counts
    private final byte[] pattern;
    private final byte[] spike;
    private final double[] mu;
    private final double[] sd;
    private final double[] scale;
    private final int[] curve;
    private final int[] spikeModel;
    private final long[] stream;
    private final int[] drawList;
    private final int[] noisyCount;
    private final int[] businessCount;
    private final int[] otherCount;
    private final int[] base;

    /**
     * Made on the world's thread, between sweeps.
     *
     * @param means   the business curves' means at {@code time}
     * @param models  the spike models by index
     * @param failure where a failure of the thread goes, for the next sweep to throw
     */
    DrawAhead(
            HotState st,
            Store out,
            long time,
            double[] means,
            SpikeModel[] models,
            DrawAhead before,
            AtomicReference<Throwable> failure) {
        this.out = out;
        this.epoch = st.aheadEpoch;
        this.time = time;
        this.means = means;
        this.models = models;
        this.before = before;
        this.failure = failure;
        this.done = new AtomicIntegerArray(LoadDrawer.ranges(st.cores.length));
        pattern = st.pattern;
        spike = st.spike;
        mu = st.mu;
        sd = st.sd;
        scale = st.scale;
        curve = st.curve;
        spikeModel = st.spikeModel;
        stream = st.stream;
        drawList = st.drawList;
        noisyCount = st.noisyCount;
        businessCount = st.businessCount;
        otherCount = st.otherCount;
        base = st.base; // replaced by a relayout, never changed in place
    }

    /** Whether the draws of range {@code r} are all made (an acquire: they are then visible). */
    boolean done(int r) {
        return done.get(r) != 0;
    }

    /** Draws range after range, in order, until all are drawn or the sweep begins. */
    @Override
    public void run() {
        try {
            DrawAhead b = before;
            before = null;
            while (b != null && !b.exited) {
                Thread.yield(); // another pool thread still leaving the last draws ahead (never with one)
            }
            FlatStream cursor = new FlatStream();
            int hosts = base.length;
            for (int r = 0, ranges = done.length(); r < ranges && !stop; r++) {
                int from = r * LoadDrawer.RANGE_HOSTS;
                int to = Math.min(hosts, from + LoadDrawer.RANGE_HOSTS);
                // up to the next range's first slot: its own hosts' slots, in use or not
                if (drawRange(base[from], to < hosts ? base[to] : pattern.length, cursor)) {
                    done.lazySet(r, 1);
                }
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        } finally {
            exited = true;
        }
    }

    /** Draws the windows wholly within slots {@code lo} to {@code hi}; false if told to stop before the last. */
    private boolean drawRange(int lo, int hi, FlatStream cursor) {
        int firstWindow = (lo + HotState.WINDOW - 1) >>> HotState.WINDOW_SHIFT;
        int endWindow = Math.min(noisyCount.length, hi >>> HotState.WINDOW_SHIFT);
        for (int w = firstWindow; w < endWindow; w++) {
            if ((w - firstWindow) % WINDOWS_PER_LOOK == 0 && stop) {
                return false;
            }
            drawWindow(w, cursor);
        }
        return true;
    }

    /** Draws ahead the running slots of window {@code w} that draw from the arrays, each kind in a loop of its own. */
    private void drawWindow(int w, FlatStream cursor) {
        int key = epoch << 2;
        int[] list = drawList;
        int first = w << HotState.WINDOW_SHIFT;
        int end = first + HotState.WINDOW;
        // the counts may be read mid-change: each is within 0 and WINDOW, their sums are bounded here
        int noisyEnd = Math.min(first + noisyCount[w], end);
        int businessEnd = Math.min(noisyEnd + businessCount[w], end);
        int otherStart = Math.max(end - otherCount[w], businessEnd);
        double[] load = out.load;
        long[] after = out.stream;
        int[] stamp = out.stamp;
        for (int i = first; i < noisyEnd; i++) {
            int s = list[i];
            if (s >>> HotState.WINDOW_SHIFT == w) {
                load[s] = LoadDrawer.plain(stream, after, s, mu[s], sd[s], cursor) * scale[s];
                stamp[s] = key | NOISY;
            }
        }
        for (int i = noisyEnd; i < businessEnd; i++) {
            int s = list[i];
            int c;
            if (s >>> HotState.WINDOW_SHIFT == w && (c = curve[s]) >= 0 && c < means.length) {
                load[s] = LoadDrawer.plain(stream, after, s, means[c], sd[s], cursor) * scale[s];
                stamp[s] = key | BUSINESS;
            }
        }
        for (int i = otherStart; i < end; i++) {
            int s = list[i];
            int m;
            if (s >>> HotState.WINDOW_SHIFT == w
                    && pattern[s] == HotState.SPIKY
                    && (m = spikeModel[s]) >= 0
                    && m < models.length) {
                load[s] = LoadDrawer.spiky(stream, spike, mu, sd, scale, s, models[m], after, out.spike, cursor);
                stamp[s] = key | SPIKY;
            }
        }
    }
}
