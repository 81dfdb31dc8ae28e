package org.overbookd.policy.overbooking;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.model.ForwardingClusterView;
import org.overbookd.model.ForwardingHostView;
import org.overbookd.model.ForwardingQueueIndex;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;

/**
 * A view whose hosts report, as their utilization, the signal the bounds are compared with
 * ({@link UtilizationSignal}): every rule of the step (the bounds, the host order, the room a sized
 * VM needs) then reads the same number, and each host still says what was measured and forecast, for
 * the reasons. Made once per step, only when the signal is not the measurement alone: the paper's
 * step reads the backend's view as it is. The queue is the backend's, kept in order where it keeps it
 * ({@link QueueIndex}); the bound scans are not offered, since they would select on the measurement.
 */
class SignalView extends ForwardingClusterView {

    private final List<Host> hosts;

    private SignalView(ClusterView view, UtilizationSignal signal) {
        super(view);
        List<? extends HostView> original = view.hosts();
        this.hosts = new ArrayList<>(original.size());
        for (HostView host : original) {
            hosts.add(new Host(host, signal));
        }
    }

    /** {@code view} with its hosts judged on {@code signal}; {@code view} itself when that is the measurement. */
    static ClusterView of(ClusterView view, UtilizationSignal signal) {
        if (signal.measuredOnly()) {
            return view;
        }
        return view instanceof QueueIndex index ? new Indexed(view, signal, index) : new SignalView(view, signal);
    }

    @Override
    public List<Host> hosts() {
        return hosts;
    }

    /** A host judged on the signal; what was measured and forecast stays readable. */
    static final class Host extends ForwardingHostView {
        private final double measured;
        private final double forecast;
        private final double signal;

        Host(HostView host, UtilizationSignal signal) {
            super(host);
            this.measured = host.utilization();
            this.forecast = host.forecastUtilization();
            this.signal = signal.of(measured, forecast);
        }

        /** The measurement, whatever the signal. */
        double measured() {
            return measured;
        }

        /** The VIM's forecast, NaN when it has none. */
        double forecast() {
            return forecast;
        }

        /** Whether the signal used the forecast (false: the host had none, and its measurement stood in). */
        boolean forecastUsed() {
            return UtilizationSignal.usable(forecast);
        }

        @Override
        public double utilization() {
            return signal;
        }

        @Override
        public double forecastUtilization() {
            return forecast;
        }
    }

    /** The same, over a backend view that keeps its queue in order. */
    private static final class Indexed extends SignalView implements ForwardingQueueIndex {
        private final QueueIndex index;

        Indexed(ClusterView view, UtilizationSignal signal, QueueIndex index) {
            super(view, signal);
            this.index = index;
        }

        @Override
        public QueueIndex delegateIndex() {
            return index;
        }
    }
}
