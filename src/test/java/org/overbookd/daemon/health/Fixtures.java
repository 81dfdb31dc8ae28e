package org.overbookd.daemon.health;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.overbookd.backend.Outcome;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.loop.CycleResult;
import org.overbookd.model.ClusterView;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.HostRef;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.Decision;

/** Hand-built cycle results and settings for the health tests. */
final class Fixtures {

    private Fixtures() {}

    record Host(int id, double utilization, List<FixtureCluster.Vm> overbooked) implements HostView {
        @Override
        public String name() {
            return "node" + id;
        }

        @Override
        public int cores() {
            return 8;
        }

        @Override
        public boolean operationInFlight() {
            return false;
        }
    }

    static FixtureCluster.Vm vm(long id, VmState state) {
        return new FixtureCluster.Vm(id, QosClass.LOW, state, Instant.EPOCH, OptionalInt.empty(), 0);
    }

    /**
     * Three hosts at 50 %, 90 % and 95 % holding 0, 2 and 1 overbooked VMs (two running, one booting),
     * two VMs queued and one suspended, two hosts left out, two failed VMs left alone, and the given outcomes.
     */
    static CycleResult result(long cycle, List<Outcome> outcomes) {
        List<Host> hosts = List.of(
                new Host(0, 50, List.of()),
                new Host(1, 90, List.of(vm(1, VmState.RUNNING), vm(2, VmState.RUNNING))),
                new Host(2, 95, List.of(vm(3, VmState.BOOTING))));
        List<FixtureCluster.Vm> queue = List.of(vm(4, VmState.QUEUED), vm(5, VmState.QUEUED), vm(6, VmState.SUSPENDED));
        ClusterView view = new ClusterView() {
            @Override
            public List<? extends HostView> hosts() {
                return hosts;
            }

            @Override
            public List<? extends VmView> queue() {
                return queue;
            }

            @Override
            public Map<String, Integer> hostsLeftOut() {
                return Map.of("offline", 1, "stale-monitoring", 1);
            }

            @Override
            public Map<String, Integer> vmsLeftAlone() {
                return Map.of("failed", 2);
            }

            @Override
            public Map<String, Integer> vmsUnmatched() {
                return Map.of("no-host", 1);
            }
        };
        return new CycleResult(cycle, view, outcomes, List.of(), Optional.empty());
    }

    static Outcome outcome(String action, Outcome.Status status) {
        VmRef vm = new VmRef(7, "batch-7");
        HostRef host = new HostRef(0, "node0");
        Reason reason = Reason.because("test").build();
        Decision d = switch (action) {
            case "deploy" -> new Decision.Deploy(vm, host, reason);
            case "suspend" -> new Decision.Suspend(vm, host, reason);
            default -> new Decision.Resume(vm, host, reason);
        };
        return new Outcome(d, status, "", "");
    }

    static Settings settings(String... lines) throws Exception {
        java.util.Map<String, String> set = new java.util.LinkedHashMap<>();
        set.put("status.file", "");
        for (String line : lines) {
            String[] kv = line.split("=", 2);
            set.put(kv[0].trim(), kv[1].trim());
        }
        return new SettingsLoader().load(null, set).settings();
    }
}
