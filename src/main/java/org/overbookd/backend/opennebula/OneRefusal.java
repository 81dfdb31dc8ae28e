package org.overbookd.backend.opennebula;

import org.overbookd.backend.BackendException;

/** oned answered {@code [false, message, code]}: it understood the call and said no. */
final class OneRefusal extends BackendException {

    private static final long serialVersionUID = 1L;

    private final String method;
    private final int code;
    private final String serverMessage;

    /** {@code serverMessage} must already be scrubbed. */
    OneRefusal(String method, int code, String serverMessage) {
        super(method + " refused with " + OneErrorCode.hex(code) + " (" + OneErrorCode.of(code) + "): "
                + OneCallFailure.oneLine(serverMessage));
        this.method = method;
        this.code = code;
        this.serverMessage = OneCallFailure.oneLine(serverMessage);
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
