package org.overbookd.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Reference files that live outside this repository, in the {@code shared/} folder that the
 * project's steering repository keeps beside it (OpenNebula's XSDs, the OpenNebula tarball). A clone
 * with nothing beside it must still pass, so their location comes from the environment variable
 * {@code OVERBOOKD_SHARED} or the system property {@code overbookd.shared}, and a test that needs
 * them is skipped, with a one-line reason, when neither is set or the path holds nothing.
 * {@code .ci/run} sets the variable when {@code ../shared} exists, so CI runs everything.
 */
public final class SharedFiles {

    public static final String VARIABLE = "OVERBOOKD_SHARED";
    public static final String PROPERTY = "overbookd.shared";

    private SharedFiles() {}

    /** The shared folder, if the environment names one that exists. */
    public static Optional<Path> root() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(VARIABLE);
        }
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        Path root = Path.of(value);
        return Files.isDirectory(root) ? Optional.of(root) : Optional.empty();
    }

    /**
     * {@code relative} under the shared folder; skips the calling test (JUnit assumption) with the
     * reason when the folder is not named or the file is not there.
     */
    public static Path require(String relative) {
        Optional<Path> root = root();
        Assumptions.assumeTrue(
                root.isPresent(),
                () -> "skipped: needs " + relative + " from the shared folder; set " + VARIABLE
                        + " (.ci/run does when ../shared exists)");
        Path path = root.get().resolve(relative);
        Assumptions.assumeTrue(Files.exists(path), () -> "skipped: " + path + " is not there");
        return path;
    }
}
