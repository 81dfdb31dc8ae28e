package org.overbookd.cli;

import java.util.concurrent.Callable;
import org.overbookd.config.ConfigReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "config-reference",
        description = {
            "Print the reference of every configuration key, generated from the option schema, as a Markdown",
            "table (docs/configuration.md's) or as a properties file with every key at its default",
            "(conf/overbookd.properties)."
        })
final class ConfigReferenceCommand implements Callable<Integer> {

    enum Format {
        MARKDOWN,
        PROPERTIES
    }

    @Spec
    CommandSpec spec;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "markdown (default) or properties.",
            converter = FormatConverter.class)
    Format format = Format.MARKDOWN;

    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            for (Format f : Format.values()) {
                if (f.name().equalsIgnoreCase(value)) {
                    return f;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not markdown or properties");
        }
    }

    @Override
    public Integer call() {
        spec.commandLine()
                .getOut()
                .print(format == Format.MARKDOWN ? ConfigReference.markdown() : ConfigReference.properties());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
