package org.overbookd.backend.opennebula;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcHttpTransportException;
import org.overbookd.backend.BackendException;
import org.xml.sax.SAXException;

/**
 * A call produced no usable answer: oned could not be reached, did not answer in time, closed the
 * connection before answering, answered with an HTTP error or a fault, or sent something that is
 * not the XML we expect. Its message and its cause are scrubbed of the session string, and the
 * server's words in them are bounded ({@link ServerText}).
 */
final class OneCallFailure extends BackendException {

    private static final long serialVersionUID = 1L;

    /** What went wrong, coarsely: it becomes the outcome's code. */
    enum Kind {
        /** Nothing answers at the endpoint (refused, unknown host, no route): nothing was sent. */
        UNREACHABLE(Cause.UNREACHABLE),
        /** The whole call's deadline passed, while connecting or waiting for the reply. */
        TIMEOUT(Cause.TIMEOUT),
        /** The request was written, then the connection closed or was reset before the whole reply came. */
        REPLY_LOST(Cause.UNREACHABLE),
        /** The HTTP status was not 2xx. */
        HTTP(Cause.INTERNAL),
        /** An XML-RPC fault instead of OpenNebula's reply array (oned sends one for an unknown method). */
        FAULT(Cause.INTERNAL),
        /** A reply that is not well-formed XML, carries a DOCTYPE, is too large or not in OpenNebula's shape. */
        MALFORMED(Cause.MALFORMED),
        /** Any other failure. */
        TRANSPORT(Cause.INTERNAL);

        private final Cause cause;

        Kind(Cause cause) {
            this.cause = cause;
        }

        /** True when the next call to the same endpoint would most likely fail the same way. */
        boolean endpointDown() {
            return this == UNREACHABLE || this == TIMEOUT || this == REPLY_LOST;
        }
    }

    private final Kind kind;
    private final boolean mayHaveReachedOned;

    private OneCallFailure(
            Kind kind, Cause cause, String message, Throwable redactedCause, boolean mayHaveReachedOned) {
        super(cause, oneLine(message), redactedCause);
        this.kind = kind;
        this.mayHaveReachedOned = mayHaveReachedOned;
    }

    Kind kind() {
        return kind;
    }

    /**
     * True when the request was written and no reply from oned was read: oned may have carried it
     * out. An HTTP error or an XML-RPC fault is a reply (whoever sent it did not run the method);
     * a refused connection sent nothing.
     */
    boolean mayHaveReachedOned() {
        return mayHaveReachedOned;
    }

    /**
     * A reply that arrived but cannot be used; {@code detail} is scrubbed and bounded here. The
     * request was sent and no answer of oned's could be read, so an action's fate is unknown.
     */
    static OneCallFailure malformed(String method, String detail, Throwable cause, OneSession session) {
        return new OneCallFailure(
                Kind.MALFORMED,
                Cause.MALFORMED,
                method + ": malformed reply: " + ServerText.bounded(session.scrub(detail)),
                cause == null ? null : redact(cause, session),
                true);
    }

    /**
     * The reply came, but the parse of its document had not ended at the call's deadline: a timeout,
     * like a reply that came too late. Nothing of the server's is quoted.
     */
    static OneCallFailure parseTimedOut(String method, String endpoint, long timeoutMillis, Exception cause) {
        return new OneCallFailure(
                Kind.TIMEOUT,
                Cause.TIMEOUT,
                method + " at " + endpoint + ": no reply read within " + timeoutMillis
                        + " ms (its document was still being parsed at the deadline)",
                cause,
                true);
    }

