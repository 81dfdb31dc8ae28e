package org.overbookd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every arrow between the packages of {@code src/main/java} points down the layers, and no two
 * packages depend on each other, directly or around a loop (issue 18, "One simulation floor").
 *
 * <p>The layers, lowest first (a package may use its own layer and the layers below it):
 * <ol>
 *   <li>{@code model}: read-only views of the cluster and references to its parts;</li>
 *   <li>{@code random}, {@code engine}, {@code stats} and {@code sorted}: the floor the models share:
 *       seeded random streams, the one event queue with its total order, statistics with their
 *       definitions named, and sets of ints kept as ascending arrays (the engine sits here, not in sim as the sketch has it, because the simulated
 *       backend runs on it and lies below sim);</li>
 *   <li>{@code io}: reading and writing files, the reasons an I/O failure gives; and {@code shard},
 *       the one format of a batch system's shards (slice, marker, merge, build) that sweep and tune
 *       share, below both so that neither owns it;</li>
 *   <li>{@code policy}: the policies, pure functions from a view to decisions;</li>
 *   <li>{@code backend}: where decisions are enacted (OpenNebula);</li>
 *   <li>{@code audit}: the record of decisions and their outcomes (it names backend outcomes, so it
 *       sits above backend rather than beside it as the sketch draws them);</li>
 *   <li>{@code loop}: observe, decide, audit, enact;</li>
 *   <li>{@code sim}: the simulated worlds of the four paper models;</li>
 *   <li>{@code config}: settings and their binding to the policy and the models;</li>
 *   <li>{@code daemon} and {@code sweep}: the long-running service, and the parameter sweep over
 *       the simulator. The sketch has no place for {@code sweep}: it reads settings and runs
 *       the simulator, so it must sit above {@code config}, and only the CLI drives it, so it shares
 *       the daemon's layer (neither uses the other); and {@code experiment}, the papers' experiments
 *       printed beside the papers' figures, which run the models and the sweep's runner (it uses
 *       {@code sweep}, never the other way), and {@code tune}, the grid search over a recorded
 *       cluster, which runs its replays on the sweep's runner (it uses
 *       {@code sweep}, never the other way);</li>
 *   <li>{@code cli}: the commands.</li>
 * </ol>
 * A sub-package is in the layer of its top package ({@code sim.slots} is in {@code sim}); inside a
 * layer any arrow is allowed as long as it closes no cycle. A package that is in no layer fails the
 * test, so a new top package has to be placed here first. Every package has a
 * {@code package-info.java} that says what it holds and what it may import, and names its layer in
 * this numbering ("Layer 4"); the test checks the number.
 *
 * <p>An arrow is any mention of a class of another package in a source file: an import (static or
 * not), a fully qualified name in code, or one in a javadoc link (a link up the layers is a
 * dependency of the reader even when the compiler does not see it). Files are read as plain text;
 * no byte code, no library.
 *
 * <p>Known violations are listed below, each with why it is there and what removes it. The lists
 * only shrink: the test also fails when a listed violation is gone, so that its entry is deleted
 * with the fix.
 */
class ArchitectureTest {

    private static final Path SOURCES = Path.of("src/main/java");
    private static final String ROOT = "org.overbookd.";

    private static final List<Set<String>> LAYERS = List.of(
            Set.of("model"),
            Set.of("random", "engine", "stats", "sorted"),
            Set.of("io", "shard"),
            Set.of("policy"),
            Set.of("backend"),
            Set.of("audit"),
            Set.of("loop"),
            Set.of("sim"),
            Set.of("config"),
            Set.of("daemon", "sweep", "tune", "experiment"),
            Set.of("cli"));

    /** Upward arrows still in the code, "from -> to" (packages below org.overbookd), with the reason. */
    private static final Map<String, String> ALLOWED_UPWARD = Map.of();

    /** Package cycles still in the code (each the sorted packages of one cycle), with the reason. */
    private static final Map<Set<String>, String> ALLOWED_CYCLES = Map.of();

    /** org.overbookd.a.b.Class (or .*): the package part is the lower-case segments before the first class name. */
    private static final Pattern REFERENCE =
            Pattern.compile("\\borg\\.overbookd\\.((?:[a-z_][a-z0-9_]*\\.)*[a-z_][a-z0-9_]*)\\.(?:[A-Z]|\\*)");

    private static final Pattern LAYER_LINE = Pattern.compile("Layer \\d+");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+org\\.overbookd\\.([a-z0-9_.]+)\\s*;");

    /** package -> package it uses -> the files that use it. */
    private static Map<String, Map<String, Set<String>>> arrows;

    @BeforeAll
    static void readSources() throws IOException {
        assertTrue(Files.isDirectory(SOURCES), "run from the project directory: no " + SOURCES.toAbsolutePath());
        arrows = arrowsIn(SOURCES);
        assertTrue(arrows.size() > 10, "found only " + arrows.keySet() + " under " + SOURCES);
    }

