package org.overbookd.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The tables of the documentation that a command prints. In a Markdown file such a table stands
 * between two comments that name the command:
 *
 * <pre>
 * &lt;!-- table: overbookd experiment verboven-tables --part baseline --&gt;
 * ... exactly what the command prints ...
 * &lt;!-- end table --&gt;
 * </pre>
 *
 * and {@code table (slow):} for a command that runs a model for long (its check is tagged slow), or
 * {@code table (long):} for one that runs for many minutes (a paper-scale experiment: checked, with the
 * slow ones, only when the system property {@value #LONG} is true). The command is run in-process,
 * split at spaces (no quoting), and must exit 0. With the system property {@value #UPDATE} set to true
 * the checks write what the commands print into the files instead ({@code sim/doc-tables.sh}): one
 * command regenerates every table after a change that moves bytes.
 */
final class DocTables {

    static final String UPDATE = "overbookd.docs.update";
    static final String LONG = "overbookd.docs.long";

    /** How long a table's command runs, as its start comment says. */
    enum Speed {
        QUICK,
        SLOW,
        LONG
    }

    private static final Pattern START = Pattern.compile("^<!-- table( \\((slow|long)\\))?: (overbookd .+) -->$");
    private static final String END = "<!-- end table -->";

    /** One table: where it is, the command, whether it is slow, the lines between the comments. */
    record Block(Path file, int line, String command, Speed speed, int from, int to, String content) {}

    private DocTables() {}

    /** README.md, the pages of docs/ and the sim READMEs. */
    static List<Path> documents() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .sorted()
                    .forEach(files::add);
        }
        try (Stream<Path> sim = Files.list(Path.of("sim"))) {
            sim.filter(p -> p.getFileName().toString().matches("README.*\\.md"))
                    .sorted()
                    .forEach(files::add);
        }
        return files;
    }

    static List<Block> blocks(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = START.matcher(lines.get(i));
            if (!m.matches()) {
                if (lines.get(i).equals(END)) {
                    throw new IllegalStateException(file + ":" + (i + 1) + ": an end of table without its start");
                }
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).equals(END)) {
                if (START.matcher(lines.get(end)).matches()) {
                    throw new IllegalStateException(
                            file + ":" + (end + 1) + ": a table inside the table of line " + (i + 1));
                }
                end++;
            }
            if (end == lines.size()) {
                throw new IllegalStateException(file + ":" + (i + 1) + ": the table never ends (" + END + ")");
            }
            StringBuilder content = new StringBuilder();
            lines.subList(i + 1, end).forEach(l -> content.append(l).append('\n'));
            Speed speed = m.group(2) == null ? Speed.QUICK : m.group(2).equals("slow") ? Speed.SLOW : Speed.LONG;
            blocks.add(new Block(file, i + 1, m.group(3), speed, i + 1, end, content.toString()));
            i = end;
        }
        return blocks;
    }

    /** What the block's command prints now. */
    static String print(Block block) {
        String[] words = block.command().split(" +");
        String[] args = java.util.Arrays.copyOfRange(words, 1, words.length);
        Cli cli = Cli.run(args);
        if (cli.exitCode() != 0) {
            throw new IllegalStateException(block.file() + ":" + block.line() + ": '" + block.command() + "' exited "
                    + cli.exitCode() + ": " + cli.err());
        }
        return cli.out();
    }

    static boolean updating() {
        return Boolean.getBoolean(UPDATE);
    }

    /** Replaces the blocks' contents with {@code printed} (same order), keeping every other line. */
    static void write(Path file, List<Block> blocks, List<String> printed) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        int next = 0;
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            out.addAll(lines.subList(next, block.from()));
            String text = printed.get(b);
            if (!text.isEmpty()) {
                out.addAll(List.of(text.split("\n", -1))
                        .subList(0, (int) text.chars().filter(c -> c == '\n').count() + (text.endsWith("\n") ? 0 : 1)));
            }
            next = block.to();
        }
        out.addAll(lines.subList(next, lines.size()));
        Files.write(file, out, StandardCharsets.UTF_8);
    }

    /**
     * Checks (or, updating, rewrites) every block of the documents whose speed is one of {@code speeds};
     * returns the differences, one message per stale table.
     */
    static List<String> check(java.util.Set<Speed> speeds) throws IOException {
        List<String> stale = new ArrayList<>();
        for (Path file : documents()) {
            List<Block> all = blocks(file);
            List<Block> chosen = new ArrayList<>();
            List<String> printed = new ArrayList<>();
            for (Block b : all) {
                boolean chosenHere = speeds.contains(b.speed());
                String now = chosenHere ? print(b) : b.content();
                if (chosenHere) {
                    chosen.add(b);
                    if (!now.equals(b.content())) {
                        stale.add(b.file() + ":" + b.line() + ": '" + b.command() + "' prints another table now:\n"
                                + firstDifference(b.content(), now));
                    }
                }
                printed.add(now);
            }
            if (updating() && !chosen.isEmpty()) {
                write(file, all, printed);
            }
        }
        return updating() ? List.of() : stale;
    }

    private static String firstDifference(String was, String now) {
        String[] a = was.split("\n", -1);
        String[] b = now.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "(nothing)";
            String y = i < b.length ? b[i] : "(nothing)";
            if (!x.equals(y)) {
                return "  line " + (i + 1) + " of the table\n  documented: " + x + "\n  printed:    " + y;
            }
        }
        return "  (the same lines)";
    }
}
