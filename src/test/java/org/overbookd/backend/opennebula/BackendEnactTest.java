package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.resume;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;

/** enact() against the fake oned: the life of a low-QoS VM, and every refusal. */
class BackendEnactTest extends FakeOnedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private OpenNebulaBackend backend(SuspendAction suspendAction) throws Exception {
        return backend(TIMEOUT, suspendAction);
    }

    /** Observes, then forgets the observation's calls so a test sees only those of enact. */
    private OpenNebulaBackend observed(SuspendAction suspendAction) throws Exception {
        return observed(TIMEOUT, suspendAction);
    }

    private static Outcome only(List<Outcome> outcomes) {
        assertEquals(1, outcomes.size());
        return outcomes.get(0);
    }

    private static Map<Integer, HostView> hosts(ClusterView view) {
        return view.hosts().stream().collect(Collectors.toMap(HostView::id, Function.identity()));
    }

    private static VmView find(List<? extends VmView> vms, long id) {
        return vms.stream().filter(vm -> vm.id() == id).findFirst().orElse(null);
    }

    @Test
    void deployPlacesAHeldVmWhichBootsOnTheHostAddedLast() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        Outcome outcome = only(backend.enact(List.of(deploy(14, 0)), Instant.EPOCH));
        assertEquals(Outcome.Status.OK, outcome.status());
        // marked ONEDRS_BLOCKED first, so that OneDRS never migrates what overbookd placed
        assertEquals(List.of("one.vm.info", "one.vm.update", "one.vm.deploy"), one.methods());
        assertEquals(
                List.of(14, "ONEDRS_BLOCKED = \"YES\"", 1), one.calls().get(1).arguments());
        assertEquals(List.of(14, 0, false, 0), one.calls().get(2).arguments());
        assertEquals("YES", one.vm(14).userTemplate.get("ONEDRS_BLOCKED"));
        assertEquals("LOW", one.vm(14).userTemplate.get("QOS"), "merged: the rest of the user template stays");

        one.tick(); // PROLOG -> BOOT: the deploy's own record starts now, after every other stay
        HostView host0 = hosts(backend.observe(Instant.EPOCH)).get(0);
        assertTrue(host0.operationInFlight());
        assertEquals(
                List.of(13L, 12L, 14L),
                host0.overbooked().stream().map(VmView::id).toList());
        assertEquals(VmState.BOOTING, host0.overbooked().get(2).state());

        one.tick(); // BOOT -> RUNNING
        ClusterView view = backend.observe(Instant.EPOCH);
        assertFalse(hosts(view).get(0).operationInFlight());
        assertEquals(VmState.RUNNING, hosts(view).get(0).overbooked().get(2).state());
        assertEquals(null, find(view.queue(), 14));
    }

    @Test
    void suspendKeepsTheVmOnItsHostAndResumeBringsItBackThere() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        assertEquals(
                Outcome.Status.OK,
                only(backend.enact(List.of(suspend(12, 0)), Instant.EPOCH)).status());
        assertEquals(List.of("suspend", 12), one.calls().get(1).arguments());

        ClusterView suspending = backend.observe(Instant.EPOCH);
        assertEquals(
                VmState.SUSPENDING,
                find(hosts(suspending).get(0).overbooked(), 12).state());
        assertTrue(hosts(suspending).get(0).operationInFlight());

        one.tick(); // SAVE_SUSPEND -> SUSPENDED
        ClusterView suspended = backend.observe(Instant.EPOCH);
        VmView queued = find(suspended.queue(), 12);
        assertEquals(VmState.SUSPENDED, queued.state());
        assertEquals(OptionalInt.of(0), queued.pinnedHost());
        assertEquals(null, find(hosts(suspended).get(0).overbooked(), 12));

        one.forgetCalls();
        Outcome elsewhere = only(backend.enact(List.of(resume(12, 1)), Instant.EPOCH));
        assertEquals(Outcome.Status.REFUSED, elsewhere.status());
        assertEquals("WRONG_HOST", elsewhere.code());
        assertEquals(List.of("one.vm.info"), one.methods(), "refused before any action");

        assertEquals(
                Outcome.Status.OK,
                only(backend.enact(List.of(resume(12, 0)), Instant.EPOCH)).status());
        assertEquals("one.vm.update", one.calls().get(2).method(), "marked before it runs again");
        assertEquals(List.of("resume", 12), one.calls().get(3).arguments());
        assertEquals(
                VmState.RESUMING,
                find(hosts(backend.observe(Instant.EPOCH)).get(0).overbooked(), 12)
                        .state());
        one.tick();
        assertEquals(
                VmState.RUNNING,
                find(hosts(backend.observe(Instant.EPOCH)).get(0).overbooked(), 12)
                        .state());
    }

    @Test
    void stopFreesTheHostAndResumeRedeploysTheVmAnywhere() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.STOP);
        assertEquals(
                Outcome.Status.OK,
                only(backend.enact(List.of(suspend(12, 0)), Instant.EPOCH)).status());
        assertEquals(List.of("stop", 12), one.calls().get(1).arguments());
        one.tick(); // SAVE_STOP -> EPILOG_STOP
        assertEquals(
                VmState.SUSPENDING,
                find(hosts(backend.observe(Instant.EPOCH)).get(0).overbooked(), 12)
                        .state());
        one.tick(); // -> STOPPED
        VmView stopped = find(backend.observe(Instant.EPOCH).queue(), 12);
        assertEquals(VmState.SUSPENDED, stopped.state());
        assertEquals(OptionalInt.empty(), stopped.pinnedHost());

        one.forgetCalls();
        assertEquals(
                Outcome.Status.OK,
                only(backend.enact(List.of(resume(12, 1)), Instant.EPOCH)).status());
        assertEquals(List.of("one.vm.info", "one.vm.update", "one.vm.deploy"), one.methods());
        assertEquals(List.of(12, 1, false, 0), one.calls().get(2).arguments());
        HostView host1 = hosts(backend.observe(Instant.EPOCH)).get(1);
        assertEquals(VmState.RESUMING, find(host1.overbooked(), 12).state(), "PROLOG_RESUME");
        one.tick();
        assertEquals(
                VmState.RESUMING,
                find(hosts(backend.observe(Instant.EPOCH)).get(1).overbooked(), 12)
                        .state(),
                "BOOT_STOPPED");
        one.tick();
        assertEquals(
                VmState.RUNNING,
                find(hosts(backend.observe(Instant.EPOCH)).get(1).overbooked(), 12)
                        .state());
    }

    @Test
    void aDecisionThatDoesNotFitTheVmsStateIsRefusedBeforeAnyAction() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        List<Outcome> outcomes =
                backend.enact(List.of(deploy(15, 0), suspend(14, 0), suspend(12, 1), resume(13, 0)), Instant.EPOCH);
        assertTrue(
                outcomes.stream()
                        .allMatch(o ->
                                o.status() == Outcome.Status.REFUSED && o.code().equals("WRONG_STATE")),
                outcomes.toString());
        assertTrue(
                outcomes.get(0).message().contains("VM 15 is SUSPENDED: deploy needs HOLD"),
                outcomes.get(0).message());
        assertTrue(
                outcomes.get(2).message().contains("on host 0"), outcomes.get(2).message());
        assertEquals(List.of("one.vm.info", "one.vm.info", "one.vm.info", "one.vm.info"), one.methods());
    }

    @Test
    void aVmThatChangesStateUnderUsIsRefusedByOpenNebulaWith0x800() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        one.afterNextInfo(() -> one.vm(12).state(OneVmStates.ACTIVE, OneVmStates.SAVE_SUSPEND));
        Outcome outcome = only(backend.enact(List.of(suspend(12, 0)), Instant.EPOCH));
        assertEquals(Outcome.Status.REFUSED, outcome.status());
        assertEquals("0x800", outcome.code());
        assertTrue(
                outcome.message()
                        .contains("[one.vm.action] Error performing action \"suspend\": VM 12 is in state "
                                + "ACTIVE/SAVE_SUSPEND"),
                outcome.message());
    }

    @Test
    void aVmDeletedBetweenObserveAndEnactIsRefusedWith0x400() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        one.deleteVm(14);
        Outcome outcome = only(backend.enact(List.of(deploy(14, 0)), Instant.EPOCH));
        assertEquals(Outcome.Status.REFUSED, outcome.status());
        assertEquals("0x400", outcome.code());
        assertTrue(outcome.message().contains("Error getting virtual machine [14]"), outcome.message());
        assertEquals(List.of("one.vm.info"), one.methods());
    }

    @Test
    void aHighQosVmIsNeverTouchedWhateverTheDecisionsSay() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        List<Integer> high = List.of(10, 11, 17, 18, 23);
        List<Decision> decisions = new java.util.ArrayList<>();
        for (int vm : high) {
            decisions.add(deploy(vm, 0));
            decisions.add(suspend(vm, 0));
            decisions.add(resume(vm, 7));
        }
        decisions.add(deploy(14, 1));
        List<Outcome> outcomes = backend.enact(decisions, Instant.EPOCH);

        for (int i = 0; i < high.size() * 3; i++) {
            assertEquals(
                    Outcome.Status.REFUSED,
                    outcomes.get(i).status(),
                    outcomes.get(i).toString());
            assertEquals("HIGH_QOS", outcomes.get(i).code());
        }
        assertEquals(Outcome.Status.OK, outcomes.get(outcomes.size() - 1).status(), "the low-QoS one still runs");
        for (XmlRpcWire.Call call : one.calls()) {
            assertFalse(call.arguments().stream().anyMatch(high::contains), "a call named a high-QoS VM: " + call);
        }
        assertEquals(List.of("one.vm.info", "one.vm.update", "one.vm.deploy"), one.methods());
        assertEquals(OneVmStates.HOLD, one.vm(17).state);
        assertEquals(OneVmStates.RUNNING, one.vm(10).lcmState);
    }

    @Test
    void aVmThatTurnedHighQosSinceTheObservationIsNotActedOn() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        one.vm(12).attribute("QOS", "HIGH");
        Outcome outcome = only(backend.enact(List.of(suspend(12, 0)), Instant.EPOCH));
        assertEquals("HIGH_QOS", outcome.code());
        assertEquals(List.of("one.vm.info"), one.methods());
        assertEquals(OneVmStates.RUNNING, one.vm(12).lcmState);
    }

    @Test
    void onlyVmsAndHostsOfTheLastObservationAreActedOn() throws Exception {
        OpenNebulaBackend fresh = backend(SuspendAction.SUSPEND);
        assertEquals(
                "NO_SUCH_VM",
                only(fresh.enact(List.of(deploy(14, 0)), Instant.EPOCH)).code(),
                "nothing observed yet");
        fresh.observe(Instant.EPOCH);
        one.forgetCalls();
        List<Outcome> outcomes = fresh.enact(
                List.of(deploy(999, 0), deploy(14, 2), deploy(14, 6), deploy(1L + Integer.MAX_VALUE, 0)),
                Instant.EPOCH);
        assertEquals(
                List.of("NO_SUCH_VM", "NO_SUCH_HOST", "NO_SUCH_HOST", "NO_SUCH_VM"),
                outcomes.stream().map(Outcome::code).toList());
        assertEquals(List.of(), one.methods(), "no call at all");
    }

    @Test
    void outcomesComeInDecisionOrder() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        List<Decision> decisions = List.of(suspend(19, 1), deploy(10, 0), deploy(14, 0), resume(15, 1), deploy(15, 1));
        List<Outcome> outcomes = backend.enact(decisions, Instant.EPOCH);
        assertEquals(decisions, outcomes.stream().map(Outcome::decision).toList());
        // resume(15, 1) would be a second operation on host 1 in one batch: refused as HOST_BUSY
        assertEquals(
                List.of(
                        Outcome.Status.OK,
                        Outcome.Status.REFUSED,
                        Outcome.Status.OK,
                        Outcome.Status.REFUSED,
                        Outcome.Status.REFUSED),
                outcomes.stream().map(Outcome::status).toList());
        assertEquals("HOST_BUSY", outcomes.get(3).code());
    }

    /** A suspension takes a VM off its host: no mark, one call. */
    @Test
    void aSuspensionSendsNoMark() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        assertEquals(
                Outcome.Status.OK,
                only(backend.enact(List.of(suspend(12, 0)), Instant.EPOCH)).status());
        assertEquals(List.of("one.vm.info", "one.vm.action"), one.methods());
    }

    /**
     * The mark refused by oned for lack of rights: the deploy is not sent, and the outcome says, in
     * overbookd's words and oned's, that the VM is outside the account's rights.
     */
    @Test
    void aMarkOutsideTheAccountsRightsIsRefusedAndSaidSo() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        one.fail("one.vm.update", FakeOned.Fault.NOT_AUTHORIZED);
        Outcome outcome = only(backend.enact(List.of(deploy(14, 0)), Instant.EPOCH));
        assertEquals(Outcome.Status.REFUSED, outcome.status());
        assertEquals("0x200", outcome.code());
        assertTrue(
                outcome.message()
                        .startsWith("outside overbookd's rights in OpenNebula: its user may not do this to VM 14"
                                + " on host 0"),
                outcome.message());
        assertTrue(outcome.message().contains("Not authorized to perform MANAGE VM"), outcome.message());
        assertEquals(List.of("one.vm.info", "one.vm.update"), one.methods(), "the deploy was not sent");
        assertEquals(OneVmStates.HOLD, one.vm(14).state);
    }

    /**
     * The mark's reply lost: the placing call is not sent (the decision fails, and the rest of the
     * batch is not tried), and nothing is left unsettled: no placement happened.
     */
    @Test
    void aMarkWhoseReplyIsLostSendsNothingMore() throws Exception {
        OpenNebulaBackend backend = observed(SuspendAction.SUSPEND);
        one.fail("one.vm.update", FakeOned.Fault.CLOSE_AFTER_ACTING);
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0), suspend(12, 0)), Instant.EPOCH);
        assertEquals(Outcome.Status.FAILED, outcomes.get(0).status());
        assertTrue(
                outcomes.get(0)
                        .message()
                        .startsWith("not sent: one.vm.deploy(14, 0, false, 0), because the reply to"
                                + " marking VM 14 ONEDRS_BLOCKED was lost"),
                outcomes.get(0).message());
        assertEquals(Outcome.Status.FAILED, outcomes.get(1).status(), "the rest of the batch is not tried");
        assertEquals(List.of("one.vm.info", "one.vm.update"), one.methods());
        assertEquals("YES", one.vm(14).userTemplate.get("ONEDRS_BLOCKED"), "the mark itself landed");
        assertEquals(OneVmStates.HOLD, one.vm(14).state);
        assertEquals(List.of(), backend.settled(), "nothing to settle");
    }
}
