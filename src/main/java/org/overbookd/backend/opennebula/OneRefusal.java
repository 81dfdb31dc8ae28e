package org.overbookd.backend.opennebula;

import org.overbookd.backend.BackendException;

/** oned answered {@code [false, message, code]}: it understood the call and said no. */
final class OneRefusal extends BackendException {

    private static final long serialVersionUID = 1L;

    private final String method;
    private final int code;
    private final String serverMessage;

    /** {@code serverMessage} must already be scrubbed; it is bounded here ({@link ServerText}). */
    OneRefusal(String method, int code, String serverMessage) {
        super(
                causeOf(code),
                method + " refused with " + OneErrorCode.hex(code) + " (" + OneErrorCode.of(code) + "): "
                        + ServerText.bounded(serverMessage),
                null);
        this.method = method;
        this.code = code;
        this.serverMessage = ServerText.bounded(serverMessage);
    }

    /** A wrong session is AUTH; any other refusal that fails a whole call is oned's own trouble. */
    private static Cause causeOf(int code) {
        return OneErrorCode.of(code) == OneErrorCode.AUTHENTICATION ? Cause.AUTH : Cause.INTERNAL;
    }

    /**
     * True for oned's answer to an action on a VM an administrator locked: 0x200 (authorization)
     * with "locked" in the message, as oned 7.4 answers (older releases used 0x8000).
     */
    boolean vmLocked() {
        OneErrorCode error = errorCode();
        return error == OneErrorCode.LOCKED
                || error == OneErrorCode.AUTHORIZATION
                        && serverMessage.toLowerCase(java.util.Locale.ROOT).contains("locked");
    }

    String method() {
        return method;
    }

    int code() {
        return code;
    }

    OneErrorCode errorCode() {
        return OneErrorCode.of(code);
    }

    /** oned's words, scrubbed. */
    String serverMessage() {
        return serverMessage;
    }
}
