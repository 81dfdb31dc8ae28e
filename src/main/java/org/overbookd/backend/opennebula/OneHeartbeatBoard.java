package org.overbookd.backend.opennebula;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
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
 *
 * <p>Who sees it: OpenNebula lists a document only to accounts that may use it. The daemon that
 * creates the board gives its group the right to use and manage it, so every overbookd whose user is
 * in that group (the install guide's account recipe, docs/operating.md) shares the one board; an account of another group
 * would not see it, would make a board of its own, and the two daemons would not see each other.
 */
public final class OneHeartbeatBoard {

    /** Document type of the board; generic documents are told apart by type (OneFlow uses 100 and 101). */
    public static final int TYPE = 6815;

    public static final String NAME = "overbookd-heartbeats";
    /** Calls to oned of a daemon's beat each cycle: the board read, then this daemon's entry written. */
    public static final int CALLS_PER_BEAT = 2;

    private static final int ALL_RESOURCES = -2;
    private static final int REPLACE = 0;
    private static final int MERGE = 1;
    private static final int UNCHANGED = -1;

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

    /** Every daemon's entry: attribute name to value (empty for a withdrawn one). Creates the board on first use. */
    public synchronized Map<String, String> read() throws BackendException {
        return template(first(info(), "TEMPLATE"));
    }

    /** Sets this daemon's entry, leaving the others as they are. */
    public synchronized void write(String attribute, String value) throws BackendException {
        update(attribute + " = \"" + escaped(value) + "\"", MERGE);
    }

    /**
     * Empties this daemon's entry, leaving the others as they are: merge mode cannot delete an
     * attribute, and rewriting the whole board to drop one would race with the other writers.
     */
    public synchronized void withdraw(String attribute) throws BackendException {
        update(attribute + " = \"\"", MERGE);
    }

    /**
     * Rewrites the whole board with {@code entries}, dropping every other attribute: for removing
     * entries no daemon writes any more. A daemon that writes between this one's read and this
     * rewrite loses that write until its next one.
     */
    public synchronized void replace(Map<String, String> entries) throws BackendException {
        StringBuilder template = new StringBuilder();
        entries.forEach((attribute, value) -> template.append(attribute)
                .append(" = \"")
                .append(escaped(value))
                .append("\"\n"));
        update(template.toString(), REPLACE);
    }

    /**
     * Whether this account may do what a daemon does with the board: find it, or create it when
     * there is none (which also makes it, as the daemon's first cycle would: a harmless side effect),
     * and update it. The update is an empty merge, which changes nothing on the board. Empty when
     * all is allowed; otherwise what oned refused and what to grant, in words for an operator.
     *
     * @throws BackendException when it cannot tell: oned unreachable, the session refused, a
     *                          malformed reply
     */
    public synchronized Optional<String> probe() throws BackendException {
        try {
            update("", MERGE);
            return Optional.empty();
        } catch (OneRefusal e) {
            if (e.errorCode() != OneErrorCode.AUTHORIZATION) {
                throw e;
            }
            return Optional.of(e.method().equals("one.document.allocate") ? cannotCreate(e) : cannotUpdate(e));
        }
    }

    private String cannotCreate(OneRefusal e) {
        Account account = account();
        String group = account == null ? "its group" : "its group " + account.groupName();
        String grant = account == null ? "@GROUP_ID" : "@" + account.groupId();
        return "OpenNebula user " + client.user() + " may not create documents, and no overbookd heartbeat board"
                + " exists yet on this oned to join (" + e.serverMessage() + "); grant " + group + " the right, as"
                + " oneadmin: oneacl create \"" + grant
                + " DOCUMENT/* CREATE\" (docs/operating.md: An OpenNebula account for"
                + " overbookd)";
    }

    private String cannotUpdate(OneRefusal e) {
        return "OpenNebula user " + client.user() + " may not update the overbookd heartbeat board, document "
                + documentId + " (" + e.serverMessage() + "): its owner's group must be this user's group; let"
                + " every overbookd on this oned log in as a user of one group (docs/operating.md: An OpenNebula account for"
                + " overbookd)";
    }

    /** The session's own user and primary group, or null when oned will not say. */
    private Account account() {
        try {
            Element user = parse("one.user.info", client.callForXml("one.user.info", -1));
            return new Account(Integer.parseInt(text(user, "GID")), text(user, "GNAME"));
        } catch (BackendException | RuntimeException e) {
            return null;
        }
    }

    private record Account(int groupId, String groupName) {}

    private void update(String template, int mode) throws BackendException {
        int id = document();
        try {
            client.call("one.document.update", id, template, mode);
        } catch (OneRefusal e) {
            if (e.errorCode() != OneErrorCode.NO_EXISTS) {
                throw e;
            }
            documentId = -1; // deleted by an administrator: find or make the board again, once
            client.call("one.document.update", document(), template, mode);
        }
    }

    private Element info() throws BackendException {
        int id = document();
        try {
            return parse("one.document.info", client.callForXml("one.document.info", id, false));
        } catch (OneRefusal e) {
            if (e.errorCode() != OneErrorCode.NO_EXISTS) {
                throw e;
            }
            documentId = -1;
            return parse("one.document.info", client.callForXml("one.document.info", document(), false));
        }
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
                throw new BackendException(
                        BackendException.Cause.MALFORMED,
                        "one.document.allocate: the board created is not in the document pool",
                        null);
            }
            // the group may use and manage it: every daemon whose user is in this group shares it
            client.call(
                    "one.document.chmod",
                    id,
                    UNCHANGED,
                    UNCHANGED,
                    UNCHANGED,
                    1,
                    1,
                    UNCHANGED,
                    UNCHANGED,
                    UNCHANGED,
                    UNCHANGED);
        }
        documentId = id;
        return id;
    }

    private int lowestBoard() throws BackendException {
        Element pool =
                parse("one.documentpool.info", client.callForXml("one.documentpool.info", ALL_RESOURCES, -1, -1, TYPE));
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

    private static String escaped(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
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
            return builder.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                    .getDocumentElement();
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
