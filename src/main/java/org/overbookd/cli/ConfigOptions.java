package org.overbookd.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.config.ConfigException;
import org.overbookd.config.SettingsLoader;
import picocli.CommandLine.Option;

/** The {@code --config} and {@code --set} options shared by the commands that read settings. */
final class ConfigOptions {

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "Properties file of settings (see conf/overbookd.properties). Without it: built-in defaults"
                    + " (run requires it).")
    Path config;

    @Option(names = "--set", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "Override one setting; repeatable. Wins over the file.")
    Map<String, String> overrides = new LinkedHashMap<>();

    SettingsLoader.Loaded load(List<String> passThroughPrefixes, Map<String, String> extra) throws ConfigException {
        Map<String, String> all = new LinkedHashMap<>(overrides);
        all.putAll(extra);
        return new SettingsLoader(passThroughPrefixes).load(config, all);
    }
}
