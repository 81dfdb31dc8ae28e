package org.overbookd.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.overbookd.experiment.Experiment;
import org.overbookd.experiment.ExperimentException;
import org.overbookd.experiment.Experiments;
import org.overbookd.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "experiment",
        description = {
            "Run one of the papers' experiments and print our figures beside the paper's, as Markdown tables",
            "(the documentation's tables are this command's output). Progress goes to stderr.",
            "Without a NAME, lists the experiments."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd experiment verboven-tables --threads 2",
            "  overbookd experiment verboven-tables --part table-2"
        })
final class ExperimentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The experiment.")
    String name;

    @Option(names = "--part", paramLabel = "PART", description = "Print one of the experiment's tables only.")
    String part;

    @Option(names = "--full", description = "The paper's scale, where the default is a shorter run for a developer.")
    boolean full;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where an experiment that draws figures (silva-section5's heat maps) writes them.")
    Path out;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description =
                    "Runs in parallel (default: the number of cores, ${DEFAULT-VALUE}). Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (name == null) {
            for (Experiment e : Experiments.all()) {
                out.printf("%-22s %s%n", e.name(), e.summary());
            }
            out.flush();
            return ExitCodes.OK;
        }
        Experiment experiment = Experiments.byName(name)
                .orElseThrow(() -> new ParameterException(
                        spec.commandLine(),
                        "NAME: '" + name + "' is not one of " + String.join(", ", Experiments.names())));
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1");
        }
        try {
            experiment.run(
                    new Experiment.Run(threads, full, part, this.out),
                    out,
                    spec.commandLine().getErr());
        } catch (ExperimentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (InputException e) {
            spec.commandLine().getErr().println("overbookd: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCodes.of(e);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
