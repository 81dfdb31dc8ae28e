package org.overbookd.cli;

import java.util.concurrent.Callable;
import org.overbookd.config.ConfigReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "config-reference",
        description = "Print the reference of every configuration key (Markdown), generated from the option schema.")
final class ConfigReferenceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(ConfigReference.markdown());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
