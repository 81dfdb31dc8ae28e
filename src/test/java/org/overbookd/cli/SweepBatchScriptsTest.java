package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch-system recipes of docs/simulator.md ("Sweeps on a batch system"): {@code sim/slurm-sweep.sh} run as the tasks of a job array
 * would run it, and the shard and merge commands of {@code sim/k8s-sweep.yaml} as its pods' shell
 * expands them.
 */
class SweepBatchScriptsTest {

    /** The page whose recipes these are. */
    private static final Path SWEEP_GUIDE = Path.of("docs/simulator.md");

    @TempDir
    Path dir;

    /** What a process printed (stdout and stderr together) and its exit status. */
    private record Ran(int status, String out) {}

    private static Ran start(List<String> command, java.util.Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + command);
        return new Ran(p.exitValue(), out);
    }

    private static String run(List<String> command, java.util.Map<String, String> env) throws Exception {
        Ran ran = start(command, env);
        assertEquals(0, ran.status(), command + "\n" + ran.out());
        return ran.out();
    }

    /**
     * The environment Slurm gives task {@code id} of {@code sbatch --array=MIN-MAX}: a task submitted
     * again alone ({@code --array=2}) is an array of one, whose count is 1 and whose bounds are its id.
     */
    private static java.util.Map<String, String> slurmTask(int id, int min, int max, String overbookd) {
        return java.util.Map.of(
                "SLURM_ARRAY_TASK_ID",
                Integer.toString(id),
                "SLURM_ARRAY_TASK_COUNT",
                Integer.toString(max - min + 1),
                "SLURM_ARRAY_TASK_MIN",
                Integer.toString(min),
                "SLURM_ARRAY_TASK_MAX",
                Integer.toString(max),
                "SLURM_CPUS_PER_TASK",
                "1",
                "OVERBOOKD",
                overbookd);
    }

    /**
     * An array of two shards in which task 2 fails (a node lost, say): the merge refuses the shard
     * missing; task 2 submitted again alone ({@code sbatch --array=2 ... 2}) then completes the sweep,
     * and the merge gives the bytes of one unsharded run.
     */
    @Test
    @Tag("slow")
    void theSlurmTasksOfAnArrayMergeIntoTheBytesOfOneRunAndAFailedTaskRunsAgainAlone() throws Exception {
        Path grid = dir.resolve("grid.properties");
        Files.writeString(grid, "sim.nodes = 4\nsim.duration = 1d\nsweep.overbooking.lower-bound = 60, 70, 80\n");
        String overbookd = Path.of(System.getProperty("java.home"), "bin", "java") + " -cp "
                + System.getProperty("java.class.path") + " org.overbookd.cli.Main";
        List<String> script = List.of("bash", "sim/slurm-sweep.sh", grid.toString(), dir.toString(), "2");
        run(script, slurmTask(1, 1, 2, overbookd));
        Ran failed = start(script, slurmTask(2, 1, 2, "false"));
        assertTrue(failed.status() != 0, failed.out());
        Cli partial = Cli.run(
                "sweep",
                "merge",
                dir.resolve("shard-1").toString(),
                "--out",
                dir.resolve("merged").toString());
        assertEquals(ExitCodes.DATA_ERROR, partial.exitCode(), partial.err());
        assertTrue(
                partial.err().contains("shard 2/2 of the grid of " + dir.resolve("shard-1") + " missing"),
                partial.err());

        run(script, slurmTask(2, 2, 2, overbookd)); // sbatch --array=2 sim/slurm-sweep.sh GRID OUT 2
        assertEquals(
                0,
                Cli.run(
                                "sweep",
                                "merge",
                                dir.resolve("shard-1").toString(),
                                dir.resolve("shard-2").toString(),
                                "--out",
                                dir.resolve("merged").toString())
                        .exitCode());
        assertEquals(
                0,
                Cli.run(
                                "sweep",
                                "--config",
                                grid.toString(),
                                "--out",
                                dir.resolve("whole").toString())
                        .exitCode());
        assertArrayEquals(
                Files.readAllBytes(dir.resolve("whole/sweep.csv")),
                Files.readAllBytes(dir.resolve("merged/sweep.csv")));
    }

    /**
     * The shard a task runs is its id of the N given, whatever the array it was submitted in: task 2
     * of {@code --array=1-4} and task 2 submitted alone with {@code --array=2} both run {@code --shard 2/4}.
     */
    @Test
    void aTaskRunsItsShardOfTheNGivenWhateverArrayItWasSubmittedIn() throws Exception {
        List<String> script = List.of("bash", "sim/slurm-sweep.sh", "grid.properties", "results", "4");
        String expected = "sweep --config grid.properties --shard 2/4 --threads 1 --out results/shard-2";
        assertEquals(expected, run(script, slurmTask(2, 1, 4, "echo")).trim(), "task 2 of --array=1-4");
        assertEquals(expected, run(script, slurmTask(2, 2, 2, "echo")).trim(), "--array=2, submitted again alone");

        Ran outside = start(script, slurmTask(5, 5, 5, "echo"));
        assertEquals(64, outside.status(), outside.out());
        assertTrue(outside.out().contains("task 5 is not a shard of 4"), outside.out());
        Ran notANumber = start(
                List.of("bash", "sim/slurm-sweep.sh", "grid.properties", "results", "four"),
                slurmTask(1, 1, 4, "echo"));
        assertEquals(64, notANumber.status(), notANumber.out());
        assertTrue(notANumber.out().contains("N must be a whole number of shards"), notANumber.out());
        Ran noN =
                start(List.of("bash", "sim/slurm-sweep.sh", "grid.properties", "results"), slurmTask(1, 1, 4, "echo"));
        assertTrue(noN.status() != 0 && noN.out().contains("slurm-sweep.sh CONFIG OUT N"), noN.out());
    }

    /** The documentation's Slurm lines are the script's: the merge honours OVERBOOKD as the tasks do. */
    @Test
    void theDocumentedSlurmLinesAreTheScriptsAndTheMergeHonoursOverbookd() throws IOException {
        String readme = Files.readString(SWEEP_GUIDE);
        String header = Files.readString(Path.of("sim/slurm-sweep.sh"));
        for (String line : List.of(
                "array=$(sbatch --parsable --array=1-4 sim/slurm-sweep.sh sim/verboven-tables.properties results 4)",
                "--dependency=afterok:$array --wrap \"${OVERBOOKD:-overbookd} sweep merge results/shard-* --out results/tables\"",
                "--array=2 sim/slurm-sweep.sh sim/verboven-tables.properties results 4",
                "--dependency=afterok:$rerun --wrap \"${OVERBOOKD:-overbookd} sweep merge results/shard-* --out results/tables\"")) {
            assertTrue(readme.contains(line), SWEEP_GUIDE + ": " + line);
            assertTrue(header.contains(line), "sim/slurm-sweep.sh's header: " + line);
        }
    }

    @Test
    void theIndexedJobsPodsRunShardsOneToNAndTheMergeJoinsThoseN() throws Exception {
        String yaml = Files.readString(Path.of("sim/k8s-sweep.yaml"));
        Matcher completions = Pattern.compile("completions: (\\d+)").matcher(yaml);
        assertTrue(completions.find() && yaml.contains("completionMode: Indexed"), yaml);
        int n = Integer.parseInt(completions.group(1));
        Matcher shardArgs =
                Pattern.compile("- >-\\n((?:\\s+\\S.*\\n)+?)\\s+resources:").matcher(yaml);
        assertTrue(shardArgs.find(), "the shard container's folded command");
        String command = shardArgs.group(1).trim().replaceAll("\\s+", " ");
        List<String> shards = new ArrayList<>();
        for (int index = 0; index < n; index++) {
            // the pod's shell expands the command; echo shows what it would exec
            String expanded = run(
                            List.of("/bin/sh", "-c", command.replace("exec overbookd", "echo overbookd")),
                            java.util.Map.of("JOB_COMPLETION_INDEX", Integer.toString(index)))
                    .trim();
            assertTrue(expanded.contains(" --shard " + (index + 1) + "/" + n + " "), expanded);
            Matcher out = Pattern.compile("--out (\\S+)").matcher(expanded);
            assertTrue(out.find(), expanded);
            shards.add(out.group(1));
        }
        Matcher merge = Pattern.compile("exec overbookd sweep merge (.*) --out").matcher(yaml);
        assertTrue(merge.find(), yaml);
        assertEquals(String.join(" ", shards), merge.group(1), "the merge names every shard's directory");
    }

    @Test
    void theSlurmScriptRefusesToRunOutsideAnArray() throws Exception {
        Ran ran = start(
                List.of("bash", "sim/slurm-sweep.sh", "grid.properties", dir.toString(), "4"), java.util.Map.of());
        assertTrue(ran.status() != 0 && ran.out().contains("sbatch --array=1-N"), ran.out());
    }

    /** A kubectl that reports the Job's conditions as {@code conditions} says, and counts its calls. */
    private Path fakeKubectl(String conditions) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin-" + conditions.hashCode()));
        Path kubectl = bin.resolve("kubectl");
        Files.writeString(
                kubectl, "#!/bin/sh\necho \"$*\" >> " + bin.resolve("calls") + "\nprintf '%s' '" + conditions + "'\n");
        kubectl.toFile().setExecutable(true);
        return bin;
    }

    /**
     * {@code sim/k8s-wait.sh} returns as soon as the Job has failed (exit 1, saying so), instead of
     * sitting out its whole timeout as {@code kubectl wait --for=condition=complete} does; 0 when it
     * is complete; 69 when neither comes before the timeout.
     */
    @Test
    void theKubernetesWaitEndsWhenTheJobFailsNotAtItsTimeout() throws Exception {
        java.util.function.Function<Path, java.util.Map<String, String>> env =
                bin -> java.util.Map.of("PATH", bin + ":" + System.getenv("PATH"), "K8S_WAIT_POLL", "0.1");
        long started = System.nanoTime();
        Ran failed = start(List.of("sh", "sim/k8s-wait.sh", "overbookd-sweep", "2h"), env.apply(fakeKubectl("Failed")));
        assertEquals(1, failed.status(), failed.out());
        assertTrue(failed.out().contains("job/overbookd-sweep failed"), failed.out());
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(60), "not the 2 h timeout");
        Ran complete =
                start(List.of("sh", "sim/k8s-wait.sh", "overbookd-sweep", "2h"), env.apply(fakeKubectl("Complete")));
        assertEquals(0, complete.status(), complete.out());
        Path pending = fakeKubectl("");
        Ran timeout = start(List.of("sh", "sim/k8s-wait.sh", "overbookd-sweep", "1"), env.apply(pending));
        assertEquals(69, timeout.status(), timeout.out());
        assertTrue(timeout.out().contains("neither complete nor failed after 1 s"), timeout.out());
        assertTrue(
                Files.readString(pending.resolve("calls")).contains("get job overbookd-sweep"),
                "asks kubectl for the Job's conditions");
        String yaml = Files.readString(Path.of("sim/k8s-sweep.yaml"));
        String readme = Files.readString(SWEEP_GUIDE);
        assertTrue(
                yaml.contains("sh sim/k8s-wait.sh overbookd-sweep 2h")
                        && readme.contains("sh sim/k8s-wait.sh overbookd-sweep 2h"),
                "the recipe waits with it");
        assertFalse(
                readme.contains("kubectl wait --for=condition=complete"), "not with the wait that sits out a failure");
    }
}
