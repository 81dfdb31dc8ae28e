package org.overbookd.sim.types;

/**
 * An input file (scenario or trace) is wrong: the message starts with the file and, where there is
 * one, the line ({@code sim/x.scenario:12: ...}). The command turns it into exit code 65.
 */
public final class DataFileException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DataFileException(String file, int line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }

    private DataFileException(String message) {
        super(message);
    }

    /** The same problem for this package's unchecked callers; both name file and line alike. */
    static DataFileException of(org.overbookd.io.InputException e) {
        return new DataFileException(e.getMessage());
    }
}
