package org.overbookd.backend.opennebula;

import java.util.List;
import org.overbookd.model.HostView;

/** An immutable snapshot of one usable host as OpenNebula reported it. */
record OneHostView(int id, String name, int cores, double utilization, List<OneVmView> overbooked,
        boolean operationInFlight) implements HostView {

    OneHostView {
        overbooked = List.copyOf(overbooked);
    }
}
