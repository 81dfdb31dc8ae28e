package org.overbookd.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.model.HostRef;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmUnmatched;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.Decision;

/**
 * The queued VMs the backend found may run on no host are audited in the cycle that found them,
 * before its decisions, and are part of its record: when they cannot be written, nothing is enacted.
 */
class ControlLoopUnmatchedTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

    private final ControlLoopBacklogTest.FlakyAudit audit = new ControlLoopBacklogTest.FlakyAudit();
    private final ControlLoopBacklogTest.CountingBackend backend = new ControlLoopBacklogTest.CountingBackend();

    private static Decision deploy(long vm) {
        return new Decision.Deploy(new VmRef(vm, "vm-" + vm), new HostRef(1, "h1"), new Reason("room", Map.of()));
    }

    private static UnmatchedVm nowhere(long vm) {
        return new UnmatchedVm(new VmRef(vm, "vm-" + vm), VmUnmatched.NO_HOST, "GPU = YES matches none");
    }

    @Test
    void theyAreAuditedBeforeTheDecisionsOfTheCycleThatFoundThem() throws Exception {
        ControlLoop loop = new ControlLoop(backend, (view, now) -> List.of(deploy(8)), audit, false);
        backend.toReport = List.of(nowhere(7));
        loop.runCycle(T0);
        loop.runCycle(T0.plusSeconds(60));
        assertEquals(
                List.of(
                        "1 unmatched 7 no-host",
                        "1 decision 8",
                        "1 outcome 8 OK " + T0,
                        "2 decision 8",
                        "2 outcome 8 OK " + T0.plusSeconds(60)),
                audit.lines,
                "once, when the backend says it began");
    }

    @Test
    void aCycleWhoseUnmatchedVmsCannotBeRecordedEnactsNothing() throws Exception {
        ControlLoop loop = new ControlLoop(backend, (view, now) -> List.of(deploy(8)), audit, false);
        backend.toReport = List.of(nowhere(7));
        audit.failFrom = 1;
        CycleResult result = loop.runCycle(T0);
        assertTrue(result.auditFailure().isPresent());
        assertEquals(List.of(), backend.sent, "the audit cannot take the cycle's record: nothing is sent");
        assertTrue(result.outcomes().stream().allMatch(o -> o.status() == Outcome.Status.SKIPPED), result.toString());
    }
}
