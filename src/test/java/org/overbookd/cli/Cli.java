package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in-process and captures what it prints. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        return execute(Main.commandLine(), args);
    }

    /**
     * Runs a command class that Main does not mount yet, as a subcommand under Main's error
     * handling, so its exit codes are what users will see.
     */
    static Cli runMounted(Object command, String... args) {
        CommandLine cli = Main.commandLine();
        cli.addSubcommand("under-test", command);
        String[] full = new String[args.length + 1];
        full[0] = "under-test";
        System.arraycopy(args, 0, full, 1, args.length);
        return execute(cli, full);
    }

    private static Cli execute(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
