package org.overbookd.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.io.InputException;
import org.overbookd.io.OutputDirectory;
import org.overbookd.io.Provenance;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.shard.ShardMarker;
import org.overbookd.shard.Slice;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.SweepGrid;
import org.overbookd.sweep.SweepRunner;
import org.overbookd.tune.BaselineCheck;
import org.overbookd.tune.Budget;
import org.overbookd.tune.Frontier;
import org.overbookd.tune.Objective;
import org.overbookd.tune.ReplayedForecasts;
import org.overbookd.tune.TuneFiles;
import org.overbookd.tune.TuneGrid;
import org.overbookd.tune.TuneShard;
import org.overbookd.tune.TunedConfig;
import org.overbookd.tune.Tuning;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(
        name = "tune",
        description = {
            "Recommend bounds and slots for a cluster from its daemon's record (record.file): replay its hosts and"
                    + " high-QoS loads under a grid of lower bound, upper bound and slots, each with several seeds"
                    + " of the low-QoS workload, and keep the configurations whose degradation (host-steps above"
                    + " 100%%), and if asked their suspensions a day, stay within the budget for the worst seed.",
            "Advice is checked before it is given: the replay without overbooking must measure what the record"
                    + " measured (record-info's 'as replayed', within --baseline-tolerance points), and the first"
                    + " configuration in order must keep within the budget on --held-out-seeds seeds that did not"
                    + " choose it; one that does not is not recommended, and the next is checked.",
            "Writes frontier.csv (every configuration, mean and worst over the seeds, Pareto-optimal ones marked,"
                    + " the held-out figures of those checked), frontier.png and recommended.properties (the keys to"
                    + " change), and prints the recommendation, its held-out check and two runners-up.",
            "The default grid: overbooking.slots = 1, 2, 3; upper-bound = 80, 85, 90, 95; lower-bound = 50, 60, 70,"
                    + " 80; windows of at least 10 points (42 configurations). --config and --set give the settings"
                    + " the grid varies (and sim.seed, the first seed). --forecasts-and-guards judges each on the"
                    + " measurement, a blend and the forecast, with and without a minimum run time (six times the"
                    + " replays); a forecast-aware replay judges hosts on the forecasts the record keeps."
        },
        footer = {
            "",
            "Exit status: 0 with a recommendation; 1 when no configuration keeps within the budget, or"
                    + " none that did keeps within it on the held-out seeds (frontier files written, no"
                    + " recommended.properties); 64 usage; 65 a record that is not one (file and line named), a"
                    + " replay without overbooking that is not what the record measured (both named), or a --merge"
                    + " shard that is not one of this tune (what differs named); 66 a record or a --merge directory"
                    + " missing; 73 the output not writable (before any replay); 78 a bad --grid or --config.",
            "",
            "Examples:",
            "  overbookd tune --record /var/lib/overbookd/record.csv \\",
            "                 --max-degradation 1 --out tune/",
            "  overbookd tune --record week1.csv week2.csv \\",
            "                 --max-degradation 0.5 --max-degradation-95 3 \\",
            "                 --objective low-qos-hours --seeds 5 --out tune/",
            "  overbookd tune --record record.csv --max-degradation 1 \\",
            "                 --max-suspends-per-day 500 --out tune/",
            "",
            "On a batch system, in 4 jobs, then one merge (same bytes as one run):",
            "  overbookd tune --record record.csv --max-degradation 1 \\",
            "                 --shard 2/4 --out shard-2",
            "  overbookd tune --record record.csv --max-degradation 1 \\",
            "                 --merge shard-* --out tune/"
        })
final class TuneCommand implements Callable<Integer> {

    /** Seeds of the low-QoS workload per configuration, by default. */
    static final int DEFAULT_SEEDS = 3;
    /** Seeds a recommendation is checked on before it is given, by default. */
    static final int DEFAULT_HELD_OUT_SEEDS = 10;

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @Option(
            names = "--record",
            paramLabel = "FILE",
            required = true,
            arity = "1..*",
            description = "A daemon's record.file (its rolled files beside it are read too). Several, after one"
                    + " --record or each after its own: the files are joined in time order.")
    List<Path> records;

