package org.overbookd.backend.simulated;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
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
    final SimVm[] high;
    /**
     * Low-QoS VMs holding an overbooking slot, in the order they were placed: read off the host's
     * low-QoS slots in {@link HotState}, which keep that order, rather than kept in a list of its
     * own. A list beside the slots cost an object, its array and a check at every place and
     * removal, each a cache miss on a host the step touches at random.
     */
    final List<SimVm> low = new LowSlots();

    private HotState hot;
    /** When overbookd acted on this host in the last hour, for the live guards; null until it first does. */
    RecentTimes actions;

    private VirtualClock clock;
    /** The last samples of the host's utilization, a ring, when it forecasts; null when it does not. */
    private double[] samples;

    private int sampled;
    private int horizon;

    SimHost(int id, int cores) {
        this(id, Integer.toString(id), cores, cores);
    }

    /** A host with its own name and a high-QoS slot for each lane of VMs recorded on it. */
    SimHost(int id, String name, int cores, int highVms) {
        this.id = id;
        this.name = name;
        this.cores = cores;
        this.high = new SimVm[highVms];
    }

    /** Called once by the world's {@link HotState}, which holds this host's hot fields from then on. */
    void attach(HotState state) {
        this.hot = state;
    }

    HotState hot() {
        return hot;
    }

    /** Called once, with the world's clock, which the guards' questions are asked on. */
    void attach(VirtualClock worldClock) {
        this.clock = worldClock;
    }

    /** From now on the host keeps samples of its utilization and forecasts as {@code spec} says. */
    void forecasting(ForecastSpec spec) {
        this.samples = new double[spec.lookbackSamples()];
        this.horizon = spec.horizonSamples();
    }

    /** Its utilization now is the next sample. */
    void sample() {
        samples[sampled % samples.length] = utilization();
        sampled++;
    }

    /**
     * OpenNebula's default model's forecast ({@link OneDefaultForecast}) from the samples kept, the
     * newest included; NaN before the first sample or when the host does not forecast.
     */
    @Override
    public double forecastUtilization() {
        if (samples == null || sampled == 0) {
            return Double.NaN;
        }
        int n = Math.min(sampled, samples.length);
        double[] ordered = new double[n];
        for (int i = 0; i < n; i++) {
            ordered[i] = samples[(sampled - n + i) % samples.length];
        }
        return OneDefaultForecast.forecast(ordered, horizon);
    }

    @Override
    public int actionsSince(java.time.Instant since) {
        return actions == null ? 0 : actions.since(clock.secondAtOrAfter(since));
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
    void holdCore(int core, SimVm vm) {
        high[core] = vm;
        hot.holdCore(id, core, vm);
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
            return hot.vm[hot.firstLow(id) + index];
        }

        @Override
        public int size() {
            return hot.lowCount(id);
        }
    }
}
