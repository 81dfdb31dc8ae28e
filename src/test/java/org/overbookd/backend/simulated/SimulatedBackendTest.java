package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.backend.Outcome;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.model.BoundScan;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostRef;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmView;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.ClusterPolicy;
import org.overbookd.policy.cluster.Decision;

class SimulatedBackendTest {

    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");
    private static final Reason WHY = Reason.because("test").build();

    private static WorldSpec world(int nodes) {
        Settings s = Settings.defaults().with(Options.SIM_NODES, nodes).with(Options.SIM_DURATION, Duration.ofHours(1));
        return SimBindings.simConfig(s).world();
    }

    /** A policy that breaks every rule; the backend must refuse it without touching a high-QoS VM. */
    @Test
    void backendRefusesHighQosVmsBusyHostsAndWrongStates() {
        List<String> refusals = new ArrayList<>();
        ClusterPolicy rogue = (ClusterView view, Instant now) -> {
            HostView host = view.hosts().get(0);
            VmView first = view.queue().get(0);
            VmView second = view.queue().get(1);
            return List.of(
                    new Decision.Suspend(new VmRef(0, "high-0"), HostRef.of(host), WHY),
                    new Decision.Deploy(VmRef.of(first), HostRef.of(host), WHY),
                    new Decision.Deploy(VmRef.of(second), HostRef.of(host), WHY),
                    new Decision.Resume(
                            VmRef.of(second), HostRef.of(view.hosts().get(1)), WHY));
        };
        SimulatedBackend backend = new SimulatedBackend(world(3), EPOCH);
        ClusterView view = backend.observe(EPOCH);
        for (var h : view.hosts()) {
            assertTrue(h.overbooked().isEmpty());
        }
        assertTrue(view.queue().stream().allMatch(vm -> vm.qos() == QosClass.LOW));
        var outcomes = backend.enact(rogue.decide(view, EPOCH), EPOCH);
        outcomes.forEach(o -> refusals.add(o.status() + " " + o.code()));
        assertEquals(List.of("REFUSED NO_SUCH_VM", "OK ", "REFUSED HOST_BUSY", "REFUSED WRONG_STATE"), refusals);
        assertEquals(3, backend.totals().refused());
    }

    /**
     * A suspension names the host the VM runs on: another host, one that does not exist, a busy one,
     * or a VM no longer running is refused with what the VM is and where; only the right one is sent.
     */
    @Test
    void suspendsOnlyARunningVmOnTheHostItRunsOn() {
        WorldSpec spec = world(3);
        SimulatedBackend backend = new SimulatedBackend(spec, EPOCH);
        VmView vm = backend.observe(EPOCH).queue().get(0);
        deploy(backend, vm, 0);
        long running = spec.operationCostSeconds();
        backend.advanceThrough(running);
        List<? extends HostView> hosts = backend.view().hosts();
        List<Outcome> outcomes = backend.enact(
                List.of(
                        new Decision.Suspend(VmRef.of(vm), HostRef.of(hosts.get(1)), WHY),
                        new Decision.Suspend(VmRef.of(vm), new HostRef(7, "7"), WHY),
                        new Decision.Suspend(VmRef.of(vm), HostRef.of(hosts.get(0)), WHY),
                        new Decision.Suspend(VmRef.of(vm), HostRef.of(hosts.get(0)), WHY)),
                EPOCH);
        List<String> seen = outcomes.stream()
                .map(o -> o.status() + " " + o.code() + " " + o.message())
                .toList();
        assertEquals(
                List.of(
                        "REFUSED WRONG_STATE VM " + vm.id() + " is RUNNING on host 0, not RUNNING on host 1",
                        "REFUSED NO_SUCH_HOST no host 7",
                        "OK  ",
                        "REFUSED HOST_BUSY host 0 has an operation in flight"),
                seen);
        backend.advanceThrough(running + spec.operationCostSeconds());
        Outcome late = backend.enact(List.of(new Decision.Suspend(VmRef.of(vm), HostRef.of(hosts.get(0)), WHY)), EPOCH)
                .get(0);
        assertEquals(
                "WRONG_STATE VM " + vm.id() + " is SUSPENDED, not RUNNING on host 0",
                late.code() + " " + late.message());
        assertEquals(1, backend.totals().suspends());
    }

