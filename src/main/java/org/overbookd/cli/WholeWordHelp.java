package org.overbookd.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Usage help whose lines break only at spaces, so that a path, a flag or a command in it can be
 * copied. picocli breaks a line where Java's line BreakIterator allows it, which is also after a '.'
 * or a '-' inside a word: "conf/overbookd." then "properties". Every table of the help (the
 * description, the option and parameter lists, the synopsis, the footer) is laid out by
 * {@link WholeWordTable} instead. The synopsis names a hidden model command as the user types it
 * ({@code simulate --model slots}), not by its internal name.
 */
final class WholeWordHelp extends Help {

    WholeWordHelp(CommandSpec spec, ColorScheme colorScheme) {
        super(spec, colorScheme);
    }

    @Override
    public String description(Object... params) {
        return section(commandSpec().usageMessage().description(), params);
    }

    @Override
    public String header(Object... params) {
        return section(commandSpec().usageMessage().header(), params);
    }

    @Override
    public String footer(Object... params) {
        return section(commandSpec().usageMessage().footer(), params);
    }

    /** A section of whole-width text, its paragraphs wrapped at spaces. */
    private String section(String[] lines, Object... params) {
        if (lines == null || lines.length == 0) {
            return "";
        }
        TextTable table = new WholeWordTable(colorScheme(), new Column(width(), 0, Column.Overflow.WRAP));
        table.setAdjustLineBreaksForWideCJKCharacters(
                commandSpec().usageMessage().adjustLineBreaksForWideCJKCharacters());
        table.indentWrappedLines = 0;
        for (String line : paragraphs(lines)) {
            for (Text text : colorScheme().text(String.format(line, params)).splitLines()) {
                table.addRowValues(text);
            }
        }
        return table.toString();
    }

    /**
     * The annotation's lines as paragraphs: a line that goes on with the sentence of the one before
     * (that one ends with no '.', ':' or '\\', and neither is blank or indented, as an example is)
     * joins it, rather than start a ragged new line where the source code's line happened to end.
     */
    static List<String> paragraphs(String[] lines) {
        List<String> paragraphs = new ArrayList<>();
        for (String line : lines) {
            int last = paragraphs.size() - 1;
            String before = last < 0 ? "" : paragraphs.get(last);
            boolean continues = !before.isBlank()
                    && !line.isBlank()
                    && !before.startsWith(" ")
                    && !line.startsWith(" ")
                    && !before.endsWith(".")
                    && !before.endsWith(":")
                    && !before.endsWith("\\");
            if (continues) {
                paragraphs.set(last, before + " " + line);
            } else {
                paragraphs.add(line);
            }
        }
        return paragraphs;
    }

    private int width() {
        return commandSpec().usageMessage().width();
    }

    @Override
    public Layout createDefaultLayout() {
        return wholeWords(super.createDefaultLayout());
    }

    @Override
    public Layout createDefaultLayout(
            List<picocli.CommandLine.Model.OptionSpec> options,
            List<picocli.CommandLine.Model.PositionalParamSpec> positionals,
            ColorScheme aColorScheme) {
        return wholeWords(super.createDefaultLayout(options, positionals, aColorScheme));
    }

    private static Layout wholeWords(Layout layout) {
        return new Layout(
                layout.colorScheme(),
                WholeWordTable.like(layout.textTable(), layout.colorScheme()),
                layout.optionRenderer(),
                layout.parameterRenderer());
    }

    /**
     * picocli's list of commands (names, then the first paragraph of each one's description, not its
     * first source line, which may stop mid-sentence), with whole words.
     */
    @Override
    public String commandList(Map<String, Help> subcommands) {
        if (subcommands.isEmpty()) {
            return "";
        }
        int names = Math.min(
                subcommands.keySet().stream().mapToInt(String::length).max().orElse(0), width() / 2);
        TextTable table = new WholeWordTable(
                colorScheme(),
                new Column(names + 2, 2, Column.Overflow.SPAN),
                new Column(width() - (names + 2), 2, Column.Overflow.WRAP));
        table.setAdjustLineBreaksForWideCJKCharacters(
                commandSpec().usageMessage().adjustLineBreaksForWideCJKCharacters());
        for (Help command : subcommands.values()) {
            CommandLine.Model.UsageMessageSpec usage = command.commandSpec().usageMessage();
            List<String> summary = paragraphs(usage.header().length > 0 ? usage.header() : usage.description());
            Text[] lines = colorScheme()
                    .text(summary.isEmpty() ? "" : String.format(summary.get(0)))
                    .splitLines();
            for (int i = 0; i < lines.length; i++) {
                table.addRowValues(i == 0 ? command.commandNamesText(", ") : Ansi.OFF.new Text(0), lines[i]);
            }
        }
        return table.toString();
    }

