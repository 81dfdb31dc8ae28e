package org.overbookd.backend.opennebula;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.overbookd.backend.BackendException;

/**
 * The session string {@code user:password} that opens every XML-RPC call, read from a file such as
 * {@code one_auth}. It is the one secret overbookd holds, so this class is also where it is kept
 * out of text: {@link #scrub} removes it from any message that crosses our boundary, and
 * {@link #toString} names the user only.
 */
final class OneSession {

    static final String REDACTED = "***";
    /** A password this short would match ordinary words; the full session string is still scrubbed. */
    private static final int MIN_SCRUBBED_PASSWORD = 4;

    private final String user;
    private final String token;
    private final String password;

    private OneSession(String token) {
        int colon = token.indexOf(':');
        this.user = token.substring(0, colon);
        this.password = token.substring(colon + 1);
        this.token = token;
    }

    /**
     * Reads the first non-blank line of {@code file}. Refuses a file that group or others may read,
     * as ssh does for private keys: a world-readable secret is already leaked.
     */
    static OneSession read(Path file) throws BackendException {
        PosixFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, PosixFileAttributes.class);
        } catch (UnsupportedOperationException e) {
            throw new BackendException("cannot check who may read OpenNebula auth file " + file
                    + ": the file system has no POSIX permissions");
        } catch (IOException e) {
            throw new BackendException(
                    "cannot read OpenNebula auth file " + file + ": " + org.overbookd.io.IoReasons.of(e));
        }
        Set<PosixFilePermission> permissions = attributes.permissions();
        if (permissions.contains(PosixFilePermission.GROUP_READ)
                || permissions.contains(PosixFilePermission.OTHERS_READ)) {
            throw new BackendException("OpenNebula auth file " + file + " is readable by group or others ("
                    + PosixFilePermissions.toString(permissions) + "); run chmod 600 on it");
        }
        String content;
        try {
            content = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BackendException(
                    "cannot read OpenNebula auth file " + file + ": " + org.overbookd.io.IoReasons.of(e));
        }
        String line = content.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .orElse("");
        int colon = line.indexOf(':');
        if (colon <= 0 || colon == line.length() - 1) {
            // Say what is wrong without quoting the content: a mistyped secret is still a secret.
            throw new BackendException(
                    "OpenNebula auth file " + file + " does not hold a session string user:password");
        }
        return new OneSession(line);
    }

    /** The session string, for the first argument of a call and nothing else. */
    String token() {
        return token;
    }

    String user() {
        return user;
    }

    /** {@code text} with every occurrence of the session string and of the password replaced. */
    String scrub(String text) {
        if (text == null) {
            return null;
        }
        String scrubbed = text.replace(token, REDACTED);
        if (password.length() >= MIN_SCRUBBED_PASSWORD) {
            scrubbed = scrubbed.replace(password, REDACTED);
        }
        return scrubbed;
    }

    /** A stand-in for {@code cause} whose messages, down the whole chain, are scrubbed. */
    Throwable redact(Throwable cause) {
        return RedactedThrowable.of(cause, this::scrub);
    }

    @Override
    public String toString() {
        return "OneSession[user=" + user + "]";
    }
}
