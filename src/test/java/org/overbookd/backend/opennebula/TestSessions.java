package org.overbookd.backend.opennebula;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Session strings and auth files for the tests. */
final class TestSessions {

    /** Distinctive enough that finding it anywhere in text is a leak, not a coincidence. */
    static final String PASSWORD = "Zq7-s3cr3t-PW-4711";

    static final String SESSION = "oneadmin:" + PASSWORD;

    private TestSessions() {}

    /** Writes {@code content} to {@code dir/one_auth} with the given permissions, as in {@code rw-------}. */
    static Path authFile(Path dir, String content, String permissions) throws IOException {
        Path file = dir.resolve("one_auth");
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    static Path authFile(Path dir) throws IOException {
        return authFile(dir, SESSION + "\n", "rw-------");
    }

    static OneSession session(Path dir) throws Exception {
        return OneSession.read(authFile(dir));
    }
}
