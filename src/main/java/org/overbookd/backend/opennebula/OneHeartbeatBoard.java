package org.overbookd.backend.opennebula;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.overbookd.backend.BackendException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A notice board in OpenNebula that every overbookd pointed at the same oned can see, wherever it
 * runs: one generic document (one.document.*) of {@link #TYPE} named {@link #NAME}, whose template
 * holds one attribute per daemon. Each writes only its own attribute (update in merge mode), so
 * two writers never erase each other. If two daemons create the document at once there are two;
 * both then use the one of lowest id.
 */
public final class OneHeartbeatBoard {

    /** Document type of the board; generic documents are told apart by type (OneFlow uses 100 and 101). */
    public static final int TYPE = 6815;
    public static final String NAME = "overbookd-heartbeats";
    private static final int ALL_RESOURCES = -2;
    private static final int MERGE = 1;

    private final OneXmlRpcClient client;
    private int documentId = -1;

    private OneHeartbeatBoard(OneXmlRpcClient client) {
        this.client = client;
    }

    /** @throws BackendException when the session file cannot be read */
    public static OneHeartbeatBoard open(java.net.URI endpoint, Path authFile, Duration timeout)
            throws BackendException {
        return new OneHeartbeatBoard(new OneXmlRpcClient(endpoint, OneSession.read(authFile), timeout));
    }

    /** Every daemon's entry: attribute name to value. Creates the board on first use. */
    public synchronized Map<String, String> read() throws BackendException {
        int id = document();
        return template(first(parse("one.document.info", client.callForXml("one.document.info", id, false)),
                "TEMPLATE"));
    }

    /** Sets this daemon's entry, leaving the others as they are. */
    public synchronized void write(String attribute, String value) throws BackendException {
        int id = document();
        String escaped = value.replace("\\", "\\\\").replace("\"", "\\\"");
        client.call("one.document.update", id, attribute + " = \"" + escaped + "\"", MERGE);
    }

    private int document() throws BackendException {
        if (documentId >= 0) {
            return documentId;
        }
        int id = lowestBoard();
        if (id < 0) {
            client.call("one.document.allocate", "NAME = \"" + NAME + "\"", TYPE);
            id = lowestBoard();
            if (id < 0) {
                throw new BackendException(BackendException.Cause.MALFORMED,
                        "one.document.allocate: the board created is not in the document pool", null);
            }
        }
        documentId = id;
        return id;
    }

    private int lowestBoard() throws BackendException {
        Element pool = parse("one.documentpool.info",
                client.callForXml("one.documentpool.info", ALL_RESOURCES, -1, -1, TYPE));
        int lowest = -1;
        NodeList documents = pool.getElementsByTagName("DOCUMENT");
        for (int i = 0; i < documents.getLength(); i++) {
            Element document = (Element) documents.item(i);
            if (NAME.equals(text(document, "NAME")) && String.valueOf(TYPE).equals(text(document, "TYPE"))) {
                int id;
                try {
                    id = Integer.parseInt(text(document, "ID"));
                } catch (NumberFormatException e) { // its text is the server's: never quoted unscrubbed
                    throw client.malformed("one.documentpool.info", "a DOCUMENT whose ID is not a number", null);
                }
                lowest = lowest < 0 ? id : Math.min(lowest, id);
            }
        }
        return lowest;
    }

    private static Map<String, String> template(Element template) {
        Map<String, String> entries = new LinkedHashMap<>();
        if (template == null) {
            return entries;
        }
        for (Node n = template.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                entries.put(e.getTagName(), e.getTextContent());
            }
        }
        return entries;
    }

    private Element parse(String method, String xml) throws BackendException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            // thrown, not printed: the default handler writes "[Fatal Error] ..." to stderr
            builder.setErrorHandler(new DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            });
            return builder.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        } catch (Exception e) {
            // the parser's complaint may quote the reply: scrubbed of the session and bounded, as every reply text
            throw client.malformed(method, String.valueOf(e.getMessage()), null);
        }
    }

    private static Element first(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element parent, String tag) {
        Element e = first(parent, tag);
        return e == null ? "" : e.getTextContent().strip();
    }
}