    /**
     * A VM's placedAt is the clock's instant of the second it was placed, kept as a number: none
     * while queued, the deploy's second while on its host, none again once suspended, the resume's
     * second after; a high-QoS VM's is its start.
     */
    @Test
    void placedAtIsTheSecondOfPlacementWhileOnAHost() {
        WorldSpec spec = world(3);
        SimulatedBackend backend = new SimulatedBackend(spec, EPOCH);
        backend.advanceThrough(50);
        VmView vm = backend.observe(EPOCH.plusSeconds(50)).queue().get(0);
        assertEquals(EPOCH.plusSeconds(50), vm.firstArrival());
        assertEquals(null, vm.placedAt());
        assertEquals(EPOCH, backend.view().hosts().get(2).vms().get(0).placedAt());
        backend.advanceThrough(101);
        deploy(backend, vm, 0);
        assertEquals(EPOCH.plusSeconds(101), vm.placedAt());
        long cost = spec.operationCostSeconds();
        backend.advanceThrough(101 + cost);
        assertEquals(EPOCH.plusSeconds(101), vm.placedAt());
        HostRef host0 = HostRef.of(backend.view().hosts().get(0));
        assertEquals(
                Outcome.Status.OK,
                backend.enact(List.of(new Decision.Suspend(VmRef.of(vm), host0, WHY)), EPOCH)
                        .get(0)
                        .status());
        backend.advanceThrough(101 + 2 * cost);
        assertEquals(null, vm.placedAt());
        backend.advanceThrough(777);
        HostRef host1 = HostRef.of(backend.view().hosts().get(1));
        assertEquals(
                Outcome.Status.OK,
                backend.enact(List.of(new Decision.Resume(VmRef.of(vm), host1, WHY)), EPOCH)
                        .get(0)
                        .status());
        assertEquals(EPOCH.plusSeconds(777), vm.placedAt());
    }

