package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.config.SimBindings;
import org.overbookd.io.CsvTable;
import org.overbookd.io.OutputDirectory;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.shard.ShardMarker;
import org.overbookd.shard.Slice;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.SeedIntervals;
import org.overbookd.sweep.SweepCharts;
import org.overbookd.sweep.SweepGrid;
import org.overbookd.sweep.SweepRunner;
import org.overbookd.sweep.SweepShard;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "sweep",
        description = {
            "Run the simulation for every combination of a parameter grid and write sweep.csv and PNG charts.",
            "The grid is given in the config file as sweep.<key> = v1, v2, ... for any key, plus"
                    + " sweep.min-window = W to skip combinations whose upper - lower bound is below W."
        },
        subcommands = SweepMergeCommand.class,
        footer = {
            "",
            "Example (the grid of the paper's tables 1-3):",
            "  overbookd sweep --config sim/verboven-tables.properties \\",
            "                  --out results/tables --threads 2",
            "",
            "On a batch system, in 4 jobs, then one merge (same bytes as one run):",
            "  overbookd sweep --config sim/verboven-tables.properties \\",
            "                  --shard 2/4 --out results/shard-2",
            "  overbookd sweep merge results/shard-* --out results/tables"
        })
final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    // not required = true: picocli would then ask for it before 'sweep merge' too
    @picocli.CommandLine.Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Directory for sweep.csv and the charts (created if missing). Required.")
    Path out;

    @picocli.CommandLine.Option(
            names = "--shard",
            paramLabel = "I/N",
            description = "Run only the I-th of N slices of the grid (runs I, I+N, I+2N...; 1 <= I <= N) and write"
                    + " their rows and a shard.properties, no charts; 'sweep merge' joins the N directories.")
    String shard;

    @picocli.CommandLine.Option(
            names = "--threads",
            paramLabel = "N",
            description =
                    "Runs in parallel (default: the number of cores, ${DEFAULT-VALUE}). Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws Exception {
        if (threads < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1");
        }
        if (out == null) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "Missing required option: '--out=DIR'");
        }
        boolean setsASweep = configOptions.overrides.keySet().stream().anyMatch(k -> k.startsWith(SweepGrid.PREFIX));
        if (configOptions.config == null && !setsASweep) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(),
                    "--config: a sweep needs a file of " + SweepGrid.PREFIX
                            + "* keys, such as sim/verboven-tables.properties");
        }
        Slice slice = shard == null ? null : ShardOption.parse(spec.commandLine(), shard);
        // overbooking.policy checked with the other keys, and a swept list of policies with the grid's, each naming
        // the line that set it: the runs take the tree's policies
        SettingsLoader.Loaded loaded = configOptions.load(List.of(SweepGrid.PREFIX), Map.of(), PolicyRegistry.IN_TREE);
        SweepGrid whole = SweepGrid.from(loaded);
        SweepGrid grid = slice == null ? whole : whole.shard(slice);
        OutputDirectory.prepare(out); // before the runs: a shard that cannot write its rows must not run them
        if (slice != null) {
            // a marker left by an earlier shard run must not vouch for the rows this one is about to write
            ShardMarker.clear(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        err.printf(
                "sweep: %s%d runs on %d thread%s%s%n",
                slice == null ? "" : "shard " + slice + ", " + grid.runs().size() + " of ",
                whole.runs().size(),
                threads,
                threads == 1 ? "" : "s",
                grid.dropped() > 0 ? " (" + grid.dropped() + " combinations dropped by the bound rules)" : "");
        // hashed before the runs read them: the marker vouches for what was replayed
        Map<String, String> traces = slice == null ? Map.of() : SweepShard.traceDigests(whole);
        long started = System.nanoTime();
        List<SimResult> results = new SweepRunner(threads, err).run(grid);

        List<Option<?>> extra = new ArrayList<>();
        for (Option<?> option : grid.swept()) {
            if (option != Options.UPPER_BOUND
                    && option != Options.LOWER_BOUND
                    && option != Options.SLOTS
                    && option != Options.SIM_SEED) {
                extra.add(option);
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Settings settings = grid.runs().get(i);
            rows.add(SimBindings.summaryRow(settings, extra, results.get(i)));
        }
        Path csv = out.resolve("sweep.csv");
        List<String> header = SimBindings.summaryHeader(extra);
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            CsvTable.write(w, header, rows);
        }
        var stdout = spec.commandLine().getOut();
        if (slice != null) {
            SweepShard.mark(
                    out,
                    slice,
                    whole,
                    traces,
                    grid,
                    results,
                    configOptions.config,
                    loaded.passThrough(),
                    configOptions.overrides);
            stdout.printf(
                    "wrote %s (shard %s: %d of %d runs in %.1f s) and %s%n",
                    csv,
                    slice,
                    results.size(),
                    whole.runs().size(),
                    (System.nanoTime() - started) / 1e9,
                    out.resolve(ShardMarker.FILE));
            stdout.flush();
            return ExitCodes.OK;
        }
        Path intervals = SeedIntervals.write(out, header, rows);
        List<Path> charts = SweepCharts.write(out, grid.runs(), results, SweepCharts.workload(header, rows));
        stdout.printf("wrote %s (%d runs in %.1f s)%n", csv, results.size(), (System.nanoTime() - started) / 1e9);
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
