package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Runs simulate-types in-process with the same error handling as the overbookd command line
 * (Main's handlers), since it is not mounted there yet, and captures what it prints.
 */
final class TypesCli {

    private TypesCli() {
    }

    static Cli run(String... args) {
        CommandLine main = Main.commandLine();
        CommandLine cli = new CommandLine(new TypesSimulateCommand());
        cli.setParameterExceptionHandler(main.getParameterExceptionHandler());
        cli.setExecutionExceptionHandler(main.getExecutionExceptionHandler());
        cli.setExitCodeExceptionMapper(main.getExitCodeExceptionMapper());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
