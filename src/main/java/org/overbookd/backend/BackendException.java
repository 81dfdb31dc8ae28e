package org.overbookd.backend;

/** A backend could not observe or enact. The message names the call and never carries a secret. */
public class BackendException extends Exception {
    public BackendException(String message) {
        super(message);
    }

    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
