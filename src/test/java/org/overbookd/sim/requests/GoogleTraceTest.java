package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.sim.requests.Scenario.CLASSES;
import static org.overbookd.sim.requests.Scenario.file;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

/** Hand-written rows in the 2011 trace's format (timestamps in microseconds, no header). */
class GoogleTraceTest {

    // Times are whole seconds from whole microseconds: exact.
    private static final double EXACT = 1e-9;

    @TempDir
    Path dir;

    @Test
    void prioritiesMapAsInThePaper() {
        assertEquals("gold", GoogleTrace.className(11));
        assertEquals("gold", GoogleTrace.className(9));
        assertEquals("silver", GoogleTrace.className(8));
        assertEquals("silver", GoogleTrace.className(2));
        assertEquals("bronze", GoogleTrace.className(1));
        assertEquals("bronze", GoogleTrace.className(0));
    }

    @Test
    void tasksBecomeRequests() throws Exception {
        Path events = file(
                dir,
                "part-00000-of-00500.csv",
                // time, missing, job, task, machine, type, user, sched class, priority, cpu, mem, disk, constraint
                "0,,3,0,,0,u,1,4,0.125,0.0625,0,0",
                "0,,3,0,m1,1,u,1,4,0.125,0.0625,0,0",
                "600000000,,1,0,,0,u,2,9,0.0625,0.05,0,1",
                "610000000,,1,0,m1,1,u,2,9,0.0625,0.05,0,1",
                "650000000,,2,1,,0,u,0,0,0.01,0.01,0,0",
                "650000000,,4,0,,0,u,0,0,,,0,0",
                "660000000,,4,0,m1,1,u,0,0,,,0,0",
                "700000000,,1,0,m1,2,u,2,9,0.0625,0.05,0,1",
                "800000000,,1,0,m2,1,u,2,9,0.0625,0.05,0,1",
                "1000000000,,1,0,m2,4,u,2,9,0.0625,0.05,0,1");
        GoogleTrace.Converted w = GoogleTrace.tasks(List.of(events), CLASSES);
        assertEquals(1, w.neverScheduled(), "job 2 only submitted");
        assertEquals(1, w.missingDemand(), "job 4 has no requests");
        assertEquals(
                List.of("3-0", "1-0"),
                w.requests().stream().map(RequestSpec::id).toList());
        RequestSpec running = w.requests().get(0);
        // still running at the last timestamp of the trace (1000 s): scheduled at 0, so 1000 s
        assertEquals(1000, running.durationS(), EXACT);
        assertEquals("silver", running.serviceClass().name());
        RequestSpec evicted = w.requests().get(1);
        // submitted at 600; the run that counts is the last: scheduled at 800, finished at 1000
        assertEquals(600, evicted.submitS(), EXACT);
        assertEquals(200, evicted.durationS(), EXACT);
        assertEquals("gold", evicted.serviceClass().name());
        assertEquals(0.0625, evicted.cpu(), EXACT);
    }

    @Test
    void machinesBecomeHostsAndEvents() throws Exception {
        Path m = file(
                dir,
                "machine_events.csv",
                "0,1,0,P1,0.5,0.25",
                "0,2,0,P2,1,1",
                "300000000,3,0,P1,0.5,0.5",
                "500000000,2,1,,,",
                "600000000,2,2,P2,1,0.5",
                "700000000,2,0,P2,1,1");
        GoogleTrace.Machines machines = GoogleTrace.machines(List.of(m));
        assertEquals(
                List.of("1", "2", "3"),
                machines.hosts().stream().map(HostSpec::id).toList());
        assertEquals(Map.of("platform", "P1"), machines.hosts().get(0).attributes());
        assertEquals(
                List.of(new HostEvent(300, "3", true), new HostEvent(500, "2", false), new HostEvent(700, "2", true)),
                machines.events());
    }

    @Test
    void shortRowIsNamedByFileAndLine() throws Exception {
        Path events = file(dir, "t.csv", "0,,3,0,,0,u,1,4,0.125,0.0625,0,0", "5,,3");
        String message = assertThrows(InputException.class, () -> GoogleTrace.tasks(List.of(events), CLASSES))
                .getMessage();
        assertTrue(message.contains("t.csv:2: expected 13 fields of a task_events row, found 3"), message);
    }
}
