package org.overbookd.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.config.ConfigException;
import org.overbookd.config.SettingsLoader;
import org.overbookd.policy.registry.PolicyRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The {@code --config} and {@code --set} options shared by the commands that read settings. What the
 * file is to each command is said in that command's help ({@link #describe}).
 */
final class ConfigOptions {

    private static final String FILE = "Properties file of settings (see conf/overbookd.properties).";

    /** What {@code --config} is to each command that has it, after {@link #FILE}. */
    private static final Map<String, String> USE = Map.of(
            "run", "Required: the daemon's settings, read again on a change and on SIGHUP.",
            "check-config", "The file to check; without it, the built-in defaults are checked.",
            "simulate", "The simulated cluster, workload and policy; without it, the built-in defaults.",
            "sweep",
                    "Its sweep.* keys give the grid, the rest the base settings (such as"
                            + " sim/verboven-tables.properties); required unless --set gives sweep.* keys.",
            "tune",
                    "The base settings the candidate bounds are replayed with (the daemon's file);"
                            + " without it, the built-in defaults.",
            "status", "The daemon's file: its status.file is read when --file is not given.");

    @Option(
            names = {"-c", "--config"},
            paramLabel = "FILE",
            description = FILE)
    Path config;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            mapFallbackValue = "",
            description = "Override one setting; repeatable. Wins over the file.")
    Map<String, String> overrides = new LinkedHashMap<>();

    /**
     * Gives {@code command}'s {@code --config}, if it has one, the description of what the file is to
     * it. A command that takes the option and has no entry here is a programming error.
     */
    static void describe(CommandLine command) {
        CommandSpec spec = command.getCommandSpec();
        OptionSpec option = spec.findOption("--config");
        if (option == null) {
            return;
        }
        String use = USE.get(spec.name());
        if (use == null) {
            throw new IllegalStateException("no --config description for the command " + spec.name());
        }
        spec.remove(option);
        spec.addOption(OptionSpec.builder(option).description(FILE + " " + use).build());
    }

    SettingsLoader.Loaded load(List<String> passThroughPrefixes, Map<String, String> extra) throws ConfigException {
        return load(new SettingsLoader(passThroughPrefixes), extra);
    }

    /**
     * The settings, overbooking.policy checked against {@code policies} with the other keys: every
     * problem of the file in one error, each naming its line or --set.
     */
    SettingsLoader.Loaded load(List<String> passThroughPrefixes, Map<String, String> extra, PolicyRegistry policies)
            throws ConfigException {
        return load(new SettingsLoader(passThroughPrefixes, policies), extra);
    }

    private SettingsLoader.Loaded load(SettingsLoader loader, Map<String, String> extra) throws ConfigException {
        Map<String, String> all = new LinkedHashMap<>(overrides);
        all.putAll(extra);
        return loader.load(config, all);
    }
}
