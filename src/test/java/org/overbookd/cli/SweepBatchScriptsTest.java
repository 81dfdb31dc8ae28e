package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The batch-system recipes of the README: {@code sim/slurm-sweep.sh} run as the tasks of a job array
 * would run it, and the shard and merge commands of {@code sim/k8s-sweep.yaml} as its pods' shell
 * expands them.
 */
class SweepBatchScriptsTest {

    @TempDir
    Path dir;

    private static String run(List<String> command, java.util.Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + command);
        assertEquals(0, p.exitValue(), command + "\n" + out);
        return out;
    }

    @Test
    @Tag("slow")
    void theSlurmTasksOfAnArrayMergeIntoTheBytesOfOneRun() throws Exception {
        Path grid = dir.resolve("grid.properties");
        Files.writeString(grid, "sim.nodes = 4\nsim.duration = 1d\nsweep.overbooking.lower-bound = 60, 70, 80\n");
        String overbookd = Path.of(System.getProperty("java.home"), "bin", "java") + " -cp "
                + System.getProperty("java.class.path") + " org.overbookd.cli.Main";
        for (int task = 1; task <= 2; task++) {
            run(List.of("bash", "sim/slurm-sweep.sh", grid.toString(), dir.toString()),
                    java.util.Map.of("SLURM_ARRAY_TASK_ID", Integer.toString(task), "SLURM_ARRAY_TASK_COUNT", "2",
                            "SLURM_CPUS_PER_TASK", "1", "OVERBOOKD", overbookd));
        }
        assertEquals(0, Cli.run("sweep", "merge", dir.resolve("shard-1").toString(), dir.resolve("shard-2").toString(),
                "--out", dir.resolve("merged").toString()).exitCode());
        assertEquals(0, Cli.run("sweep", "--config", grid.toString(), "--out", dir.resolve("whole").toString())
                .exitCode());
        assertArrayEquals(Files.readAllBytes(dir.resolve("whole/sweep.csv")),
                Files.readAllBytes(dir.resolve("merged/sweep.csv")));
    }

    @Test
    void theIndexedJobsPodsRunShardsOneToNAndTheMergeJoinsThoseN() throws Exception {
        String yaml = Files.readString(Path.of("sim/k8s-sweep.yaml"));
        Matcher completions = Pattern.compile("completions: (\\d+)").matcher(yaml);
        assertTrue(completions.find() && yaml.contains("completionMode: Indexed"), yaml);
        int n = Integer.parseInt(completions.group(1));
        Matcher shardArgs = Pattern.compile("- >-\\n((?:\\s+\\S.*\\n)+?)\\s+resources:").matcher(yaml);
        assertTrue(shardArgs.find(), "the shard container's folded command");
        String command = shardArgs.group(1).trim().replaceAll("\\s+", " ");
        List<String> shards = new ArrayList<>();
        for (int index = 0; index < n; index++) {
            // the pod's shell expands the command; echo shows what it would exec
            String expanded = run(List.of("/bin/sh", "-c", command.replace("exec overbookd", "echo overbookd")),
                    java.util.Map.of("JOB_COMPLETION_INDEX", Integer.toString(index))).trim();
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
    void theSlurmScriptRefusesToRunOutsideAnArray() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "sim/slurm-sweep.sh", "grid.properties", dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(p.exitValue() != 0 && out.contains("sbatch --array=1-N"), out);
    }
}