    @Option(
            names = "--max-degradation",
            paramLabel = "P",
            required = true,
            description = "Budget: at most P percent of host x step points above 100%% utilization (the simulator's"
                    + " degradation_100), for every seed.")
    double maxDegradation;

    @Option(
            names = "--max-degradation-95",
            paramLabel = "P",
            description = "A second budget: at most P percent of host x step points above 95%%.")
    Double maxDegradation95;

    @Option(
            names = "--max-suspends-per-day",
            paramLabel = "N",
            description = "A budget of churn: at most N low-QoS suspensions a day over the whole cluster (as"
                    + " 'audit --summary' counts them), for every seed.")
    Double maxSuspendsPerDay;

    @Option(
            names = "--max-suspends-per-vm-per-day",
            paramLabel = "N",
            description =
                    "The live cap of suspensions of one low-QoS VM a day (overbooking.guard.max-suspends-per-day):"
                            + " every replay runs under it, and recommended.properties sets it, so that the daemon enforces"
                            + " what was tuned. --max-suspends-per-day budgets the whole cluster's suspensions instead.")
    Integer maxSuspendsPerVmPerDay;

    @Option(
            names = "--objective",
            paramLabel = "WHAT",
            description = "What to maximize within the budget: utilization (mean cluster utilization, the default)"
                    + " or low-qos-hours (hours low-QoS VMs ran).")
    String objective = Objective.UTILIZATION.cliName();

    @Option(
            names = "--grid",
            paramLabel = "FILE",
            description = "The configurations to try, in the sweep grid format (sweep.<key> = v1, v2, ... and"
                    + " sweep.min-window = W), instead of the default grid.")
    Path grid;

    @Option(
            names = "--forecasts-and-guards",
            description = "Add to the grid (the default one or --grid's) the bounds judged on the measurement, an even"
                    + " blend and OpenNebula's forecast alone (utilization.source = measured, blend, forecast: forecast"
                    + " weights 0, 0.5 and 1), each with the live guard overbooking.guard.min-run-time off and at 30m:"
                    + " six times the configurations and the replays. A key the grid sweeps already is left as it is."
                    + " A replay judges hosts on the record's own forecasts where it has them (frontier.csv's forecasts"
                    + " column says which).")
    boolean forecastsAndGuards;

    @Option(
            names = "--seeds",
            paramLabel = "N",
            description =
                    "Seeds of the low-QoS workload per configuration: sim.seed, sim.seed + 1... (default ${DEFAULT-VALUE}).")
    int seeds = DEFAULT_SEEDS;

    @Option(
            names = "--held-out-seeds",
            paramLabel = "N",
            description = "Seeds the chosen configuration is checked on before it is recommended, after those of"
                    + " --seeds (default ${DEFAULT-VALUE}): one that breaks the budget on them is not recommended,"
                    + " and the next in order is checked.")
    int heldOutSeeds = DEFAULT_HELD_OUT_SEEDS;

