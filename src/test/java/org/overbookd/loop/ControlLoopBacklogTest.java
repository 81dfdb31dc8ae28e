package org.overbookd.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.audit.AuditException;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostRef;
import org.overbookd.model.HostView;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmView;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.testing.LogCapture;

/**
 * What happened is never left out of the audit: an outcome of an action that was sent, or a
 * settled one, whose record fails is written first in the next cycle, and nothing is enacted until
 * it is. The audit and the backend are hand-made stand-ins for this one class.
 */
class ControlLoopBacklogTest {

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
    private static final ClusterView EMPTY = new ClusterView() {
        @Override
        public List<? extends HostView> hosts() {
            return List.of();
        }

        @Override
        public List<? extends VmView> queue() {
            return List.of();
        }
    };

    /** An audit log as lines in memory, whose writes fail while {@link #failFrom} is reached. */
    static final class FlakyAudit implements AuditLog {
        final List<String> lines = new ArrayList<>();
        int failFrom = Integer.MAX_VALUE;
        int writes;

        private void write(String line) {
            if (++writes >= failFrom) {
                throw new AuditException("No space left on device", null);
            }
            lines.add(line);
        }

        @Override
        public void decided(long cycle, Instant time, Decision decision) {
            write(cycle + " decision " + decision.vm().id());
        }

        @Override
        public void enacted(long cycle, Instant time, Outcome outcome) {
            write(cycle + " outcome " + outcome.decision().vm().id() + " " + outcome.status() + " " + time);
        }

        @Override
        public void reconciled(long cycle, Instant time, Outcome settled) {
            write(cycle + " reconciled " + settled.decision().vm().id() + " " + settled.status());
        }

        @Override
        public void unmatched(long cycle, Instant time, UnmatchedVm vm) {
            write(cycle + " unmatched " + vm.vm().id() + " " + vm.reason().label());
        }

        @Override
        public void close() {}
    }

    /** Enacts every decision OK, counting what it was sent; hands over settled outcomes once. */
    static final class CountingBackend implements Backend {
        final List<Decision> sent = new ArrayList<>();
        List<Outcome> toSettle = List.of();

        @Override
        public ClusterView observe(Instant now) {
            return EMPTY;
        }

        @Override
        public List<Outcome> enact(List<Decision> decisions, Instant now) {
            sent.addAll(decisions);
            return decisions.stream()
                    .map(d -> new Outcome(d, Outcome.Status.OK, "", ""))
                    .toList();
        }

        @Override
        public List<Outcome> settled() {
            List<Outcome> once = toSettle;
            toSettle = List.of();
            return once;
        }

        List<UnmatchedVm> toReport = List.of();

        @Override
        public List<UnmatchedVm> unmatched() {
            List<UnmatchedVm> once = toReport;
            toReport = List.of();
            return once;
        }
    }

    private static Decision suspend(long vm) {
        return new Decision.Suspend(
                new VmRef(vm, "vm-" + vm), new HostRef(1, "h1"), new Reason("above the bound", Map.of()));
    }

    private final FlakyAudit audit = new FlakyAudit();
    private final CountingBackend backend = new CountingBackend();

    private ControlLoop loop(List<Decision> plan) {
        return new ControlLoop(backend, (view, now) -> plan, audit, false);
    }

    @Test
    void anOutcomeWhoseRecordFailedIsWrittenFirstInTheNextCycleBeforeAnythingIsEnacted() throws Exception {
        ControlLoop loop = loop(List.of(suspend(7), suspend(8)));
        audit.failFrom = 4; // two decisions and the first outcome are written, the second outcome fails
        CycleResult first = loop.runCycle(T0);
        assertTrue(first.auditFailure().isPresent(), first.toString());
        assertEquals(2, backend.sent.size(), "both were sent: the decisions had been recorded");
        assertEquals(List.of("1 decision 7", "1 decision 8", "1 outcome 7 OK " + T0), audit.lines);

        audit.failFrom = 1; // still failing: the next cycle enacts nothing
        CycleResult blind = loop.runCycle(T0.plusSeconds(60));
        assertEquals(2, backend.sent.size(), "nothing is enacted while a sent action is unrecorded");
        assertTrue(blind.outcomes().stream().allMatch(o -> o.status() == Outcome.Status.SKIPPED), blind.toString());

        audit.failFrom = Integer.MAX_VALUE;
        loop.runCycle(T0.plusSeconds(120));
        assertEquals(
                "1 outcome 8 OK " + T0,
                audit.lines.get(3),
                "the held-back outcome first, under its own cycle and time");
        assertEquals(4, backend.sent.size(), "enacting resumed once the backlog was written");
        assertEquals(
                1, audit.lines.stream().filter(l -> l.startsWith("1 outcome 8")).count(), "written once");
    }

