package org.overbookd.backend.simulated;

import java.util.Arrays;
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
 * in two passes per range of hosts. First the draws, from the draw lists ({@link HotState#drawLists}:
 * per window of slots, its running slots sorted by how they draw, kept between sweeps and sorted
 * again only for the windows that changed): the plain slots (noisy and business, about three in
 * four in the Google cell) in one loop, a Gaussian each and no uniform, the mean chosen by bit mask
 * (a branch on the pattern would be mispredicted about every other VM: patterns are mixed at random
 * across slots), then the spiky ones in another (the spike step's uniforms, then the Gaussian), then
 * any drawn through their objects. Before, every slot took the spike step's two uniforms and set
 * its stream back unless spiky, which cost more than the Gaussian. Each VM draws from its own
 * stream, so the order of the draws changes no bit. Then the sums, host after host, slot after slot
 * in memory order: the order the objects summed in, so each host's demand is the same bits.
 *
 * <p>The arithmetic is the pattern classes' own ({@link SpikyLoad#uniformsUsed}, {@link SpikyLoad#spikeAfter},
 * {@link SpikyLoad#draw}, {@link LoadGenerator#normal}), in the order their objects drew, so the
 * loads are the same bits as drawing through the objects. The business curve's mean depends only on
 * the time: it is computed once per sweep per distinct curve.
 *
 * <p>The draw ahead (with a pool, on 2,048 hosts or more, and only when the JVM property
 * {@value #DRAW_AHEAD_PROPERTY} is true). Between two draws the world's thread is
 * busy with the events and the policy's step, and the pool would be idle; so right after the draw
 * at time t, one thread of the pool draws every VM that runs then for t plus the interval (the one
 * between the last two draws), into spare copies of the streams, spike states and loads, while the
 * world's thread goes on. At the next draw, if it is for that time, the world's thread takes the
 * draw ahead: each slot changed since it began (a VM placed, moved down a slot, started or stopped,
 * or drawn on its own: {@link HotState#touch} lists them) is copied again from the slot as it is
 * and drawn again there if it runs, the spare arrays change places with the slots', and each
 * host's demand is summed in slot order. A slot not changed holds the same stream, spike state and
 * pattern as when the draw ahead read it, and its draw depends on those and the time alone, so the
 * draw ahead's value is the value drawing then gives: the bits do not depend on it.
 *
 * <p>Why spare arrays and a list of changes, not a snapshot nor a state per VM: the draw ahead
 * writes only the spare arrays, which nothing else reads until it is joined, and reads slots that
 * the world's thread may change meanwhile; whatever it reads from a changed slot is thrown away,
 * because that slot is on the list (a change marks it before or while the draw ahead reads it). A
 * snapshot would copy the whole state on the world's thread every step; a per-VM index would move
 * every slot array behind one more indirection for every draw. It is dropped whole (and the draw
 * done then, as without it) when the slots were laid out anew, when more slots changed than the
 * list holds, or when it failed (a slot read while it changed can index a table out of range). VMs
 * drawn through their own generators (recorded traces) are never drawn ahead: their draws cannot
 * be taken back; a world that holds one does not draw ahead.
 *
 * <p>Why it is off by default: on the shared 2-core machine it was built on (other jobs running),
 * the 29-day Google cell with {@code --threads 2} took 51.8 s wall and 56 s of CPU with it, 44.6 s
 * and 47 s without: the thread drawing ahead and the world's thread slowed each other down more
 * than the overlap saved. It stays, tested, for a measurement on a quiet machine.
 */
final class LoadDrawer {

    /** Below this many hosts a parallel draw costs more in hand-offs than it saves. */
    private static final int PARALLEL_MIN_HOSTS = 2048;
    /**
     * The JVM system property that turns the draw ahead on ({@code -Doverbookd.drawAhead=true}). Off
     * by default: on the shared 2-core machine it was measured slower (see the class comment).
     */
    static final String DRAW_AHEAD_PROPERTY = "overbookd.drawAhead";

    private final HotState hot;
    private final ForkJoinPool pool;
    private final boolean drawAhead;
    /** The cursor of the world's own thread (single draws, and sweeps without a pool). */
    private final FlatStream cursor = new FlatStream();
    /** The business curves' means at the sweep's time; never empty, so that every slot may index it. */
    private double[] curveMu = new double[1];
    /** The spike models by index; never empty, so that every slot may index it. */
    private SpikeModel[] spikeModels = {SpikeModel.PAPER};
    /** How many of {@link HotState#spikeModels} {@link #spikeModels} holds (they are only ever added). */
    private int knownSpikeModels;

    /** The draw ahead in flight, or null; for {@link #aheadTime}, on slots laid out as at {@link #aheadLayout}. */
    private ForkJoinTask<?> ahead;
    private long aheadTime;
    private int aheadLayout;
    /** The time of the last draw, to tell the next one's. */
    private long lastDraw = Long.MIN_VALUE;
    /** The spare streams, spike states and loads a draw ahead writes; they change places with the slots'. */
    private long[] spareStream;
    private byte[] spareSpike;
    private double[] spareLoad;
    /** Per slot and per host, the last commit that drew it again or found it changed (by {@link #commits}). */
    private int[] redrawn;
    private int[] hostChanged;
    private int commits;
    /** The demands the draw ahead summed, and the operations in flight it summed them with, per host. */
    private double[] aheadDemand;
    private int[] aheadOps;

    /** @param pool the threads to draw with on large clusters, or null to draw on the caller's */
    LoadDrawer(HotState hot, ForkJoinPool pool) {
        this(hot, pool, Boolean.getBoolean(DRAW_AHEAD_PROPERTY));
    }

    /** @param drawAhead whether to draw ahead with a pool (false: only for tests, to compare the two ways) */
    LoadDrawer(HotState hot, ForkJoinPool pool, boolean drawAhead) {
        this.hot = hot;
        this.pool = pool;
        this.drawAhead = drawAhead;
    }

    /** Draws every running VM's load at {@code now} and sums each host's demand. */
    void draw(long now) {
        long tow = VirtualClock.timeOfWeek(now);
        double[] mus = businessMeans(tow);
        SpikeModel[] models = spikeModels();
        int hosts = hot.cores.length;
        boolean committed = ahead != null && commitAhead(now, tow, mus, models);
        if (!committed) {
            if (pool == null || hosts < PARALLEL_MIN_HOSTS) {
                hot.drawLists();
                draw(0, hosts, now, tow, mus, models, cursor);
            } else {
                sortInParallel();
                drawInParallel(now, tow, mus, models);
            }
        }
        drawAhead(now);
    }

    /** Sorts the stale windows' draw lists on the pool, in ranges of windows (each window alone is independent). */
    private void sortInParallel() {
        boolean[] sort = hot.takeStale();
        int windows = sort.length;
        int chunks = pool.getParallelism() * 4;
        int size = (windows + chunks - 1) / chunks;
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = Math.min(windows, c * size);
            int to = Math.min(windows, from + size);
            tasks[c] = pool.submit(() -> {
                for (int w = from; w < to; w++) {
                    if (sort[w]) {
                        hot.sortWindow(w);
                    }
                }
            });
        }
        for (ForkJoinTask<?> task : tasks) {
            task.join();
        }
    }

    private void drawInParallel(long now, long tow, double[] mus, SpikeModel[] models) {
        int hosts = hot.cores.length;
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

    // ---- the draw ahead

    /**
     * Starts drawing, on one thread of the pool, every VM that runs now for the next draw, one
     * interval on (the interval between the last two draws), into the spare arrays: while the world's
     * thread handles the events and the policy's step in between. Not with one thread, on small
     * worlds, nor in a world with VMs drawn through their own generators (their draws cannot be
     * taken back).
     */
    private void drawAhead(long now) {
        long interval = now - lastDraw;
        boolean first = lastDraw == Long.MIN_VALUE;
        lastDraw = now;
        HotState st = hot;
        if (!drawAhead || pool == null || st.cores.length < PARALLEL_MIN_HOSTS || st.anyObject || first
                || interval <= 0) {
            return;
        }
        boolean[] sort = st.takeStale();
        st.forgetChanges();
        long[] stream = st.stream;
        byte[] spike = st.spike;
        double[] load = st.load;
        int hosts = st.cores.length;
        if (spareStream == null || spareStream.length != stream.length) {
            spareStream = new long[stream.length];
            spareSpike = new byte[stream.length];
            spareLoad = new double[stream.length];
            redrawn = new int[stream.length];
            aheadDemand = new double[hosts];
            aheadOps = new int[hosts];
            hostChanged = new int[hosts];
        }
        double[] toDemand = aheadDemand;
        int[] toOps = aheadOps;
        long[] toStream = spareStream;
        byte[] toSpike = spareSpike;
        double[] toLoad = spareLoad;
        long time = now + interval;
        long tow = VirtualClock.timeOfWeek(time);
        double[] mus = businessMeans(tow).clone();
        SpikeModel[] models = spikeModels();
        int windows = st.plainCount.length;
        aheadTime = time;
        aheadLayout = st.layout;
        ahead = pool.submit(() -> {
            FlatStream own = new FlatStream();
            for (int w = 0; w < windows; w++) {
                if (sort[w]) {
                    // read while the world's thread may change the window: then it is stale again
                    st.sortWindow(w);
                }
                copyWindow(w, stream, spike, load, toStream, toSpike, toLoad);
                drawWindow(st, w, 0, Integer.MAX_VALUE, toStream, toSpike, toLoad, tow, mus, models, own, false);
            }
            // the demands too, for the hosts none of whose slots will have changed, as sum() adds
            int[] base = st.base;
            int[] highCount = st.highCount;
            int[] lowCount = st.lowCount;
            int[] ops = st.ops;
            boolean[] running = st.running;
            double operationLoad = st.operationLoad;
            for (int h = 0; h < hosts; h++) {
                int o = ops[h];
                toOps[h] = o;
                double sum = operationLoad * o;
                for (int s = base[h], e = s + highCount[h] + lowCount[h]; s < e; s++) {
                    if (running[s]) {
                        sum += toLoad[s];
                    }
                }
                toDemand[h] = sum;
            }
        });
    }

    /**
     * Takes the draw ahead for {@code now}, if it was for {@code now} and on the slots as they are laid
     * out now: the windows whose slots changed since it began (a VM placed, moved, started or stopped,
     * or drawn on its own) are drawn again from the slots as they are, the spare arrays become the
     * slots' (the draws of the others are what this draw would give: each depends on the VM's stream,
     * spike state and the time alone, none of which changed), and each host's demand is summed in
     * slot order. False, with nothing changed, when the draw ahead cannot be taken.
     */
    private boolean commitAhead(long now, long tow, double[] mus, SpikeModel[] models) {
        ForkJoinTask<?> task = ahead;
        ahead = null;
        task.quietlyJoin();
        HotState st = hot;
        if (!task.isCompletedNormally() || aheadTime != now || aheadLayout != st.layout) {
            return false;
        }
        if (st.changesOverflowed) {
            return false;
        }
        long[] stream = st.stream;
        byte[] spike = st.spike;
        double[] load = st.load;
        boolean[] running = st.running;
        int[] changed = st.changed;
        int[] base = st.base;
        int commit = ++commits;
        for (int i = 0, n = st.changedCount; i < n; i++) {
            int s = changed[i];
            if (redrawn[s] == commit) {
                continue; // listed again
            }
            redrawn[s] = commit;
            spareStream[s] = stream[s];
            spareSpike[s] = spike[s];
            spareLoad[s] = load[s];
            if (running[s]) {
                drawSlot(st, s, spareStream, spareSpike, spareLoad, tow, mus, models, cursor);
            }
            int at = Arrays.binarySearch(base, s);
            hostChanged[at >= 0 ? at : -at - 2] = commit;
        }
        st.stream = spareStream;
        st.spike = spareSpike;
        st.load = spareLoad;
        spareStream = stream;
        spareSpike = spike;
        spareLoad = load;
        int[] ops = st.ops;
        double[] demand = st.demand;
        for (int h = 0, n = st.cores.length; h < n; h++) {
            if (hostChanged[h] == commit || ops[h] != aheadOps[h]) {
                sum(h, h + 1, now);
            } else {
                st.advance(h, now);
                demand[h] = aheadDemand[h];
            }
        }
        return true;
    }

    /** Copies window {@code w}'s streams, spike states and loads. */
    private static void copyWindow(int w, long[] stream, byte[] spike, double[] load,
            long[] toStream, byte[] toSpike, double[] toLoad) {
        int first = w << HotState.WINDOW_SHIFT;
        int length = Math.min(HotState.WINDOW, stream.length - first);
        System.arraycopy(stream, first, toStream, first, length);
        System.arraycopy(spike, first, toSpike, first, length);
        System.arraycopy(load, first, toLoad, first, length);
    }

    /**
     * The load of the VM in slot {@code s} drawn now, on its own (a VM starting to run), stored in
     * its slot and returned.
     */
    double drawOne(int s, long now) {
        HotState st = hot;
        drawSlot(st, s, st.stream, st.spike, st.load, VirtualClock.timeOfWeek(now),
                businessMeans(VirtualClock.timeOfWeek(now)), spikeModels(), cursor);
        // a draw ahead that began before took this VM's stream as it was
        st.touch(s);
        return st.load[s];
    }

    /** Draws the VM in slot {@code s}, whatever its pattern, with its stream, spike state and load in the arrays given. */
    private static void drawSlot(HotState st, int s, long[] stream, byte[] spike, double[] load, long tow,
            double[] mus, SpikeModel[] models, FlatStream cursor) {
        byte p = st.pattern[s];
        if ((p & HotState.SPIKY_BIT) != 0) {
            drawSpiky(st, s, stream, spike, load, models, cursor);
        } else if ((p & HotState.FLAT) != 0) {
            drawPlain(st, s, stream, load, mus, cursor);
        } else {
            load[s] = drawObject(st, s, tow) * st.scale[s];
        }
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
     * from its own stream), then each host's demand, summed in slot order as always.
     */
    private void draw(int from, int to, long now, long tow, double[] mus, SpikeModel[] models, FlatStream cursor) {
        if (from >= to) {
            return;
        }
        HotState st = hot;
        int lo = st.base[from];
        int hi = st.end(to - 1);
        for (int w = lo >>> HotState.WINDOW_SHIFT, last = (hi - 1) >>> HotState.WINDOW_SHIFT; w <= last; w++) {
            drawWindow(st, w, lo, hi, st.stream, st.spike, st.load, tow, mus, models, cursor, true);
        }
        sum(from, to, now);
    }

    /**
     * Draws the running slots of window {@code w} that lie in slots {@code lo} to {@code hi}, by its
     * draw lists, each kind in a loop of its own, with the streams, spike states and loads in the
     * arrays given (the slots' own, or the spare ones of a draw ahead). Those drawn through their
     * objects only when {@code objects} (never in a draw ahead: their draws cannot be taken back).
     */
    private static void drawWindow(HotState st, int w, int lo, int hi, long[] stream, byte[] spike, double[] load,
            long tow, double[] mus, SpikeModel[] models, FlatStream cursor, boolean objects) {
        int[] list = st.drawList;
        int first = w << HotState.WINDOW_SHIFT;
        int plainStart = w << (HotState.WINDOW_SHIFT + 1);
        int plainEnd = plainStart + st.plainCount[w];
        int otherStart = plainStart + HotState.WINDOW;
        int otherEnd = otherStart + st.otherCount[w];
        if (first < lo || first + HotState.WINDOW > hi) {
            // a window shared with another range of hosts: its slots in this range only
            for (int i = plainStart; i < plainEnd; i++) {
                int s = list[i];
                if (s >= lo && s < hi) {
                    drawPlain(st, s, stream, load, mus, cursor);
                }
            }
            for (int i = otherStart; i < otherEnd; i++) {
                int s = list[i];
                if (s >= lo && s < hi) {
                    drawOther(st, s, stream, spike, load, tow, models, cursor, objects);
                }
            }
            return;
        }
        for (int i = plainStart; i < plainEnd; i++) {
            drawPlain(st, list[i], stream, load, mus, cursor);
        }
        for (int i = otherStart; i < otherEnd; i++) {
            drawOther(st, list[i], stream, spike, load, tow, models, cursor, objects);
        }
    }

    /** Sums the demand of hosts {@code from} to {@code to} from their running VMs' loads, in slot order. */
    private void sum(int from, int to, long now) {
        HotState st = hot;
        int[] base = st.base;
        int[] highCount = st.highCount;
        int[] lowCount = st.lowCount;
        boolean[] running = st.running;
        double[] load = st.load;
        int[] ops = st.ops;
        double[] demand = st.demand;
        double operationLoad = st.operationLoad;
        for (int h = from; h < to; h++) {
            st.advance(h, now);
            double sum = operationLoad * ops[h];
            for (int s = base[h], e = s + highCount[h] + lowCount[h]; s < e; s++) {
                if (running[s]) {
                    sum += load[s];
                }
            }
            demand[h] = sum;
        }
    }

    /**
     * A noisy or business slot's draw, stored as its load: N(mean, sd) clipped, as {@link
     * LoadGenerator#normal}, the mean the VM's own or its business curve's now (chosen without a
     * branch: the two patterns are mixed at random across slots).
     */
    private static void drawPlain(HotState st, int s, long[] stream, double[] load, double[] mus, FlatStream cursor) {
        int business = (st.pattern[s] & HotState.BUSINESS_BIT) >>> 2;
        cursor.state = stream[s];
        double value = LoadGenerator.normal(cursor, select(business, mus[st.curve[s]], st.mu[s]), st.sd[s]);
        stream[s] = cursor.state;
        load[s] = value * st.scale[s];
    }

    /**
     * A spiky slot's draw, stored as its load: one step of the spike process, then the spiked
     * Gaussian, as {@link SpikyLoad#next}. The step's uniforms are read off the stream's state in a
     * local variable (the second is computed whether or not the step takes it, which costs less
     * than a branch), and the stream is moved on by as many as it takes.
     */
    private static void drawSpiky(HotState st, int s, long[] stream, byte[] spikes, double[] load,
            SpikeModel[] models, FlatStream cursor) {
        SpikeModel model = models[st.spikeModel[s]];
        long state = stream[s];
        int was = spikes[s];
        double u1 = FlatStream.uniformAt(FlatStream.after(state, 1));
        double u2 = FlatStream.uniformAt(FlatStream.after(state, 2));
        int spike = SpikyLoad.spikeAfter(was, model, u1, u2);
        cursor.state = FlatStream.after(state, SpikyLoad.uniformsUsed(was, model, u1));
        double value = SpikyLoad.draw(st.mu[s], st.sd[s], spike, model, cursor);
        stream[s] = cursor.state;
        spikes[s] = (byte) spike;
        load[s] = value * st.scale[s];
    }

    /** A spiky slot's draw or, when {@code objects}, one through the VM's own generator, stored as its load. */
    private static void drawOther(HotState st, int s, long[] stream, byte[] spike, double[] load, long tow,
            SpikeModel[] models, FlatStream cursor, boolean objects) {
        if (st.pattern[s] == HotState.SPIKY) {
            drawSpiky(st, s, stream, spike, load, models, cursor);
        } else if (objects) {
            load[s] = drawObject(st, s, tow) * st.scale[s];
        }
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
