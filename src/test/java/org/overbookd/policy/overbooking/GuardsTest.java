package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.overbookd.model.ClusterView;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.ForwardingVmView;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.ClusterPolicy.StepDecisions;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.HeldBack;

/**
 * The live guards of the overbooking policy, each on a hand-built view: what each holds back, that
 * none ever keeps a host above the upper bound (it yields instead, and says so), and that with every
 * guard off the step is the paper's.
 */
class GuardsTest {

    private static final Instant NOW = FixtureCluster.at(10 * 3600);

    /** A low-QoS VM with how often overbookd suspended it in the last day. */
    static final class Counted extends ForwardingVmView {
        private final int suspensions;

        Counted(Vm vm, int suspensions) {
            super(vm);
            this.suspensions = suspensions;
        }

        static Counted running(long id, long placedSecondsAgo, int suspensions) {
            return new Counted(
                    new Vm(
                            id,
                            QosClass.LOW,
                            VmState.RUNNING,
                            FixtureCluster.at(0),
                            OptionalInt.empty(),
                            90,
                            NOW.minusSeconds(placedSecondsAgo)),
                    suspensions);
        }

        static Counted suspended(long id, long arrival, int suspensions) {
            return new Counted(Vm.suspended(id, arrival), suspensions);
        }

        @Override
        public int suspensionsSince(Instant since) {
            assertEquals(NOW.minus(Guards.DAY), since, "the cap counts a rolling day");
            return suspensions;
        }
    }

    /** A host with its forecast and how often overbookd acted on it in the last hour. */
    record Host(int id, double utilization, double forecast, int actions, List<VmView> overbooked) implements HostView {
        static Host of(int id, double utilization, VmView... vms) {
            return new Host(id, utilization, Double.NaN, 0, List.of(vms));
        }

        Host acted(int times) {
            return new Host(id, utilization, forecast, times, overbooked);
        }

        Host forecast(double value) {
            return new Host(id, utilization, value, actions, overbooked);
        }

        @Override
        public String name() {
            return "host-" + id;
        }

        @Override
        public int cores() {
            return 8;
        }

        @Override
        public boolean operationInFlight() {
            return false;
        }

        @Override
        public double forecastUtilization() {
            return forecast;
        }

        @Override
        public int actionsSince(Instant since) {
            assertEquals(NOW.minus(Guards.HOUR), since, "the cap per host counts a rolling hour");
            return actions;
        }
    }

    record View(List<Host> hosts, List<VmView> queue) implements ClusterView {}

    private static StepDecisions step(Guards guards, View view) {
        return step(guards, UtilizationSignal.MEASURED, view);
    }

    private static StepDecisions step(Guards guards, UtilizationSignal signal, View view) {
        OverbookingSettings settings = new OverbookingSettings(70, 90, 2, HostOrder.INDEX)
                .withGuards(guards)
                .withSignal(signal);
        return new OverbookingPolicy(settings).decideStep(view, NOW);
    }

    private static Guards minRunTime(Duration d) {
        return new Guards(d, 0, 0, 0);
    }

    @Test
    void aVictimThatHasNotRunItsMinimumTimeIsPassedOverForAnotherOfItsHost() {
        // VM 2 was added last (the paper's victim) 5 minutes ago; VM 1 has run for hours
        View view =
                new View(List.of(Host.of(0, 95, Counted.running(1, 7200, 0), Counted.running(2, 300, 0))), List.of());
        StepDecisions step = step(minRunTime(Duration.ofMinutes(30)), view);
        assertEquals(1, step.decisions().size());
        Decision.Suspend suspend =
                assertInstanceOf(Decision.Suspend.class, step.decisions().get(0));
        assertEquals(1, suspend.vm().id(), "the VM that has run its time goes");
        assertTrue(
                suspend.reason().text().contains("passed over: VM 2, guard min-run-time: placed 300 s ago"),
                suspend.reason().text());
        assertEquals("2", suspend.reason().facts().get("guard_passed_over"));
        HeldBack held = step.held().get(0);
        assertEquals(
                List.of("min-run-time", "suspend", 2L, 0),
                List.of(held.guard(), held.action(), held.vm().id(), held.host().id()));
        assertTrue(step.yielded().isEmpty());
    }

