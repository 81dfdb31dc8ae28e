package org.overbookd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation holds together (issue 36): every relative link of README.md, docs/ and the
 * simulator's pages names a file or folder of the repository, every {@code #anchor} a heading of the
 * page it points into (GitHub's rule for a heading's anchor), and the README stays short enough to
 * read on one screen or two: what overbookd is, the two commands, a tour, and where to read on.
 */
class DocumentationLinksTest {

    /** The README's length the issue asks for; what does not fit belongs in docs/. */
    static final int README_MAX_LINES = 250;

    private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*```.*?^\\s*```[^\\n]*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`", Pattern.DOTALL);
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *#*$");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void theReadmeFitsItsLength() throws IOException {
        int lines =
                Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8).size();
        assertTrue(
                lines <= README_MAX_LINES,
                "README.md has " + lines + " lines, at most " + README_MAX_LINES
                        + ": move the detail into the docs/ page that holds its section");
    }

    @Test
    void everyRelativeLinkOfTheDocumentationResolves() throws IOException {
        List<Path> pages = pages(Path.of("."));
        assertTrue(
                pages.contains(Path.of("README.md")) && pages.contains(Path.of("docs/configuration.md")),
                pages.toString());
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            broken.addAll(brokenLinks(Path.of("."), page));
        }
        assertEquals(List.of(), broken);
    }

    /** The check itself fails on each kind of broken link, and passes the kinds that are whole. */
    @Test
    void theCheckFindsAMissingFileAndAMissingAnchor(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(
                root.resolve("docs/a.md"),
                String.join(
                        "\n",
                        "# Page A",
                        "",
                        "## Where a VM may go: OpenNebula's `own` matching",
                        "",
                        "[fine](#where-a-vm-may-go-opennebulas-own-matching), [fine too](../README.md#top-of-it),",
                        "[over two",
                        "lines](#page-a), [gone](missing.md), [no such heading](../README.md#nowhere),",
                        "`[code](not-checked.md)`, [web](https://example.org/x), [folder](../docs)",
                        "",
                        "```sh",
                        "[in a block](not-checked-either.md)",
                        "```",
                        ""));
        Files.writeString(root.resolve("README.md"), "# Top of it\n\n[a](docs/a.md#page-a) [b](docs/a.md#page-b)\n");
        List<String> broken = new ArrayList<>();
        for (Path page : pages(root)) {
            broken.addAll(brokenLinks(root, page));
        }
        assertEquals(
                List.of(
                        "README.md: docs/a.md#page-b (no heading with that anchor)",
                        "docs/a.md: missing.md (no such file)",
                        "docs/a.md: ../README.md#nowhere (no heading with that anchor)"),
                broken);
    }

    /** README.md, every Markdown page under docs/, and the simulator's pages in sim/, relative to root. */
    static List<Path> pages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        for (String dir : List.of("docs", "sim")) {
            if (!Files.isDirectory(root.resolve(dir))) {
                continue;
            }
            try (Stream<Path> files =
                    dir.equals("docs") ? Files.walk(root.resolve(dir)) : Files.list(root.resolve(dir))) {
                files.filter(p -> p.getFileName().toString().endsWith(".md"))
                        .map(p -> root.relativize(p))
                        .sorted()
                        .forEach(pages::add);
            }
        }
        return pages;
    }

    /** The links of one page that do not resolve, each as "page: target (why)". */
    static List<String> brokenLinks(Path root, Path page) throws IOException {
        String text = prose(Files.readString(root.resolve(page), StandardCharsets.UTF_8));
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        Matcher link = LINK.matcher(text);
        while (link.find()) {
            String target = link.group(1);
            if (SCHEME.matcher(target).find()) {
                continue;
            }
            int hash = target.indexOf('#');
            String file = hash < 0 ? target : target.substring(0, hash);
            Path resolved = file.isEmpty() ? page : normalized(page, file);
            if (resolved.startsWith("..") || !Files.exists(root.resolve(resolved))) {
                broken.add(page + ": " + target + " (no such file)");
            } else if (hash >= 0 && resolved.toString().endsWith(".md")) {
                Set<String> known = anchors.computeIfAbsent(resolved, p -> anchorsOf(root.resolve(p)));
                if (!known.contains(target.substring(hash + 1))) {
                    broken.add(page + ": " + target + " (no heading with that anchor)");
                }
            }
        }
        return broken;
    }

    private static Path normalized(Path page, String file) {
        Path parent = page.getParent();
        return (parent == null ? Path.of(file) : parent.resolve(file)).normalize();
    }

    /** The page without what is not prose: fenced blocks, code spans and comments hold no links. */
    private static String prose(String markdown) {
        String text = FENCE.matcher(markdown).replaceAll("");
        text = COMMENT.matcher(text).replaceAll("");
        return CODE_SPAN.matcher(text).replaceAll("");
    }

    /** The anchors GitHub gives the headings of a page: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static Set<String> anchorsOf(Path page) {
        String text;
        try {
            text = FENCE.matcher(Files.readString(page, StandardCharsets.UTF_8)).replaceAll("");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher heading = HEADING.matcher(text);
        while (heading.find()) {
            String slug = heading.group(1)
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }
}
