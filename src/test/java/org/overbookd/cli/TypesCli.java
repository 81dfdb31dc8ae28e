package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs simulate-types in-process, with the overbookd command line's error handling, and captures what it prints. */
final class TypesCli {

    private TypesCli() {
    }

    static Cli run(String... args) {
        CommandLine cli = TypesSimulateCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
