package org.overbookd.daemon.ha;

/**
 * The HA database cannot be reached at start (refused, timed out, down): {@code run} exits 69 so that
 * systemd restarts it later, unlike a configuration error (78), which restarting cannot fix.
 */
public final class DatabaseUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DatabaseUnavailableException(String message) {
        super(message);
    }
}