    @Test
    void aSettledOutcomeIsKeptUntilItCanBeRecorded() throws Exception {
        ControlLoop loop = loop(List.of());
        backend.toSettle = List.of(new Outcome(suspend(9), Outcome.Status.OK, "", "it happened"));
        audit.failFrom = 1;
        CycleResult lost = loop.runCycle(T0);
        assertTrue(lost.auditFailure().isPresent());
        assertEquals(List.of(), audit.lines);

        audit.failFrom = Integer.MAX_VALUE;
        CycleResult next = loop.runCycle(T0.plusSeconds(60));
        assertTrue(next.auditFailure().isEmpty(), next.toString());
        assertEquals(List.of("1 reconciled 9 OK"), audit.lines, "recorded under the cycle that saw it settle");
    }

    @Test
    void skippedOutcomesAreNotHeldBack() throws Exception {
        ControlLoop loop = new ControlLoop(backend, (view, now) -> List.of(suspend(3)), audit, true);
        audit.failFrom = 2; // the decision is written, its dry-run outcome is not
        assertTrue(loop.runCycle(T0).auditFailure().isPresent());
        audit.failFrom = Integer.MAX_VALUE;
        loop.runCycle(T0.plusSeconds(60));
        assertEquals(
                List.of("1 decision 3", "2 decision 3", "2 outcome 3 SKIPPED " + T0.plusSeconds(60)),
                audit.lines,
                "nothing happened for a skipped decision, so nothing is owed to the audit");
    }

    /** A stop with a settled outcome still unrecorded: written if the audit takes it by then. */
    @Test
    void aStopWritesWhatIsHeldBack() throws Exception {
        ControlLoop loop = loop(List.of());
        backend.toSettle = List.of(new Outcome(suspend(9), Outcome.Status.OK, "", "it happened"));
        audit.failFrom = 1;
        loop.runCycle(T0);
        audit.failFrom = Integer.MAX_VALUE;
        assertEquals(0, loop.close());
        assertEquals(List.of("1 reconciled 9 OK"), audit.lines);
    }

    /**
     * A stop while the audit still fails: the settled outcome, which the backend hands over once and a
     * new process would never learn, is logged in full rather than gone with the process.
     */
    @Test
    void aStopWhileTheAuditFailsLogsWhatIsHeldBackInFull() throws Exception {
        ControlLoop loop = loop(List.of());
        backend.toSettle =
                List.of(new Outcome(suspend(9), Outcome.Status.OK, "", "VM 9 is now SUSPENDED: it took effect"));
        audit.failFrom = 1;
        loop.runCycle(T0);
        try (LogCapture log = LogCapture.start()) {
            assertEquals(1, loop.close(), "one outcome is in the log only");
            assertTrue(
                    log.text()
                            .contains("ERROR org.overbookd.loop.ControlLoop stopping with an outcome the audit log"
                                    + " could not take; recorded here only: cycle 1 at " + T0
                                    + ", suspend of VM 9 (vm-9) on host 1:"
                                    + " reconciled OK (VM 9 is now SUSPENDED: it took effect)"),
                    log.text());
        }
        assertEquals(List.of(), audit.lines);
    }

    /** A cycle that fails after its observation settled an outcome: the next cycle's result reports it, once. */
    @Test
    void aSettledOutcomeOfACycleThatFailedIsReportedByTheNext() throws Exception {
        boolean[] broken = {true};
        ControlLoop loop = new ControlLoop(
                backend,
                (view, now) -> {
                    if (broken[0]) {
                        throw new IllegalStateException("a bug of ours");
                    }
                    return List.of();
                },
                audit,
                false);
        backend.toSettle = List.of(new Outcome(suspend(9), Outcome.Status.OK, "", "it happened"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> loop.runCycle(T0));
        broken[0] = false;
        CycleResult next = loop.runCycle(T0.plusSeconds(60));
        assertEquals(1, next.settled().size(), "reported by the next cycle, for the metrics");
        assertEquals(List.of(), loop.runCycle(T0.plusSeconds(120)).settled(), "once");
        assertEquals(List.of("1 reconciled 9 OK"), audit.lines, "and recorded once, by the cycle that settled it");
    }
}
