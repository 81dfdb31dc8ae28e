package org.overbookd.audit;

/**
 * The audit log could not record something (disk full, file or directory gone, no permission). The
 * loop catches it: a decision that could not be recorded is not enacted.
 */
public final class AuditException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AuditException(String message, Throwable cause) {
        super(message, cause);
    }
}
