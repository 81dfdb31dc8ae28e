package org.overbookd.backend.opennebula;

import java.time.Instant;
import java.util.OptionalInt;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/** An immutable snapshot of one low-QoS VM as OpenNebula reported it. */
record OneVmView(long id, String name, QosClass qos, VmState state, Instant firstArrival, OptionalInt pinnedHost,
        double load) implements VmView {
}
