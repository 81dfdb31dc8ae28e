package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

/** The task_events mapping on rows in the trace's own layout (timestamps in microseconds). */
class TaskEventsCsvTest {

    // time, missing, job, index, machine, type, user, class, priority, cpu, memory, disk, different-machines
    private static final String EVENTS = String.join(
            "\n",
            "600000000,,42,0,,0,user1,2,9,0.0625,0.03,0.001,0", // submit, priority 9
            "601000000,,42,0,7,1,user1,2,9,0.0625,0.03,0.001,0", // scheduled at 601 s
            "602000000,,42,1,,0,user1,2,9,0.0625,0.03,0.001,0", // task 1: submitted, never finishes
            "610000000,,43,0,,0,user2,0,0,0.01,0.02,0,0", // job 43: submit 610 s, priority 0
            "620000000,,43,0,8,1,user2,0,0,0.01,0.02,0,0", // scheduled 620
            "630000000,,43,0,8,2,user2,0,0,0.01,0.02,0,0", // evicted at 630 by Google's scheduler
            "640000000,,43,0,,0,user2,0,0,0.01,0.02,0,0", // resubmitted
            "650000000,,43,0,9,1,user2,0,0,0.01,0.02,0,0", // scheduled again at 650
            "750000000,,43,0,9,4,user2,0,0,0.01,0.02,0,0", // finished at 750: a 100 s run
            "901000000,,42,0,7,4,user1,2,9,0.0625,0.03,0.001,0", // job 42 task 0 finished: a 300 s run
            "905000000,,42,1,7,1,user1,2,9,0.0625,0.03,0.001,0", // task 1 scheduled at 905 s
            "9223372036854775807,,42,1,7,4,user1,2,9,0.0625,0.03,0.001,0", // finished "after the trace": ignored
            "");

    @TempDir
    Path dir;

    @Test
    void finishedTasksBecomeTasksWithRequestTimesSuccessfulRun() throws Exception {
        Path f = dir.resolve("part-00000-of-00500.csv");
        Files.writeString(f, EVENTS);
        TaskEventsCsv.Result r = TaskEventsCsv.read(f);
        assertEquals(1, r.skipped());
        List<Task> tasks = r.tasks();
        assertEquals(2, tasks.size());
        assertEquals(new Task("42-0", 0.0, 9, 0.0625 * 300, 0.03), tasks.get(0));
        assertEquals(new Task("43-0", 10.0, 0, 0.01 * 100, 0.02), tasks.get(1));
    }

    @Test
    void gzippedFilesAreReadAndDetected() throws Exception {
        Path f = dir.resolve("part-00000-of-00500.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(EVENTS.getBytes(StandardCharsets.UTF_8));
        }
        Workloads.SubmittedTasks w = Workloads.read(f, Workloads.Format.AUTO);
        assertEquals(2, w.tasks().size());
        assertEquals(1, w.skipped());
    }

    @Test
    void aMalformedEventIsNamedByFileAndLine() throws IOException {
        Path f = dir.resolve("events.csv");
        Files.writeString(f, EVENTS.replace("610000000,,43,0,,0,user2,0,0,", "610000000,,43,0,,0,user2,0,12,"));
        InputException e = assertThrows(InputException.class, () -> TaskEventsCsv.read(f));
        assertEquals(f + ":4: priority 12 is outside 0 to 11", e.getMessage());

        Files.writeString(f, EVENTS.replace("620000000,,43,0,8,1,user2,0,0,0.01,0.02,0,0", "620000000,,43,0,8,1"));
        e = assertThrows(InputException.class, () -> TaskEventsCsv.read(f));
        assertEquals(f + ":5: expected 13 fields of a task_events row, found 6", e.getMessage());
    }

    @Test
    void aFileWithoutAnyFinishedTaskIsAnError() throws IOException {
        Path f = dir.resolve("events.csv");
        Files.writeString(f, "600000000,,42,0,,0,u,2,9,0.06,0.03,0.001,0\n");
        InputException e = assertThrows(InputException.class, () -> TaskEventsCsv.read(f));
        assertTrue(e.getMessage().startsWith(f + ": no task both submitted and finished"), e.getMessage());
    }

    // start, end, job, index, machine, CPU rate, then 13 columns we do not read and the sampled CPU usage (20 fields)
    private static String usage(long startS, long endS, String job, int index, String rate) {
        return startS + "000000," + endS + "000000," + job + "," + index + ",7," + rate
                + ",0.01,0.01,0,0,0.02,0,0,0.1,0,1.5,0.003,1,0,0.03";
    }