    /**
     * The bound scans answer as a pass over every host would, whether the per-step count of hosts
     * over 95 and 100 % found their lists ahead (same bounds, no change since) or not (other
     * bounds, or a VM deployed or suspended in between), step after step of a busy world: on the
     * world's thread alone; with draws every minute (the last one at the step's second); with draws
     * every 7 minutes, so that operations end between a draw and the step; and on more hosts than a
     * parallel draw needs, in ranges drawn by two threads (the last one short).
     */
    @ParameterizedTest(name = "{0} hosts, a draw every {1} s, {2} pool threads, {3} h")
    @CsvSource({"60, 300, 0, 72", "60, 60, 0, 72", "60, 420, 0, 72", "2600, 300, 1, 12"})
    void boundScansAnswerAsAPassOverEveryHostWouldWhateverWasFoundAhead(
            int nodes, long loadInterval, int threads, int hours) {
        Settings settings = Settings.defaults()
                .with(Options.SIM_NODES, nodes)
                .with(Options.SIM_LOAD_INTERVAL, Duration.ofSeconds(loadInterval))
                .with(Options.SIM_DURATION, Duration.ofHours(1));
        ForkJoinPool pool = threads == 0 ? null : new ForkJoinPool(threads);
        try {
            boundScansAnswerAsAPassWould(
                    new SimulatedBackend(SimBindings.simConfig(settings).world(), EPOCH, pool), hours * 3600L);
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private void boundScansAnswerAsAPassWould(SimulatedBackend backend, long seconds) {
        SplittableRandom random = new SplittableRandom(5);
        int cached = 0;
        int changed = 0;
        int steps = 0;
        for (long t = 0; t < seconds; t += 300) {
            backend.advanceThrough(t);
            steps++;
            int[] over = backend.hostsOver(95, 100, 50);
            ClusterView view = backend.observe(EPOCH.plusSeconds(t));
            List<? extends HostView> hosts = view.hosts();
            for (int p = 0; p < 3; p++) {
                double percent = new double[] {95, 100, 50}[p];
                assertEquals(
                        hosts.stream().filter(h -> h.utilization() > percent).count(), over[p], "over " + percent);
            }
            BoundScan scan = (BoundScan) view;
            int step = (int) (t / 300);
            if (step % 5 == 3 && !free(hosts, 2, 75).isEmpty()) {
                // a change between the count and the scans (a host found with a free slot gets a VM, so
                // an operation in flight): what was found ahead no longer holds
                HostRef idle = HostRef.of(free(hosts, 2, 75).get(0));
                VmView waiting = view.queue().get(0);
                Decision place = waiting.state() == org.overbookd.model.VmState.SUSPENDED
                        ? new Decision.Resume(VmRef.of(waiting), idle, WHY)
                        : new Decision.Deploy(VmRef.of(waiting), idle, WHY);
                Outcome done = backend.enact(List.of(place), EPOCH).get(0);
                assertEquals(Outcome.Status.OK, done.status(), done.toString());
                changed++;
            }
            double upper = step % 7 == 6 ? 90 : 95;
            double lower = step % 11 == 10 ? 80 : 75;
            int slots = step % 13 == 12 ? 3 : 2;
            assertEquals(over(hosts, upper), scan.overbookedAtOrAbove(upper), "over " + upper + " at " + t);
            assertEquals(free(hosts, slots, lower), scan.withFreeSlotAtOrBelow(slots, lower), "free at " + t);
            cached += step % 5 == 3 || upper != 95 ? 0 : 1;
            // the policy's own moves: suspend on hosts over the bound, fill free ones from the queue
            List<Decision> moves = new ArrayList<>();
            for (HostView h : over(hosts, 95)) {
                VmView victim = h.overbooked().get(h.overbooked().size() - 1);
                if (victim.state() == org.overbookd.model.VmState.RUNNING && random.nextInt(3) > 0) {
                    moves.add(new Decision.Suspend(VmRef.of(victim), HostRef.of(h), WHY));
                }
            }
            List<? extends VmView> queue = view.queue();
            List<HostView> free = free(hosts, 2, 75);
            for (int i = 0; i < Math.min(queue.size(), free.size()); i++) {
                VmView vm = queue.get(i);
                moves.add(
                        vm.state() == org.overbookd.model.VmState.SUSPENDED
                                ? new Decision.Resume(VmRef.of(vm), HostRef.of(free.get(i)), WHY)
                                : new Decision.Deploy(VmRef.of(vm), HostRef.of(free.get(i)), WHY));
            }
            backend.enact(moves, EPOCH);
        }
        assertTrue(cached > steps / 2, "steps whose scans could use what was found ahead: " + cached + " of " + steps);
        assertTrue(changed > steps / 12, "steps with a change between the count and the scans: " + changed);
        assertTrue(backend.totals().suspends() > 100, "a busy world: " + backend.totals());
    }

    private static List<HostView> over(List<? extends HostView> hosts, double atLeast) {
        return hosts.stream()
                .filter(h -> !(h.utilization() < atLeast)
                        && !h.operationInFlight()
                        && !h.overbooked().isEmpty())
                .map(h -> (HostView) h)
                .toList();
    }

    private static List<HostView> free(List<? extends HostView> hosts, int slots, double atMost) {
        return hosts.stream()
                .filter(h -> h.utilization() <= atMost
                        && !h.operationInFlight()
                        && h.overbooked().size() < slots)
                .map(h -> (HostView) h)
                .toList();
    }

    /** The paper's queue never empties: each observation leaves as many new VMs waiting as hosts. */
    @Test
    void observeKeepsAsManyNewLowQosVmsWaitingAsHosts() {
        SimulatedBackend backend = new SimulatedBackend(world(4), EPOCH);
        ClusterView view = backend.observe(EPOCH);
        assertEquals(4, view.queue().size());
        VmView taken = view.queue().get(0);
        deploy(backend, taken, 2);
        assertEquals(3, view.queue().size(), "a deployed VM leaves the queue at once");
        backend.observe(EPOCH);
        assertEquals(4, view.queue().size());
        assertTrue(view.queue().stream().noneMatch(vm -> vm.id() == taken.id()));
    }

    /**
     * totals() counts what is still open (a VM running, a core held) up to the clock and closes
     * nothing: looking half-way changes no later total, and every core is held all the time.
     */
    @Test
    void totalsCountOpenStretchesWithoutClosingThem() {
        WorldSpec spec = world(3);
        SimulatedBackend straight = new SimulatedBackend(spec, EPOCH);
        SimulatedBackend looked = new SimulatedBackend(spec, EPOCH);
        for (SimulatedBackend backend : List.of(straight, looked)) {
            deploy(backend, backend.observe(EPOCH).queue().get(0), 0);
        }
        looked.advanceTo(1800);
        Totals half = looked.totals();
        assertEquals(half, looked.totals(), "looking twice at the same second");
        assertEquals(spec.totalCores() * 1800, half.highHeldSeconds());
        assertTrue(half.overbookedSeconds() > 0, "the deployed VM has been running: " + half);

        straight.advanceTo(3600);
        looked.advanceTo(3600);
        assertEquals(straight.totals(), looked.totals());
        assertEquals(spec.totalCores() * 3600, looked.totals().highHeldSeconds());
        assertEquals(1, looked.totals().deploys());
    }

    private static void deploy(SimulatedBackend backend, VmView vm, int host) {
        HostView target = backend.view().hosts().get(host);
        List<Outcome> outcomes =
                backend.enact(List.of(new Decision.Deploy(VmRef.of(vm), HostRef.of(target), WHY)), EPOCH);
        assertEquals(Outcome.Status.OK, outcomes.get(0).status(), outcomes.toString());
    }
}