    /**
     * picocli's layout of the synopsis, with whole words: the command name, then its options and
     * parameters, whose wrapped lines start under the first option; under "Usage: " instead when the
     * name takes more than picocli's threshold of the width (a model's {@code simulate --model requests}).
     */
    @Override
    protected String insertSynopsisCommandName(int synopsisHeadingLength, Text details) {
        String name = Main.publicName(commandSpec().qualifiedName());
        CommandLine.Model.UsageMessageSpec usage = commandSpec().usageMessage();
        int indent = synopsisHeadingLength + name.length() + 1;
        if (indent > width() * usage.synopsisAutoIndentThreshold()) {
            indent = usage.synopsisIndent() < 0 ? synopsisHeadingLength : usage.synopsisIndent();
        }
        TextTable table = new WholeWordTable(colorScheme(), new Column(width(), 0, Column.Overflow.WRAP));
        table.setAdjustLineBreaksForWideCJKCharacters(usage.adjustLineBreaksForWideCJKCharacters());
        table.indentWrappedLines = indent;
        Text padding = Ansi.OFF.new Text(" ".repeat(synopsisHeadingLength), colorScheme());
        table.addRowValues(padding.concat(colorScheme().commandText(name)).concat(details));
        return table.toString().substring(synopsisHeadingLength);
    }

    /**
     * A text table that wraps a cell's text at spaces only. A word longer than the cell's width is
     * left to picocli, which must break it somewhere; the help's texts are written so that none is.
     */
    static final class WholeWordTable extends TextTable {

        WholeWordTable(ColorScheme colorScheme, Column... columns) {
            super(colorScheme, columns);
        }

        /** An empty table with the columns and settings of {@code table} (picocli's, not yet filled). */
        static WholeWordTable like(TextTable table, ColorScheme colorScheme) {
            WholeWordTable copy = new WholeWordTable(colorScheme, table.columns());
            copy.indentWrappedLines = table.indentWrappedLines;
            copy.setAdjustLineBreaksForWideCJKCharacters(table.isAdjustLineBreaksForWideCJKCharacters());
            return copy;
        }

        @Override
        public Cell putValue(int row, int col, Text value) {
            Column column = columns()[col];
            String plain = value.plainString();
            int first = column.width - column.indent;
            if (plain.length() <= first || column.overflow != Column.Overflow.WRAP) {
                return super.putValue(row, col, value);
            }
            List<int[]> lines = lines(plain, first, first - indentWrappedLines);
            Cell cell = null;
            for (int i = 0; i < lines.size(); i++) {
                if (row + i == rowCount()) {
                    addEmptyRow();
                }
                Text line = value.substring(lines.get(i)[0], lines.get(i)[1]);
                if (i > 0) {
                    // a word too wide for the indented line moves left rather than be broken
                    int indent = Math.min(
                            indentWrappedLines,
                            Math.max(0, first - line.plainString().length()));
                    line = Ansi.OFF.new Text(" ".repeat(indent)).concat(line);
                }
                cell = super.putValue(row + i, col, line);
            }
            return cell;
        }

        /** [start, end) of each line of {@code text} broken at spaces, the first at most {@code first} wide, the others {@code rest}. */
        static List<int[]> lines(String text, int first, int rest) {
            List<int[]> lines = new ArrayList<>();
            int start = 0;
            int width = first;
            while (start < text.length()) {
                int end = start + width;
                if (end >= text.length()) {
                    lines.add(new int[] {start, text.length()});
                    break;
                }
                int space = text.lastIndexOf(' ', end);
                if (space <= start) {
                    // a word wider than the line: it stands alone, whole
                    space = text.indexOf(' ', start);
                    if (space < 0) {
                        lines.add(new int[] {start, text.length()});
                        break;
                    }
                }
                lines.add(new int[] {start, space});
                start = space + 1;
                while (start < text.length() && text.charAt(start) == ' ') {
                    start++;
                }
                width = rest;
            }
            return lines;
        }
    }
}