    /*
     * Worked by hand. 42-0 ran 601-901 s: 0.02 x 299 s + 0.05 x 1 s = 6.03. 43-0 ran 650-750 s
     * (its 620-630 run was evicted by Google's scheduler): the 620-630 interval is outside and adds
     * nothing, 0.004 x 50 s = 0.2, and the 700-760 interval counts only to the finish, 0.006 x 50 s
     * = 0.3: 0.5. Rows of tasks that never finish (42-1) or are not in task_events (99-0) are ignored.
     */
    private static final String USAGE = String.join(
            "\n",
            usage(601, 900, "42", 0, "0.02"),
            usage(620, 630, "43", 0, "0.5"),
            usage(650, 700, "43", 0, "0.004"),
            usage(700, 760, "43", 0, "0.006"),
            usage(900, 901, "42", 0, "0.05"),
            usage(905, 1200, "42", 1, "0.3"),
            usage(0, 300, "99", 0, "1.0"),
            "");

    @Test
    void demandIsTheCpuUsedInTheSuccessfulRunWhenTaskUsageIsGiven() throws Exception {
        Path events = dir.resolve("task_events.csv");
        Path usage = dir.resolve("task_usage.csv");
        Files.writeString(events, EVENTS);
        Files.writeString(usage, USAGE);
        TaskEventsCsv.Result r = TaskEventsCsv.read(events, usage);
        assertEquals(0, r.demandFromRequest());
        assertEquals(1, r.skipped());
        assertEquals("42-0", r.tasks().get(0).id());
        assertEquals(6.03, r.tasks().get(0).cpuSeconds(), 1e-9);
        assertEquals("43-0", r.tasks().get(1).id());
        assertEquals(0.5, r.tasks().get(1).cpuSeconds(), 1e-9);
        // everything else as without usage
        assertEquals(9, r.tasks().get(0).priority());
        assertEquals(10.0, r.tasks().get(1).submit());
        assertEquals(0.02, r.tasks().get(1).memory());
    }

    @Test
    void aTaskWithoutUsageInItsRunFallsBackToRequestTimesRunAndIsCounted() throws Exception {
        Path events = dir.resolve("task_events.csv");
        Path usage = dir.resolve("task_usage.csv.gz");
        Files.writeString(events, EVENTS);
        // 43-0 has usage only in its evicted run, so none in the run that finished; 42-0 in the 2011-1 layout
        String rows = usage(620, 630, "43", 0, "0.5") + "\n"
                + usage(601, 901, "42", 0, "0.01")
                        .substring(0, usage(601, 901, "42", 0, "0.01").lastIndexOf(',')) + "\n";
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(usage))) {
            out.write(rows.getBytes(StandardCharsets.UTF_8));
        }
        Workloads.SubmittedTasks w = Workloads.read(events, Workloads.Format.AUTO, usage);
        assertEquals(1, w.demandFromRequest());
        assertEquals(0.01 * 300, w.tasks().get(0).cpuSeconds(), 1e-9);
        assertEquals(new Task("43-0", 10.0, 0, 0.01 * 100, 0.02), w.tasks().get(1));
        assertTrue(w.description().contains("demand from task_usage " + usage), w.description());
    }

    @Test
    void withoutTaskUsageEveryDemandIsRequestTimesRun() throws Exception {
        Path events = dir.resolve("task_events.csv");
        Files.writeString(events, EVENTS);
        TaskEventsCsv.Result r = TaskEventsCsv.read(events);
        assertEquals(2, r.demandFromRequest());
        assertEquals(0, Workloads.read(events, Workloads.Format.AUTO).demandFromRequest());
    }

    @Test
    void aMalformedUsageRowIsNamedByFileAndLine() throws IOException {
        Path events = dir.resolve("task_events.csv");
        Path usage = dir.resolve("task_usage.csv");
        Files.writeString(events, EVENTS);
        Files.writeString(usage, usage(601, 900, "42", 0, "0.02") + "\n601000000,900000000,42,0,7,0.02\n");
        InputException e = assertThrows(InputException.class, () -> TaskEventsCsv.read(events, usage));
        assertEquals(
                usage + ":2: expected 20 fields of a task_usage row (or 19, clusterdata-2011-1), found 6",
                e.getMessage());

        Files.writeString(usage, usage(900, 601, "42", 0, "0.02") + "\n");
        e = assertThrows(InputException.class, () -> TaskEventsCsv.read(events, usage));
        assertEquals(usage + ":1: end time 601000000 is before start time 900000000", e.getMessage());

        Files.writeString(usage, usage(601, 900, "42", 0, "lots") + "\n");
        e = assertThrows(InputException.class, () -> TaskEventsCsv.read(events, usage));
        assertEquals(usage + ":1: CPU rate 'lots' is not a number", e.getMessage());
    }

    @Test
    void taskUsageGoesWithAGoogleTraceOnly() throws IOException {
        Path ours = dir.resolve("tasks.csv");
        Path usage = dir.resolve("task_usage.csv");
        Files.writeString(ours, "id,submit_s,priority,cpu_seconds\na,0,0,10\n");
        Files.writeString(usage, USAGE);
        InputException e = assertThrows(InputException.class, () -> Workloads.read(ours, Workloads.Format.AUTO, usage));
        assertTrue(e.getMessage().startsWith(ours + ": is our CSV"), e.getMessage());
    }
}
