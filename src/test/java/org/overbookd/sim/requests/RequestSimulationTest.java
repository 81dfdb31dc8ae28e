package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.sim.requests.Scenario.file;
import static org.overbookd.sim.requests.Scenario.outcome;
import static org.overbookd.sim.requests.Scenario.run;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-timed histories of the event engine. */
class RequestSimulationTest {

    // Event times are sums of small integers: exact in binary, so 1e-9 absorbs nothing but rounding.
    private static final double EXACT = 1e-9;

    @TempDir
    Path dir;

    @Test
    void overheadHoldsTheHostButDoesNoWork() throws Exception {
        Path hosts = file(dir, "hosts.csv", "id,cpu,mem", "h0,1,1");
        Path work = file(dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class", "r,0,100,1,1,silver");
        RunResult result = run(true, work, hosts, null, Overheads.constant(5), 1, Double.POSITIVE_INFINITY);
        RequestOutcome r = outcome(result, "r");
        // 5 s allocating, then 100 s of work: done at 105, all of it with resources allocated
        assertEquals(105, result.endS(), EXACT);
        assertEquals(105, r.runS(), EXACT);
        assertEquals(5, r.overheadS(), EXACT);
        assertEquals(1.0, r.availability(), EXACT);
        assertTrue(r.completed());
    }

    @Test
    void removedHostSendsItsInstanceBackAndReturningIsHot() throws Exception {
        Path hosts = file(dir, "hosts.csv", "id,cpu,mem", "h0,1,1");
        Path work = file(dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class", "r,0,100,1,1,bronze");
        Path events = file(dir, "e.csv", "time_s,host,event", "50,h0,remove", "80,h0,add");
        Overheads overheads = new Overheads(new double[] {2}, new double[] {7});
        RequestOutcome r = outcome(run(true, work, hosts, events, overheads, 1, Double.POSITIVE_INFINITY), "r");
        // cold 7 s, 43 s of work until the host goes at 50; pending 50-80; hot 2 s, then the
        // remaining 57 s: done at 139 with e = 50 + 59 = 109, p = 30
        assertEquals(109, r.runS(), EXACT);
        assertEquals(30, r.pendingS(), EXACT);
        assertEquals(9, r.overheadS(), EXACT);
        assertEquals(109.0 / 139, r.availability(), EXACT);
        assertEquals(0, r.preemptions(), "a host failure is not a preemption");
    }

    @Test
    void untilMeasuresRequestsStillInTheSystem() throws Exception {
        Path hosts = file(dir, "hosts.csv", "id,cpu,mem", "h0,1,1");
        Path work = file(
                dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class", "a,0,1000,1,1,silver", "b,0,1000,1,1,silver");
        RunResult result = run(false, work, hosts, null, Overheads.constant(0), 1, 300);
        // priority: a (admitted first) runs throughout; b never runs and cannot preempt its equal
        assertEquals(1.0, outcome(result, "a").availability(), EXACT);
        assertEquals(0.0, outcome(result, "b").availability(), EXACT);
        assertEquals(300, outcome(result, "b").pendingS(), EXACT);
        assertEquals(
                List.of(false, false),
                result.outcomes().stream().map(RequestOutcome::completed).toList());
    }

    @Test
    void unplaceableRequestEndsTheRunInsteadOfLoopingForever() throws Exception {
        Path hosts = file(dir, "hosts.csv", "id,cpu,mem,attributes", "h0,1,1,disk=hdd");
        Path work = file(dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class,constraints", "r,0,10,1,1,gold,disk=ssd");
        RunResult result = run(true, work, hosts, null, Overheads.constant(1), 1, Double.POSITIVE_INFINITY);
        assertEquals(0, result.endS(), EXACT);
        assertEquals(false, outcome(result, "r").completed());
    }

    @Test
    void intervalsCoverTheRun() throws Exception {
        Path hosts = file(dir, "hosts.csv", "id,cpu,mem", "h0,1,1");
        Path work =
                file(dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class", "a,0,700,1,1,silver", "b,0,700,1,1,bronze");
        RunResult result = run(false, work, hosts, null, Overheads.constant(0), 1, 1500);
        // [0,600), [600,1200), [1200,1500]: a runs to 700, then b
        assertEquals(3, result.intervals().size());
        assertEquals(
                Contention.MEDIUM,
                result.intervals().get(0).contention(3),
                "b has waited 600 s: 0% < 50%, while silver a never waited");
        assertEquals(2, result.intervals().get(1).active());
        assertEquals(1, result.intervals().get(2).active(), "a ended in the second interval");
        assertEquals(0, result.intervals().get(2).active("silver"));
    }

    @Test
    void priorityPassesOverAnUnchangedClusterAreSkippedWithoutChangingOutcomes() throws Exception {
        Path hosts = file(dir, "hosts.csv", "id,cpu,mem", "h0,1,1");
        Path work = file(
                dir, "w.csv", "id,submit_s,duration_s,cpu,mem,class", "a,0,1000,1,1,silver", "b,0,1000,1,1,silver");
        // b waits 1,000 s for a: the watchdog asks for 100 passes that could not place it
        RunResult result = run(false, work, hosts, null, Overheads.constant(0), 1, Double.POSITIVE_INFINITY);
        assertTrue(result.passesSkipped() >= 90, Long.toString(result.passesSkipped()));
        assertEquals(1000, outcome(result, "b").pendingS(), EXACT);
        assertEquals(2000, result.endS(), EXACT);
        RunResult qos = run(true, work, hosts, null, Overheads.constant(0), 1, Double.POSITIVE_INFINITY);
        assertEquals(0, qos.passesSkipped(), "Q moves with time: every QoS-driven pass runs");
    }
}