    @Test
    void everyPackageIsInALayer() {
        List<String> unplaced =
                arrows.keySet().stream().filter(p -> layerOf(p) < 0).sorted().toList();
        assertEquals(List.of(), unplaced, "packages in no layer; place them in ArchitectureTest.LAYERS");
    }

    /** Each package says what it holds and where it sits, and the layer it names is the one above. */
    @Test
    void everyPackageHasAPackageInfoNamingItsLayer() throws IOException {
        Map<String, String> wrong = new TreeMap<>();
        for (String pkg : arrows.keySet()) {
            Path info = SOURCES.resolve(ROOT.replace('.', '/'))
                    .resolve(pkg.replace('.', '/'))
                    .resolve("package-info.java");
            if (!Files.exists(info)) {
                wrong.put(pkg, "no package-info.java");
                continue;
            }
            Matcher layer = LAYER_LINE.matcher(Files.readString(info, StandardCharsets.UTF_8));
            String expected = "Layer " + (layerOf(pkg) + 1);
            if (!layer.find() || !layer.group().equals(expected)) {
                wrong.put(pkg, "package-info.java should say \"" + expected + "\"");
            }
        }
        assertEquals(Map.of(), wrong, "package-info.java per package, naming its layer in this test's numbering");
    }

    @Test
    void importsPointDownTheLayers() {
        Map<String, Set<String>> upward = new TreeMap<>();
        arrows.forEach((from, uses) -> uses.forEach((to, files) -> {
            if (layerOf(to) > layerOf(from)) {
                upward.put(from + " -> " + to, files);
            }
        }));
        Map<String, Set<String>> unexpected = new TreeMap<>(upward);
        unexpected.keySet().removeAll(ALLOWED_UPWARD.keySet());
        assertEquals(Map.of(), unexpected, "arrows pointing up a layer (package -> package it uses = files)");
        Set<String> gone = new TreeSet<>(ALLOWED_UPWARD.keySet());
        gone.removeAll(upward.keySet());
        assertEquals(Set.of(), gone, "allowed upward arrows that no longer exist: delete them from ALLOWED_UPWARD");
    }

    @Test
    void noPackageCycles() {
        List<Set<String>> cycles = cycles(arrows);
        Map<Set<String>, String> unexpected = new HashMap<>();
        for (Set<String> cycle : cycles) {
            if (!ALLOWED_CYCLES.containsKey(cycle)) {
                unexpected.put(cycle, describe(cycle));
            }
        }
        assertEquals(Map.of(), unexpected, "package cycles (packages = their arrows inside the cycle)");
        Set<Set<String>> gone = new java.util.HashSet<>(ALLOWED_CYCLES.keySet());
        cycles.forEach(gone::remove);
        assertEquals(Set.of(), gone, "allowed cycles that no longer exist: delete them from ALLOWED_CYCLES");
    }

    /** A type declared anywhere in a file: its kind and simple name, at any depth of nesting. */
    private static final Pattern TYPE =
            Pattern.compile("(?m)^\\s*(?:(?:public|protected|private|static|final|sealed|non-sealed|abstract)\\s+)*"
                    + "(?:class|record|interface|enum)\\s+([A-Z]\\w*)");