    /**
     * Classifies a failure thrown by the transport or the XML-RPC library and scrubs everything it says.
     *
     * @param requestWritten whether any byte of the request had been written when it failed
     */
    static OneCallFailure of(
            String method,
            String endpoint,
            long timeoutMillis,
            Exception failure,
            OneSession session,
            boolean requestWritten) {
        Kind kind = classify(failure, requestWritten);
        String detail = switch (kind) {
            case TIMEOUT ->
                "no reply within " + timeoutMillis + " ms" + (requestWritten ? " (the request was sent)" : "");
            case UNREACHABLE -> "cannot connect: " + rootMessage(failure);
            case REPLY_LOST -> "the connection ended before the reply (the request was sent): " + rootMessage(failure);
            case HTTP ->
                "HTTP status " + ((XmlRpcHttpTransportException) failure).getStatusCode() + " "
                        + ((XmlRpcHttpTransportException) failure).getStatusMessage();
            case FAULT -> "XML-RPC fault " + ((XmlRpcException) failure).code + ": " + failure.getMessage();
            case MALFORMED -> malformedDetail(failure);
            case TRANSPORT -> failure.getMessage();
        };
        Cause cause = kind.cause;
        if (kind == Kind.HTTP) {
            int status = ((XmlRpcHttpTransportException) failure).getStatusCode();
            cause = status == 401 || status == 403 || status == 407 ? Cause.AUTH : Cause.INTERNAL;
        }
        // oned itself answers with HTTP 200 and its own reply array; a 5xx comes from something in between
        // (a TLS-terminating proxy's 502 or 504), which may have passed the request on before giving up
        boolean gatewayGaveUp = kind == Kind.HTTP && ((XmlRpcHttpTransportException) failure).getStatusCode() >= 500;
        boolean unknownFate = requestWritten
                && (kind == Kind.TIMEOUT
                        || kind == Kind.REPLY_LOST
                        || kind == Kind.MALFORMED
                        || kind == Kind.TRANSPORT
                        || gatewayGaveUp);
        return new OneCallFailure(
                kind,
                cause,
                method + " at " + endpoint + ": " + ServerText.bounded(session.scrub(detail)),
                redact(failure, session),
                unknownFate);
    }

    private static Kind classify(Exception failure, boolean requestWritten) {
        if (failure instanceof XmlRpcHttpTransportException) {
            return Kind.HTTP;
        }
        boolean io = false;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return Kind.TIMEOUT;
            }
            if (t instanceof OneHttpTransport.ReplyTooLarge
                    || t instanceof OneHttpTransport.MalformedHttp
                    || t instanceof SAXException) {
                return Kind.MALFORMED;
            }
            if (!requestWritten
                    && (t instanceof ConnectException
                            || t instanceof NoRouteToHostException
                            || t instanceof UnknownHostException)) {
                return Kind.UNREACHABLE;
            }
            io |= t instanceof IOException;
            if (t.getCause() == t) {
                break;
            }
        }
        if (io) {
            // a reset, a broken pipe or an early end of stream: before the request, nothing answers;
            // after it, the reply is lost
            return requestWritten ? Kind.REPLY_LOST : Kind.UNREACHABLE;
        }
        // The library reports a <fault> reply as a bare XmlRpcException with no cause; its own
        // failures are subclasses or carry the exception that caused them.
        if (failure.getClass() == XmlRpcException.class && failure.getCause() == null) {
            return Kind.FAULT;
        }
        return failure instanceof RuntimeException ? Kind.MALFORMED : Kind.TRANSPORT;
    }

    /** The parser's or the transport's words, with the DOCTYPE refusal said plainly. */
    private static String malformedDetail(Throwable failure) {
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SAXException && String.valueOf(t.getMessage()).contains("DOCTYPE")) {
                return "the reply carries a DOCTYPE declaration; refused (no entity is ever expanded)";
            }
            if (t instanceof OneHttpTransport.ReplyTooLarge || t instanceof OneHttpTransport.MalformedHttp) {
                return t.getMessage();
            }
        }
        return failure.getMessage();
    }

    private static Throwable redact(Throwable cause, OneSession session) {
        return RedactedThrowable.of(cause, text -> ServerText.bounded(session.scrub(text)));
    }

    /** Outcome messages end up in one-line audit records; parsers like to break lines. */
    static String oneLine(String text) {
        return ServerText.oneLine(text);
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        // the system's words, not Java's class names: "Connection refused", "unknown host one.example"
        if (root instanceof UnknownHostException) {
            return "unknown host " + root.getMessage();
        }
        return root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    }
}
