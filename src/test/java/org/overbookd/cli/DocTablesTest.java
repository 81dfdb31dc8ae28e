package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation's tables are what their commands print now (those that run quickly; the slow
 * ones are DocTablesSlowTest's). A table that no longer matches its command fails here; {@code
 * sim/doc-tables.sh} regenerates every table.
 */
class DocTablesTest {

    @TempDir
    Path dir;

    @Test
    void everyQuickTableIsWhatItsCommandPrints() throws IOException {
        List<String> stale = DocTables.check(java.util.Set.of(DocTables.Speed.QUICK));
        assertTrue(stale.isEmpty(), String.join("\n", stale) + "\n(regenerate with sim/doc-tables.sh)");
    }

    @Test
    void theDocumentsHoldTablesOfBothSpeeds() throws IOException {
        long quick = 0;
        long slow = 0;
        for (Path file : DocTables.documents()) {
            for (DocTables.Block b : DocTables.blocks(file)) {
                if (b.speed() == DocTables.Speed.QUICK) {
                    quick++;
                } else {
                    slow++;
                }
            }
        }
        assertTrue(quick > 0 && slow > 0, quick + " quick, " + slow + " slow");
    }

    @Test
    void aBlockIsTheLinesBetweenItsCommentsAndWritingReplacesOnlyThem() throws IOException {
        Path md = Files.writeString(
                dir.resolve("x.md"),
                String.join(
                        "\n",
                        "text before",
                        "<!-- table: overbookd experiment -->",
                        "| old |",
                        "<!-- end table -->",
                        "between",
                        "<!-- table (slow): overbookd experiment verboven-tables --part baseline -->",
                        "<!-- end table -->",
                        "after",
                        ""));
        List<DocTables.Block> blocks = DocTables.blocks(md);
        assertEquals(2, blocks.size());
        assertEquals("overbookd experiment", blocks.get(0).command());
        assertEquals("| old |\n", blocks.get(0).content());
        assertEquals(DocTables.Speed.QUICK, blocks.get(0).speed());
        assertEquals(DocTables.Speed.SLOW, blocks.get(1).speed());
        assertEquals("", blocks.get(1).content());
        DocTables.write(md, blocks, List.of("| new |\n| two |\n", "x\n"));
        assertEquals(
                String.join(
                        "\n",
                        "text before",
                        "<!-- table: overbookd experiment -->",
                        "| new |",
                        "| two |",
                        "<!-- end table -->",
                        "between",
                        "<!-- table (slow): overbookd experiment verboven-tables --part baseline -->",
                        "x",
                        "<!-- end table -->",
                        "after",
                        ""),
                Files.readString(md));
    }

    @Test
    void aTableWithoutItsEndIsAnError() throws IOException {
        Path md = Files.writeString(dir.resolve("y.md"), "<!-- table: overbookd experiment -->\n| a |\n");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DocTables.blocks(md));
        assertTrue(e.getMessage().contains("y.md:1: the table never ends"), e.getMessage());
    }

    @Test
    void aCommandThatPrintsAnotherTableIsNamedWithItsFirstDifferentLine() throws IOException {
        // the list of experiments is a quick command whose output is known
        Path md = Files.writeString(
                dir.resolve("z.md"), "<!-- table: overbookd experiment -->\n| stale |\n" + "<!-- end table -->\n");
        DocTables.Block b = DocTables.blocks(md).get(0);
        String now = DocTables.print(b);
        assertTrue(now.startsWith("verboven-tables "), now);
        assertFalse(now.equals(b.content()));
    }
}