    @Option(
            names = "--baseline-tolerance",
            paramLabel = "POINTS",
            description =
                    "How far the replay without overbooking may be from the utilization the record measured"
                            + " (record-info's 'as replayed') before tune refuses to advise, exit 65 (default ${DEFAULT-VALUE}).")
    double baselineTolerance = BaselineCheck.DEFAULT_TOLERANCE;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description =
                    "Replays in parallel (default: the number of cores, ${DEFAULT-VALUE}). Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--shard",
            paramLabel = "I/N",
            description = "Replay only the I-th of N slices of the runs (runs I, I+N, I+2N...) and write their exact"
                    + " results (tune-shard.csv, shard.properties) into --out, no frontier; 'tune --merge' joins"
                    + " the N directories.")
    String shard;

    @Option(
            names = "--merge",
            paramLabel = "DIR",
            arity = "1..*",
            description = "Instead of replaying the grid, join the shard directories of one tune (same --record,"
                    + " --grid, --seeds, --config and --set, and the same overbookd) into the files one unsharded"
                    + " run writes, byte for byte; the held-out seeds are replayed here.")
    List<Path> merge;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            required = true,
            description = "Directory for frontier.csv, frontier.png and recommended.properties (created if missing).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Objective goal = Objective.named(objective);
        if (goal == null) {
            throw new ParameterException(
                    spec.commandLine(), "--objective: '" + objective + "' is neither utilization nor low-qos-hours");
        }
        Budget budget = budget();
        if (seeds < 1 || seeds > 1000) {
            throw new ParameterException(spec.commandLine(), "--seeds must be 1 to 1000");
        }
        if (heldOutSeeds < 1 || heldOutSeeds > 1000) {
            throw new ParameterException(spec.commandLine(), "--held-out-seeds must be 1 to 1000");
        }
        if (!(baselineTolerance >= 0 && baselineTolerance <= 100)) {
            throw new ParameterException(
                    spec.commandLine(), "--baseline-tolerance must be 0 to 100 (points of utilization)");
        }
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1");
        }
        if (shard != null && merge != null) {
            throw new ParameterException(
                    spec.commandLine(), "--shard and --merge do not go together: shards first," + " then one merge");
        }
        Slice slice = shard == null ? null : ShardOption.parse(spec.commandLine(), shard);
        for (Path dir :
                merge == null ? List.<Path>of() : merge) { // as sweep merge: the merge must not overwrite a shard
            if (Files.exists(out) && Files.exists(dir) && Files.isSameFile(out, dir)) {
                throw new ParameterException(
                        spec.commandLine(),
                        "--out: " + out + " is one of the shards;" + " merge into another directory");
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
        // overbooking.policy checked with the other keys, naming the line that set it: the replays run the tree's
        Settings given =
                configOptions.load(List.of(), Map.of(), PolicyRegistry.IN_TREE).settings();
        // the live cap, when asked, holds in every replay: what is recommended is what was replayed
        Settings base = maxSuspendsPerVmPerDay == null
                ? given
                : given.with(Options.GUARD_MAX_SUSPENDS_PER_DAY, maxSuspendsPerVmPerDay);
        SweepGrid configs = TuneGrid.of(base, grid, forecastsAndGuards);
        // hashed before it is read: a shard's marker vouches for what it replayed
        String contents = slice != null || merge != null ? RecordedWorkload.digest(records) : "";
        // what the hosts carry as the config says (sim.trace-background); the grid varies bounds and slots only
        RecordedWorkload record = SimBindings.readTrace(records, base);
        RecordFacts facts = record.facts();
        OutputDirectory.prepare(out); // before any replay: results that cannot be written must not be computed
        // a recommendation left by an earlier run must not outlive this one
        Files.deleteIfExists(out.resolve(TuneFiles.RECOMMENDED));

        Tuning tuning = new Tuning(record, seeds, heldOutSeeds);
        List<Settings> all = tuning.runs(base, configs);
        Map<String, String> described = slice != null || merge != null
                ? TuneShard.describe(base, configs, tuning.seeds(base), facts, contents)
                : Map.of();
        String fingerprint = TuneShard.fingerprint(all, described);
        err.println("tune: " + RecordNotes.hosts(facts) + ", " + facts.span());
        RecordNotes.warn(err, facts, true);
        if (configs.runs().stream().anyMatch(ReplayedForecasts::forecastAware)) {
            err.println("tune: forecasts in the record: " + RecordNotes.forecasts(facts));
        }
        SweepRunner runner = new SweepRunner(threads, err);
        long started = System.nanoTime();
        List<SimResult> results;
        if (merge != null) {
            results = TuneShard.merge(merge, all.size(), described, fingerprint);
            err.printf(
                    Locale.ROOT,
                    "tune: %d replays merged from %d shard%s%n",
                    all.size(),
                    merge.size(),
                    merge.size() == 1 ? "" : "s");
        } else {
            List<Integer> positions = (slice == null ? Slice.WHOLE : slice).positions(all.size());
            err.printf(
                    Locale.ROOT,
                    "tune: %s%d configurations and the baseline x %d seed%s = %d replays of %s on %d" + " thread%s%n",
                    slice == null ? "" : "shard " + slice + ", " + positions.size() + " of ",
                    configs.runs().size(),
                    seeds,
                    seeds == 1 ? "" : "s",
                    all.size(),
                    RecordFacts.human(record.replaySeconds()),
                    threads,
                    threads == 1 ? "" : "s");
            err.flush();
            results = replay(tuning, all, positions, facts, runner);
            if (slice != null) {
                TuneShard.write(out, slice, all.size(), described, fingerprint, positions, results);
                stdout.printf(
                        Locale.ROOT,
                        "wrote %s and %s (shard %s: %d of %d replays in %.1f s)%n",
                        out.resolve(TuneShard.KIND.rowsFile()),
                        out.resolve(ShardMarker.FILE),
                        slice,
                        positions.size(),
                        all.size(),
                        (System.nanoTime() - started) / 1e9);
                stdout.flush();
                return ExitCodes.OK;
            }
        }
        List<TunedConfig> tuned = tuning.tuned(base, configs, results);
        BaselineCheck check = checked(facts, tuned.get(0).utilizationMean());
        if (!check.known()) {
            err.println("overbookd: warning: " + check.describe() + ": the replay cannot be checked against what the"
                    + " cluster measured");
        }
        Frontier frontier = new Frontier(tuned.get(0), tuned.subList(1, tuned.size()), budget, goal);
        frontier = checkHeldOut(frontier, tuning, base, runner, err);
        // the records' measured high-QoS loads, the generator's low-QoS queue (as every replay)
        Provenance workload = Provenance.trace(records, Provenance.Demand.MEASURED);
        List<Path> written = TuneFiles.writeFrontier(out, frontier, configs.swept(), workload, facts);
        TuneTable.print(stdout, frontier, check);
        stdout.printf(
                Locale.ROOT,
                "(%d replays %s and %d held out in %.1f s)%n",
                all.size(),
                merge == null ? "run" : "merged",
                frontier.checked().size() * heldOutSeeds,
                (System.nanoTime() - started) / 1e9);
        for (Path file : written) {
            stdout.println("wrote " + file);
        }
        if (frontier.recommended().isEmpty()) {
            stdout.flush();
            err.println("overbookd: "
                    + (frontier.checked().isEmpty()
                            ? "no configuration keeps " + budget.describe() + "; no recommended.properties written."
                                    + " Raise the budget or try lower bounds and fewer slots (--grid)."
                            : "every configuration within the budget on the seeds that chose it broke it on the "
                                    + heldOutSeeds + " held-out seeds; no recommended.properties written. The budget is"
                                    + " too tight for what the seeds can tell apart: raise it, or --seeds for a surer"
                                    + " choice."));
            err.flush();
            return ExitCodes.NO_RECOMMENDATION;
        }
        List<org.overbookd.config.Option<?>> recommendedKeys = new ArrayList<>(configs.swept());
        if (maxSuspendsPerVmPerDay != null && !recommendedKeys.contains(Options.GUARD_MAX_SUSPENDS_PER_DAY)) {
            recommendedKeys.add(Options.GUARD_MAX_SUSPENDS_PER_DAY);
        }
        stdout.println(
                "wrote " + TuneFiles.writeRecommended(out, frontier, given, recommendedKeys, records, facts, check));
        stdout.flush();
        return ExitCodes.OK;
    }

    /**
     * The configurations within the budget, in order of recommendation, each replayed with the
     * held-out seeds until one keeps within the budget there too: that one is the recommendation.
     */
    private Frontier checkHeldOut(Frontier frontier, Tuning tuning, Settings base, SweepRunner runner, PrintWriter err)
            throws Exception {
        Map<Integer, TunedConfig> checked = new LinkedHashMap<>();
        List<Long> held = tuning.heldOutSeeds(base);
        for (TunedConfig candidate : frontier.ranked()) {
            err.printf(
                    Locale.ROOT,
                    "tune: checking %s on %d held-out seeds (%d to %d)%n",
                    candidate.label(),
                    held.size(),
                    held.get(0),
                    held.get(held.size() - 1));
            err.flush();
            TunedConfig heldOut = tuning.heldOut(candidate, base, runner);
            checked.put(candidate.position(), heldOut);
            if (frontier.budget().admits(heldOut)) {
                break;
            }
            err.println("overbookd: warning: " + candidate.label() + " breaks the budget on the held-out seeds, "
                    + frontier.budget().against(heldOut) + "; not recommended, the next in order is checked");
        }
        return frontier.withHeldOut(checked);
    }

    /**
     * Replays the runs at {@code positions} of {@code all} (every run, or a shard's), in order: the
     * baseline's first (they come first in the list), so that a replay that is not the recorded cluster
     * is refused before the grid is replayed on it.
     */
    private List<SimResult> replay(
            Tuning tuning, List<Settings> all, List<Integer> positions, RecordFacts facts, SweepRunner runner)
            throws InterruptedException, InputException {
        List<Settings> mine = positions.stream().map(all::get).toList();
        int baselineRuns = (int) positions.stream().filter(p -> p < seeds).count();
        List<SimResult> results = new ArrayList<>(tuning.replay(mine.subList(0, baselineRuns), runner));
        if (baselineRuns > 0) {
            checked(facts, results.get(0).utilization());
        }
        results.addAll(tuning.replay(mine.subList(baselineRuns, mine.size()), runner));
        return results;
    }

    /**
     * The baseline check of a replay without overbooking that measured {@code replayed}.
     *
     * @throws InputException (exit 65) when the replay is not the recorded cluster: advice from it
     *                        would not hold there, so none is given
     */
    private BaselineCheck checked(RecordFacts facts, double replayed) throws InputException {
        BaselineCheck check = new BaselineCheck(facts.baselineUtilization(), replayed, baselineTolerance);
        if (!check.holds()) {
            throw new InputException("the replay is not the recorded cluster: " + check.describe() + ". Advice from"
                    + " it would not hold on the cluster, so none is given. Most often the hosts measured load that"
                    + " the record's VMs do not account for (the hypervisor's own, VMs not in the record); 'overbookd"
                    + " record-info' shows both figures, and --baseline-tolerance accepts a gap that is known.");
        }
        return check;
    }

    private Budget budget() {
        if (!(maxDegradation >= 0 && maxDegradation <= 100)) {
            throw new ParameterException(
                    spec.commandLine(), "--max-degradation must be 0 to 100 (percent of host-steps)");
        }
        if (maxDegradation95 != null && !(maxDegradation95 >= 0 && maxDegradation95 <= 100)) {
            throw new ParameterException(
                    spec.commandLine(), "--max-degradation-95 must be 0 to 100 (percent of host-steps)");
        }
        if (maxSuspendsPerVmPerDay != null && !(maxSuspendsPerVmPerDay >= 1 && maxSuspendsPerVmPerDay <= 10_000)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--max-suspends-per-vm-per-day must be 1 to 10000" + " (suspensions of one VM a day)");
        }
        if (maxSuspendsPerDay != null && !(maxSuspendsPerDay >= 0 && maxSuspendsPerDay < Double.POSITIVE_INFINITY)) {
            throw new ParameterException(
                    spec.commandLine(), "--max-suspends-per-day must be 0 or more (suspensions a day)");
        }
        return new Budget(
                maxDegradation,
                maxDegradation95 == null ? Double.NaN : maxDegradation95,
                maxSuspendsPerDay == null ? Double.NaN : maxSuspendsPerDay);
    }
}