    @Test
    void whenEveryVictimIsProtectedTheGuardYieldsToTheUpperBoundAndSaysSo() {
        View view =
                new View(List.of(Host.of(0, 95, Counted.running(1, 600, 0), Counted.running(2, 300, 0))), List.of());
        StepDecisions step = step(minRunTime(Duration.ofMinutes(30)), view);
        Decision.Suspend suspend =
                assertInstanceOf(Decision.Suspend.class, step.decisions().get(0));
        assertEquals(2, suspend.vm().id(), "the rule's own victim, the VM added last");
        assertTrue(
                suspend.reason().text().contains("guard min-run-time yields to the upper bound"),
                suspend.reason().text());
        assertEquals("min-run-time", suspend.reason().facts().get("guard_yielded"));
        assertEquals(
                List.of("min-run-time"),
                step.yielded().stream().map(y -> y.guard()).toList());
        assertTrue(step.held().isEmpty(), "nothing was held back: the host was relieved");
    }

    @Test
    void aVmAtItsCapOfSuspensionsWaitsInTheQueueAndTheOneBehindItIsPlaced() {
        Guards cap = new Guards(Duration.ZERO, 3, 0, 0);
        View view = new View(List.of(Host.of(0, 40)), List.of(Counted.suspended(1, 0, 3), Counted.suspended(2, 10, 2)));
        StepDecisions step = step(cap, view);
        assertEquals(1, step.decisions().size());
        assertEquals(2, step.decisions().get(0).vm().id(), "VM 2 has a suspension left; VM 1, first in line, has none");
        HeldBack held = step.held().get(0);
        assertEquals(
                List.of("suspends-per-day", "resume", 1L),
                List.of(held.guard(), held.action(), held.vm().id()));
        assertEquals(null, held.host(), "it waits wherever it could go");
        assertTrue(
                held.reason().text().contains("suspended 3 times in the last 24 h, the cap 3"),
                held.reason().text());
    }

    @Test
    void aRunningVmAtItsCapIsPassedOverAsAVictimWhileAnotherMayGo() {
        // placed before the cap was lowered: it must not be suspended once more while another VM may
        Guards cap = new Guards(Duration.ZERO, 2, 0, 0);
        View view =
                new View(List.of(Host.of(0, 95, Counted.running(1, 3600, 0), Counted.running(2, 3600, 2))), List.of());
        StepDecisions step = step(cap, view);
        assertEquals(1, step.decisions().get(0).vm().id());
        assertEquals("suspends-per-day", step.held().get(0).guard());
    }

    @Test
    void aHostAtItsCapOfActionsTakesNoVmButIsStillRelievedAboveTheUpperBound() {
        Guards perHost = new Guards(Duration.ZERO, 0, 0, 4);
        View view = new View(
                List.of(
                        Host.of(0, 30).acted(4),
                        Host.of(1, 50).acted(3),
                        Host.of(2, 95, Counted.running(7, 3600, 0)).acted(9)),
                List.of(Counted.suspended(1, 0, 0)));
        StepDecisions step = step(perHost, view);
        assertEquals(2, step.decisions().size());
        Decision.Suspend suspend =
                assertInstanceOf(Decision.Suspend.class, step.decisions().get(0));
        assertEquals(2, suspend.host().id());
        assertTrue(
                suspend.reason()
                        .text()
                        .contains("guard actions-per-host-per-hour yields to the upper bound (9"
                                + " actions on the host in the last hour, the cap 4)"),
                suspend.reason().text());
        Decision.Resume resume =
                assertInstanceOf(Decision.Resume.class, step.decisions().get(1));
        assertEquals(1, resume.host().id(), "host 0 is emptier but at its cap");
        HeldBack held = step.held().get(0);
        assertEquals(
                List.of("actions-per-host-per-hour", "place", 0),
                List.of(held.guard(), held.action(), held.host().id()));
        assertEquals(null, held.vm(), "a host is held with no VM chosen for it");
        assertEquals(
                List.of("actions-per-host-per-hour"),
                step.yielded().stream().map(y -> y.guard()).toList());
    }

