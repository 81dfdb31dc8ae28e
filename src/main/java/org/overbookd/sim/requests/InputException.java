package org.overbookd.sim.requests;

import java.nio.file.Path;

/** Bad input data, named by file and line: the command maps it to exit 65 (EX_DATAERR). */
public final class InputException extends Exception {

    public InputException(Path file, long line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }

    public InputException(Path file, String message) {
        this(file, 0, message);
    }
}
