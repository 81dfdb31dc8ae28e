package org.overbookd.io;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An output directory made ready before the work whose results go into it: created if missing and
 * tried with a file written and removed, so that a directory that cannot take the results is refused
 * at once, not after hours of runs (a shard once ran 9 of 9 replays and then could not write them).
 */
public final class OutputDirectory {

    private OutputDirectory() {}

    /**
     * Creates {@code dir} if missing and checks that a file can be written into it.
     *
     * @throws IOException naming {@code dir} and the system's reason (exit 73 for a command)
     */
    public static void prepare(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".overbookd-", ".probe");
            Files.delete(probe);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new FileSystemException(
                    dir.toString(), null, "cannot write into it: " + e.getFile() + " is not a directory");
        } catch (FileSystemException e) {
            // the directory, not the probe's name the system may give: what the user typed
            throw new FileSystemException(dir.toString(), null, "cannot write into it: " + IoReasons.of(e));
        }
    }
}
