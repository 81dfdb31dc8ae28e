package org.overbookd.sim.slots;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;
import org.overbookd.io.Provenance;
import org.overbookd.policy.hybrid.Labelled;

/** Where a run's tasks come from: a trace file in one of two formats, or a built-in scenario. */
public final class Workloads {

    /** Trace formats; {@code AUTO} looks at the first line: a header means ours, a number Google's. */
    public enum Format implements Labelled {
        AUTO("auto"),
        CSV("csv"),
        GOOGLE("google");

        private final String label;

        Format(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }
    }

    /**
     * The built-in scenarios. {@code STEADY}, the default, was tuned to the row under test: the regime
     * in which HYBRID gives the paper's Table 2 ({@link SteadyBusyScenario}); {@code SWINGING}, the
     * first one built, swings between busy and quiet periods ({@link SyntheticScenario#paperLike}),
     * where HYBRID gains much less (sim/README-hybrid.md says why); {@code CALIBRATED} was fitted to
     * PRI's and PRI5's rows only ({@link CalibratedScenario#CALIBRATED}), so HYBRID's row on it is a
     * prediction.
     */
    public enum Scenario implements Labelled {
        STEADY("steady", Provenance.Kind.TUNED),
        SWINGING("swinging", Provenance.Kind.SYNTHETIC),
        CALIBRATED("calibrated", Provenance.Kind.CALIBRATED);

        private final String label;
        private final Provenance.Kind kind;

        Scenario(String label, Provenance.Kind kind) {
            this.label = label;
            this.kind = kind;
        }

        @Override
        public String label() {
            return label;
        }

        /** How the result tables label it: tuned to HYBRID's row, fitted to PRI's and PRI5's, or neither. */
        public Provenance.Kind kind() {
            return kind;
        }
    }

    /**
     * Tasks in order of submission, what they are (in words, and as the result tables say it), how
     * many of the trace's tasks were left out, and, when a task_usage file was read, how many tasks
     * had no usage in it and took their CPU request times their run as demand (0 otherwise).
     */
    public record SubmittedTasks(
            List<Task> tasks, String description, Provenance provenance, int skipped, int demandFromRequest) {

        public SubmittedTasks(List<Task> tasks, String description, Provenance provenance, int skipped) {
            this(tasks, description, provenance, skipped, 0);
        }
    }

    private Workloads() {}

    public static SubmittedTasks read(Path file, Format format) throws InputException {
        return read(file, format, null);
    }

    /**
     * A trace; {@code usage}, when not null, is the Google task_usage file the demands are read from
     * ({@link TaskEventsCsv}), which only a Google task_events trace can take.
     */
    public static SubmittedTasks read(Path file, Format format, Path usage) throws InputException {
        Format actual = format == Format.AUTO ? detect(file) : format;
        if (actual == Format.GOOGLE) {
            if (usage == null) {
                TaskEventsCsv.Result r = TaskEventsCsv.read(file);
                // a task's demand: its CPU request times its successful run
                return new SubmittedTasks(
                        r.tasks(),
                        file + " (Google task_events)",
                        Provenance.trace(file, Provenance.Demand.REQUESTED),
                        r.skipped());
            }
            TaskEventsCsv.Result r = TaskEventsCsv.read(file, usage);
            return new SubmittedTasks(
                    r.tasks(),
                    file + " (Google task_events, demand from task_usage " + usage + ")",
                    Provenance.trace(
                            List.of(file, usage),
                            r.demandFromRequest() == 0
                                    ? Provenance.Demand.MEASURED
                                    : Provenance.Demand.MEASURED_OR_REQUESTED),
                    r.skipped(),
                    r.demandFromRequest());
        }
        if (usage != null) {
            throw new InputException(
                    file,
                    "is our CSV, which states each task's demand; a task_usage file (" + usage
                            + ") goes with a Google task_events trace only");
        }
        return new SubmittedTasks(
                TaskCsv.read(file), file.toString(), Provenance.trace(file, Provenance.Demand.STATED), 0);
    }

    public static SubmittedTasks synthetic(Scenario scenario, long seed) {
        List<Task> tasks = switch (scenario) {
            case STEADY -> SteadyBusyScenario.tasks(seed);
            case SWINGING -> SyntheticScenario.paperLike().generate(seed);
            case CALIBRATED -> CalibratedScenario.CALIBRATED.tasks(seed);
        };
        return new SubmittedTasks(
                tasks,
                "built-in " + scenario.label() + " scenario, seed " + seed,
                Provenance.generated(scenario.label(), scenario.kind()),
                0);
    }

    private static Format detect(Path file) throws InputException {
        try (BufferedReader reader = InputFiles.open(file)) {
            String first = reader.readLine();
            if (first == null) {
                throw new InputException(file, "empty file");
            }
            String field = first.split(",", 2)[0].trim();
            return !field.isEmpty() && field.chars().allMatch(Character::isDigit) ? Format.GOOGLE : Format.CSV;
        } catch (IOException e) {
            throw InputException.cannotRead(file, 0, e);
        }
    }

    /** Sorted by submission time; a stable sort, so ties keep their order in the trace. */
    static List<Task> bySubmission(List<Task> tasks) {
        List<Task> sorted = new ArrayList<>(tasks);
        sorted.sort(Comparator.comparingDouble(Task::submit));
        return List.copyOf(sorted);
    }
}
