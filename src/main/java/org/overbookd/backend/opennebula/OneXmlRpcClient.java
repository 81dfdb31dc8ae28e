package org.overbookd.backend.opennebula;

import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import javax.xml.stream.XMLStreamException;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.apache.xmlrpc.client.XmlRpcClientConfigImpl;
import org.apache.xmlrpc.client.XmlRpcClientRequestImpl;

/**
 * oned's XML-RPC protocol: every call takes the session string first and answers an array,
 * {@code [true, value, 0]} or {@code [false, message, code, ...]}. This class turns the second into
 * a {@link OneRefusal}, and every way a call can fail to get an answer into a
 * {@link OneCallFailure}, both scrubbed of the session string and bounded in length.
 *
 * <p>Each call goes over a {@link OneHttpTransport} of its own: one attempt, one deadline for the
 * whole call, a capped reply, a parser that refuses a DOCTYPE. Unlike OpenNebula's own Java client
 * it keeps XML-RPC extensions off.
 */
final class OneXmlRpcClient {

    /** Fits the one.vmpool.infoextended reply of a generated pool of 100,000 VMs (193 MiB) with room. */
    static final long DEFAULT_MAX_REPLY_BYTES = 256L * 1024 * 1024;

    private final OneSession session;
    private final URI endpoint;
    private final long timeoutMillis;
    private final long maxReplyBytes;
    private final XmlRpcClient client;
    private final XmlRpcClientConfigImpl config;

    OneXmlRpcClient(URI endpoint, OneSession session, Duration timeout) {
        this(endpoint, session, timeout, DEFAULT_MAX_REPLY_BYTES);
    }

    OneXmlRpcClient(URI endpoint, OneSession session, Duration timeout, long maxReplyBytes) {
        this.session = session;
        this.endpoint = endpoint;
        this.timeoutMillis = Math.max(1, timeout.toMillis());
        this.maxReplyBytes = maxReplyBytes;

        config = new XmlRpcClientConfigImpl();
        try {
            config.setServerURL(endpoint.toURL());
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("OpenNebula endpoint " + endpoint + " is not a URL", e);
        }
        config.setEnabledForExtensions(false);
        config.setEncoding("UTF-8");

        client = new XmlRpcClient();
        client.setConfig(config);
        client.setTypeFactory(new ReplyTypeFactory(client));
    }

    /** Parses a document held in a string, as the reply carries it, refusing once the call's deadline passes. */
    @FunctionalInterface
    interface DocumentParser<T> {
        T parse(String document, CallDeadline deadline) throws XMLStreamException;
    }

    /** Calls {@code method(session, params...)} and returns the value of a successful reply. */
    Object call(String method, Object... params) throws OneRefusal, OneCallFailure {
        return call(CallDeadline.after(timeoutMillis), method, params);
    }

    /**
     * Calls {@code method(session, params...)}, whose value is an XML document, and parses it with
     * {@code parser} under the call's one deadline: a document still being read when it passes fails
     * the call as a timeout; one that does not parse fails it as malformed.
     */
    <T> T callForDocument(String method, DocumentParser<T> parser, Object... params) throws OneRefusal, OneCallFailure {
        CallDeadline deadline = CallDeadline.after(timeoutMillis);
        String xml = xml(method, call(deadline, method, params));
        try {
            return parser.parse(xml, deadline);
        } catch (CallDeadline.Passed e) {
            throw OneCallFailure.parseTimedOut(method, endpoint.toString(), timeoutMillis, e);
        } catch (XMLStreamException | RuntimeException e) {
            throw malformed(method, String.valueOf(e.getMessage()), e);
        }
    }

    private Object call(CallDeadline deadline, String method, Object... params) throws OneRefusal, OneCallFailure {
        Object[] arguments = new Object[params.length + 1];
        arguments[0] = session.token();
        System.arraycopy(params, 0, arguments, 1, params.length);
        // A transport per call: its deadline starts now, and it knows whether the request left.
        OneHttpTransport transport = new OneHttpTransport(client, endpoint, deadline, maxReplyBytes);
        Object reply;
        try {
            reply = transport.sendRequest(new XmlRpcClientRequestImpl(config, method, arguments));
        } catch (XmlRpcException | RuntimeException e) {
            throw OneCallFailure.of(method, endpoint.toString(), timeoutMillis, e, session, transport.requestWritten());
        }
        return valueOf(method, reply);
    }

    /** Like {@link #call}, for the many methods whose value is an XML document. */
    String callForXml(String method, Object... params) throws OneRefusal, OneCallFailure {
        return xml(method, call(method, params));
    }

    private String xml(String method, Object value) throws OneCallFailure {
        if (!(value instanceof String xml)) {
            throw OneCallFailure.malformed(method, "expected an XML string, got " + typeName(value), null, session);
        }
        return xml;
    }

    private Object valueOf(String method, Object reply) throws OneRefusal, OneCallFailure {
        if (!(reply instanceof Object[] array) || array.length < 2 || !(array[0] instanceof Boolean ok)) {
            throw OneCallFailure.malformed(
                    method, "expected [success, value, code], got " + describe(reply), null, session);
        }
        if (ok) {
            return array[1];
        }
        int code = array.length > 2 && array[2] instanceof Number number ? number.intValue() : -1;
        throw new OneRefusal(method, code, ServerText.bounded(session.scrub(String.valueOf(array[1]))));
    }

    /** Scrubs text that did not come through {@link #call}, such as a parser's complaint about a reply. */
    OneCallFailure malformed(String method, String detail, Throwable cause) {
        return OneCallFailure.malformed(method, detail, cause, session);
    }

    private static String describe(Object reply) {
        // Types only: the values may be anything the server sent.
        if (reply instanceof Object[] array) {
            return Arrays.stream(array).map(OneXmlRpcClient::typeName).toList().toString();
        }
        return typeName(reply);
    }

    private static String typeName(Object value) {
        return value == null ? "nothing" : value.getClass().getSimpleName();
    }

    /** The OpenNebula user of the session: a name, never the secret. */
    String user() {
        return session.user();
    }

    @Override
    public String toString() {
        return "OneXmlRpcClient[" + endpoint + " as " + session.user() + "]";
    }
}
