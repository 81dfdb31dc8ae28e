package org.overbookd.cli;

/** Runs {@code overbookd simulate --model types ...} in-process, as a user types it. */
final class TypesCli {

    private TypesCli() {}

    static Cli run(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "simulate";
        all[1] = "--model=types";
        System.arraycopy(args, 0, all, 2, args.length);
        return Cli.run(all);
    }
}
