package org.overbookd.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The docs and the shipped config are generated from the schema; fail when they drift from it. */
class ConfigDocsTest {

    @Test
    void shippedConfigIsTheGeneratedOne() throws Exception {
        assertEquals(
                ConfigReference.properties(),
                Files.readString(Path.of("conf/overbookd.properties")),
                "conf/overbookd.properties is stale: regenerate it with 'overbookd config-reference --format properties'");
    }

    @Test
    void shippedConfigSetsEveryKeyToItsDefault() throws Exception {
        Path file = Path.of("conf/overbookd.properties");
        String text = Files.readString(file);
        Settings loaded = new SettingsLoader().load(file, Map.of()).settings();
        for (Option<?> option : Options.ALL) {
            assertTrue(
                    text.contains("\n" + option.key() + " = ") || text.startsWith(option.key() + " = "),
                    option.key() + " missing from " + file);
            assertEquals(Settings.defaults().formatted(option), loaded.formatted(option), option.key());
        }
    }

    @Test
    void theConfigurationPageCarriesTheGeneratedKeyReference() throws Exception {
        String reference = Files.readString(Path.of("docs/configuration.md"));
        assertTrue(
                reference.contains(ConfigReference.markdown()),
                "docs/configuration.md's key reference is stale: regenerate it with conf/regenerate.sh");
    }

    @Test
    void durationsRoundTrip() {
        for (String text : new String[] {"30s", "5m", "7d", "2h", "250ms", "0s"}) {
            assertEquals(text, Durations.format(Durations.parse(text)));
        }
        assertEquals(Durations.parse("5m"), Durations.parse("PT5M"));
    }
}
