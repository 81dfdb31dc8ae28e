package org.overbookd.cli;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "check-config",
        description = {"Validate a configuration file against the option schema and print the effective settings.",
            "Every problem is reported at once; the exit code is 78 if there is any."})
final class CheckConfigCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @picocli.CommandLine.Option(names = "--quiet", description = "Print nothing when the file is valid.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        Settings settings = configOptions.load(List.of("sweep."), Map.of()).settings();
        if (!quiet) {
            var out = spec.commandLine().getOut();
            out.println((configOptions.config == null ? "built-in defaults" : configOptions.config) + ": valid");
            for (Option<?> option : Options.ALL) {
                out.println(option.key() + " = " + settings.formatted(option));
            }
            out.flush();
        }
        return ExitCodes.OK;
    }
}
