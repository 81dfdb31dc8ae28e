package org.overbookd.cli;

import org.overbookd.io.InputException;

/** Exit codes of sysexits.h, as a well-behaved Unix tool uses them. */
public final class ExitCodes {
    public static final int OK = 0;
    /** tune: no configuration kept within the budget (as grep exits 1 when nothing matched). */
    public static final int NO_RECOMMENDATION = 1;
    /** The command line was wrong. */
    public static final int USAGE = 64;
    /** An input data file was wrong (a trace, a workload). */
    public static final int DATA_ERROR = 65;
    /** An input file is missing or cannot be read. */
    public static final int NO_INPUT = 66;
    /** A service overbookd needs (OpenNebula) could not be reached. */
    public static final int UNAVAILABLE = 69;
    /** A bug: something that should not happen. */
    public static final int SOFTWARE = 70;
    /** An output file could not be written. */
    public static final int CANT_CREATE = 73;
    /** The configuration was wrong. */
    public static final int CONFIG = 78;

    private ExitCodes() {}

    /** {@link #NO_INPUT} for an input file that could not be read at all, {@link #DATA_ERROR} for one read and found wrong. */
    public static int of(InputException e) {
        return e.unreadable() ? NO_INPUT : DATA_ERROR;
    }
}
