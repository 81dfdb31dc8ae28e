package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.sim.requests.Scenario.file;
import static org.overbookd.sim.requests.Scenario.outcome;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.policy.qos.RequestScheduler;

/**
 * The two settings in which the authors' published simulator differs from the paper's text: the
 * watchdog (30 s there, 10 s in section 4.1.3) and where re-allocation overheads go.
 */
class AuthorsAccountingTest {

    private static final double EXACT = 1e-9;

    @TempDir
    Path dir;

    private static RunResult run(
            Path workload,
            Path hosts,
            Overheads overheads,
            double until,
            double watchdogS,
            OverheadAccounting accounting)
            throws Exception {
        List<HostSpec> h = Inputs.hosts(hosts);
        List<RequestSpec> r = Inputs.workload(workload, Scenario.CLASSES, h);
        return new RequestSimulation(
                        RequestScheduler.qosDriven(Scenario.CLASSES), h, r, List.of(), overheads, 1, until, watchdogS)
                .withAccounting(accounting)
                .run();
    }

    private Path oneSlot() throws Exception {
        return file(dir, "hosts.csv", "id,cpu,mem", "h0,1,1");
    }

    /** Two bronze requests arriving at 0 for one slot, with free allocations. */
    private Path twoBronze() throws Exception {
        return file(dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class", "a,0,1000,1,1,bronze", "b,0,1000,1,1,bronze");
    }

    /**
     * a takes the slot at 0. From then on Q_a = t and Q_b = -t until a pass lets b preempt a (Q_b
     * < Q_a); after a turn of length T both have run T and waited T, Q equal, so the turn lasts
     * one more pass: the two take turns every two watchdog periods, 20 s or 60 s.
     */
    @Test
    void theWatchdogSetsTheLengthOfTheTurns() throws Exception {
        RunResult tenS = run(twoBronze(), oneSlot(), Overheads.constant(0), 600, 10, OverheadAccounting.PAPER_TEXT);
        RunResult thirtyS = run(twoBronze(), oneSlot(), Overheads.constant(0), 600, 30, OverheadAccounting.PAPER_TEXT);
        // swaps at 10, 30, ..., 590 against 30, 90, ..., 570
        assertEquals(30, preemptions(tenS));
        assertEquals(10, preemptions(thirtyS));

        // At 25 s: with 10 s b took over at 10; with 30 s no pass has come yet to let it.
        RunResult early10 = run(twoBronze(), oneSlot(), Overheads.constant(0), 25, 10, OverheadAccounting.PAPER_TEXT);
        RunResult early30 = run(twoBronze(), oneSlot(), Overheads.constant(0), 25, 30, OverheadAccounting.PAPER_TEXT);
        assertEquals(10.0 / 25, outcome(early10, "a").availability(), EXACT);
        assertEquals(15.0 / 25, outcome(early10, "b").availability(), EXACT);
        assertEquals(1.0, outcome(early30, "a").availability(), EXACT);
        assertEquals(0.0, outcome(early30, "b").availability(), EXACT);
    }

    private static int preemptions(RunResult r) {
        return r.outcomes().stream().mapToInt(RequestOutcome::preemptions).sum();
    }

    /**
     * Same run, 2 s per allocation: the accounting changes no decision, and each request's
     * availability is lower under the published accounting by its re-allocations' overheads
     * (every overhead but the first) over the hour.
     */
    @Test
    void thePublishedAccountingTakesTheReallocationOverheadsOutOfAvailability() throws Exception {
        double until = 600;
        RunResult text = run(twoBronze(), oneSlot(), Overheads.constant(2), until, 10, OverheadAccounting.PAPER_TEXT);
        RunResult published =
                run(twoBronze(), oneSlot(), Overheads.constant(2), until, 10, OverheadAccounting.PUBLISHED_SIMULATOR);
        for (String id : List.of("a", "b")) {
            RequestOutcome t = outcome(text, id);
            RequestOutcome p = outcome(published, id);
            assertTrue(t.preemptions() >= 5, id + " is preempted, so re-allocated: " + t.preemptions());
            assertEquals(t.runS(), p.runS(), EXACT, "the scheduler saw the same e");
            assertEquals(t.pendingS(), p.pendingS(), EXACT);
            assertEquals(t.overheadS(), p.overheadS(), EXACT);
            assertEquals(t.preemptions(), p.preemptions());
            assertEquals(t.runS() / until, t.availability(), EXACT);
            assertEquals(
                    (t.overheadS() - 2) / until,
                    t.availability() - p.availability(),
                    EXACT,
                    id + ": all overheads but the first allocation's");
        }
    }

    /**
     * The first allocation's overhead stays available under both: a gold request placed once
     * keeps 100%, as gold does in the authors' published run.
     */
    @Test
    void aRequestNeverReallocatedIsTheSameUnderBoth() throws Exception {
        Path work = file(dir, "g.csv", "id,submit_s,duration_s,cpu,mem,class", "g,0,1000,1,1,gold");
        RunResult published =
                run(work, oneSlot(), Overheads.constant(3), 600, 10, OverheadAccounting.PUBLISHED_SIMULATOR);
        assertEquals(1.0, outcome(published, "g").availability(), EXACT);
        assertEquals(3, outcome(published, "g").overheadS(), EXACT);
    }

    /**
     * Validation test 1 with the published overhead set, under the authors' accounting (30 s
     * watchdog, re-allocation overheads unavailable), against the authors' own simulation of it.
     * The figure gives no numbers; these are the per-class means of the final availabilities in
     * their published simulator output (qos-driven-scheduling-experiments, commit 2c6c7b0,
     * results/validation-tests/validation1/simulation/.../slo-driven: Termination and the
     * Allocation and Preemption records of the 56 instances still queued at 3,600 s), as
     * sim/README-qos.md derives them. Under a second: not tagged slow.
     */
    /**
     * Needs the overhead set the authors measured for test 1, which is theirs and not shipped here:
     * sim/README-qos.md says where it is and how to convert it; OVERBOOKD_SILVA_OVERHEADS names the
     * converted file.
     */
    @Test
    void test1UnderTheAuthorsAccountingIsWithinHalfAPointOfTheirSimulation() throws Exception {
        String measured = System.getenv("OVERBOOKD_SILVA_OVERHEADS");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                measured != null && java.nio.file.Files.isReadable(Path.of(measured)),
                "skipped: OVERBOOKD_SILVA_OVERHEADS names no readable file (the authors' measured overheads; see sim/README-qos.md)");
        Path v = Path.of("sim/qos-validation");
        Overheads set = new Overheads(Overheads.read(Path.of(measured)), Overheads.read(Path.of(measured)));
        RunResult r = run(
                v.resolve("test1-workload.csv"),
                v.resolve("hosts.csv"),
                set,
                3600,
                30,
                OverheadAccounting.PUBLISHED_SIMULATOR);
        assertMean(r, "gold", 0.9997);
        assertMean(r, "silver", 0.9051);
        assertMean(r, "bronze", 0.4718);
    }

    private static void assertMean(RunResult r, String cls, double published) {
        double mean = r.outcomes().stream()
                .filter(o -> o.spec().serviceClass().name().equals(cls))
                .mapToDouble(RequestOutcome::availability)
                .average()
                .orElseThrow();
        assertEquals(published, mean, 0.005, cls + ": " + mean + " against the published " + published);
    }
}
