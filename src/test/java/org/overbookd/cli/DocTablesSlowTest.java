package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The documentation's tables whose commands run a model for long are what they print now; with
 * {@code -Doverbookd.docs.long=true}, the paper-scale ones too.
 */
@Tag("slow")
class DocTablesSlowTest {

    @Test
    void everySlowTableIsWhatItsCommandPrints() throws IOException {
        List<String> stale = DocTables.check(
                Boolean.getBoolean(DocTables.LONG)
                        ? java.util.Set.of(DocTables.Speed.SLOW, DocTables.Speed.LONG)
                        : java.util.Set.of(DocTables.Speed.SLOW));
        assertTrue(stale.isEmpty(), String.join("\n", stale) + "\n(regenerate with sim/doc-tables.sh)");
    }
}
