package org.overbookd.backend.simulated;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.model.HostView;

/**
 * A simulated node. Keeps its demand (sum of VM loads, in percent of one core) current and
 * integrates the CPU it delivers over time lazily, at each change, so the mean utilization is exact
 * without sampling. The demand, the integral and the VMs' loads live in the world's flat
 * {@link HotState}, which this object reads for the policy's view; it keeps the VM objects.
 */
final class SimHost implements HostView {

    final int id;
    private final String name;
    final int cores;
    /**
     * One high-QoS VM per core (a replayed host: per lane of its recorded VMs); set through {@link
     * #holdCore}, which keeps the flat slots in step.
     */
    final HighQosVm[] high;
    /**
     * Low-QoS VMs holding an overbooking slot, in the order they were placed: read off the host's
     * low-QoS slots in {@link HotState}, which keep that order, rather than kept in a list of its
     * own. A list beside the slots cost an object, its array and a check at every place and
     * removal, each a cache miss on a host the step touches at random.
     */
    final List<SimVm> low = new LowSlots();

    private HotState hot;
    /**
     * When overbookd acted on this host in the last hour, for the live guards; null until it first
     * does. Up to date only with the world's {@link HostActionLog} filed, which {@link #actionsSince} does first.
     */
    long[] actions;
    /** The world's log of actions not yet in {@link #actions}; null for a host outside a world. */
    private HostActionLog actionLog;

    private VirtualClock clock;
    /** The last samples of the host's utilization, a ring, when it forecasts; null when it does not. */
    private double[] samples;

    private int sampled;
    private int horizon;
    /**
     * What the VIM forecast of this replayed host's recorded load, when the forecasts are the record's;
     * null otherwise. The samples are then of the rest of the host's load: the replay's own low-QoS VMs.
     */
    private RecordedForecast recorded;

    SimHost(int id, int cores) {
        this(id, Integer.toString(id), cores, cores);
    }

    /** A host with its own name and a high-QoS slot for each lane of VMs recorded on it. */
    SimHost(int id, String name, int cores, int highVms) {
        this.id = id;
        this.name = name;
        this.cores = cores;
        this.high = new HighQosVm[highVms];
    }

    /**
     * The flat state of {@code hosts} (host {@code h} at index {@code h}), each host told of it: it
     * holds their hot fields from then on. Their VMs are placed later.
     */
    static HotState flatState(SimHost[] hosts, double operationLoad) {
        int[] cores = new int[hosts.length];
        int[] highCount = new int[hosts.length];
        for (int h = 0; h < hosts.length; h++) {
            if (hosts[h].id != h) {
                throw new IllegalArgumentException("host " + hosts[h].id + " at index " + h);
            }
            cores[h] = hosts[h].cores;
            highCount[h] = hosts[h].high.length;
        }
        HotState state = new HotState(cores, highCount, operationLoad);
        for (SimHost host : hosts) {
            host.hot = state;
        }
        return state;
    }

    HotState hot() {
        return hot;
    }

    /** Called once, with the world's log of actions on its hosts. */
    void attach(HostActionLog log) {
        this.actionLog = log;
    }

    /** Called once, with the world's clock, which the guards' questions are asked on. */
    void attach(VirtualClock worldClock) {
        this.clock = worldClock;
    }

    /**
     * From now on the host keeps samples of its utilization and forecasts as {@code spec} says; with
     * {@code recorded} (a replayed host's forecasts from its record, or null), its forecast is the
     * recorded one of the recorded load and the model's of the rest.
     */
    void forecasting(ForecastSpec spec, RecordedForecast recorded) {
        this.samples = new double[spec.lookbackSamples()];
        this.horizon = spec.horizonSamples();
        this.recorded = recorded;
    }

    /** Its utilization now (with recorded forecasts: less its high-QoS VMs') is the next sample. */
    void sample() {
        samples[sampled % samples.length] = recorded == null ? utilization() : utilization() - highUtilization();
        sampled++;
    }

