package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command's help, as {@code overbookd help X} prints it, can be copied from: no path, flag or
 * command is broken across two lines, an example is never wrapped, no usage line names a hidden
 * command, and each command's {@code --config} says what the file is to it.
 */
class HelpTextTest {

    /** The top level's help and each command's, by the name a user types. */
    private static Map<String, String> helps(int width) {
        CommandLine cli = Main.commandLine();
        Map<String, String> helps = new TreeMap<>();
        cli.setUsageHelpWidth(width);
        helps.put("overbookd", cli.getUsageMessage(Ansi.OFF));
        for (Map.Entry<String, CommandLine> command : cli.getSubcommands().entrySet()) {
            command.getValue().setUsageHelpWidth(width);
            helps.put(Main.publicName(command.getValue()), command.getValue().getUsageMessage(Ansi.OFF));
        }
        return helps;
    }

    private static Map<String, Long> tokens(String text) {
        return List.of(text.strip().split("\\s+")).stream()
                .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
    }

    /**
     * Laid out at 80 columns, a help has the very words it has on one line each (laid out 1,000 wide):
     * a line broken inside a word would make two words of one ("conf/overbookd." and "properties").
     */
    @Test
    void noWordIsBrokenAcrossLines() {
        Map<String, String> narrow = helps(80);
        Map<String, String> wide = helps(1000);
        assertTrue(narrow.size() >= 15, narrow.keySet().toString());
        for (String command : narrow.keySet()) {
            String text = narrow.get(command);
            assertEquals(tokens(wide.get(command)), tokens(text), command + ":\n" + text);
            // and the width is kept: only a word longer than a line could overflow it, and none is
            for (String line : text.split("\n")) {
                assertTrue(line.length() <= 80, command + ": a line of " + line.length() + " columns: " + line);
            }
        }
    }

    /**
     * The top level's list of commands gives each one a whole first paragraph, not the first source
     * line of its description: convert-trace's once stopped at "which simulate (...) and tune".
     */
    @Test
    void theCommandListEndsEachSummaryWithItsSentence() {
        String top = helps(1000).get("overbookd");
        String list = top.substring(
                top.indexOf("\nCommands:\n") + "\nCommands:\n".length(),
                top.indexOf("\n\n", top.indexOf("\nCommands:\n")));
        int commands = 0;
        for (String line : list.split("\n")) {
            String summary = line.strip();
            assertTrue(summary.endsWith(".") || summary.endsWith(":"), "a summary cut short: " + line + "\n" + top);
            commands++;
        }
        assertTrue(commands >= 13, list);
        assertTrue(top.contains("and tune (--record FILE) replay"), top);
        // and the exit codes it lists are those ExitCodes defines, 70 among them
        assertTrue(top.contains("70 internal error"), top);
    }

    /** The VM-type model's help names every built-in scenario and every policy it accepts. */
    @Test
    void theTypesHelpNamesEveryBuiltInScenario() {
        String help = helps(1000).get("overbookd simulate --model types");
        for (String scenario : org.overbookd.sim.types.ScenarioFile.BUILT_IN) {
            assertTrue(
                    help.contains("--scenario=NAME|FILE")
                            && help.matches("(?s).*--scenario=NAME\\|FILE[^\n]*\\b" + scenario + "\\b.*"),
                    scenario + ":\n" + help);
            assertTrue(
                    help.matches("(?s).*Built-in scenarios:[^\n]*\\b" + scenario + "\\b.*"), scenario + ":\n" + help);
        }
        assertTrue(help.matches("(?s).*Policies:[^\n]*\\bm14-central\\b.*"), help);
    }

    /** The words of the check: the examples of check-config and audit, broken at 80 columns before. */
    @Test
    void theIssuesExamplesAreWhole() {
        Map<String, String> helps = helps(80);
        assertTrue(
                helps.get("overbookd check-config").contains("/etc/overbookd/overbookd.properties"),
                helps.get("overbookd check-config"));
        assertTrue(
                helps.get("overbookd check-config").contains(" conf/overbookd.properties)."),
                helps.get("overbookd check-config"));
        assertTrue(helps.get("overbookd audit").contains("--until 2026-11-23T00:00:00Z"), helps.get("overbookd audit"));
    }

