package org.overbookd.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Settings;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.Budget;
import org.overbookd.sweep.Frontier;
import org.overbookd.sweep.Objective;
import org.overbookd.sweep.SweepGrid;
import org.overbookd.sweep.SweepRunner;
import org.overbookd.sweep.TuneFiles;
import org.overbookd.sweep.TuneGrid;
import org.overbookd.sweep.TuneShard;
import org.overbookd.sweep.TunedConfig;
import org.overbookd.sweep.Tuning;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "tune",
        description = {
            "Recommend bounds and slots for a cluster from its daemon's record (record.file): replay its hosts and"
                    + " high-QoS loads under a grid of lower bound, upper bound and slots, each with several seeds"
                    + " of the low-QoS workload, and keep the configurations whose degradation (host-steps above"
                    + " 100%%), and if asked their suspensions a day, stay within the budget for the worst seed.",
            "Writes frontier.csv (every configuration, mean and worst over the seeds, Pareto-optimal ones marked),"
                    + " frontier.png and recommended.properties (the keys to change), and prints the recommendation"
                    + " and two runners-up.",
            "The default grid: overbooking.slots = 1, 2, 3; upper-bound = 80, 85, 90, 95; lower-bound = 50, 60, 70,"
                    + " 80; windows of at least 10 points (42 configurations). --config and --set give the settings"
                    + " the grid varies (and sim.seed, the first seed)."},
        footer = {"", "Exit status: 0 with a recommendation; 1 when no configuration keeps within the budget"
                    + " (frontier files written, no recommended.properties); 64 usage; 65 a record that is not one"
                    + " (file and line named), or a --merge shard that is not one; 66 a record or a --merge directory"
                    + " missing; 73 the output not writable; 78 a bad --grid or --config.",
            "", "Examples:",
            "  overbookd tune --record /var/lib/overbookd/record.csv \\",
            "                 --max-degradation 1 --out tune/",
            "  overbookd tune --record week1.csv --record week2.csv \\",
            "                 --max-degradation 0.5 --max-degradation-95 3 \\",
            "                 --objective low-qos-hours --seeds 5 --out tune/",
            "  overbookd tune --record record.csv --max-degradation 1 \\",
            "                 --max-suspends-per-day 500 --out tune/",
            "", "On a batch system, in 4 jobs, then one merge (same bytes as one run):",
            "  overbookd tune --record record.csv --max-degradation 1 \\",
            "                 --shard 2/4 --out shard-2",
            "  overbookd tune --record record.csv --max-degradation 1 \\",
            "                 --merge shard-* --out tune/"})
final class TuneCommand implements Callable<Integer> {

