package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.overbookd.io.CsvTable;
import org.overbookd.io.OutputDirectory;
import org.overbookd.shard.Build;
import org.overbookd.sweep.SeedIntervals;
import org.overbookd.sweep.SweepCharts;
import org.overbookd.sweep.SweepShard;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sweep merge}: the shards of one sweep joined into what one unsharded run writes. */
@Command(
        name = "merge",
        description = {
            "Join the directories of the N shards of one sweep (sweep --shard I/N) into the sweep.csv and"
                    + " charts one unsharded run writes, byte for byte.",
            "Refuses, naming the directory, shards of different grids, a shard missing or given twice, and a torn"
                    + " or changed file (exit 65; 66 for a directory that is not there)."
        },
        footer = {
            "",
            "Example:",
            "  overbookd sweep merge results/shard-1 results/shard-2 \\",
            "                        results/shard-3 results/shard-4 --out results/tables"
        })
final class SweepMergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shard directories, in any order.")
    List<Path> shards;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            required = true,
            description = "Directory for sweep.csv and the charts (created if missing); not one of the shards.")
    Path out;

    @Override
    public Integer call() throws Exception {
        for (Path shard : shards) {
            if (Files.exists(out) && Files.exists(shard) && Files.isSameFile(out, shard)) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(), "--out: " + out + " is one of the shards; merge into another directory");
            }
        }
        long started = System.nanoTime();
        SweepShard.MergedSweep merged = SweepShard.merge(shards, Build.current());
        PrintWriter err = spec.commandLine().getErr();
        err.printf(
                "sweep merge: %d shards, %d runs%n",
                shards.size(), merged.rows().size());
        err.flush();
        OutputDirectory.prepare(out);
        // written as sweep writes them, from the same rows and figures: the same bytes
        Path csv = out.resolve("sweep.csv");
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            CsvTable.write(w, merged.header(), merged.rows());
        }
        Path intervals = SeedIntervals.write(out, merged.header(), merged.rows());
        List<Path> charts =
                SweepCharts.write(out, merged.points(), SweepCharts.workload(merged.header(), merged.rows()));
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(
                "wrote %s (%d runs from %d shards in %.1f s)%n",
                csv, merged.rows().size(), shards.size(), (System.nanoTime() - started) / 1e9);
        if (intervals != null) {
            stdout.println("wrote " + intervals + " (mean and 95% interval over the seeds, Student's t)");
        }
        for (Path chart : charts) {
            stdout.println("wrote " + chart);
        }
        stdout.flush();
        return ExitCodes.OK;
    }
}
