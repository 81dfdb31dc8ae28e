package org.overbookd.sim.slots;

import java.nio.file.Path;

/** A trace or servers file that cannot be used; the message names the file and, when there is one, the line. */
public final class TraceException extends Exception {

    private static final long serialVersionUID = 1L;

    public TraceException(Path file, long line, String problem) {
        super(file + ":" + line + ": " + problem);
    }

    public TraceException(Path file, String problem) {
        super(file + ": " + problem);
    }
}
