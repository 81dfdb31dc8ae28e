package org.overbookd.backend.opennebula;

import java.util.List;
import org.overbookd.model.HostView;

/**
 * An immutable snapshot of one usable host as OpenNebula reported it.
 *
 * @param forecastUtilization USED_CPU_FORECAST / TOTAL_CPU x 100, NaN when the host's sample has none
 */
record OneHostView(
        int id,
        String name,
        int cores,
        double utilization,
        List<OneVmView> overbooked,
        boolean operationInFlight,
        List<OneVmView> vms,
        long freeMemoryMb,
        double forecastUtilization)
        implements HostView {

    OneHostView {
        overbooked = List.copyOf(overbooked);
        vms = List.copyOf(vms);
    }

    OneHostView(
            int id,
            String name,
            int cores,
            double utilization,
            List<OneVmView> overbooked,
            boolean operationInFlight,
            List<OneVmView> vms,
            long freeMemoryMb) {
        this(id, name, cores, utilization, overbooked, operationInFlight, vms, freeMemoryMb, Double.NaN);
    }

    OneHostView(
            int id, String name, int cores, double utilization, List<OneVmView> overbooked, boolean operationInFlight) {
        this(id, name, cores, utilization, overbooked, operationInFlight, overbooked, Long.MAX_VALUE);
    }
}
