package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in-process and captures what it prints. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        return run(Main.commandLine(), args);
    }

    /** Runs {@code cli}, for instance {@link Main#commandLine()} with a command not mounted yet. */
    static Cli run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
