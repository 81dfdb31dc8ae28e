package org.overbookd.backend.simulated.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A recorded load replayed: the value of the last sample at or before the time asked, 0 before the
 * first sample. Samples come from a daemon's {@code record.file}, one per cycle.
 *
 * <p>Unlike the synthetic patterns, a sample is not clipped at one core: a VM of four cores recorded
 * at 340% of a core is replayed at 340. Whoever builds the trace bounds its samples by what the VM
 * could use (the reader of a record bounds each by the VM's own cores x 100); here they are only
 * required to be finite and not negative.
 *
 * <p>A trace may hold several VMs one after the other ({@link #lanes}): the VMs a host held at
 * different times, replayed in one slot of the host.
 */
public final class TraceLoad implements LoadGenerator {

    private final long[] times;
    private final double[] loads;
    /**
     * Per sample, the cores of the VM in the record at that time, what {@link #coreSeconds} counts; 0
     * for a sample where none was (the 0 load that marks where a VM went missing).
     */
    private final int[] cores;

    /** A VM of one core present at every sample. @param times seconds since the start of the replay, ascending */
    public TraceLoad(long[] times, double[] loads) {
        this(times, loads, ones(times.length));
    }

    /**
     * @param times seconds since the start of the replay, strictly ascending
     * @param loads percent of one core, finite and at least 0
     * @param cores per sample, the cores of the VM recorded then, or 0 where none was: a sample of 0
     *              starts a stretch the VM is away for, until the next sample
     */
    public TraceLoad(long[] times, double[] loads, int[] cores) {
        if (times.length != loads.length || times.length != cores.length || times.length == 0) {
            throw new IllegalArgumentException("a trace needs as many loads and cores as times, and at least one");
        }
        for (int i = 0; i < times.length; i++) {
            if (i > 0 && times[i] <= times[i - 1]) {
                throw new IllegalArgumentException("sample times must rise: " + times[i - 1] + " then " + times[i]);
            }
            if (!(loads[i] >= 0) || loads[i] == Double.POSITIVE_INFINITY || cores[i] < 0) {
                throw new IllegalArgumentException("sample " + i + ": load " + loads[i] + " on " + cores[i] + " cores");
            }
        }
        this.times = times.clone();
        this.loads = loads.clone();
        this.cores = cores.clone();
    }

    private static int[] ones(int n) {
        int[] all = new int[n];
        Arrays.fill(all, 1);
        return all;
    }

    /**
     * The core-seconds from {@code from} to {@code to} during which a VM was in the record: from each
     * sample one was there at, to the next sample or {@code to}, times that VM's cores; never before
     * the first sample. What a replayed high-QoS VM is counted as holding.
     */
    public long coreSeconds(long from, long to) {
        long total = 0;
        for (int i = 0; i < times.length; i++) {
            if (cores[i] == 0) {
                continue;
            }
            long start = Math.max(from, times[i]);
            long end = Math.min(to, i + 1 < times.length ? times[i + 1] : Long.MAX_VALUE);
            total += Math.max(0, end - start) * cores[i];
        }
        return total;
    }

    /**
     * The same samples {@code seconds} earlier; those that would fall before second 0 give way to the
     * last of them, which holds from 0. A monitor's reading replayed at the time it was taken rather
     * than at the time it was read.
     */
    public TraceLoad earlier(long seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("earlier by a negative time: " + seconds);
        }
        if (seconds == 0) {
            return this;
        }
        int first = 0;
        while (first + 1 < times.length && times[first + 1] - seconds <= 0) {
            first++;
        }
        int n = times.length - first;
        long[] moved = new long[n];
        for (int i = 0; i < n; i++) {
            moved[i] = Math.max(0, times[first + i] - seconds);
        }
        return new TraceLoad(
                moved, Arrays.copyOfRange(loads, first, times.length), Arrays.copyOfRange(cores, first, times.length));
    }

    /** Here the time is seconds since the start of the replay, which the simulator passes as time of week. */
    @Override
    public double next(long time, SplittableRandom random) {
        int i = Arrays.binarySearch(times, time);
        int at = i >= 0 ? i : -i - 2;
        return at < 0 ? 0 : loads[at];
    }

    /** The time from which the trace holds no VM for good: its last sample's, if no VM is there; never otherwise. */
    private long freeFrom() {
        int last = times.length - 1;
        return cores[last] == 0 ? times[last] : Long.MAX_VALUE;
    }

    /**
     * The traces of one host's VMs put into as few lanes as their stays allow: each trace goes, in the
     * order given, into the first lane that holds no VM for good from the trace's first sample on, or
     * a new one. A host of heavy churn (a VM a day on a core for a year) then has a slot for each VM it
     * held at once, not one for each VM it ever held. The loads at every time are those of the traces:
     * a lane's trace is its VMs' samples in turn, a VM's closing 0 dropped where the next one starts
     * at that very time. With the traces in order of their first samples, no two lanes could be one.
     */
    public static List<TraceLoad> lanes(List<TraceLoad> traces) {
        List<List<TraceLoad>> lanes = new ArrayList<>();
        for (TraceLoad trace : traces) {
            List<TraceLoad> free = null;
            for (List<TraceLoad> lane : lanes) {
                if (lane.get(lane.size() - 1).freeFrom() <= trace.times[0]) {
                    free = lane;
                    break;
                }
            }
            if (free == null) {
                free = new ArrayList<>();
                lanes.add(free);
            }
            free.add(trace);
        }
        List<TraceLoad> joined = new ArrayList<>(lanes.size());
        for (List<TraceLoad> lane : lanes) {
            joined.add(lane.size() == 1 ? lane.get(0) : join(lane));
        }
        return joined;
    }

    private static TraceLoad join(List<TraceLoad> lane) {
        int n = lane.stream().mapToInt(t -> t.times.length).sum();
        long[] times = new long[n];
        double[] loads = new double[n];
        int[] cores = new int[n];
        int m = 0;
        for (TraceLoad t : lane) {
            if (m > 0 && times[m - 1] == t.times[0]) {
                m--; // the closing 0 of the VM before, at the time this one starts
            }
            System.arraycopy(t.times, 0, times, m, t.times.length);
            System.arraycopy(t.loads, 0, loads, m, t.times.length);
            System.arraycopy(t.cores, 0, cores, m, t.times.length);
            m += t.times.length;
        }
        return new TraceLoad(Arrays.copyOf(times, m), Arrays.copyOf(loads, m), Arrays.copyOf(cores, m));
    }
}
