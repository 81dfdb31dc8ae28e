package org.overbookd.backend.opennebula;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcHttpTransportException;
import org.overbookd.backend.BackendException;
import org.xml.sax.SAXException;

/**
 * A call produced no usable answer: oned could not be reached, did not answer in time, answered
 * with an HTTP error or a fault, or sent something that is not the XML we expect. Its message and
 * its cause are scrubbed of the session string.
 */
final class OneCallFailure extends BackendException {

    private static final long serialVersionUID = 1L;

    /** What went wrong, coarsely: it becomes the outcome's code. */
    enum Kind {
        /** Nothing answers at the endpoint (refused, unknown host, no route). */
        UNREACHABLE,
        /** Connected, or tried to, but no reply within the timeout. */
        TIMEOUT,
        /** The HTTP status was not 2xx. */
        HTTP,
        /** An XML-RPC fault instead of OpenNebula's reply array. */
        FAULT,
        /** A reply that is not well-formed XML or not in OpenNebula's shape. */
        MALFORMED,
        /** Any other I/O failure. */
        TRANSPORT;

        /** True when the next call to the same endpoint would most likely fail the same way. */
        boolean endpointDown() {
            return this == UNREACHABLE || this == TIMEOUT;
        }
    }

    private final Kind kind;

    private OneCallFailure(Kind kind, String message, Throwable redactedCause) {
        super(oneLine(message), redactedCause);
        this.kind = kind;
    }

    Kind kind() {
        return kind;
    }

    /** A reply that arrived but cannot be used; {@code detail} is scrubbed here. */
    static OneCallFailure malformed(String method, String detail, Throwable cause, OneSession session) {
        return new OneCallFailure(Kind.MALFORMED, session.scrub(method + ": malformed reply: " + detail),
                cause == null ? null : session.redact(cause));
    }

    /** Classifies a failure thrown by the XML-RPC library and scrubs everything it says. */
    static OneCallFailure of(String method, String endpoint, long timeoutMillis, Exception failure, OneSession session) {
        Kind kind = classify(failure);
        String detail = switch (kind) {
            case TIMEOUT -> "no reply within " + timeoutMillis + " ms";
            case UNREACHABLE -> "cannot connect: " + rootMessage(failure);
            case HTTP -> "HTTP status " + ((XmlRpcHttpTransportException) failure).getStatusCode() + " "
                    + ((XmlRpcHttpTransportException) failure).getStatusMessage();
            case FAULT -> "XML-RPC fault " + ((XmlRpcException) failure).code + ": " + failure.getMessage();
            case MALFORMED, TRANSPORT -> failure.getMessage();
        };
        return new OneCallFailure(kind, session.scrub(method + " at " + endpoint + ": " + detail), session.redact(failure));
    }

    private static Kind classify(Exception failure) {
        if (failure instanceof XmlRpcHttpTransportException) {
            return Kind.HTTP;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return Kind.TIMEOUT;
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException || t instanceof UnknownHostException) {
                return Kind.UNREACHABLE;
            }
            if (t instanceof SAXException) {
                return Kind.MALFORMED;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        // The library reports a <fault> reply as a bare XmlRpcException with no cause; its own
        // failures are subclasses or carry the exception that caused them.
        if (failure.getClass() == XmlRpcException.class && failure.getCause() == null) {
            return Kind.FAULT;
        }
        return failure instanceof RuntimeException ? Kind.MALFORMED : Kind.TRANSPORT;
    }

    /** Outcome messages end up in one-line audit records; parsers like to break lines. */
    static String oneLine(String text) {
        return text == null ? null : text.replaceAll("\\s*\\R\\s*", " ");
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : " " + root.getMessage());
    }
}
