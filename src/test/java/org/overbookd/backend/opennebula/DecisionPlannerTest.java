package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.resume;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.overbookd.model.QosClass;

/** The pure part of enact: which call a decision becomes, or why it is refused. */
class DecisionPlannerTest {

    private static final LastObservation SEEN = new LastObservation(
            new OneClusterView(List.of(), List.of()), Map.of(1, QosClass.LOW, 2, QosClass.HIGH), Set.of(0, 1));
    private final DecisionPlanner suspending = new DecisionPlanner(SuspendAction.SUSPEND);
    private final DecisionPlanner stopping = new DecisionPlanner(SuspendAction.STOP);

    private static VmRecord vm(int state, int lcm, int host, String qos) {
        return new VmRecord(1, "vm", state, lcm, 0, qos, host < 0 ? null : new VmRecord.History(0, host, "n", 0));
    }

    private static VmRecord low(int state, int lcm, int host) {
        return vm(state, lcm, host, "LOW");
    }

    private static String code(Plan plan) {
        return plan instanceof Plan.Refuse refuse ? refuse.code() : "ACT";
    }

    @Test
    void prechecksNeedTheVmObservedLowQosAndTheHostUsable() {
        assertEquals(Optional.empty(), suspending.precheck(deploy(1, 0), SEEN));
        assertEquals(
                "HIGH_QOS",
                suspending.precheck(deploy(2, 0), SEEN).orElseThrow().code());
        assertEquals(
                "NO_SUCH_VM",
                suspending.precheck(deploy(3, 0), SEEN).orElseThrow().code());
        assertEquals(
                "NO_SUCH_VM",
                suspending.precheck(deploy(-1, 0), SEEN).orElseThrow().code());
        assertEquals(
                "NO_SUCH_HOST",
                suspending.precheck(deploy(1, 5), SEEN).orElseThrow().code());
        assertEquals(
                "NO_SUCH_VM",
                suspending
                        .precheck(deploy(1, 0), LastObservation.NONE)
                        .orElseThrow()
                        .code());
    }

    @Test
    void deployPlacesOnlyAHeldVm() {
        assertEquals(
                new Plan.Act(VmCall.deploy(1, 0, -1)), suspending.plan(deploy(1, 0), low(OneVmStates.HOLD, 0, -1)));
        assertEquals(
                "WRONG_STATE",
                code(suspending.plan(deploy(1, 0), low(OneVmStates.STOPPED, 0, 1))),
                "a stopped VM comes back by resume, not deploy");
        assertEquals("WRONG_STATE", code(suspending.plan(deploy(1, 0), low(OneVmStates.PENDING, 0, -1))));
    }

    @Test
    void suspendTakesARunningVmOffTheNamedHostByTheConfiguredAction() {
        VmRecord running = low(OneVmStates.ACTIVE, OneVmStates.RUNNING, 0);
        assertEquals(new Plan.Act(VmCall.action("suspend", 1)), suspending.plan(suspend(1, 0), running));
        assertEquals(new Plan.Act(VmCall.action("stop", 1)), stopping.plan(suspend(1, 0), running));
        assertEquals("WRONG_STATE", code(suspending.plan(suspend(1, 1), running)));
        assertEquals("WRONG_STATE", code(suspending.plan(suspend(1, 0), low(OneVmStates.ACTIVE, OneVmStates.BOOT, 0))));
    }

    @Test
    void resumeDependsOnHowTheVmWasTakenOff() {
        assertEquals(
                new Plan.Act(VmCall.action("resume", 1)),
                suspending.plan(resume(1, 0), low(OneVmStates.SUSPENDED, 0, 0)));
        assertEquals("WRONG_HOST", code(suspending.plan(resume(1, 1), low(OneVmStates.SUSPENDED, 0, 0))));
        assertEquals(
                new Plan.Act(VmCall.deploy(1, 1, -1)), suspending.plan(resume(1, 1), low(OneVmStates.STOPPED, 0, 0)));
        assertEquals("WRONG_STATE", code(suspending.plan(resume(1, 0), low(OneVmStates.HOLD, 0, -1))));
    }

    @Test
    void aVmThatIsHighQosNowIsRefusedWhateverItsState() {
        for (String qos : new String[] {null, "HIGH", "LOWER", ""}) {
            Plan plan = suspending.plan(deploy(1, 0), vm(OneVmStates.HOLD, 0, -1, qos));
            assertEquals("HIGH_QOS", code(plan), "QOS=" + qos);
        }
        assertEquals("ACT", code(suspending.plan(deploy(1, 0), vm(OneVmStates.HOLD, 0, -1, " Low "))));
    }

    @Test
    void callsDescribeThemselvesAsOnedMethods() {
        assertEquals("one.vm.deploy(7, 3, false, -1)", VmCall.deploy(7, 3, -1).toString());
        assertEquals("one.vm.deploy(7, 3, false, 100)", VmCall.deploy(7, 3, 100).toString());
        assertEquals("one.vm.action(suspend, 7)", VmCall.action("suspend", 7).toString());
        assertTrue(VmCall.deploy(7, 3, 100).isDeploy());
    }
}
