package org.overbookd.io;

import java.nio.file.Path;

/**
 * An input file a simulation reads (a trace, a workload, a servers or hosts file, an overheads file)
 * cannot be used. The message names the file and, where there is one, the line, in the form
 * {@code FILE:LINE: problem}; every command reports it as is and exits 65 (EX_DATAERR).
 */
public final class InputException extends Exception {

    private static final long serialVersionUID = 1L;

    public InputException(Path file, long line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    }

    /** For a source that is not a path as such: a scenario named as the user typed it, a resource. */
    public InputException(String file, long line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    }

    public InputException(Path file, String problem) {
        this(file, 0, problem);
    }

    /** A message that already names the file and line. */
    public InputException(String message) {
        super(message);
    }
}
