package org.overbookd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import org.overbookd.config.ConfigException;
import org.overbookd.daemon.OutOfMemoryExit;
import org.overbookd.io.InputException;
import org.overbookd.policy.registry.PolicyRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(
        name = "overbookd",
        mixinStandardHelpOptions = true,
        scope = CommandLine.ScopeType.INHERIT,
        versionProvider = Main.Version.class,
        description = {
            "Raises the utilization of a virtualized cluster by overbooking it with low-QoS VMs,",
            "while protecting the high-QoS VMs already there."
        },
        footer = {
            "",
            "Exit codes: 0 ok, 64 usage error, 65 bad input data, 66 cannot read an input,",
            "69 service unavailable, 70 internal error, 73 cannot write output, 78 configuration error."
        })
public final class Main {

    static {
        // Before the first logger: journald stamps every line itself and reads its priority from a
        // "<N>" prefix (when JOURNAL_STREAM names the stream stderr is); anywhere else the human log
        // carries its own timestamp and no prefix.
        boolean journal = Journal.isStderr();
        if (System.getProperty("overbookd.log.time") == null) {
            System.setProperty("overbookd.log.time", journal ? "" : "ISO8601");
        }
        if (journal && System.getProperty(Journal.PROPERTY) == null) {
            System.setProperty(Journal.PROPERTY, "true");
            System.setErr(Journal.prefixing(System.err));
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    /** The commands, in the order the help lists them. */
    private static final List<Class<?>> COMMANDS = List.of(
            RunCommand.class,
            SimulateCommand.class,
            SlotsSimulateCommand.class,
            RequestsSimulateCommand.class,
            TypesSimulateCommand.class,
            CompareCommand.class,
            SweepCommand.class,
            TuneCommand.class,
            ExperimentCommand.class,
            ConvertTraceCommand.class,
            RecordInfoCommand.class,
            AuditCommand.class,
            StatusCommand.class,
            CheckConfigCommand.class,
            ConfigReferenceCommand.class,
            CommandLine.HelpCommand.class);

    public static void main(String[] args) {
        // a thread of the daemon's (Quartz's, a pool's) that runs out of memory ends the JVM as this one does
        OutOfMemoryExit.onUncaught();
        int code;
        try {
            code = execute(args);
        } catch (OutOfMemoryError e) {
            // no stack trace: the trace of an allocation says nothing useful to the person at the terminal
            System.err.println(OutOfMemoryExit.message());
            code = ExitCodes.SOFTWARE;
        }
        System.exit(code);
    }

    /** Runs a command line and returns its exit code; never exits the JVM (tests call this). */
    public static int execute(String... args) {
        String[] routed = route(args);
        return commandLine(routed.length == 0 ? null : routed[0]).execute(routed);
    }

    /**
     * {@code simulate --model M ...} for a model other than overbooking becomes {@code simulate-M ...}:
     * each model is its own command with its own options and help, and a user still types one verb.
     */
    public static String[] route(String... args) {
        if (args.length == 0 || !args[0].equals("simulate")) {
            return args;
        }
        java.util.List<String> rest = new java.util.ArrayList<>(java.util.List.of(args));
        for (int i = 1; i < rest.size(); i++) {
            String arg = rest.get(i);
            String model = null;
            int width = 0;
            if (arg.equals("--model") && i + 1 < rest.size()) {
                model = rest.get(i + 1);
                width = 2;
            } else if (arg.startsWith("--model=")) {
                model = arg.substring("--model=".length());
                width = 1;
            }
            if (model != null) {
                if (!SimulateCommand.MODELS.contains(model) || model.equals(SimulateCommand.DEFAULT_MODEL)) {
                    return args; // the simulate command reports an unknown model itself
                }
                for (int k = 0; k < width; k++) {
                    rest.remove(i);
                }
                rest.set(0, "simulate-" + model);
                return rest.toArray(String[]::new);
            }
        }
        return args;
    }

    /** Every command. */
    public static CommandLine commandLine() {
        return commandLine((String) null);
    }

    /**
     * Every command, choosing policies from {@code policies} (the in-tree ones and more, see
     * {@link PolicyRegistry#with}) instead of {@link PolicyRegistry#IN_TREE}: how a policy kept
     * outside this code base, or a test's, runs through the commands a user types.
     */
    public static CommandLine commandLine(PolicyRegistry policies) {
        return commandLine(null, policies);
    }

    static CommandLine commandLine(String name) {
        return commandLine(name, PolicyRegistry.IN_TREE);
    }

    /**
     * The command line with only the command {@code name} when it names one (other than help), else
     * with every command. picocli reads a command's annotations, fields and their types when it is
     * added, so a start that builds all fourteen loads the daemon's, HA's and the audit's classes to
     * run a sweep, CPU a cold JVM feels (docs/performance.md). What the user sees is the same: the command's
     * options, help and errors are its own; a name that is no command, {@code help} and the
     * top-level options get every command, for the listing and the suggestions.
     */
    static CommandLine commandLine(String name, PolicyRegistry policies) {
        CommandLine.IFactory commands = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                K made = CommandLine.defaultFactory().create(type);
                if (made instanceof ChoosesPolicies chooser) {
                    chooser.use(policies);
                }
                return made;
            }
        };
        CommandLine cli = new CommandLine(new Main(), commands);
        List<Class<?>> named = "help".equals(name)
                ? List.of()
                : COMMANDS.stream().filter(c -> commandName(c).equals(name)).toList();
        for (Class<?> command : named.isEmpty() ? COMMANDS : named) {
            cli.addSubcommand(command);
        }
        cli.getSubcommands().values().forEach(ConfigOptions::describe);
        // after the commands are added: these settings reach only the commands already there
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setHelpFactory(WholeWordHelp::new);
        cli.setExitCodeExceptionMapper(Main::exitCode);
        cli.setParameterExceptionHandler((ex, arguments) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("overbookd: " + ex.getMessage());
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
                err.println("Try '" + publicName(ex.getCommandLine()) + " --help' for more information.");
            }
            err.flush();
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            int code = exitCode(ex);
            if (ex instanceof ConfigException config) {
                err.println("overbookd: configuration error"
                        + (config.problems().size() > 1
                                ? "s (" + config.problems().size() + ")"
                                : "") + ":");
                config.problems().forEach(p -> err.println("  " + p));
            } else if (code == ExitCodes.SOFTWARE) {
                LOG.error("internal error", ex);
                err.println("overbookd: internal error: " + ex);
            } else if (ex instanceof IOException io) {
                err.println("overbookd: " + ioMessage(io));
            } else if (ex instanceof UncheckedIOException io) {
                err.println("overbookd: "
                        + (io.getMessage() != null && !io.getMessage().equals(String.valueOf(io.getCause()))
                                ? io.getMessage()
                                : ioMessage(io.getCause())));
            } else {
                err.println("overbookd: " + ex.getMessage());
            }
            err.flush();
            return code;
        });
        return cli;
    }

    private static String commandName(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }

    /**
     * "cannot write /proc/x: no such file or directory", for an output under {@code out}: the file the
     * system names (else {@code out}) and its reason in words, never a bare path.
     */
    static String writeFailure(java.nio.file.Path out, IOException e) {
        String file = org.overbookd.io.IoReasons.file(e);
        return "cannot write " + (file == null ? out : file) + ": " + org.overbookd.io.IoReasons.of(e);
    }

    /** "cannot write /proc/x: no such file or directory": the file and the system's reason, never a bare path. */
    static String ioMessage(IOException e) {
        String file = org.overbookd.io.IoReasons.file(e);
        String reason = org.overbookd.io.IoReasons.of(e);
        return file == null ? reason : file + ": " + reason;
    }

    /** The command as the user typed it: the hidden {@code simulate-M} commands are {@code simulate --model M}. */
    static String publicName(CommandLine command) {
        return publicName(command.getCommandSpec().qualifiedName());
    }

    /** {@code overbookd simulate-slots} as {@code overbookd simulate --model slots}; other names as they are. */
    static String publicName(String qualifiedName) {
        return qualifiedName.replaceFirst("simulate-(\\w+)$", "simulate --model $1");
    }

    static int exitCode(Throwable ex) {
        if (ex instanceof ConfigException) {
            return ExitCodes.CONFIG;
        }
        if (ex instanceof InputException input) {
            return ExitCodes.of(input);
        }
        if (ex instanceof CommandLine.ParameterException) {
            return ExitCodes.USAGE;
        }
        if (ex instanceof IOException || ex instanceof UncheckedIOException) {
            return ExitCodes.CANT_CREATE;
        }
        return ExitCodes.SOFTWARE;
    }

    /** The version from the jar's manifest, or "development" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"overbookd " + (v == null ? "development" : v)};
        }
    }
}
