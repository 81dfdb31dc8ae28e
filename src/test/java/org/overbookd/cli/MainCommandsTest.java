package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A start builds only the command it runs: each command's model on its own is the model it has
 * among all the others (its usage text, the inherited --help and --version included, and what it
 * parses), and help and unknown names still get every command.
 */
class MainCommandsTest {

    @Test
    void eachCommandAloneIsTheCommandAmongAllTheOthers() {
        Map<String, CommandLine> all = Main.commandLine().getSubcommands();
        assertTrue(all.size() >= 14, all.keySet().toString());
        for (Map.Entry<String, CommandLine> command : all.entrySet()) {
            if (command.getKey().equals("help")) {
                continue;
            }
            CommandLine alone = Main.commandLine(command.getKey());
            assertEquals(
                    List.of(command.getKey()),
                    List.copyOf(alone.getSubcommands().keySet()));
            CommandLine sub = alone.getSubcommands().get(command.getKey());
            assertEquals(command.getValue().getUsageMessage(), sub.getUsageMessage(), command.getKey());
            assertTrue(sub.getCommandSpec().findOption("--help") != null, command.getKey() + " inherits --help");
        }
    }

    @Test
    void helpAndUnknownNamesGetEveryCommand() {
        int all = Main.commandLine().getSubcommands().size();
        assertEquals(all, Main.commandLine("help").getSubcommands().size());
        assertEquals(all, Main.commandLine("simulat").getSubcommands().size());
        assertEquals(all, Main.commandLine("--version").getSubcommands().size());
        CommandLine help = Main.commandLine("help");
        StringWriter out = new StringWriter();
        help.setOut(new PrintWriter(out));
        assertEquals(0, help.execute("help", "sweep"));
        assertTrue(out.toString().startsWith("Usage: overbookd sweep"), out.toString());
    }

    @Test
    void aCommandAloneParsesAndRefusesAsAmongAll() {
        CommandLine alone = Main.commandLine("sweep");
        StringWriter err = new StringWriter();
        alone.setErr(new PrintWriter(err));
        assertEquals(ExitCodes.USAGE, alone.execute("sweep", "--no-such-option"));
        assertTrue(err.toString().contains("overbookd: Unknown option: '--no-such-option'"), err.toString());
    }
}
