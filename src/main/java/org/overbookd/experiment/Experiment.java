package org.overbookd.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.overbookd.io.InputException;

/**
 * One of the papers' experiments: it runs the models and prints, on {@code out}, Markdown tables of
 * our figures beside the paper's, and nothing that changes from one run to the next (no times), so
 * that its output is the documentation's table byte for byte. Progress goes to {@code err}.
 */
public interface Experiment {

    /** The name the command line knows it by. */
    String name();

    /** One line: the paper, what is run, on what. */
    String summary();

    /**
     * Runs the experiment.
     *
     * @throws ExperimentException for a part it does not have, or a setting it cannot use
     * @throws InputException       for an input file missing or found wrong
     */
    void run(Run run, PrintWriter out, PrintWriter err)
            throws ExperimentException, InterruptedException, InputException;

    /**
     * How to run it.
     *
     * @param threads runs in parallel; results never depend on it
     * @param full    the paper's scale where the default is a developer's shorter run
     * @param part    the one table to print (an experiment's own names), or null for all
     * @param out     where an experiment that draws figures writes them, or null for none
     */
    record Run(int threads, boolean full, String part, Path out) {
        public Run {
            if (threads < 1) {
                throw new IllegalArgumentException("at least one thread");
            }
        }
    }
}
