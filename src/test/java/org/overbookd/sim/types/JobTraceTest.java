package org.overbookd.sim.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

class JobTraceTest {

    @TempDir
    Path dir;

    private static final double[] SKEWED = {0.5, 1, 3, 10, 30, 30, 15, 10.5};

    /** google-jobs's generator at 200,000 tasks. */
    private static JobTrace trace(int tasks, double swing) {
        return new JobTrace(tasks, 0.9, 800, SKEWED, 0.5, 10, 1.5, 2000, 300, 2, 172_800, swing);
    }

    @Test
    void theSameSeedGivesTheSameTasksAndEveryTaskIsThere() {
        List<GoogleTask> a = trace(20_000, 0.25).generate(3);
        assertEquals(20_000, a.size());
        assertEquals(a, trace(20_000, 0.25).generate(3));
        assertNotEquals(a, trace(20_000, 0.25).generate(4));
        for (int i = 1; i < a.size(); i++) {
            assertTrue(a.get(i).arrival() >= a.get(i - 1).arrival(), "by arrival");
        }
    }

    /**
     * By construction the rounded sizes times the services offer the load over the arrivals' span:
     * work / (span x servers) = 0.9, where the span ends a gap of the Poisson process after the last
     * job (about one job's gap, a part in tens of thousands of it here).
     */
    @Test
    void theWorkOffersTheLoadOverTheSpan() {
        List<GoogleTask> tasks = trace(200_000, 0.25).generate(1);
        PowerOfHalfTypes typing = new PowerOfHalfTypes(7);
        double work = 0;
        for (GoogleTask t : tasks) {
            work += t.service() * Math.scalb(1.0, -typing.typeOf(t));
        }
        double span = tasks.get(tasks.size() - 1).arrival();
        assertEquals(0.9, work / (span * 800), 0.01);
    }

    /** Tasks come in jobs: about half of the jobs are one task, the tasks of a job share a size and an instant. */
    @Test
    void tasksComeInJobsOfOneSize() {
        List<GoogleTask> tasks = trace(200_000, 0).generate(2);
        int jobs = 0;
        int single = 0;
        int largest = 0;
        for (int i = 0; i < tasks.size(); ) {
            int j = i;
            while (j < tasks.size() && tasks.get(j).arrival() == tasks.get(i).arrival()) {
                assertEquals(
                        Math.max(tasks.get(i).cpu(), tasks.get(i).memory()),
                        Math.max(tasks.get(j).cpu(), tasks.get(j).memory()),
                        "one size per job");
                j++;
            }
            jobs++;
            single += j - i == 1 ? 1 : 0;
            largest = Math.max(largest, j - i);
            i = j;
        }
        // 0.5 of the jobs; the binomial's standard error over some 23,000 jobs is 0.003
        assertEquals(0.5, (double) single / jobs, 0.02);
        assertTrue(largest > 200 && largest <= 2000, "a long tail of large jobs, capped: " + largest);
    }

    /**
     * Service times are heavy-tailed: log-normal with sigma 2 has a mean 7.4 times its median (a little
     * less, capped at 2 days), where an exponential's is 1.44 times.
     */
    @Test
    void serviceTimesAreHeavyTailed() {
        double[] s = trace(200_000, 0.25).generate(5).stream()
                .mapToDouble(GoogleTask::service)
                .sorted()
                .toArray();
        double median = s[s.length / 2];
        double mean = Arrays.stream(s).average().orElseThrow();
        assertEquals(300, median, 10);
        assertTrue(mean / median > 6 && mean / median < 7.5, "mean / median " + mean / median);
        assertTrue(s[s.length - 1] <= 172_800);
    }

    /** With a daily swing the busy half-day gets more arrivals than the quiet one. */
    @Test
    void theArrivalRateSwingsOverTheDay() {
        // on 300 servers 300,000 tasks span about two days
        List<GoogleTask> tasks =
                new JobTrace(300_000, 0.9, 300, SKEWED, 0.5, 10, 1.5, 2000, 300, 2, 172_800, 0.5).generate(1);
        double span = tasks.get(tasks.size() - 1).arrival();
        assertTrue(span > 86_400, "the trace covers a day: " + span);
        long firstHalf = tasks.stream().filter(t -> t.arrival() < 43_200).count();
        long secondHalf = tasks.stream()
                .filter(t -> t.arrival() >= 43_200 && t.arrival() < 86_400)
                .count();
        // the rate is 1 + 0.5 sin: its integral over the first half-day is (1 + 1/pi) of the mean, (1 - 1/pi) over the
        // second
        assertTrue(firstHalf > 1.5 * secondHalf, firstHalf + " against " + secondHalf);
    }

    @Test
    void theShippedScenarioIsAJobTraceLabelledSyntheticAndItsKeysAreChecked() throws IOException, InputException {
        TypesScenario s = ScenarioFile.load("google-jobs", 1, OptionalInt.of(1000), OptionalInt.of(5000));
        assertEquals(1000, s.servers().size());
        assertEquals(
                List.of("google-jobs", "synthetic", "generated"), s.provenance().cells());
        assertEquals(5000, ((ArrivalModel.Trace) s.workload()).tasks().size());
        TypesScenario more = TraceScenario.withServers(s, 1250);
        assertEquals(1250, more.servers().size());
        assertEquals(s.types(), more.types());
        assertEquals(s.workload(), more.workload());

        String keys = Files.readString(Path.of("sim/google-jobs.scenario"));
        Path missing =
                Files.writeString(dir.resolve("missing.scenario"), keys.replaceAll("(?m)^jobs.service-sigma.*\\n", ""));
        InputException e =
                assertThrows(InputException.class, () -> ScenarioFile.load(missing.toString(), 1, OptionalInt.empty()));
        assertTrue(e.getMessage().contains("jobs.service-sigma: missing"), e.getMessage());
        Path swing = Files.writeString(
                dir.resolve("swing.scenario"), keys.replace("jobs.daily-swing = 0.25", "jobs.daily-swing = 1"));
        e = assertThrows(InputException.class, () -> ScenarioFile.load(swing.toString(), 1, OptionalInt.empty()));
        assertTrue(e.getMessage().contains("jobs.daily-swing: 1 is not below 1"), e.getMessage());
        Path mixed = Files.writeString(dir.resolve("mixed.scenario"), keys + "synthetic.load = 0.5\n");
        e = assertThrows(InputException.class, () -> ScenarioFile.load(mixed.toString(), 1, OptionalInt.empty()));
        assertTrue(e.getMessage().contains("synthetic.load: not used with workload job-trace"), e.getMessage());
    }
}
