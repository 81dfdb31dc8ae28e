package org.overbookd.it;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * A real-oned suite's folder under /tmp (its oned's install and logs, the daemons' configurations
 * and audits), removed once the suite has passed and kept, named on the console, when it has failed:
 * what a failure needs to be read, without leaving every passing run's 40 to 120 MB behind (twenty
 * CI runs had left 5 GB in /tmp). {@code OVERBOOKD_KEEP_EVIDENCE=1} keeps it after a pass too.
 *
 * <p>A {@link TestWatcher}, registered on the suite's instance ({@code @RegisterExtension}): JUnit
 * calls it once the test method, its {@code finally} blocks (which stop the daemons and oned) and
 * its {@code @AfterEach} methods are done, with the outcome, which the suite's own summary, printed
 * in its {@code finally}, cannot know yet.
 */
final class SuiteFolder implements TestWatcher {

    static final String KEEP = "OVERBOOKD_KEEP_EVIDENCE";

    private final String prefix;
    private final boolean keepAlways;
    private final PrintStream console;
    private Path path;

    /** {@code prefix}: how the folder's name begins under /tmp, naming the suite. */
    SuiteFolder(String prefix) {
        this(prefix, "1".equals(System.getenv(KEEP)), System.out);
    }

    SuiteFolder(String prefix, boolean keepAlways, PrintStream console) {
        this.prefix = prefix;
        this.keepAlways = keepAlways;
        this.console = console;
    }

    /** Makes the folder under /tmp (short paths: oned's sockets live in it) and returns it. */
    Path create() throws IOException {
        return create(Path.of("/tmp"));
    }

    Path create(Path parent) throws IOException {
        path = Files.createTempDirectory(parent, prefix);
        return path;
    }

    /** The folder, once made. */
    Optional<Path> path() {
        return Optional.ofNullable(path);
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        removeUnlessKept();
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        // skipped (an assumption) after the folder was made: nothing in it is evidence of anything
        removeUnlessKept();
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        if (path != null) {
            console.println("evidence kept in " + path + " (the suite failed)");
        }
    }

    private void removeUnlessKept() {
        if (path == null) {
            return;
        }
        if (keepAlways) {
            console.println("evidence kept in " + path + " (" + KEEP + "=1)");
            return;
        }
        List<String> left = remove(path);
        console.println(
                left.isEmpty()
                        ? "removed " + path + " (the suite passed; " + KEEP + "=1 keeps it)"
                        : "could not remove all of " + path + ": " + String.join("; ", left));
    }

    /** Deletes {@code root} and everything under it (symbolic links themselves, not what they point at); what could not be. */
    static List<String> remove(Path root) {
        List<String> left = new ArrayList<>();
        if (!Files.exists(root)) {
            return left;
        }
        List<Path> deepestFirst;
        try (Stream<Path> files = Files.walk(root)) {
            deepestFirst = files.sorted(Comparator.reverseOrder()).toList();
        } catch (IOException | UncheckedIOException e) {
            left.add("cannot list it: " + e.getMessage());
            return left;
        }
        int failed = 0;
        for (Path f : deepestFirst) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                if (++failed <= 3) { // a few name the cause; all of them would flood the console
                    left.add(f + ": " + e);
                }
            }
        }
        if (failed > 3) {
            left.add((failed - 3) + " more");
        }
        return left;
    }
}
