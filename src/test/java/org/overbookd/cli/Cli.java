package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Runs the command line in-process, as a user types it, and captures what it prints. It builds the command
 * line as {@link Main#execute} does, with only the command named: picocli reads every option of every command
 * it is given by reflection, and building all of them for every run was 9 % of the fast suite's CPU.
 */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] routed = Main.route(args);
        CommandLine cli = Main.commandLine(routed.length == 0 ? null : routed[0]);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(routed);
        return new Cli(code, out.toString(), err.toString());
    }
}