    /** The share of the host its high-QoS VMs use now, percent: the recorded part of a replayed host. */
    private double highUtilization() {
        double load = 0;
        for (SimVm vm : high) {
            if (vm != null) {
                load += vm.load();
            }
        }
        return load / cores;
    }

    /**
     * OpenNebula's default model's forecast ({@link OneDefaultForecast}) from the samples kept, the
     * newest included; NaN before the first sample or when the host does not forecast. A replayed
     * host with recorded forecasts adds the model's forecast of its low-QoS load to what the record
     * forecast of its recorded load at the last cycle at or before now, and has none where the record
     * had none (the daemon then judged the host on its measurement, and so does the replay). With
     * forecast.conf's hour at 5-minute samples the model forecasts the window's mean, and the mean of
     * a sum is the sum of the means: a record whose forecasts are the model's gives back, to its three
     * decimals, what the model forecasts of the whole replayed host.
     */
    @Override
    public double forecastUtilization() {
        if (samples == null || sampled == 0) {
            return Double.NaN;
        }
        double high = 0;
        if (recorded != null) {
            high = recorded.at(clock.now());
            if (Double.isNaN(high)) {
                return Double.NaN;
            }
        }
        int n = Math.min(sampled, samples.length);
        double[] ordered = new double[n];
        for (int i = 0; i < n; i++) {
            ordered[i] = samples[(sampled - n + i) % samples.length];
        }
        return high / cores + OneDefaultForecast.forecast(ordered, horizon);
    }

    @Override
    public int actionsSince(java.time.Instant since) {
        if (actionLog != null) {
            actionLog.file();
        }
        return RecentTimes.since(actions, clock.secondAtOrAfter(since));
    }

    /**
     * The CPU delivered up to {@code now}, without accounting for it: the same sum {@link
     * HotState#advance} would leave, bit for bit.
     */
    double deliveredUntil(long now) {
        return hot.deliveredUntil(id, now);
    }

    /** Recomputes the demand from the VMs; account for the CPU delivered first ({@link HotState#advance}). */
    void recompute() {
        hot.recompute(id);
    }

    /** Sum of the loads of the VMs on this host and of its operations, percent of one core. */
    double demand() {
        return hot.demand(id);
    }

    /** A VM on this host starts an operation (boot, resume, suspend, shutdown): it counts in the demand. */
    void operationStarted() {
        hot.operationStarted(id);
    }

    /** A VM operation on this host has ended. */
    void operationEnded() {
        hot.operationEnded(id);
    }

    /** Puts a high-QoS VM on a core, in place of the one that held it. */
    void holdCore(int core, HighQosVm vm) {
        high[core] = vm;
        hot.holdCore(id, core, vm);
        vm.patternInSlot();
    }

    /** Places a low-QoS VM after the others. */
    void addLow(SimVm vm) {
        hot.addLow(id, vm);
    }

    /** Takes a low-QoS VM off this host; those placed after it keep their order. */
    void removeLow(SimVm vm) {
        hot.removeLow(id, vm);
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int cores() {
        return cores;
    }

    @Override
    public double utilization() {
        return hot.utilization(id);
    }

    @Override
    public List<SimVm> overbooked() {
        return low;
    }

    @Override
    public List<SimVm> vms() {
        List<SimVm> all = new ArrayList<>(high.length + low.size());
        all.addAll(java.util.Arrays.asList(high));
        all.addAll(low);
        return all;
    }

    @Override
    public boolean operationInFlight() {
        return hot.ops(id) > 0;
    }

    /** The host's low-QoS slots as a read-only list, live: it follows every place and removal. */
    private final class LowSlots extends AbstractList<SimVm> implements RandomAccess {

        @Override
        public SimVm get(int index) {
            int count = hot.lowCount(id);
            if (index < 0 || index >= count) {
                throw new IndexOutOfBoundsException("index " + index + " of " + count + " overbooked VMs");
            }
            return (SimVm) hot.vm(hot.firstLow(id) + index);
        }

        @Override
        public int size() {
            return hot.lowCount(id);
        }
    }
}
