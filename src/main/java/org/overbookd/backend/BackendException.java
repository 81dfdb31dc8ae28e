package org.overbookd.backend;

/**
 * A backend could not observe or enact. The message names the call and never carries a secret; the
 * {@link Cause} says, coarsely, why, so that metrics and the status command can count failures by
 * kind without parsing messages.
 */
public class BackendException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why a call to the backend failed, as operators group it. */
    public enum Cause {
        /** Nothing answers at the endpoint (refused, unknown host, no route, connection reset). */
        UNREACHABLE,
        /** The backend answered that our credentials are wrong. */
        AUTH,
        /** No whole reply within the configured deadline. */
        TIMEOUT,
        /** A reply arrived but is not what the protocol promises (bad XML, wrong shape, too large). */
        MALFORMED,
        /** Anything else: an internal error of the backend or of overbookd. */
        INTERNAL;

        /** The lower-case label used in metrics and the status file. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Cause cause;

    public BackendException(String message) {
        this(Cause.INTERNAL, message, null);
    }

    public BackendException(String message, Throwable cause) {
        this(Cause.INTERNAL, message, cause);
    }

    public BackendException(Cause kind, String message, Throwable cause) {
        super(message, cause);
        this.cause = kind;
    }

    /** Why the call failed; {@link Cause#INTERNAL} unless the backend knew better. */
    public Cause failureCause() {
        return cause;
    }
}