    /** Seeds of the low-QoS workload per configuration, by default. */
    static final int DEFAULT_SEEDS = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--record", paramLabel = "FILE", required = true,
            description = "A daemon's record.file (its rolled files beside it are read too). Repeatable: the files"
                    + " are joined in time order.")
    List<Path> records;

    @Option(names = "--max-degradation", paramLabel = "P", required = true,
            description = "Budget: at most P percent of host x step points above 100%% utilization (the README's"
                    + " degradation_100), for every seed.")
    double maxDegradation;

    @Option(names = "--max-degradation-95", paramLabel = "P",
            description = "A second budget: at most P percent of host x step points above 95%%.")
    Double maxDegradation95;

    @Option(names = "--max-suspends-per-day", paramLabel = "N",
            description = "A budget of churn: at most N low-QoS suspensions a day over the whole cluster (as"
                    + " 'audit --summary' counts them), for every seed.")
    Double maxSuspendsPerDay;

    @Option(names = "--objective", paramLabel = "WHAT",
            description = "What to maximize within the budget: utilization (mean cluster utilization, the default)"
                    + " or low-qos-hours (hours low-QoS VMs ran).")
    String objective = Objective.UTILIZATION.cliName();

    @Option(names = "--grid", paramLabel = "FILE",
            description = "The configurations to try, in the sweep grid format (sweep.<key> = v1, v2, ... and"
                    + " sweep.min-window = W), instead of the default grid.")
    Path grid;

    @Option(names = "--seeds", paramLabel = "N",
            description = "Seeds of the low-QoS workload per configuration: sim.seed, sim.seed + 1... (default ${DEFAULT-VALUE}).")
    int seeds = DEFAULT_SEEDS;

    @Option(names = "--threads", paramLabel = "N",
            description = "Replays in parallel (default: the number of cores, ${DEFAULT-VALUE}). Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Replay only the I-th of N slices of the runs (runs I, I+N, I+2N...) and write their exact"
                    + " results (tune-shard.csv, tune-shard.properties) into --out, no frontier; 'tune --merge' joins"
                    + " the N directories.")
    String shard;

    @Option(names = "--merge", paramLabel = "DIR", arity = "1..*",
            description = "Instead of replaying, join the shard directories of one tune (same --record, --grid,"
                    + " --seeds, --config and --set) into the files one unsharded run writes, byte for byte.")
    List<Path> merge;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Directory for frontier.csv, frontier.png and recommended.properties (created if missing).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Objective goal = Objective.named(objective);
        if (goal == null) {
            throw new ParameterException(spec.commandLine(), "--objective: '" + objective
                    + "' is neither utilization nor low-qos-hours");
        }
        Budget budget = budget();
        if (seeds < 1 || seeds > 1000) {
            throw new ParameterException(spec.commandLine(), "--seeds must be 1 to 1000");
        }
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1");
        }
        if (shard != null && merge != null) {
            throw new ParameterException(spec.commandLine(), "--shard and --merge do not go together: shards first,"
                    + " then one merge");
        }
        int[] slice = shard == null ? null : Shards.parse(spec.commandLine(), shard);
        for (Path dir : merge == null ? List.<Path>of() : merge) { // as sweep merge: the merge must not overwrite a shard
            if (Files.exists(out) && Files.exists(dir) && Files.isSameFile(out, dir)) {
                throw new ParameterException(spec.commandLine(), "--out: " + out + " is one of the shards;"
                        + " merge into another directory");
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        String missing = RecordNotes.missing(records);
        if (missing != null) {
            err.println("overbookd: " + missing);
            err.flush();
            return ExitCodes.NO_INPUT;
        }
        Settings base = configOptions.load(List.of(), Map.of()).settings();
        SweepGrid configs = TuneGrid.of(base, grid);
        // hashed before it is read: a shard's marker vouches for what it replayed
        String contents = slice != null || merge != null ? RecordedWorkload.digest(records) : "";
        RecordedWorkload record = RecordedWorkload.read(records);
        RecordFacts facts = record.facts();
        Files.createDirectories(out);
        // a recommendation left by an earlier run must not outlive this one
        Files.deleteIfExists(out.resolve(TuneFiles.RECOMMENDED));

        Tuning tuning = new Tuning(record, seeds);
        List<Settings> all = tuning.runs(base, configs);
        String fingerprint = TuneShard.fingerprint(all, facts, contents);
        err.println("tune: " + RecordNotes.hosts(facts) + ", " + facts.span());
        RecordNotes.warn(err, facts, true);
        long started = System.nanoTime();
        List<SimResult> results;
        if (merge != null) {
            results = TuneShard.merge(merge, all.size(), fingerprint);
            err.printf(Locale.ROOT, "tune: %d replays merged from %d shard%s%n", all.size(), merge.size(),
                    merge.size() == 1 ? "" : "s");
        } else {
            List<Integer> positions = slice == null ? null : SweepGrid.slice(all.size(), slice[0], slice[1]);
            List<Settings> mine = positions == null ? all : positions.stream().map(all::get).toList();
            err.printf(Locale.ROOT, "tune: %s%d configurations and the baseline x %d seed%s = %d replays of %s on %d"
                    + " thread%s%n", slice == null ? "" : "shard " + slice[0] + "/" + slice[1] + ", " + mine.size() + " of ",
                    configs.runs().size(), seeds, seeds == 1 ? "" : "s", all.size(),
                    RecordFacts.human(record.replaySeconds()), threads, threads == 1 ? "" : "s");
            err.flush();
            results = tuning.replay(mine, new SweepRunner(threads, err));
            if (slice != null) {
                TuneShard.write(out, slice[0], slice[1], all.size(), fingerprint, positions, results);
                stdout.printf(Locale.ROOT, "wrote %s and %s (shard %d/%d: %d of %d replays in %.1f s)%n",
                        out.resolve(TuneShard.CSV), out.resolve(TuneShard.MARKER), slice[0], slice[1], mine.size(),
                        all.size(), (System.nanoTime() - started) / 1e9);
                stdout.flush();
                return ExitCodes.OK;
            }
        }
        List<TunedConfig> tuned = tuning.tuned(base, configs, results);
        int runs = all.size();
        Frontier frontier = new Frontier(tuned.get(0), tuned.subList(1, tuned.size()), budget, goal);
        String recordName = records.get(0).getFileName().toString() + (records.size() > 1 ? " and others" : "");
        List<Path> written = TuneFiles.writeFrontier(out, frontier, configs.swept(), recordName);
        TuneTable.print(stdout, frontier);
        stdout.printf(Locale.ROOT, "(%d replays %s in %.1f s)%n", runs, merge == null ? "run" : "merged",
                (System.nanoTime() - started) / 1e9);
        for (Path file : written) {
            stdout.println("wrote " + file);
        }
        if (frontier.recommended().isEmpty()) {
            stdout.flush();
            err.println("overbookd: no configuration keeps " + budget.describe() + "; no recommended.properties written."
                    + " Raise the budget or try lower bounds and fewer slots (--grid).");
            err.flush();
            return ExitCodes.NO_RECOMMENDATION;
        }
        stdout.println("wrote " + TuneFiles.writeRecommended(out, frontier, base, configs.swept(), records, facts));
        stdout.flush();
        return ExitCodes.OK;
    }

    private Budget budget() {
        if (!(maxDegradation >= 0 && maxDegradation <= 100)) {
            throw new ParameterException(spec.commandLine(), "--max-degradation must be 0 to 100 (percent of host-steps)");
        }
        if (maxDegradation95 != null && !(maxDegradation95 >= 0 && maxDegradation95 <= 100)) {
            throw new ParameterException(spec.commandLine(), "--max-degradation-95 must be 0 to 100 (percent of host-steps)");
        }
        if (maxSuspendsPerDay != null && !(maxSuspendsPerDay >= 0 && maxSuspendsPerDay < Double.POSITIVE_INFINITY)) {
            throw new ParameterException(spec.commandLine(), "--max-suspends-per-day must be 0 or more (suspensions a day)");
        }
        return new Budget(maxDegradation, maxDegradation95 == null ? Double.NaN : maxDegradation95,
                maxSuspendsPerDay == null ? Double.NaN : maxSuspendsPerDay);
    }
}
