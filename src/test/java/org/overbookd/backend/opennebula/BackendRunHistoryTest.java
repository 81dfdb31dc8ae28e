package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;

/**
 * The QoS rules' run records, rebuilt from the VM's HISTORY records as oned keeps them: the pool
 * carries only the last record, one.vm.info all of them, and since OpenNebula 5 a resume opens a
 * new record on the same host.
 */
class BackendRunHistoryTest extends FakeOnedTest {

    private static final int VM = 14;

    private OpenNebulaBackend backend(boolean runHistory) throws Exception {
        OpenNebulaSettings settings = new OpenNebulaSettings(
                one.endpoint(),
                TestSessions.authFile(dir),
                "QOS",
                Duration.ofSeconds(5),
                SuspendAction.SUSPEND,
                "SLO",
                runHistory);
        return new OpenNebulaBackend(settings);
    }

    private void enact(OpenNebulaBackend backend, Decision decision) throws Exception {
        backend.observe(Instant.EPOCH);
        List<Outcome> outcomes = backend.enact(List.of(decision), Instant.EPOCH);
        assertEquals(
                Outcome.Status.OK, outcomes.get(0).status(), outcomes.get(0).toString());
    }

    private void ticks(int n) {
        for (int i = 0; i < n; i++) {
            one.tick();
        }
    }

    /** Deploy, run 300 s, suspend, wait, resume, run 100 s: two records, the first closed. */
    private long runSuspendResume(OpenNebulaBackend backend) throws Exception {
        long start = one.now();
        enact(backend, Decisions.deploy(VM, 0));
        ticks(2); // PROLOG, BOOT, RUNNING at start + 20
        ticks(30); // 300 s running
        enact(backend, Decisions.suspend(VM, 0)); // RETIME = start + 320
        ticks(1 + 5);
        enact(backend, Decisions.resume(VM, 0)); // a new record, SEQ 1, at start + 380
        ticks(1); // RUNNING at start + 390
        ticks(10); // 100 s running
        assertEquals(start + 490, one.now());
        return start;
    }

    private static VmView find(ClusterView view, long id) {
        for (HostView host : view.hosts()) {
            for (VmView vm : host.overbooked()) {
                if (vm.id() == id) {
                    return vm;
                }
            }
        }
        throw new AssertionError("VM " + id + " is not overbooked on any host");
    }

    @Test
    void runTimeAddsTheRecordsThePoolLeftOut() throws Exception {
        one.vm(VM).attribute("SLO", "95%");
        OpenNebulaBackend backend = backend(true);
        long start = runSuspendResume(backend);
        long arrival = one.vm(VM).stime;

        one.forgetCalls();
        VmView vm = find(backend.observe(Instant.EPOCH), VM);
        Instant now = Instant.ofEpochSecond(one.now());
        assertEquals(300 + 100, vm.runRecord().runSeconds(now), 1e-9, "300 s in SEQ 0, 100 s so far in SEQ 1");
        assertEquals((start + 490 - arrival) - 400, vm.runRecord().pendingSeconds(now), 1e-9);
        assertEquals(0.95, vm.slo().getAsDouble(), 1e-12);
        assertEquals(new VmSize(1, 512), vm.size());
        assertEquals(
                1,
                one.calls().stream()
                        .filter(c -> c.method().equals("one.vm.info"))
                        .count(),
                "the pool showed SEQ 1 only, so the VM's whole history was read once");

        one.forgetCalls();
        one.tick();
        VmView later = find(backend.observe(Instant.EPOCH), VM);
        assertTrue(
                one.methods().stream().noneMatch("one.vm.info"::equals),
                "earlier records are closed: no second one.vm.info until the VM gets a new record");
        assertEquals(410, later.runRecord().runSeconds(Instant.ofEpochSecond(one.now())), 1e-9);
    }

    @Test
    void withoutTheQosRulesOnlyThePoolIsRead() throws Exception {
        OpenNebulaBackend backend = backend(false);
        runSuspendResume(backend);
        one.forgetCalls();
        VmView vm = find(backend.observe(Instant.EPOCH), VM);
        assertTrue(one.methods().stream().noneMatch("one.vm.info"::equals));
        assertEquals(
                100,
                vm.runRecord().runSeconds(Instant.ofEpochSecond(one.now())),
                1e-9,
                "the pool's last record alone: the 300 s before the suspension are not seen");
    }
}
