package org.overbookd.daemon;

import java.util.HashSet;
import java.util.Set;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.policy.overbooking.UtilizationSignal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says, once per host and episode, when a host that the bounds should judge on a forecast has none
 * (no USED_CPU_FORECAST in its monitoring, or 0), so that it is judged on its measurement, and when it
 * has one again. The policy is pure and logs nothing; the daemon watches what it was shown.
 */
final class ForecastWatch {

    private static final Logger LOG = LoggerFactory.getLogger(ForecastWatch.class);

    private final Set<Integer> without = new HashSet<>();

    /** After a cycle that observed {@code view} and judged it on {@code signal}. */
    void observed(ClusterView view, UtilizationSignal signal) {
        if (signal.measuredOnly()) {
            without.clear();
            return;
        }
        Set<Integer> seen = new HashSet<>();
        for (HostView host : view.hosts()) {
            seen.add(host.id());
            boolean missing = !UtilizationSignal.usable(host.forecastUtilization());
            if (missing && without.add(host.id())) {
                LOG.warn(
                        "host {} ({}) has no forecast in its monitoring (USED_CPU_FORECAST): it is judged on its"
                                + " measured utilization until it has one (is OpenNebula's prediction probe, prediction.sh,"
                                + " running on it?)",
                        host.id(),
                        host.name());
            } else if (!missing && without.remove(host.id())) {
                LOG.info("host {} ({}) has a forecast again: it is judged on it", host.id(), host.name());
            }
        }
        without.retainAll(seen);
    }
}
