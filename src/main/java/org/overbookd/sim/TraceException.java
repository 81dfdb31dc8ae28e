package org.overbookd.sim;

/** An input trace cannot be used; the message names the file and line. Exit code 65. */
public final class TraceException extends Exception {
    public TraceException(String message) {
        super(message);
    }
}
