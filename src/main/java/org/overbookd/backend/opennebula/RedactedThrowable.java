package org.overbookd.backend.opennebula;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A copy of a library exception with its messages scrubbed. The XML-RPC library builds messages
 * from whatever the server or the socket said, and a stack trace printed by a log appender shows
 * every cause's message: chaining the original would let the session string reach the logs. The
 * copy keeps the original class name, stack trace and cause chain, so nothing useful for
 * debugging is lost.
 */
final class RedactedThrowable extends Exception {

    private static final long serialVersionUID = 1L;
    private static final int MAX_DEPTH = 16;

    private final String originalClass;

    private RedactedThrowable(String originalClass, String message, Throwable cause) {
        super(message, cause);
        this.originalClass = originalClass;
    }

    static RedactedThrowable of(Throwable original, UnaryOperator<String> scrub) {
        return copy(original, scrub, new IdentityHashMap<>(), 0);
    }

    private static RedactedThrowable copy(
            Throwable original, UnaryOperator<String> scrub, Map<Throwable, Boolean> seen, int depth) {
        seen.put(original, Boolean.TRUE);
        Throwable next = original.getCause();
        RedactedThrowable cause = next == null || seen.containsKey(next) || depth >= MAX_DEPTH
                ? null
                : copy(next, scrub, seen, depth + 1);
        RedactedThrowable copy =
                new RedactedThrowable(original.getClass().getName(), scrub.apply(original.getMessage()), cause);
        copy.setStackTrace(original.getStackTrace());
        return copy;
    }

    /** The class of the exception this one stands in for. */
    String originalClass() {
        return originalClass;
    }

    @Override
    public String toString() {
        String message = getMessage();
        return message == null ? originalClass : originalClass + ": " + message;
    }
}
