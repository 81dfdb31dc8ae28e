package org.overbookd.backend.opennebula;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.apache.xmlrpc.client.XmlRpcClientException;
import org.apache.xmlrpc.client.XmlRpcHttpTransportException;
import org.apache.xmlrpc.client.XmlRpcStreamTransport;
import org.apache.xmlrpc.common.XmlRpcStreamRequestConfig;
import org.xml.sax.Attributes;
import org.xml.sax.ErrorHandler;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLFilterImpl;

/**
 * One XML-RPC call over one plain socket, and nothing the daemon did not decide: one attempt
 * (never a silent re-send, which the JDK's HttpURLConnection does for a POST whose connection
 * closed without a reply), one deadline for the whole call (connect, TLS handshake, write, every
 * read: each read waits at most the time left, and a reply that trickles in byte by byte still
 * ends at the deadline), a cap on the reply's size, and a parser that refuses a DOCTYPE (so no
 * entity is ever expanded) and reports errors by exception instead of printing them.
 *
 * <p>HTTP/1.0 with {@code Connection: close}: the server may not answer in chunks and the reply
 * ends with the connection, which is all a single call needs. An https endpoint gets the JVM's
 * default TLS settings with host name verification.
 *
 * <p>One instance per call; {@link #requestWritten()} then tells whether the request may have
 * reached oned, which decides whether a lost reply leaves the action's fate unknown.
 */
final class OneHttpTransport extends XmlRpcStreamTransport {

    /** The status line and headers of oned's replies are a few hundred bytes. */
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    /**
     * The deepest XML-RPC reply read: oned's are 8 elements deep (methodResponse, params, param, value,
     * array, data, value, string). Apache XML-RPC reads arrays and structs by recursion, and 5,000 nested
     * arrays overflowed its stack; deeper replies are refused before it sees them.
     */
    static final int MAX_ENVELOPE_DEPTH = 32;
    /** oned's numbers, booleans and the blanks between elements are a few characters. */
    static final int MAX_TEXT_OUTSIDE_STRING = 64 * 1024;

    private static final String DOCTYPE_FEATURE = "http://apache.org/xml/features/disallow-doctype-decl";

    private final URI endpoint;
    private final long deadlineNanos;
    private final long timeoutMillis;
    private final long maxReplyBytes;
    private Socket socket;
    private volatile boolean requestWritten;
    /** -1 when the reply names no length: it then ends with the connection. */
    private long contentLength = -1;

    private int headBytes;

    /**
     * @param deadline the whole call's deadline
     * @param maxReplyBytes the largest reply body accepted
     */
    OneHttpTransport(XmlRpcClient client, URI endpoint, CallDeadline deadline, long maxReplyBytes) {
        super(client);
        this.endpoint = endpoint;
        this.timeoutMillis = deadline.timeoutMillis();
        this.deadlineNanos = System.nanoTime() + deadline.remainingNanos();
        this.maxReplyBytes = maxReplyBytes;
    }

    // Text quoted from the server in these exceptions is not cut here: OneCallFailure scrubs the
    // session string from the whole text first and bounds it after, so no part of a secret that
    // straddles the cut survives.

    /** True once any byte of the request may have been written: oned may have acted on it. */
    boolean requestWritten() {
        return requestWritten;
    }

