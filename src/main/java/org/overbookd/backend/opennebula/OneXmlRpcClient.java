package org.overbookd.backend.opennebula;

import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.apache.xmlrpc.client.XmlRpcClientConfigImpl;
import org.apache.xmlrpc.client.XmlRpcSun15HttpTransportFactory;

/**
 * oned's XML-RPC protocol: every call takes the session string first and answers an array,
 * {@code [true, value, 0]} or {@code [false, message, code, ...]}. This class turns the second into
 * a {@link OneRefusal}, and every way a call can fail to get an answer into a
 * {@link OneCallFailure}, both scrubbed of the session string.
 *
 * <p>Unlike OpenNebula's own Java client, it sets connection and reply timeouts (a hung oned must
 * not hang the daemon) and keeps XML-RPC extensions off.
 */
final class OneXmlRpcClient {

    private final OneSession session;
    private final String endpoint;
    private final long timeoutMillis;
    private final XmlRpcClient client;

    OneXmlRpcClient(URI endpoint, OneSession session, Duration timeout) {
        this.session = session;
        this.endpoint = endpoint.toString();
        this.timeoutMillis = timeout.toMillis();
        int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMillis));

        XmlRpcClientConfigImpl config = new XmlRpcClientConfigImpl();
        try {
            config.setServerURL(endpoint.toURL());
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("OpenNebula endpoint " + endpoint + " is not a URL", e);
        }
        config.setEnabledForExtensions(false);
        config.setEncoding("UTF-8");
        config.setConnectionTimeout(millis);
        config.setReplyTimeout(millis);

        client = new XmlRpcClient();
        client.setConfig(config);
        // The HttpURLConnection transport that applies both timeouts (the 1.4 variant ignores them);
        // named explicitly rather than left to the library's guess at the JVM version.
        client.setTransportFactory(new XmlRpcSun15HttpTransportFactory(client));
        client.setTypeFactory(new I8TypeFactory(client));
    }

    /** Calls {@code method(session, params...)} and returns the value of a successful reply. */
    Object call(String method, Object... params) throws OneRefusal, OneCallFailure {
        Object[] arguments = new Object[params.length + 1];
        arguments[0] = session.token();
        System.arraycopy(params, 0, arguments, 1, params.length);
        Object reply;
        try {
            reply = client.execute(method, arguments);
        } catch (XmlRpcException | RuntimeException e) {
            throw OneCallFailure.of(method, endpoint, timeoutMillis, e, session);
        }
        return valueOf(method, reply);
    }

    /** Like {@link #call}, for the many methods whose value is an XML document. */
    String callForXml(String method, Object... params) throws OneRefusal, OneCallFailure {
        Object value = call(method, params);
        if (!(value instanceof String xml)) {
            throw OneCallFailure.malformed(method, "expected an XML string, got " + typeName(value), null, session);
        }
        return xml;
    }

    private Object valueOf(String method, Object reply) throws OneRefusal, OneCallFailure {
        if (!(reply instanceof Object[] array) || array.length < 2 || !(array[0] instanceof Boolean ok)) {
            throw OneCallFailure.malformed(method, "expected [success, value, code], got " + describe(reply), null, session);
        }
        if (ok) {
            return array[1];
        }
        int code = array.length > 2 && array[2] instanceof Number number ? number.intValue() : -1;
        throw new OneRefusal(method, code, session.scrub(String.valueOf(array[1])));
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

    @Override
    public String toString() {
        return "OneXmlRpcClient[" + endpoint + " as " + session.user() + "]";
    }
}
