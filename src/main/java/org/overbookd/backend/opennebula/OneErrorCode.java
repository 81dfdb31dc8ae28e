package org.overbookd.backend.opennebula;

/**
 * The error codes oned puts in the third element of a failed reply {@code [false, message, code]}.
 * The first four concern the object a call names; the others concern the whole service.
 */
enum OneErrorCode {
    AUTHENTICATION(0x100),
    AUTHORIZATION(0x200),
    NO_EXISTS(0x400),
    ACTION(0x800),
    XML_RPC_API(0x1000),
    INTERNAL(0x2000),
    ALLOCATE(0x4000),
    LOCKED(0x8000),
    REPLICATION(0x10000),
    UNKNOWN(-1);

    private final int code;

    OneErrorCode(int code) {
        this.code = code;
    }

    static OneErrorCode of(int code) {
        for (OneErrorCode value : values()) {
            if (value.code == code) {
                return value;
            }
        }
        return UNKNOWN;
    }

    int code() {
        return code;
    }

    /** oned's own notation, as in its documentation: {@code 0x800}. */
    static String hex(int code) {
        return "0x" + Integer.toHexString(code);
    }

    /**
     * True when oned refused this one request because of the VM it names (wrong state, gone, not
     * ours, locked); the next cycle sees the new state. False when the service itself is failing
     * (authentication, internal error), which no other decision would escape either.
     */
    boolean refusesTheDecision() {
        return this == AUTHORIZATION || this == NO_EXISTS || this == ACTION || this == LOCKED;
    }
}