    /**
     * An example is a command line to copy: each line of the examples is indented, and a command that
     * goes on to the next line ends with a backslash (picocli's wrapping would put the rest at column 0).
     */
    @Test
    void examplesAreNeverWrapped() {
        int examples = 0;
        for (Map.Entry<String, String> help : helps(80).entrySet()) {
            String text = help.getValue();
            int at = text.indexOf("\nExamples:\n");
            if (at < 0) {
                continue;
            }
            List<String> lines =
                    List.of(text.substring(at + "\nExamples:\n".length()).split("\n"));
            boolean continued = false;
            for (String line : lines) {
                if (line.isBlank()) {
                    break; // the examples end at a blank line
                }
                assertTrue(line.startsWith("  "), help.getKey() + ": an example wrapped at: " + line + "\n" + text);
                if (!continued) {
                    examples++;
                }
                continued = line.endsWith(" \\");
            }
            assertFalse(continued, help.getKey() + ": the last example ends with a backslash");
        }
        assertTrue(examples >= 10, examples + " examples");
    }

    @Test
    void usageLinesNameNoHiddenCommand() {
        Map<String, String> helps = helps(80);
        for (Map.Entry<String, String> help : helps.entrySet()) {
            for (String hidden : List.of("simulate-slots", "simulate-types", "simulate-requests")) {
                assertFalse(
                        help.getValue().contains(hidden), help.getKey() + " names " + hidden + ":\n" + help.getValue());
            }
        }
        assertTrue(
                helps.get("overbookd simulate --model slots").startsWith("Usage: overbookd simulate --model slots "),
                helps.get("overbookd simulate --model slots"));
        // and through the help command, as a user asks for it
        Cli shown = Cli.run("simulate", "--model", "types", "--help");
        assertEquals(0, shown.exitCode(), shown.err());
        assertTrue(shown.out().startsWith("Usage: overbookd simulate --model types "), shown.out());
    }

    /** Each --config says what the file is to its command; only run requires it. */
    @Test
    void eachCommandsConfigSaysWhatTheFileIsToIt() {
        List<String> descriptions = new ArrayList<>();
        for (CommandLine command : Main.commandLine().getSubcommands().values()) {
            OptionSpec config = command.getCommandSpec().findOption("--config");
            if (config == null) {
                continue;
            }
            String description = String.join(" ", config.description());
            descriptions.add(description);
            assertEquals(
                    command.getCommandName().equals("run"),
                    description.contains("Required"),
                    command.getCommandName() + ": " + description);
            assertFalse(description.contains("run requires it"), command.getCommandName() + ": " + description);
            // the value still reaches the command: the option is the mixin's, re-described
            assertTrue(config.getter() != null && config.setter() != null, command.getCommandName());
        }
        assertTrue(descriptions.size() >= 6, descriptions.toString());
        assertEquals(descriptions.size(), descriptions.stream().distinct().count(), "each its own: " + descriptions);
        // a command alone gets the same text as among all the others
        assertEquals(
                String.join(
                        " ",
                        Main.commandLine()
                                .getSubcommands()
                                .get("sweep")
                                .getCommandSpec()
                                .findOption("--config")
                                .description()),
                String.join(
                        " ",
                        Main.commandLine("sweep")
                                .getSubcommands()
                                .get("sweep")
                                .getCommandSpec()
                                .findOption("--config")
                                .description()));
    }

    /** The option, re-described, still carries what the user gives to the command's mixin. */
    @Test
    void theReDescribedConfigStillReachesTheCommand() {
        Cli missing = Cli.run("check-config", "--config", "/nonexistent/overbookd.properties");
        assertEquals(ExitCodes.CONFIG, missing.exitCode(), missing.out() + missing.err());
        assertTrue(missing.err().contains("/nonexistent/overbookd.properties"), missing.err());
    }
}