    @Override
    protected void writeRequest(ReqWriter writer) throws XmlRpcException, IOException, SAXException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(512);
        writer.write(body);
        socket = open();
        String path = endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty() ? "/" : endpoint.getRawPath();
        if (endpoint.getRawQuery() != null) {
            path += "?" + endpoint.getRawQuery();
        }
        String head = "POST " + path + " HTTP/1.0\r\n"
                + "Host: " + hostHeader() + "\r\n"
                + "User-Agent: overbookd\r\n"
                + "Content-Type: text/xml\r\n"
                + "Content-Length: " + body.size() + "\r\n"
                + "Connection: close\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        // From the first byte on, count the request as sent: a failure while writing or reading
        // leaves us unable to tell whether oned acted, and the next observation must settle it.
        requestWritten = true;
        try {
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            body.writeTo(out);
            out.flush();
        } catch (IOException e) {
            throw deadlineFired ? new DeadlinePassed(timeoutMillis, "sending the request") : e;
        }
    }

    @Override
    protected InputStream getInputStream() throws XmlRpcException {
        try {
            InputStream in = new DeadlineInputStream(socket.getInputStream());
            String[] status = readHead(in);
            long length = contentLength;
            if (length > maxReplyBytes) {
                throw new ReplyTooLarge(maxReplyBytes, "Content-Length " + length);
            }
            if (!status[1].equals("200")) {
                throw new XmlRpcHttpTransportException(
                        Integer.parseInt(status[1]), status[2], "HTTP status " + status[1]);
            }
            return new CappedInputStream(in, length);
        } catch (IOException e) {
            throw new XmlRpcClientException("Failed to read server's response: " + e.getMessage(), e);
        } catch (NumberFormatException e) {
            throw new XmlRpcClientException("malformed HTTP status line", e);
        }
    }

    @Override
    protected boolean isResponseGzipCompressed(XmlRpcStreamRequestConfig config) {
        // We send no Accept-Encoding, so a server may not compress.
        return false;
    }

    @Override
    protected void close() {
        if (guard != null) {
            guard.cancel(false);
        }
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // nothing left to do with it
            }
        }
    }

    /**
     * A parser for a reply from the network: no DOCTYPE (hence no entity of any kind), secure
     * processing on, and errors thrown to the caller rather than printed as {@code [Fatal Error]}.
     */
    @Override
    protected XMLReader newXMLReader() throws XmlRpcException {
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setValidating(false);
            factory.setXIncludeAware(false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature(DOCTYPE_FEATURE, true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            XMLReader reader = factory.newSAXParser().getXMLReader();
            reader.setErrorHandler(THROWING);
            XMLReader bounded = new EnvelopeLimits(reader);
            bounded.setErrorHandler(THROWING);
            return bounded;
        } catch (ParserConfigurationException | SAXException e) {
            throw new XmlRpcClientException("cannot create a hardened XML parser: " + e.getMessage(), e);
        }
    }

    /**
     * Passes the parser's events on to Apache XML-RPC's, refusing first what would cost it more than
     * the reply's size: an element nested deeper than {@link #MAX_ENVELOPE_DEPTH} (its parser recurses
     * per level), and a run of character data longer than {@link #MAX_TEXT_OUTSIDE_STRING} outside a
     * {@code <string>} (its parser gathers those in a buffer that doubles, where a string's text is
     * gathered by {@link ReplyStringParser}).
     */
    private static final class EnvelopeLimits extends XMLFilterImpl {
        private int depth;
        /** The depth of the {@code <string>} element open, 0: none. */
        private int stringDepth;

        private int textRun;
        private Locator locator;

        EnvelopeLimits(XMLReader parent) {
            super(parent);
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
            super.setDocumentLocator(locator);
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) throws SAXException {
            if (++depth > MAX_ENVELOPE_DEPTH) {
                throw new SAXParseException(
                        "the XML-RPC reply nests elements more than " + MAX_ENVELOPE_DEPTH + " deep; refused", locator);
            }
            if (stringDepth == 0 && "string".equals(localName)) {
                stringDepth = depth;
            }
            textRun = 0;
            super.startElement(uri, localName, qName, atts);
        }

        @Override
        public void endElement(String uri, String localName, String qName) throws SAXException {
            if (depth == stringDepth) {
                stringDepth = 0;
            }
            depth--;
            textRun = 0;
            super.endElement(uri, localName, qName);
        }

        @Override
        public void characters(char[] chars, int start, int length) throws SAXException {
            if (stringDepth == 0) {
                textRun += length;
                if (textRun > MAX_TEXT_OUTSIDE_STRING) {
                    throw new SAXParseException(
                            "the XML-RPC reply has more than " + MAX_TEXT_OUTSIDE_STRING
                                    + " characters of text outside a <string>; refused",
                            locator);
                }
            }
            super.characters(chars, start, length);
        }
    }

    private static final ErrorHandler THROWING = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
            // a warning does not stop the parse and is not worth a line
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    };

    // ---- the socket ------------------------------------------------------------------------

    /**
     * Closes a call's socket when its deadline passes, whatever the call is blocked in: a TLS
     * handshake or record read whose every single read is quick, or a write to a peer that stopped
     * reading. One daemon thread serves every call.
     */
    private static final java.util.concurrent.ScheduledThreadPoolExecutor GUARD = guardThread();

    private static java.util.concurrent.ScheduledThreadPoolExecutor guardThread() {
        java.util.concurrent.ScheduledThreadPoolExecutor guard =
                new java.util.concurrent.ScheduledThreadPoolExecutor(1, runnable -> {
                    Thread thread = new Thread(runnable, "oned-call-deadline");
                    thread.setDaemon(true);
                    return thread;
                });
        guard.setRemoveOnCancelPolicy(true); // a call that ends in time leaves nothing queued behind it
        return guard;
    }

    /** Name lookups, which Java cannot bound: the call stops waiting at its deadline. */
    private static final java.util.concurrent.ExecutorService RESOLVER =
            java.util.concurrent.Executors.newCachedThreadPool(runnable -> {
                Thread thread = new Thread(runnable, "oned-name-lookup");
                thread.setDaemon(true);
                return thread;
            });

    private java.util.concurrent.ScheduledFuture<?> guard;
    private volatile boolean deadlineFired;

    private Socket open() throws IOException {
        boolean https = "https".equalsIgnoreCase(endpoint.getScheme());
        int port = endpoint.getPort() > 0 ? endpoint.getPort() : https ? 443 : 80;
        java.net.InetAddress address = resolve(endpoint.getHost());
        Socket plain = new Socket();
        guard = GUARD.schedule(
                () -> {
                    deadlineFired = true;
                    try {
                        plain.close();
                    } catch (IOException e) {
                        // closing is all the guard can do
                    }
                },
                remainingMillis("connect"),
                java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            plain.setTcpNoDelay(true);
            plain.connect(new InetSocketAddress(address, port), remainingMillis("connect"));
            if (!https) {
                return plain;
            }
            SSLSocket tls = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault())
                    .createSocket(plain, endpoint.getHost(), port, true);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            tls.setSSLParameters(parameters);
            tls.setSoTimeout(remainingMillis("TLS handshake"));
            tls.startHandshake();
            return tls;
        } catch (IOException | RuntimeException e) {
            plain.close();
            if (deadlineFired) {
                throw new DeadlinePassed(timeoutMillis, https ? "connect or TLS handshake" : "connect");
            }
            throw e;
        }
    }

    /** The host's address, looked up within the call's deadline. */
    private java.net.InetAddress resolve(String host) throws IOException {
        java.util.concurrent.Future<java.net.InetAddress> lookup =
                RESOLVER.submit(() -> java.net.InetAddress.getByName(host));
        try {
            return lookup.get(remainingMillis("name lookup"), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            lookup.cancel(true);
            throw new DeadlinePassed(timeoutMillis, "name lookup of " + host);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot look up " + host + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while looking up " + host, e);
        }
    }

    private String hostHeader() {
        String host = endpoint.getHost();
        return endpoint.getPort() > 0 ? host + ":" + endpoint.getPort() : host;
    }

    /** Milliseconds left before the deadline, at least 1; throws once it has passed. */
    private int remainingMillis(String during) throws DeadlinePassed {
        long left = (deadlineNanos - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            throw new DeadlinePassed(timeoutMillis, during);
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    // ---- the reply's head ------------------------------------------------------------------

    /** Reads the status line and headers; returns {version, code, reason}. */
    private String[] readHead(InputStream in) throws IOException {
        String statusLine = readLine(in);
        String[] status = statusLine.split(" ", 3);
        if (status.length < 2 || !status[0].startsWith("HTTP/") || status[1].length() != 3) {
            throw new MalformedHttp("not an HTTP status line: " + statusLine);
        }
        String line;
        while (!(line = readLine(in)).isEmpty()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new MalformedHttp("not an HTTP header: " + line);
            }
            String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            if (name.equals("content-length")) {
                try {
                    contentLength = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new MalformedHttp("Content-Length is not a number: " + value);
                }
            } else if (name.equals("transfer-encoding") && !value.equalsIgnoreCase("identity")) {
                throw new MalformedHttp("Transfer-Encoding " + value + " in a reply to HTTP/1.0");
            } else if (name.equals("content-encoding") && !value.equalsIgnoreCase("identity")) {
                throw new MalformedHttp("Content-Encoding " + value + " was not asked for");
            }
        }
        return new String[] {status[0], status[1], status.length > 2 ? status[2] : ""};
    }

    private String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new ReplyLost("connection closed before the reply's headers ended");
            }
            if (++headBytes > MAX_HEADER_BYTES) {
                throw new MalformedHttp("reply headers longer than " + MAX_HEADER_BYTES + " bytes");
            }
            if (b == '\n') {
                int end = line.length();
                if (end > 0 && line.charAt(end - 1) == '\r') {
                    line.setLength(end - 1);
                }
                return line.toString();
            }
            line.append((char) b);
        }
    }

    // ---- streams and failures --------------------------------------------------------------

    /** A filter whose every read, a single byte's too, goes through its block read. */
    private abstract static class BlockInputStream extends FilterInputStream {
        BlockInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }
    }

    /** Each read waits at most the time left; none starts after the deadline. */
    private final class DeadlineInputStream extends BlockInputStream {
        DeadlineInputStream(InputStream in) {
            super(new java.io.BufferedInputStream(in, 64 * 1024));
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            socket.setSoTimeout(remainingMillis("reply"));
            try {
                return super.read(buffer, offset, length);
            } catch (SocketTimeoutException e) {
                throw new DeadlinePassed(timeoutMillis, "reply");
            } catch (IOException e) {
                throw deadlineFired ? new DeadlinePassed(timeoutMillis, "reply") : e;
            }
        }
    }

    /** The body: at most Content-Length bytes, never more than the cap, and not cut short. */
    private final class CappedInputStream extends BlockInputStream {
        private final long declared;
        private long read;

        CappedInputStream(InputStream in, long declared) {
            super(in);
            this.declared = declared;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            long limit = declared >= 0 ? declared : maxReplyBytes + 1;
            if (read >= limit) {
                return -1;
            }
            int n = super.read(buffer, offset, (int) Math.min(length, limit - read));
            if (n < 0) {
                if (declared >= 0) {
                    throw new ReplyLost("connection closed after " + read + " of " + declared + " bytes of the reply");
                }
                return -1;
            }
            read += n;
            if (read > maxReplyBytes) {
                throw new ReplyTooLarge(maxReplyBytes, "more than that");
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            return read(new byte[(int) Math.min(n, 8192)], 0, (int) Math.min(n, 8192));
        }

        @Override
        public int available() {
            return 0;
        }
    }

    /** The whole call's deadline passed. A SocketTimeoutException, so it reads as a timeout anywhere. */
    static final class DeadlinePassed extends SocketTimeoutException {
        private static final long serialVersionUID = 1L;

        DeadlinePassed(long timeoutMillis, String during) {
            super("no whole reply within " + timeoutMillis + " ms (deadline passed during " + during + ")");
        }
    }

    /** The connection ended before the reply did. */
    static final class ReplyLost extends IOException {
        private static final long serialVersionUID = 1L;

        ReplyLost(String message) {
            super(message);
        }
    }

    /** The reply is larger than the configured cap. */
    static final class ReplyTooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        ReplyTooLarge(long cap, String what) {
            super("reply larger than " + cap + " bytes (one.max-reply-mib): " + what);
        }
    }

    /** Not HTTP as we speak it. */
    static final class MalformedHttp extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedHttp(String message) {
            super(message);
        }
    }
}
