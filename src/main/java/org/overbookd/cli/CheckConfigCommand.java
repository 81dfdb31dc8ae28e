package org.overbookd.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ConfigProblem;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.daemon.Preflight;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "check-config",
        description = {
            "Validate a configuration file against the option schema, run the checks 'run' makes before"
                    + " its first cycle (auth file present and private, audit and record files writable; then, against"
                    + " oned, the session accepted and the right to keep the heartbeat board), and print the effective"
                    + " settings.",
            "Every problem of the file is reported at once; once the file is valid, every failed check is. The"
                    + " exit code is 78 if there is any. Checks run as the calling user: run it as the service's user"
                    + " (sudo -u overbookd) to check what the service will meet."
        },
        footer = {
            "",
            "Examples:",
            "  sudo -u overbookd overbookd check-config \\",
            "      --config /etc/overbookd/overbookd.properties",
            "  overbookd check-config --config conf/overbookd.properties \\",
            "      --set backend=simulated --quiet"
        })
final class CheckConfigCommand extends ChoosesPolicies implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @picocli.CommandLine.Option(names = "--quiet", description = "Print nothing when the file is valid.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        Settings settings =
                configOptions.load(List.of("sweep."), Map.of(), registry()).settings();
        List<Preflight.Check> checks = new java.util.ArrayList<>(Preflight.run(settings));
        if (checks.stream().noneMatch(c -> c.status() == Preflight.Status.FAILED)) {
            // what oned says of the account, once the files it needs are right
            checks.addAll(Preflight.oned(settings, false));
        }
        var out = spec.commandLine().getOut();
        String source = configOptions.config == null ? "built-in defaults" : configOptions.config.toString();
        boolean failed = checks.stream().anyMatch(c -> c.status() == Preflight.Status.FAILED);
        if (!quiet || failed) {
            out.println(source + ": " + (failed ? "the settings are valid, but 'run' would refuse to start" : "valid"));
            for (Preflight.Check check : checks) {
                out.printf(Locale.ROOT, "  %-11s %-16s %s%n", label(check.status()), check.key(), check.detail());
            }
            out.flush();
        }
        if (failed) {
            List<ConfigProblem> problems = checks.stream()
                    .filter(c -> c.status() == Preflight.Status.FAILED)
                    .map(c -> new ConfigProblem("", c.key(), c.detail()))
                    .toList();
            throw new ConfigException(problems);
        }
        if (!quiet) {
            for (Option<?> option : Options.ALL) {
                out.println(option.key() + " = " + settings.formatted(option));
            }
            out.flush();
        }
        return ExitCodes.OK;
    }

    private static String label(Preflight.Status status) {
        return switch (status) {
            case OK -> "ok";
            case FAILED -> "FAILED";
            case NOT_CHECKED -> "not checked";
        };
    }
}
