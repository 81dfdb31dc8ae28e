package org.overbookd.sim.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;

/** Section 4.2's pieces: the task_events reader, the typing by powers of 1/2, the generated trace. */
class GoogleTraceTest {

    @TempDir
    Path dir;

    @Test
    void sizesRoundUpToAPowerOfOneHalfDownToTheSmallestLevel() {
        PowerOfHalfTypes t = new PowerOfHalfTypes(7);
        assertEquals(0, t.typeOf(1.0));
        assertEquals(0, t.typeOf(0.51));
        assertEquals(1, t.typeOf(0.5), "exactly 1/2 is type 1/2");
        assertEquals(1, t.typeOf(0.3), "0.3 rounds up to 1/2");
        assertEquals(2, t.typeOf(0.2));
        assertEquals(7, t.typeOf(1.0 / 128));
        assertEquals(7, t.typeOf(0.0001), "below 1/128 counts as 1/128");
        assertEquals(7, t.typeOf(0));
        assertEquals(3, t.typeOf(new GoogleTask(0, 1, 0.01, 0.1)), "the larger of CPU and memory");
    }

    @Test
    void taskEventsGiveArrivalAtSubmitAndServiceFromTheLastScheduleToFinish() throws Exception {
        Path file = dir.resolve("task_events.csv");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "0,,7,0,,0,u,0,0,0.25,0.1,0,0", // job 7 task 0 submitted before the window
                        "5000000,,8,1,,0,u,0,0,0.02,0.03,0,0", // job 8 task 1 submitted at 5 s
                        "6000000,,8,1,42,1,u,0,0,0.02,0.03,0,0", // scheduled at 6 s
                        "7000000,,8,1,42,2,u,0,0,0.02,0.03,0,0", // evicted
                        "8000000,,8,1,43,1,u,0,0,0.02,0.03,0,0", // rescheduled at 8 s
                        "18000000,,8,1,43,4,u,0,0,0.02,0.03,0,0", // finished at 18 s: 10 s of service
                        "9000000,,9,0,,0,u,0,0,,0.5,0,0", // no CPU request: left out
                        "9500000,,9,0,44,1,u,0,0,,0.5,0,0",
                        "9600000,,9,0,44,4,u,0,0,,0.5,0,0",
                        "20000000,,7,0,45,1,u,0,0,0.25,0.1,0,0",
                        "21000000,,7,0,45,4,u,0,0,0.25,0.1,0,0", // job 7: 1 s of service
                        "22000000,,10,0,,0,u,0,0,0.5,0.5,0,0", // never finishes: left out
                        "9223372036854775807,,10,0,45,4,u,0,0,0.5,0.5,0,0", // after the trace's end: skipped
                        ""));
        List<GoogleTask> tasks = GoogleTasks.read(file, Integer.MAX_VALUE);
        assertEquals(2, tasks.size());
        assertEquals(new GoogleTask(0, 1, 0.25, 0.1), tasks.get(0));
        assertEquals(new GoogleTask(5, 10, 0.02, 0.03), tasks.get(1));
        assertEquals(1, GoogleTasks.read(file, 1).size(), "a window of the first N");
    }

    @Test
    void aMalformedTraceLineIsNamedByFileAndLine() throws IOException {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "0,,1,0,,0,u,0,0,0.1,0.1,0,0\n1000,,1,0,,one,u,0,0,0.1,0.1,0,0\n");
        InputException e = assertThrows(InputException.class, () -> GoogleTasks.read(file, 10));
        assertTrue(e.getMessage().startsWith(file + ":2: event type 'one'"), e.getMessage());
        Files.writeString(file, "0,,1,0,,0,u,0,0,0.1,0.1,0,0\n0,,2,0,,0,u,0,0,1.5,0.1,0,0\n");
        e = assertThrows(InputException.class, () -> GoogleTasks.read(file, 10));
        assertTrue(
                e.getMessage().startsWith(file + ":2: CPU request '1.5' is not a number from 0 to 1"), e.getMessage());
        Files.writeString(file, "0,1,2\n");
        e = assertThrows(InputException.class, () -> GoogleTasks.read(file, 10));
        assertTrue(e.getMessage().startsWith(file + ":1: expected 13 fields"), e.getMessage());
    }

    /** A generated trace written in task_events format (gzipped) reads back as the same tasks. */
    @Test
    void aGeneratedTraceRoundTripsThroughTheTaskEventsFormat() throws Exception {
        SyntheticTrace synthetic = new SyntheticTrace(500, 0.9, 600, 10, SyntheticTrace.uniform(7));
        List<GoogleTask> tasks = synthetic.generate(3);
        Path file = dir.resolve("generated.csv.gz");
        try (Writer w = new java.io.OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(file)), java.nio.charset.StandardCharsets.UTF_8)) {
            SyntheticTrace.writeTaskEvents(tasks, w);
        }
        List<GoogleTask> back = GoogleTasks.read(file, Integer.MAX_VALUE);
        assertEquals(tasks.size(), back.size());
        PowerOfHalfTypes typing = new PowerOfHalfTypes(7);
        for (int i = 0; i < tasks.size(); i++) {
            assertEquals(tasks.get(i).arrival(), back.get(i).arrival(), 1e-6);
            assertEquals(tasks.get(i).service(), back.get(i).service(), 2e-6);
            assertEquals(typing.typeOf(tasks.get(i)), typing.typeOf(back.get(i)), "task " + i);
        }
        TypesScenario scenario = TraceScenario.of(
                "generated", back, 7, 10, Double.NaN, Provenance.generated("generated", Provenance.Kind.SYNTHETIC));
        assertEquals(10, scenario.servers().size());
        assertEquals(128, scenario.servers().get(0).capacity()[0]);
        assertEquals(back.get(back.size() - 1).arrival(), scenario.horizon(), 1e-9);
    }

    /** The generator's load is what it says: offered work in rounded sizes over capacity. */
    @Test
    void generatedLoadMatchesTheRequestedLoad() {
        SyntheticTrace synthetic = new SyntheticTrace(100_000, 0.8, 600, 50, new double[] {1, 2, 4, 8, 8, 4, 2, 1});
        List<GoogleTask> tasks = synthetic.generate(11);
        PowerOfHalfTypes typing = new PowerOfHalfTypes(7);
        double work = 0;
        for (GoogleTask t : tasks) {
            work += Math.scalb(1.0, -typing.typeOf(t)) * t.service();
        }
        double span = tasks.get(tasks.size() - 1).arrival();
        // 100,000 tasks: the sample mean of size x service is within about 1% of its expectation
        assertEquals(0.8, work / (50 * span), 0.03);
    }
}
