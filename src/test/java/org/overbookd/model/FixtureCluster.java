package org.overbookd.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/** A hand-built, immutable cluster view for policy tests. */
public final class FixtureCluster implements ClusterView {

    /** {@code allowedHosts}: the hosts the VIM's rules let it run on; null: every host. */
    public record Vm(
            long id,
            QosClass qos,
            VmState state,
            Instant firstArrival,
            OptionalInt pinnedHost,
            double load,
            Instant placedAt,
            RunRecord runRecord,
            OptionalDouble slo,
            VmSize size,
            Set<Integer> allowedHosts)
            implements VmView {

        public Vm(
                long id,
                QosClass qos,
                VmState state,
                Instant firstArrival,
                OptionalInt pinnedHost,
                double load,
                Instant placedAt,
                RunRecord runRecord,
                OptionalDouble slo,
                VmSize size) {
            this(id, qos, state, firstArrival, pinnedHost, load, placedAt, runRecord, slo, size, null);
        }

        public Vm(
                long id,
                QosClass qos,
                VmState state,
                Instant firstArrival,
                OptionalInt pinnedHost,
                double load,
                Instant placedAt) {
            this(
                    id,
                    qos,
                    state,
                    firstArrival,
                    pinnedHost,
                    load,
                    placedAt,
                    RunRecord.neverRan(firstArrival),
                    OptionalDouble.empty(),
                    VmSize.UNKNOWN);
        }

        @Override
        public boolean mayRunOn(HostView host) {
            return allowedHosts == null || allowedHosts.contains(host.id());
        }

        /** The same VM, allowed on these hosts only. */
        public Vm onlyOn(Integer... hosts) {
            return new Vm(
                    id, qos, state, firstArrival, pinnedHost, load, placedAt, runRecord, slo, size, Set.of(hosts));
        }

        public Vm(long id, QosClass qos, VmState state, Instant firstArrival, OptionalInt pinnedHost, double load) {
            this(
                    id,
                    qos,
                    state,
                    firstArrival,
                    pinnedHost,
                    load,
                    state == VmState.QUEUED || state == VmState.SUSPENDED ? null : firstArrival);
        }

        /** The same VM, placed on its host at {@code seconds}. */
        public Vm placed(long seconds) {
            return new Vm(
                    id, qos, state, firstArrival, pinnedHost, load, at(seconds), runRecord, slo, size, allowedHosts);
        }

        /**
         * The same VM having run {@code closedSeconds} in finished stretches, and running since
         * {@code runningSince} (seconds) unless it is negative.
         */
        public Vm ran(long closedSeconds, long runningSince) {
            RunRecord run = new RunRecord(
                    firstArrival, Duration.ofSeconds(closedSeconds), runningSince < 0 ? null : at(runningSince));
            return new Vm(id, qos, state, firstArrival, pinnedHost, load, placedAt, run, slo, size, allowedHosts);
        }

        /** The same VM with an SLO of its own. */
        public Vm slo(double value) {
            return new Vm(
                    id,
                    qos,
                    state,
                    firstArrival,
                    pinnedHost,
                    load,
                    placedAt,
                    runRecord,
                    OptionalDouble.of(value),
                    size,
                    allowedHosts);
        }

        /** The same VM with a size. */
        public Vm sized(double cpu, long memoryMb) {
            return new Vm(
                    id,
                    qos,
                    state,
                    firstArrival,
                    pinnedHost,
                    load,
                    placedAt,
                    runRecord,
                    slo,
                    new VmSize(cpu, memoryMb),
                    allowedHosts);
        }

        @Override
        public String name() {
            return "vm-" + id;
        }

        public static Vm queued(long id, long arrivalSeconds) {
            return new Vm(id, QosClass.LOW, VmState.QUEUED, at(arrivalSeconds), OptionalInt.empty(), 0);
        }

        public static Vm suspended(long id, long arrivalSeconds) {
            return new Vm(id, QosClass.LOW, VmState.SUSPENDED, at(arrivalSeconds), OptionalInt.empty(), 0);
        }

        public static Vm suspendedOn(long id, long arrivalSeconds, int host) {
            return new Vm(id, QosClass.LOW, VmState.SUSPENDED, at(arrivalSeconds), OptionalInt.of(host), 0);
        }

        public static Vm running(long id, long arrivalSeconds) {
            return new Vm(id, QosClass.LOW, VmState.RUNNING, at(arrivalSeconds), OptionalInt.empty(), 90);
        }

        public static Vm booting(long id, long arrivalSeconds) {
            return new Vm(id, QosClass.LOW, VmState.BOOTING, at(arrivalSeconds), OptionalInt.empty(), 0);
        }
    }

    public record Host(int id, int cores, double utilization, List<Vm> overbooked, boolean operationInFlight)
            implements HostView {
        @Override
        public String name() {
            return "host-" + id;
        }

        public static Host of(int id, double utilization, Vm... overbooked) {
            return new Host(id, 8, utilization, List.of(overbooked), false);
        }

        public Host busy() {
            return new Host(id, cores, utilization, overbooked, true);
        }
    }

    private final List<Host> hosts = new ArrayList<>();
    private final List<Vm> queue = new ArrayList<>();

    public FixtureCluster host(Host host) {
        hosts.add(host);
        return this;
    }

    public FixtureCluster queue(Vm... vms) {
        queue.addAll(List.of(vms));
        return this;
    }

    @Override
    public List<Host> hosts() {
        return List.copyOf(hosts);
    }

    @Override
    public List<Vm> queue() {
        return List.copyOf(queue);
    }

    public static Instant at(long seconds) {
        return Instant.parse("2024-01-01T00:00:00Z").plusSeconds(seconds);
    }
}