    @Test
    void theCapOfActionsPerCycleHoldsPlacementsBackButNeverASuspension() {
        Guards perCycle = new Guards(Duration.ZERO, 0, 2, 0);
        View view = new View(
                List.of(
                        Host.of(0, 95, Counted.running(7, 3600, 0)),
                        Host.of(1, 96, Counted.running(8, 3600, 0)),
                        Host.of(2, 97, Counted.running(9, 3600, 0)),
                        Host.of(3, 10),
                        Host.of(4, 20)),
                List.of(Counted.suspended(1, 0, 0), Counted.suspended(2, 5, 0)));
        StepDecisions step = step(perCycle, view);
        assertEquals(3, step.decisions().size(), "three hosts above the upper bound, three suspensions");
        assertTrue(step.decisions().stream().allMatch(d -> d instanceof Decision.Suspend));
        assertEquals(
                List.of("actions-per-cycle"),
                step.yielded().stream().map(y -> y.guard()).toList(),
                "the third suspension is past the cap: the guard yields to the bound");
        assertEquals(
                List.of(1L, 2L),
                step.held().stream().map(h -> h.vm().id()).toList(),
                "no placement is left to the step");
        assertTrue(step.held().stream().allMatch(h -> h.guard().equals("actions-per-cycle")));

        View fewer = new View(
                List.of(Host.of(0, 95, Counted.running(7, 3600, 0)), Host.of(3, 10), Host.of(4, 20)),
                List.of(Counted.suspended(1, 0, 0), Counted.suspended(2, 5, 0)));
        StepDecisions next = step(perCycle, fewer);
        assertEquals(
                List.of("suspend", "resume"),
                next.decisions().stream().map(Decision::action).toList(),
                "one suspension and one placement: the cap of two");
        assertEquals(2, next.held().get(0).vm().id(), "the second queued VM waits for the next step");
        assertEquals(4, next.held().get(0).host().id());
    }

    @Test
    void withEveryGuardOffTheStepIsThePapersAndHoldsNothing() {
        View view = new View(
                List.of(
                        Host.of(0, 95, Counted.running(1, 7200, 5), Counted.running(2, 60, 5))
                                .acted(50),
                        Host.of(1, 10).acted(50)),
                List.of(Counted.suspended(3, 0, 50)));
        StepDecisions off = step(Guards.OFF, view);
        assertEquals(
                List.of(2L, 3L), off.decisions().stream().map(d -> d.vm().id()).toList());
        assertTrue(off.held().isEmpty() && off.yielded().isEmpty());
        assertEquals(
                off.decisions(),
                new OverbookingPolicy(new OverbookingSettings(70, 90, 2, HostOrder.INDEX)).decide(view, NOW));
    }

    @Test
    void aForecastSignalRelievesAHostBeforeItsMeasurementCrossesAndTheReasonShowsBoth() {
        View view = new View(
                List.of(
                        Host.of(0, 85, Counted.running(1, 7200, 0)).forecast(95.25),
                        Host.of(1, 85, Counted.running(2, 7200, 0))),
                List.of());
        StepDecisions measured = step(Guards.OFF, view);
        assertTrue(measured.decisions().isEmpty(), "measured, both hosts are below 90");
        StepDecisions forecast = step(Guards.OFF, new UtilizationSignal(UtilizationSource.FORECAST, 1), view);
        assertEquals(1, forecast.decisions().size(), "host 1 has no forecast: its measurement stands in");
        Decision.Suspend suspend =
                assertInstanceOf(Decision.Suspend.class, forecast.decisions().get(0));
        assertEquals(0, suspend.host().id());
        assertTrue(
                suspend.reason()
                        .text()
                        .startsWith("host host-0 at 95.3% (measured 85.0%, forecast 95.3%, forecast)"
                                + " >= upper bound 90%"),
                suspend.reason().text());
        assertEquals(85.0, suspend.reason().facts().get("host_utilization"));
        assertEquals(95.25, suspend.reason().facts().get("host_forecast"));

        StepDecisions blend = step(Guards.OFF, new UtilizationSignal(UtilizationSource.BLEND, 0.5), view);
        assertEquals(1, blend.decisions().size(), "85 x 0.5 + 95.25 x 0.5 = 90.125 >= 90");
        assertEquals(90.125, blend.decisions().get(0).reason().facts().get("host_signal"));
        StepDecisions lighter = step(Guards.OFF, new UtilizationSignal(UtilizationSource.BLEND, 0.3), view);
        assertTrue(lighter.decisions().isEmpty(), "85 x 0.7 + 95.25 x 0.3 = 88.075 < 90");
    }

    @Test
    void aHostWithoutAForecastIsJudgedOnItsMeasurementAndTheReasonSaysSo() {
        View view = new View(List.of(Host.of(0, 93, Counted.running(1, 7200, 0)).forecast(0)), List.of());
        StepDecisions step = step(Guards.OFF, new UtilizationSignal(UtilizationSource.FORECAST, 1), view);
        String text = step.decisions().get(0).reason().text();
        assertTrue(text.contains("at 93.0% (measured; no forecast for the host, its measurement stands in)"), text);
        assertEquals("none", step.decisions().get(0).reason().facts().get("host_forecast"));
    }
}
