package org.overbookd.sim.slots;

import org.overbookd.io.InputException;
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

/** The task_events mapping on rows in the trace's own layout (timestamps in microseconds). */
class TaskEventsCsvTest {

    // time, missing, job, index, machine, type, user, class, priority, cpu, memory, disk, different-machines
    private static final String EVENTS = String.join("\n",
            "600000000,,42,0,,0,user1,2,9,0.0625,0.03,0.001,0",     // submit, priority 9
            "601000000,,42,0,7,1,user1,2,9,0.0625,0.03,0.001,0",    // scheduled at 601 s
            "602000000,,42,1,,0,user1,2,9,0.0625,0.03,0.001,0",     // task 1: submitted, never finishes
            "610000000,,43,0,,0,user2,0,0,0.01,0.02,0,0",           // job 43: submit 610 s, priority 0
            "620000000,,43,0,8,1,user2,0,0,0.01,0.02,0,0",          // scheduled 620
            "630000000,,43,0,8,2,user2,0,0,0.01,0.02,0,0",          // evicted at 630 by Google's scheduler
            "640000000,,43,0,,0,user2,0,0,0.01,0.02,0,0",           // resubmitted
            "650000000,,43,0,9,1,user2,0,0,0.01,0.02,0,0",          // scheduled again at 650
            "750000000,,43,0,9,4,user2,0,0,0.01,0.02,0,0",          // finished at 750: a 100 s run
            "901000000,,42,0,7,4,user1,2,9,0.0625,0.03,0.001,0",    // job 42 task 0 finished: a 300 s run
            "905000000,,42,1,7,1,user1,2,9,0.0625,0.03,0.001,0",    // task 1 scheduled at 905 s
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
        Workloads.Workload w = Workloads.read(f, Workloads.Format.AUTO);
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
}