    /**
     * A name means one thing: the simple name of a top-level type of src/main is the name of no other
     * type there, top-level or nested (issue 36 found Workload three times, Health, Plan and HostIndex
     * twice). Nested types with conventional names qualified by their owner wherever they are used
     * (a Builder, an Entry, a Kind) may repeat.
     */
    @Test
    void aTopLevelTypeNameIsTheNameOfNoOtherType() throws IOException {
        Map<String, Set<String>> declaredIn = new TreeMap<>();
        Set<String> topLevel = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = file.getFileName().toString().replace(".java", "");
                if (name.equals("package-info")) {
                    continue;
                }
                topLevel.add(name);
                Matcher m = TYPE.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    declaredIn
                            .computeIfAbsent(m.group(1), k -> new TreeSet<>())
                            .add(SOURCES.relativize(file).toString());
                }
            }
        }
        Map<String, Set<String>> homonyms = new TreeMap<>();
        declaredIn.forEach((name, files) -> {
            if (topLevel.contains(name) && files.size() > 1) {
                homonyms.put(name, files);
            }
        });
        assertEquals(Map.of(), homonyms, "one name, several types: rename all but one");
    }

    @Test
    void referencesAreFoundInImportsQualifiedNamesAndLinks() {
        String source = """
                package org.overbookd.sim.slots;
                import org.overbookd.model.ClusterView;
                import static org.overbookd.random.Seeds.stream;
                import org.overbookd.policy.*;
                /** See {@link org.overbookd.io.IoReasons#of}. */
                class X { Object o = org.overbookd.config.Options.SIM_SEED; Object p = org.overbookd.sim.slots.Y.Z; }
                """;
        Map<String, Map<String, Set<String>>> found = new TreeMap<>();
        scan(found, "X.java", source);
        assertEquals(
                Set.of("model", "random", "policy", "io", "config"),
                found.get("sim.slots").keySet());
    }

    static int layerOf(String pkg) {
        String top = pkg.contains(".") ? pkg.substring(0, pkg.indexOf('.')) : pkg;
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(top)) {
                return i;
            }
        }
        return -1;
    }

    private static Map<String, Map<String, Set<String>>> arrowsIn(Path root) throws IOException {
        Map<String, Map<String, Set<String>>> found = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> {
                try {
                    scan(found, root.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return found;
    }

    private static void scan(Map<String, Map<String, Set<String>>> found, String file, String source) {
        Matcher declared = PACKAGE.matcher(source);
        assertTrue(declared.find(), file + ": no package org.overbookd... declaration");
        String from = declared.group(1);
        Map<String, Set<String>> uses = found.computeIfAbsent(from, p -> new TreeMap<>());
        Matcher reference = REFERENCE.matcher(source);
        while (reference.find()) {
            String to = reference.group(1);
            if (!to.equals(from)) {
                uses.computeIfAbsent(to, p -> new TreeSet<>()).add(file);
            }
        }
    }

    /**
     * The package table of docs/architecture.md is drawn from the package-info files: layer, package
     * and the first sentence of what each holds. The expected table is written to
     * target/architecture.md, which conf/regenerate.sh pastes into docs/architecture.md.
     */
    @Test
    void theArchitecturePageListsEveryPackageAsItsPackageInfoDescribesIt() throws IOException {
        String table = packageTable();
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/architecture.md"), table, StandardCharsets.UTF_8);
        String page = Files.readString(Path.of("docs/architecture.md"), StandardCharsets.UTF_8);
        int start = page.indexOf(TABLE_HEAD);
        assertTrue(start >= 0, "docs/architecture.md has no package table starting with " + TABLE_HEAD.strip());
        int end = page.indexOf("\n\n", start);
        assertEquals(
                table,
                page.substring(start, end + 1),
                "docs/architecture.md's package table is stale: run conf/regenerate.sh (it pastes target/architecture.md)");
    }

    static final String TABLE_HEAD = "| layer | package | what it holds |\n";
    private static final Pattern FIRST_SENTENCE =
            Pattern.compile("/\\*\\*(.*?)(?:(?<!\\bal)(?<!e\\.g)(?<!i\\.e)\\.\\s|\\*/)", Pattern.DOTALL);

    /** One row per package, by layer, then name. */
    static String packageTable() throws IOException {
        StringBuilder out = new StringBuilder(TABLE_HEAD).append("| --- | --- | --- |\n");
        List<String> packages = new ArrayList<>(arrows.keySet());
        packages.sort(
                java.util.Comparator.comparingInt(ArchitectureTest::layerOf).thenComparing(p -> p));
        for (String pkg : packages) {
            Path info = SOURCES.resolve(ROOT.replace('.', '/'))
                    .resolve(pkg.replace('.', '/'))
                    .resolve("package-info.java");
            String text = Files.exists(info) ? Files.readString(info, StandardCharsets.UTF_8) : "";
            Matcher first = FIRST_SENTENCE.matcher(text);
            String holds = first.find()
                    ? first.group(1)
                                    .replaceAll("(?m)^\\s*\\*\\s?", " ")
                                    .replaceAll("<[^>]+>", "")
                                    .replaceAll("\\{@\\w+ ([^}]*)}", "$1")
                                    .replaceAll("\\s+", " ")
                                    .replace("|", "\\|")
                                    .strip()
                            + "."
                    : "(no package-info.java)";
            out.append("| ")
                    .append(layerOf(pkg) + 1)
                    .append(" | `")
                    .append(pkg)
                    .append("` | ")
                    .append(holds)
                    .append(" |\n");
        }
        return out.toString();
    }

    /** The strongly connected components of more than one package (Tarjan), each sorted. */
    static List<Set<String>> cycles(Map<String, Map<String, Set<String>>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> components = new ArrayList<>();
        for (String start : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(start)) {
                connect(start, graph, index, low, stack, onStack, components);
            }
        }
        return components.stream().filter(c -> c.size() > 1).collect(Collectors.toList());
    }

    private static void connect(
            String v,
            Map<String, Map<String, Set<String>>> graph,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            Set<String> onStack,
            List<Set<String>> components) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Map.of()).keySet()) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, components);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            components.add(component);
        }
    }

    private static String describe(Set<String> cycle) {
        StringBuilder out = new StringBuilder();
        for (String from : cycle) {
            arrows.getOrDefault(from, Map.of()).forEach((to, files) -> {
                if (cycle.contains(to)) {
                    out.append(from)
                            .append(" -> ")
                            .append(to)
                            .append(' ')
                            .append(files)
                            .append("; ");
                }
            });
        }
        return out.toString();
    }
}
