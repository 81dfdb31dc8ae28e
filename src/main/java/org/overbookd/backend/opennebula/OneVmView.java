package org.overbookd.backend.opennebula;

import java.time.Instant;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.RunRecord;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/**
 * An immutable snapshot of one VM as OpenNebula reported it. {@code placedAt} is the start of the
 * VM's current stay on a host (its last history record) while it is ACTIVE, null otherwise;
 * {@code match} where a queued VM may be deployed or resumed (every host for the others);
 * {@code forecastLoad} its monitoring's CPU_FORECAST while it runs, NaN otherwise or when absent.
 */
record OneVmView(
        long id,
        String name,
        QosClass qos,
        VmState state,
        Instant firstArrival,
        OptionalInt pinnedHost,
        double load,
        Instant placedAt,
        RunRecord runRecord,
        OptionalDouble slo,
        VmSize size,
        int vcpus,
        HostMatching.HostMatch match,
        double forecastLoad)
        implements VmView {

    OneVmView(
            long id,
            String name,
            QosClass qos,
            VmState state,
            Instant firstArrival,
            OptionalInt pinnedHost,
            double load,
            Instant placedAt) {
        this(
                id,
                name,
                qos,
                state,
                firstArrival,
                pinnedHost,
                load,
                placedAt,
                RunRecord.neverRan(firstArrival),
                OptionalDouble.empty(),
                VmSize.UNKNOWN,
                0,
                HostMatching.HostMatch.ANY,
                Double.NaN);
    }

    OneVmView(
            long id,
            String name,
            QosClass qos,
            VmState state,
            Instant firstArrival,
            OptionalInt pinnedHost,
            double load,
            Instant placedAt,
            RunRecord runRecord,
            OptionalDouble slo,
            VmSize size,
            int vcpus) {
        this(
                id,
                name,
                qos,
                state,
                firstArrival,
                pinnedHost,
                load,
                placedAt,
                runRecord,
                slo,
                size,
                vcpus,
                HostMatching.HostMatch.ANY,
                Double.NaN);
    }

    /** This view with where the VM may go. */
    OneVmView withMatch(HostMatching.HostMatch where) {
        return new OneVmView(
                id,
                name,
                qos,
                state,
                firstArrival,
                pinnedHost,
                load,
                placedAt,
                runRecord,
                slo,
                size,
                vcpus,
                where,
                forecastLoad);
    }

    /** What the observation's {@link HostMatching} answered for this VM. */
    @Override
    public boolean mayRunOn(HostView host) {
        return match.allows(host.id());
    }
}
