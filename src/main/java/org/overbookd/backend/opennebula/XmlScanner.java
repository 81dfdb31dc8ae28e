package org.overbookd.backend.opennebula;

import java.util.Arrays;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;

/**
 * Reads one XML document held in a string, element by element, as its reader asks: a cursor. The
 * pool parsers drive it directly ({@link #next}, then {@link #skip} or a value of the element, or
 * {@code next} again for its children); {@link XmlWalker} drives it for a {@link XmlWalker.Visitor}.
 *
 * <p>Why not the JDK's StAX reader: on a pool of 100,000 VMs (130 MB of XML) it spent three quarters
 * of the parse in its own machinery (symbol tables, namespace bookkeeping, entity limits, a copy of
 * every character into its buffers), and its many classes are slow to warm up, which is what the
 * daemon's first cycle pays. This scanner reads the string in place and knows only what oned writes.
 *
 * <p>Why a cursor and not callbacks: the daemon's first parse after a start runs while the JIT is still
 * compiling. With one scanning loop calling each parser's visitor, that loop's compiled code was thrown
 * away at each new document (its calls had seen one visitor type, its name lookups had never missed),
 * three times per observation, and most of the pool was read by code not yet compiled again. Driven by
 * the parsers, each parser's loop is its own code, compiled for its own document, and the scanner's
 * methods take the same branches in every document.
 *
 * <p>It is strict about what it reads: well-formed XML 1.0 without a document type. It refuses a
 * DOCTYPE (entities are where XML bombs and external-entity leaks live, and oned never sends one),
 * any entity reference but the five predefined ones and character references, an end tag that does
 * not match, text or a second element outside the root, a character XML forbids, and a document that
 * ends early. Each refusal names the open elements and the line and column. Comments, processing
 * instructions and attributes are read over and ignored; namespace prefixes are dropped, so elements
 * are matched on their local names as before (prefix declarations are not checked).
 *
 * <p>Character data is reported as XML defines it: CDATA sections as their content, references
 * replaced, line ends (CR LF, CR) read as LF.
 *
 * <p>An element its reader does not want is skipped: its content is read by a second, plainer loop that
 * keeps nothing (no names looked up, no text) but refuses everything the main loop refuses, with the
 * same messages and the open elements named. Most of an extended VM pool is such content (permissions,
 * template disks and NICs, history fields the daemon does not use).
 */
final class XmlScanner {

    /** Reads a document's root element through its cursor; what it returns is the document's value. */
    @FunctionalInterface
    interface Reading<T> {
        T read(XmlScanner in) throws XMLStreamException;
    }

    /** Elements nested deeper than this are refused: oned's documents are under ten deep. */
    static final int MAX_DEPTH = 256;
    /** An element with more attributes than this is refused: oned writes none. */
    static final int MAX_ATTRIBUTES = 256;
    /** More namespace prefixes declared at once than this are refused: oned declares none. */
    static final int MAX_PREFIXES = 32;
    /**
     * Names and values longer than this are not shared through the tables, but made anew at each
     * occurrence: the hash families that collide whatever the multiplier (Thue-Morse strings) are
     * hundreds of characters long, and oned's names and the values worth sharing are short.
     */
    static final int MAX_SHARED_CHARS = 64;
    /**
     * A table lookup gives up after this many probes, and the name or value is then made anew instead
     * of shared: names an attacker made collide cost at most this many comparisons each, so a document's
     * reading stays linear in its length whatever names it holds.
     */
    static final int MAX_PROBES = 16;
    /** Element starts read between two looks at the deadline: about 0.1 ms of scanning. */
    private static final int DEADLINE_EVERY = 4096;

    /**
     * The hash of names and values, {@code h = h * MULTIPLIER + c}, drawn at random for each JVM: with
     * Java's 31, upper-case names built of the blocks "AO" and "B0" all share one hash, and any VM owner
     * could make every lookup of the name table probe every name before it. An odd multiplier, so
     * that no character is lost.
     */
    private static final int MULTIPLIER =
            java.util.concurrent.ThreadLocalRandom.current().nextInt() | 1;

    /** oned's element names, shared by every document (see {@link OnedElementNames} for why); never changed. */
    private static final Names KNOWN = Names.of(OnedElementNames.ALL);

    private final String doc;
    private final int length;
    private final CallDeadline deadline;
    private int untilDeadline = DEADLINE_EVERY;
    /** The attributes of the start tag being read: where each name is, and where its colon is (-1: none). */
    private int[] attributeStart = new int[4];

    private int[] attributeEnd = new int[4];
    private int[] attributeColon = new int[4];
    private int attributes;
    /** The namespace prefixes declared in the open elements, innermost last, and the depth each was declared at. */
    private int[] prefixStart = new int[4];

    private int[] prefixEnd = new int[4];
    private int[] prefixDepth = new int[4];
    private int prefixes;
    /** The names of this document not in {@link #KNOWN}. */
    private final Names names = new Names();

    private final SharedValues values = new SharedValues();
    private final Text text;
    /** Where the open elements' names are written (prefix included), to match end tags and name them in errors. */
    private int[] openStart = new int[16];

    private int[] openEnd = new int[16];
    /** The open elements' local names, for those opened by {@link #next} (skipped ones have none). */
    private String[] openLocal = new String[16];

    private int depth;
    private boolean rootSeen;
    private int pos;
    /** The element opened last, by its local name. */
    private String name;
    /** The element opened last was written {@code <X/>}: its end comes with the next call. */
    private boolean emptyPending;
    /** The element closed last, by its local name: a value's path in an error names it. */
    private String closedName;
    /** Set by {@link #scanName}: the hash of the name just read, and where its first colon is (-1: none). */
    private int nameHash;

    private int nameColon;
    private boolean nameColons;

    XmlScanner(String doc, CallDeadline deadline) {
        this.doc = doc;
        this.length = doc.length();
        this.deadline = deadline;
        this.text = new Text(doc);
    }

    /**
     * Reads {@code document} with {@code reading}, which gets the cursor on the root element, already
     * open, and must read it to its end; then the rest of the document is checked. An error the
     * reader raises without a location gets the scanner's.
     */
    static <T> T read(String document, Reading<T> reading) throws XMLStreamException {
        return read(document, CallDeadline.NONE, reading);
    }

    /** As {@link #read(String, Reading)}, refusing with {@link CallDeadline.Passed} once {@code deadline} passes. */
    static <T> T read(String document, CallDeadline deadline, Reading<T> reading) throws XMLStreamException {
        return scan(document, 0, deadline, reading, false);
    }

    /**
     * As {@link #read}, for a part of a document: the reader gets the cursor on the root element, moved
     * on to {@code from} (0: where the root's content begins), and either reads the root to its end, and
     * then the rest of the document is checked, or stops with the root still open, at a place where a
     * cursor that read the document from its start would be in the same state (see {@link #jumpTo}).
     */
    static <T> T readPart(String document, int from, CallDeadline deadline, Reading<T> reading)
            throws XMLStreamException {
        return scan(document, from, deadline, reading, true);
    }

    /** {@link #read} and {@link #readPart}: {@code mayStop} lets the reader leave the root open. */
    private static <T> T scan(String document, int from, CallDeadline deadline, Reading<T> reading, boolean mayStop)
            throws XMLStreamException {
        XmlScanner in = new XmlScanner(document, deadline);
        try {
            in.root();
            if (from > 0) {
                in.jumpTo(from);
            }
            T value = reading.read(in);
            if (!mayStop || in.depth == 0) {
                in.rest(); // refuses a root left open by a reader that must read it to its end
            }
            return value;
        } catch (CallDeadline.Passed e) {
            throw e;
        } catch (XMLStreamException e) {
            throw e.getLocation() != null ? e : new XMLStreamException(e.getMessage(), in.location());
        }
    }

    /**
     * Moves the cursor, on the root element's content, to {@code offset} further on, as if it had read
     * up to there without leaving the root: where a cursor that did read up to there, and is on the root
     * element's content at exactly that offset, is in the same state (the open root, its names, nothing
     * pending), so the two read the rest alike. Whether the document really is at that level there is
     * for the caller to make sure of: {@link VmPoolParser} keeps a part's records only when the part
     * before it ended on the root's content at exactly that offset.
     */
    private void jumpTo(int offset) {
        if (depth != 1 || emptyPending || offset < pos || offset > length) {
            throw new IllegalStateException("a cursor moves on only within the root element's content");
        }
        pos = offset;
        text.clear();
    }

    /** Where the cursor is: the offset of the next character it reads. */
    int position() {
        return pos;
    }

    /**
     * Reads the prolog and opens the root element, by {@link #outside}, not by {@link #next}: the code
     * for what stands outside the root element (depth 0: only space, comments and PIs) runs once at
     * each end of a document. Through {@code next}, the JIT compiled those branches away while reading
     * the first document (each taken once, before any profile) and threw its compiled {@code next} away
     * again at the start of each later one, in the middle of the daemon's first parse.
     */
    void root() throws XMLStreamException {
        if (doc.startsWith("<?xml", pos)
                && pos + 5 < length
                && (isSpace(doc.charAt(pos + 5)) || doc.charAt(pos + 5) == '?')) {
            skipPast("?>", "XML declaration");
        }
        outside();
    }

    /**
     * After the root element closed: the rest of the document may hold only space, comments and PIs;
     * read by {@link #outside}, as the prolog is, for the same reason.
     */
    void rest() throws XMLStreamException {
        if (depth > 0) {
            throw new IllegalStateException("the root element is still open");
        }
        outside();
    }

    /**
     * Reads what stands outside the root element (space, comments, PIs): before it, up to its start
     * tag, which it opens; after it, to the end of the document, where a start tag is a second root.
     */
    private void outside() throws XMLStreamException {
        while (pos < length) {
            if (doc.charAt(pos) != '<') {
                outsideText();
            } else if (pos + 1 >= length) {
                throw error("the document ends inside a tag");
            } else if (doc.charAt(pos + 1) == '/') {
                matchEndTag(); // closes no element
            } else if (doc.charAt(pos + 1) == '?' || doc.charAt(pos + 1) == '!') {
                markup(doc.charAt(pos + 1));
            } else if (rootSeen) {
                pos++;
                throw error("a second root element <" + scannedName().written + ">");
            } else {
                startTag();
                rootSeen = true;
                return;
            }
        }
        if (!rootSeen) {
            throw error("the document has no root element");
        }
    }

    /** Throws unless the root element is {@code expected}; call it first thing in a {@link Reading}. */
    void expectRoot(String expected) throws XMLStreamException {
        if (!name.equals(expected)) {
            throw new XMLStreamException("expected root element " + expected + ", found " + name);
        }
    }

    /**
     * The local name of the element opened last: for oned's own names an interned string, and for any
     * other the same string for every element of that name in the document, unless the name is too
     * long or too crowded in the table to be shared (see {@link Names}).
     */
    String name() {
        return name;
    }

    /** How many elements are open, the root being 1. */
    int depth() {
        return depth;
    }

    /**
     * Reads on in the current element's content: true when a child element opened (it is now the
     * current element, named by {@link #name}), false when the current element closed. At depth 0
     * (the root closed), the rest of the document is read as {@link #rest} reads it, and false means
     * it ended. The parsers never call it there: that branch is never taken, so the JIT compiles it
     * away without ever throwing {@code next} away for it.
     */
    boolean next() throws XMLStreamException {
        if (emptyPending) {
            emptyPending = false;
            closedName = name;
            close();
            return false;
        }
        if (depth == 0) {
            outside();
            return false;
        }
        text.clear();
        while (pos < length) {
            if (doc.charAt(pos) != '<') {
                characters();
                continue;
            }
            if (pos + 1 >= length) {
                throw error("the document ends inside a tag");
            }
            char next = doc.charAt(pos + 1);
            if (next == '/') {
                matchEndTag();
                closedName = openLocal[depth - 1];
                close();
                return false;
            }
            if (next == '?' || next == '!') {
                markup(next);
            } else {
                startTag();
                return true;
            }
        }
        if (depth > 0) {
            throw error("the document ends before </" + writtenName(depth - 1) + ">");
        }
        return false;
    }

    /**
     * The character data of the element that just closed ({@link #next} returned false), since its
     * last child closed: for a leaf, its value. Valid until the next call.
     */
    CharSequence text() {
        return text;
    }

    /** The current element's value: its content read to its end tag, child elements skipped. */
    CharSequence value() throws XMLStreamException {
        while (next()) {
            skip();
        }
        return text;
    }

    String stringValue() throws XMLStreamException {
        return value().toString();
    }

    int intValue() throws XMLStreamException {
        long digits = digitsValue(9);
        return digits >= 0 ? (int) digits : XmlWalker.intValue(text, this);
    }

    long longValue() throws XMLStreamException {
        long digits = digitsValue(18);
        return digits >= 0 ? digits : XmlWalker.longValue(text, this);
    }

    /**
     * The current element's value when it is one run of at most {@code max} ASCII digits, else -1; either
     * way {@link #text} holds it after. What oned writes for a count, a size or a time is read so, with
     * no string made.
     */
    long digitsValue(int max) throws XMLStreamException {
        value();
        return text.digits(max);
    }

    /**
     * The current element's value as a string shared by every element of this document with the same
     * value: for values many records repeat (the host a VM is on, its QoS class), kept once instead of
     * once per record.
     */
    String sharedValue() throws XMLStreamException {
        return values.get(value());
    }

    double doubleValue() throws XMLStreamException {
        value();
        double plain = text.decimal();
        return plain >= 0 ? plain : XmlWalker.doubleValue(text, this);
    }

    /** The path of the element that closed last, from the root: what a value's error names. */
    String closedPath() {
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            path.append(localName(i)).append('/');
        }
        return path.append(closedName).toString();
    }

    // ---- character data ---------------------------------------------------------------------

    /** Character data inside the root element, up to the next '<' or the end, kept for {@link #text}. */
    private void characters() throws XMLStreamException {
        int start = pos;
        textRun();
        text.append(start, pos);
        if (pos < length) {
            if (doc.charAt(pos) == '\r') {
                lineEnd();
                text.append('\n');
            } else if (doc.charAt(pos) == '&') {
                reference(true);
            }
        }
    }

    /** Character data outside the root element (before it or after it), where only space may be. */
    private void outsideText() throws XMLStreamException {
        int start = pos;
        textRun();
        for (int i = start; i < pos; i++) {
            if (!isSpace(doc.charAt(i))) {
                throw error(rootSeen ? "text after the root element" : "text before the root element");
            }
        }
        if (pos < length) {
            if (doc.charAt(pos) == '\r') {
                lineEnd();
            } else if (doc.charAt(pos) == '&') {
                throw error("a reference outside the root element");
            }
        }
    }

    /** Checks character data from {@code pos} up to the next '<', '&', CR or the end, and leaves {@code pos} there. */
    private void textRun() throws XMLStreamException {
        int start = pos;
        while (pos < length) {
            char c = doc.charAt(pos);
            if (c == '<' || c == '&' || c == '\r') {
                return;
            }
            if (c < 0x20 && c != '\n' && c != '\t' || c > 0xFFFD) {
                throw error(forbidden(c));
            }
            if (c == '>' && pos - start >= 2 && doc.charAt(pos - 1) == ']' && doc.charAt(pos - 2) == ']') {
                throw error("']]>' is not allowed in character data");
            }
            pos++;
        }
    }

    /** At a CR: it and an LF after it are one line end. */
    private void lineEnd() {
        pos++;
        if (pos < length && doc.charAt(pos) == '\n') {
            pos++;
        }
    }

    /** At '&': the five predefined entities and character references; nothing a document could declare. */
    private void reference(boolean keep) throws XMLStreamException {
        int semicolon = doc.indexOf(';', pos + 1);
        if (semicolon < 0 || semicolon - pos > 12) {
            throw error("'&' starts no reference (write &amp;)");
        }
        int codePoint;
        if (doc.charAt(pos + 1) == '#') {
            codePoint = characterReference(pos + 2, semicolon);
        } else {
            codePoint = switch (doc.substring(pos + 1, semicolon)) {
                case "lt" -> '<';
                case "gt" -> '>';
                case "amp" -> '&';
                case "quot" -> '"';
                case "apos" -> '\'';
                default ->
                    throw error("the entity &" + doc.substring(pos + 1, semicolon)
                            + "; is not declared (documents have no DOCTYPE)");
            };
        }
        if (keep) {
            text.append(codePoint);
        }
        pos = semicolon + 1;
    }

    private int characterReference(int from, int to) throws XMLStreamException {
        boolean hex = from < to && doc.charAt(from) == 'x';
        int digits = hex ? from + 1 : from;
        int value;
        try {
            value = digits < to ? Integer.parseInt(doc, digits, to, hex ? 16 : 10) : -1;
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 0 || !isXmlChar(value) || doc.charAt(digits) == '+' || doc.charAt(digits) == '-') {
            throw error("'" + doc.substring(from - 2, to + 1) + "' is no character XML allows");
        }
        return value;
    }

    private void cdata() throws XMLStreamException {
        if (depth == 0) {
            throw error("a CDATA section outside the root element");
        }
        int start = pos + "<![CDATA[".length();
        int end = doc.indexOf("]]>", start);
        if (end < 0) {
            throw error("the document ends inside a CDATA section");
        }
        int run = start;
        for (int i = start; i < end; i++) {
            char c = doc.charAt(i);
            if (c == '\r') {
                text.append(run, i);
                text.append('\n');
                run = i + 1 < end && doc.charAt(i + 1) == '\n' ? i + 2 : i + 1;
                i = run - 1;
            } else if (c < 0x20 && c != '\n' && c != '\t' || c > 0xFFFD) {
                pos = i;
                throw error(forbidden(c));
            }
        }
        text.append(run, end);
        pos = end + 3;
    }

    // ---- markup -----------------------------------------------------------------------------

    /** At "<?" or "<!": a processing instruction, comment, CDATA section (its text kept), or a refusal. */
    private void markup(char next) throws XMLStreamException {
        if (next == '?') {
            if (doc.regionMatches(true, pos + 2, "xml", 0, 3)
                    && pos + 5 < length
                    && (isSpace(doc.charAt(pos + 5)) || doc.charAt(pos + 5) == '?')) {
                throw error("an XML declaration is only allowed at the start of the document");
            }
            skipPast("?>", "processing instruction");
        } else if (doc.startsWith("<!--", pos)) {
            comment();
        } else if (doc.startsWith("<![CDATA[", pos)) {
            cdata();
        } else if (doc.startsWith("<!DOCTYPE", pos)) {
            // oned never sends one; entities are where XML bombs live
            throw error("the document carries a DOCTYPE declaration; refused");
        } else {
            throw error("'<!' starts no comment or CDATA section");
        }
    }

    /** At '<' of a start tag: reads it and opens the element, its local name looked up for {@link #name}. */
    private void startTag() throws XMLStreamException {
        pos++;
        int nameStart = pos;
        Name element = scannedName();
        boolean empty = attributes(nameStart) == 1;
        if (element.colon >= 0) {
            checkPrefix(nameStart, nameStart + element.colon, nameStart + element.written.length());
        }
        open(nameStart, nameStart + element.written.length());
        openLocal[depth - 1] = element.local;
        name = element.local;
        emptyPending = empty;
        text.clear();
    }

    /** Reads the element name at {@code pos} and looks it up: oned's names first, then the document's own. */
    private Name scannedName() throws XMLStreamException {
        int nameStart = pos;
        scanName();
        Name element = KNOWN.find(doc, nameStart, pos, nameHash);
        return element != null ? element : names.get(doc, nameStart, pos, nameHash, nameColon, nameColons);
    }

    private void open(int nameStart, int nameEnd) throws XMLStreamException {
        if (--untilDeadline == 0) {
            untilDeadline = DEADLINE_EVERY;
            deadline.check("the parse of the reply's document");
        }
        if (depth == MAX_DEPTH) {
            throw error("elements nested more than " + MAX_DEPTH + " deep");
        }
        if (depth == openStart.length) {
            openStart = Arrays.copyOf(openStart, depth * 2);
            openEnd = Arrays.copyOf(openEnd, depth * 2);
            openLocal = Arrays.copyOf(openLocal, depth * 2);
        }
        openStart[depth] = nameStart;
        openEnd[depth] = nameEnd;
        depth++;
    }

    /** The innermost open element closes: the namespace prefixes it declared go out of scope with it. */
    private void close() {
        depth--;
        if (prefixes > 0) {
            dropPrefixes();
        }
    }

    private void dropPrefixes() {
        while (prefixes > 0 && prefixDepth[prefixes - 1] > depth) {
            prefixes--;
        }
    }

    /**
     * The prefix written from {@code start} to {@code end} of the name that ends at {@code nameEnd} is
     * {@code xml} or declared by an open element (or the one whose start tag is being read): as
     * Namespaces in XML asks, and the JDK's StAX reader checks.
     */
    private void checkPrefix(int start, int end, int nameEnd) throws XMLStreamException {
        int n = end - start;
        if (n == 3 && doc.startsWith("xml", start)) {
            return;
        }
        for (int i = prefixes - 1; i >= 0; i--) {
            if (prefixEnd[i] - prefixStart[i] == n && doc.regionMatches(start, doc, prefixStart[i], n)) {
                return;
            }
        }
        throw error("the prefix of '" + doc.substring(start, nameEnd) + "' is not declared");
    }

    /**
     * Reads over the attributes up to '>' or "/>" of the start tag whose name is at {@code nameStart}:
     * 1 for an empty element (it closes itself), else 0. Their values are read over; their names are
     * checked as the JDK's StAX reader checks them (no name twice, each prefix declared), and the
     * namespace prefixes they declare are in scope for the element from here on.
     */
    private int attributes(int nameStart) throws XMLStreamException {
        int nameEnd = pos;
        attributes = 0;
        while (true) {
            int spaceStart = pos;
            skipSpace();
            if (pos >= length) {
                throw error("the document ends inside <" + doc.substring(nameStart, nameEnd) + ">");
            }
            char c = doc.charAt(pos);
            if (c == '>') {
                pos++;
                if (attributes > 0) {
                    attributesRead(nameStart, nameEnd);
                }
                return 0;
            }
            if (c == '/') {
                if (pos + 1 >= length || doc.charAt(pos + 1) != '>') {
                    throw error("'/' not followed by '>' in <" + doc.substring(nameStart, nameEnd) + ">");
                }
                pos += 2;
                if (attributes > 0) {
                    attributesRead(nameStart, nameEnd);
                }
                return 1;
            }
            if (pos == spaceStart) {
                throw error("expected white space, '>' or '/>' in <" + doc.substring(nameStart, nameEnd) + ">");
            }
            int attributeAt = pos;
            scanName();
            attributeNamed(attributeAt, nameStart, nameEnd);
            skipSpace();
            expect('=', nameStart, nameEnd);
            skipSpace();
            char quote = pos < length ? doc.charAt(pos) : 0;
            if (quote != '"' && quote != '\'') {
                throw error("an attribute value in <" + doc.substring(nameStart, nameEnd) + "> is not quoted");
            }
            pos++;
            int valueStart = pos;
            while (true) {
                if (pos >= length) {
                    throw error("the document ends inside <" + doc.substring(nameStart, nameEnd) + ">");
                }
                char v = doc.charAt(pos);
                if (v == quote) {
                    pos++;
                    break;
                } else if (v == '<') {
                    throw error("'<' in an attribute value of <" + doc.substring(nameStart, nameEnd) + ">");
                } else if (v == '&') {
                    reference(false);
                } else if (v < 0x20 && v != '\n' && v != '\t' && v != '\r' || v > 0xFFFD) {
                    throw error(forbidden(v));
                } else {
                    pos++;
                }
            }
            if (pos - 1 == valueStart && declaresPrefix(attributes - 1)) {
                throw error("the namespace prefix '" + doc.substring(attributeAt + 6, attributeEnd[attributes - 1])
                        + "' is declared with an empty name");
            }
        }
    }

    /** Notes the attribute whose name {@link #scanName} just read from {@code start}, in the tag of the element named at {@code nameStart}. */
    private void attributeNamed(int start, int nameStart, int nameEnd) throws XMLStreamException {
        if (attributes == MAX_ATTRIBUTES) {
            throw error("more than " + MAX_ATTRIBUTES + " attributes in <" + doc.substring(nameStart, nameEnd) + ">");
        }
        if (nameColon >= 0) {
            checkColons(start, pos, nameColon, nameColons);
        }
        if (attributes == attributeStart.length) {
            attributeStart = Arrays.copyOf(attributeStart, attributes * 2);
            attributeEnd = Arrays.copyOf(attributeEnd, attributes * 2);
            attributeColon = Arrays.copyOf(attributeColon, attributes * 2);
        }
        attributeStart[attributes] = start;
        attributeEnd[attributes] = pos;
        attributeColon[attributes] = nameColon;
        attributes++;
    }

    /** True if attribute {@code i} of the tag is {@code xmlns:p}: it declares the prefix p. */
    private boolean declaresPrefix(int i) {
        return attributeColon[i] == 5 && doc.startsWith("xmlns", attributeStart[i]);
    }

    /**
     * The tag's attributes are read: its prefix declarations come into scope (for its own name too), then
     * each attribute's prefix must be declared, and no name may be given twice.
     */
    private void attributesRead(int nameStart, int nameEnd) throws XMLStreamException {
        for (int i = 0; i < attributes; i++) {
            if (declaresPrefix(i)) {
                declarePrefix(attributeStart[i] + 6, attributeEnd[i]);
            }
        }
        for (int i = 0; i < attributes; i++) {
            if (attributeColon[i] >= 0 && !declaresPrefix(i)) {
                checkPrefix(attributeStart[i], attributeStart[i] + attributeColon[i], attributeEnd[i]);
            }
        }
        if (attributes > 1) {
            checkNoAttributeTwice(nameStart, nameEnd);
        }
    }

    /** The prefix written from {@code start} to {@code end} is declared by the element whose start tag is being read. */
    private void declarePrefix(int start, int end) throws XMLStreamException {
        if (end - start == 3 && doc.startsWith("xml", start) || end - start == 5 && doc.startsWith("xmlns", start)) {
            // StAX lets xml be bound to its own namespace; no document of oned's binds it at all
            throw error("the reserved prefix '" + doc.substring(start, end) + "' is declared");
        }
        if (prefixes == MAX_PREFIXES) {
            throw error("more than " + MAX_PREFIXES + " namespace prefixes declared at once");
        }
        if (prefixes == prefixStart.length) {
            prefixStart = Arrays.copyOf(prefixStart, prefixes * 2);
            prefixEnd = Arrays.copyOf(prefixEnd, prefixes * 2);
            prefixDepth = Arrays.copyOf(prefixDepth, prefixes * 2);
        }
        prefixStart[prefixes] = start;
        prefixEnd[prefixes] = end;
        prefixDepth[prefixes] = depth + 1; // the element is opened once its tag is read
        prefixes++;
    }

    /**
     * No two attributes of the tag have one name: compared in pairs when they are few, else sorted, so
     * that a tag of many attributes costs what sorting them does, not the square of their number.
     */
    private void checkNoAttributeTwice(int nameStart, int nameEnd) throws XMLStreamException {
        String twice = null;
        if (attributes <= 8) {
            for (int i = 0; i < attributes && twice == null; i++) {
                int n = attributeEnd[i] - attributeStart[i];
                for (int j = i + 1; j < attributes; j++) {
                    if (attributeEnd[j] - attributeStart[j] == n
                            && doc.regionMatches(attributeStart[i], doc, attributeStart[j], n)) {
                        twice = doc.substring(attributeStart[i], attributeEnd[i]);
                        break;
                    }
                }
            }
        } else {
            String[] sorted = new String[attributes];
            for (int i = 0; i < attributes; i++) {
                sorted[i] = doc.substring(attributeStart[i], attributeEnd[i]);
            }
            Arrays.sort(sorted);
            for (int i = 1; i < attributes && twice == null; i++) {
                if (sorted[i].equals(sorted[i - 1])) {
                    twice = sorted[i];
                }
            }
        }
        if (twice != null) {
            throw error("attribute '" + twice + "' given twice in <" + doc.substring(nameStart, nameEnd) + ">");
        }
    }

    /** Reads the end tag at {@code pos}, which must close the innermost open element (left open: the caller closes it). */
    private void matchEndTag() throws XMLStreamException {
        pos += 2;
        if (depth == 0) {
            int nameStart = pos;
            scanName();
            throw error("</" + doc.substring(nameStart, pos) + "> closes no element");
        }
        // Compared in place with the open element's name as written: no lookup, no string.
        int expected = openStart[depth - 1];
        int n = openEnd[depth - 1] - expected;
        int nameStart = pos;
        if (doc.regionMatches(pos, doc, expected, n)) {
            pos += n;
        }
        if (pos == nameStart || pos < length && isNameChar(doc.charAt(pos))) {
            pos = nameStart;
            scanName();
            throw error("</" + doc.substring(nameStart, pos) + "> does not close <" + writtenName(depth - 1) + ">");
        }
        skipSpace();
        if (pos >= length || doc.charAt(pos) != '>') {
            throw error("expected '>' after </" + writtenName(depth - 1));
        }
        pos++;
    }

    // ---- skipped content ----------------------------------------------------------------------

    /**
     * Skips the element just opened: its content is read up to and including its end tag with the same
     * checks as the main loop, but nothing is kept: character data is only checked, nested elements
     * only matched by name, no name looked up.
     */
    void skip() throws XMLStreamException {
        if (emptyPending) {
            emptyPending = false;
            closedName = name;
            close();
            return;
        }
        int base = depth;
        while (true) {
            skipCharacters();
            if (pos >= length) {
                throw error("the document ends before </" + writtenName(depth - 1) + ">");
            }
            if (pos + 1 < length && doc.charAt(pos + 1) == '/') {
                matchEndTag();
                close();
                if (depth < base) {
                    closedName = name;
                    text.clear();
                    return;
                }
            } else {
                skipMarkup();
            }
        }
    }

    /** Checks character data from {@code pos} up to the next '<' (where it leaves {@code pos}) or the end. */
    private void skipCharacters() throws XMLStreamException {
        while (pos < length) {
            char c = doc.charAt(pos);
            if (c == '<') {
                return;
            }
            if (c == '&') {
                reference(false);
                continue;
            }
            if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' || c > 0xFFFD) {
                throw error(forbidden(c));
            }
            if (c == '>' && pos >= 2 && doc.charAt(pos - 1) == ']' && doc.charAt(pos - 2) == ']') {
                throw error("']]>' is not allowed in character data");
            }
            pos++;
        }
    }

    /** At '<' inside skipped content, not an end tag: a start tag, comment, CDATA section or PI. */
    private void skipMarkup() throws XMLStreamException {
        if (pos + 1 >= length) {
            throw error("the document ends inside a tag");
        }
        char next = doc.charAt(pos + 1);
        if (next == '!' && doc.startsWith("<![CDATA[", pos)) {
            skipCdata();
        } else if (next == '?' || next == '!') {
            markup(next);
        } else {
            pos++;
            int nameStart = pos;
            scanName();
            int colon = nameColon;
            if (colon >= 0) {
                checkColons(nameStart, pos, colon, nameColons);
            }
            int nameEnd = pos;
            int closed = attributes(nameStart);
            if (colon >= 0) {
                checkPrefix(nameStart, nameStart + colon, nameEnd);
            }
            // opened and, for <X/>, closed at once, without a branch: the JIT would compile one away while
            // a document has no empty element in skipped content, and throw this code away at the next that has
            open(nameStart, nameEnd);
            depth -= closed;
            if (prefixes > 0) {
                dropPrefixes();
            }
        }
    }

    private void skipCdata() throws XMLStreamException {
        int start = pos + "<![CDATA[".length();
        int end = doc.indexOf("]]>", start);
        if (end < 0) {
            throw error("the document ends inside a CDATA section");
        }
        for (int i = start; i < end; i++) {
            char c = doc.charAt(i);
            if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' || c > 0xFFFD) {
                pos = i;
                throw error(forbidden(c));
            }
        }
        pos = end + 3;
    }

    private void comment() throws XMLStreamException {
        int end = doc.indexOf("--", pos + 4);
        if (end < 0) {
            throw error("the document ends inside a comment");
        }
        if (end + 2 >= length || doc.charAt(end + 2) != '>') {
            throw error("'--' inside a comment");
        }
        pos = end + 3;
    }

    private void skipPast(String end, String what) throws XMLStreamException {
        int at = doc.indexOf(end, pos + 2);
        if (at < 0) {
            throw error("the document ends inside a " + what);
        }
        pos = at + end.length();
    }

    /**
     * Reads an XML name from {@code pos}, leaving its hash in {@link #nameHash}, where its first colon
     * is in {@link #nameColon} (-1: none) and whether it has more than one in {@link #nameColons}.
     */
    private void scanName() throws XMLStreamException {
        if (pos >= length || !isNameStart(doc.charAt(pos))) {
            throw error("expected a name");
        }
        String doc = this.doc;
        int start = pos;
        int p = start;
        int hash = 0;
        int colon = -1;
        boolean colons = false;
        char c;
        while (p < length && isNameChar(c = doc.charAt(p))) {
            if (c == ':') {
                colons = colon >= 0;
                colon = colon >= 0 ? colon : p - start;
            }
            hash = MULTIPLIER * hash + c;
            p++;
        }
        pos = p;
        nameHash = hash;
        nameColon = colon;
        nameColons = colons;
    }

    /** An element name may hold one colon, between a prefix and a local name. */
    private static void checkColons(String doc, int start, int end, int colon, boolean colons)
            throws XMLStreamException {
        if (colon == 0 || colon == end - start - 1 || colons) {
            throw new XMLStreamException("'" + doc.substring(start, end) + "' is no element name");
        }
    }

    private void checkColons(int start, int end, int colon, boolean colons) throws XMLStreamException {
        checkColons(doc, start, end, colon, colons);
    }

    private void skipSpace() {
        while (pos < length && isSpace(doc.charAt(pos))) {
            pos++;
        }
    }

    private void expect(char c, int nameStart, int nameEnd) throws XMLStreamException {
        if (pos >= length || doc.charAt(pos) != c) {
            throw error("expected '" + c + "' in <" + doc.substring(nameStart, nameEnd) + ">");
        }
        pos++;
    }

    // ---- characters -------------------------------------------------------------------------

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }

    /** ASCII characters that may start a name, and that may be in one: a table, one load per character. */
    private static final boolean[] NAME_START = new boolean[128];

    private static final boolean[] NAME_CHAR = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            NAME_START[c] = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == ':';
            NAME_CHAR[c] = NAME_START[c] || c >= '0' && c <= '9' || c == '-' || c == '.';
        }
    }

    private static boolean isNameStart(char c) {
        return c < 128 ? NAME_START[c] : c >= 0xC0 && c <= 0xFFFD && c != 0xD7 && c != 0xF7;
    }

    private static boolean isNameChar(char c) {
        return c < 128 ? NAME_CHAR[c] : c >= 0xC0 && c <= 0xFFFD && c != 0xD7 && c != 0xF7 || c == 0xB7;
    }

    private static boolean isXmlChar(int c) {
        return c == 0x9
                || c == 0xA
                || c == 0xD
                || c >= 0x20 && c <= 0xD7FF
                || c >= 0xE000 && c <= 0xFFFD
                || c >= 0x10000 && c <= 0x10FFFF;
    }

    private static String forbidden(char c) {
        return String.format("character U+%04X is not allowed in XML", (int) c);
    }

    // ---- errors -----------------------------------------------------------------------------

    private XMLStreamException error(String message) {
        return new XMLStreamException(depth == 0 ? message : "in " + openElements() + ": " + message, location());
    }

    /** The open elements' local names from the root, skipped ones included. */
    private String openElements() {
        StringBuilder names = new StringBuilder(localName(0));
        for (int i = 1; i < depth; i++) {
            names.append('/').append(localName(i));
        }
        return names.toString();
    }

    /** The name of the open element at {@code level} (0 = root) as written, prefix included. */
    private String writtenName(int level) {
        return doc.substring(openStart[level], openEnd[level]);
    }

    private String localName(int level) {
        String written = writtenName(level);
        return written.substring(written.indexOf(':') + 1);
    }

    Location location() {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(pos, length);
        for (int i = 0; i < end; i++) {
            if (doc.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Place(line, end - lineStart + 1, end);
    }

    /** Where in the document an error is: line and column from 1. */
    private record Place(int line, int column, int offset) implements Location {
        @Override
        public int getLineNumber() {
            return line;
        }

        @Override
        public int getColumnNumber() {
            return column;
        }

        @Override
        public int getCharacterOffset() {
            return offset;
        }

        @Override
        public String getPublicId() {
            return null;
        }

        @Override
        public String getSystemId() {
            return null;
        }
    }

    // ---- names and text ---------------------------------------------------------------------

    /** The hash of {@code text} as {@link #scanName} computes it for a name. */
    private static int hash(CharSequence text) {
        int hash = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            hash = MULTIPLIER * hash + text.charAt(i);
        }
        return hash;
    }

    /** Where a hash's probes start in a table of {@code mask + 1} slots: every bit of the hash counts. */
    private static int slot(int hash, int mask) {
        int h = hash * 0x9E3779B9;
        return (h ^ (h >>> 15)) & mask;
    }

    /** How many slots of its name and value tables this scanner has probed: a measure of its work, for tests. */
    long probes() {
        return names.probes + values.probes;
    }

    /** An element name as written and its local part; one instance per distinct name in a document. */
    static final class Name {
        final String written;
        final String local;
        final int hash;
        /** Where its colon is, -1: none. */
        final int colon;

        Name(String written, String local, int hash, int colon) {
            this.written = written;
            this.local = local;
            this.hash = hash;
            this.colon = colon;
        }

        /** True if the document holds this name at {@code start}. */
        boolean is(String doc, int start, int length) {
            return written.length() == length && doc.regionMatches(start, written, 0, length);
        }
    }

    /**
     * Distinct element names: a pool repeats a hundred names millions of times, so each is made a
     * string once. Open addressing with at most {@link #MAX_PROBES} probes per lookup: a name that finds
     * neither itself nor a free slot by then, or is longer than {@link #MAX_SHARED_CHARS}, is made anew
     * and not kept, so no set of names, however chosen, makes a lookup cost more.
     */
    static final class Names {
        private Name[] table;
        private int size;
        long probes;

        Names() {
            this(256);
        }

        private Names(int slots) {
            table = new Name[slots];
        }

        /** oned's names, interned (the parsers compare them with string constants), in a table a quarter full. */
        static Names of(java.util.List<String> names) {
            Names known = new Names(Integer.highestOneBit(names.size() * 4 - 1) * 2);
            for (String name : names) {
                known.put(new Name(name.intern(), name.intern(), hash(name), -1));
            }
            return known;
        }

        /** The name written at {@code start} to {@code end} (its hash {@code hash}), or null if not in this table. */
        Name find(String doc, int start, int end, int hash) {
            int length = end - start;
            int mask = table.length - 1;
            int i = slot(hash, mask);
            for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & mask) {
                Name n = table[i];
                if (n == null) {
                    return null;
                }
                if (n.hash == hash && n.is(doc, start, length)) {
                    return n;
                }
            }
            return null;
        }

        /** As {@link #find}, adding the name when it is new; {@code colon} and {@code colons} as {@link #scanName} left them. */
        Name get(String doc, int start, int end, int hash, int colon, boolean colons) throws XMLStreamException {
            int length = end - start;
            if (length <= MAX_SHARED_CHARS) {
                int mask = table.length - 1;
                int i = slot(hash, mask);
                for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & mask) {
                    probes++;
                    Name n = table[i];
                    if (n == null) {
                        Name name = made(doc, start, end, hash, colon, colons);
                        table[i] = name;
                        if (++size * 2 > table.length) {
                            grow();
                        }
                        return name;
                    }
                    if (n.hash == hash && n.is(doc, start, length)) {
                        return n;
                    }
                }
            }
            return made(doc, start, end, hash, colon, colons);
        }

        private static Name made(String doc, int start, int end, int hash, int colon, boolean colons)
                throws XMLStreamException {
            checkColons(doc, start, end, colon, colons);
            String written = doc.substring(start, end);
            return new Name(written, colon < 0 ? written : written.substring(colon + 1), hash, colon);
        }

        private void grow() {
            Name[] old = table;
            table = new Name[old.length * 2];
            size = 0;
            for (Name n : old) {
                if (n != null) {
                    put(n);
                }
            }
        }

        /** Puts {@code name} in the first free slot within its probes; where there is none, it is not kept. */
        private void put(Name name) {
            int mask = table.length - 1;
            int i = slot(name.hash, mask);
            for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & mask) {
                if (table[i] == null) {
                    table[i] = name;
                    size++;
                    return;
                }
            }
        }
    }

    /**
     * The distinct values {@link #sharedValue} handed out, up to a bound: past it (a document of mostly
     * distinct values) each value is a string of its own, as {@link #stringValue} makes it. Bounded
     * in probes and in length as {@link Names} is, with the hashes kept beside the strings.
     */
    static final class SharedValues {
        private static final int MAX = 1 << 14;
        private String[] table = new String[64];
        private int[] hashes = new int[64];
        private int size;
        long probes;

        String get(CharSequence value) {
            return value.length() > MAX_SHARED_CHARS ? value.toString() : get(value, hash(value));
        }

        /** As {@link #get(CharSequence)}, for a value at most {@link #MAX_SHARED_CHARS} long whose hash is {@code hash}. */
        String get(CharSequence value, int hash) {
            int mask = table.length - 1;
            int i = slot(hash, mask);
            for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & mask) {
                probes++;
                String s = table[i];
                if (s == null) {
                    String made = value.toString();
                    if (size < MAX) {
                        table[i] = made;
                        hashes[i] = hash;
                        if (++size * 2 > table.length) {
                            grow();
                        }
                    }
                    return made;
                }
                if (hashes[i] == hash && s.contentEquals(value)) {
                    return s;
                }
            }
            return value.toString();
        }

        private void grow() {
            String[] old = table;
            int[] oldHashes = hashes;
            table = new String[old.length * 2];
            hashes = new int[old.length * 2];
            int mask = table.length - 1;
            size = 0;
            for (int k = 0; k < old.length; k++) {
                if (old[k] == null) {
                    continue;
                }
                int i = slot(oldHashes[k], mask);
                for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & mask) {
                    if (table[i] == null) {
                        table[i] = old[k];
                        hashes[i] = oldHashes[k];
                        size++;
                        break;
                    }
                }
            }
        }
    }

    /**
     * The character data of the current element since its last child closed. Most of it is one run
     * of the document, handed out without a copy; it is copied only when CDATA sections, references
     * or line ends make it several pieces.
     */
    private static final class Text implements CharSequence {
        private final String doc;
        private final StringBuilder pieces = new StringBuilder();
        private int start;
        private int end;
        private boolean copied;

        Text(String doc) {
            this.doc = doc;
        }

        /**
         * The text's value when it is one run of at most {@code max} ASCII digits, else -1: what oned
         * writes for a count or a time, read without the general conversion (signs, space, other
         * digits, overflow), which is left to the caller and gives the same value for these.
         */
        long digits(int max) {
            if (copied || end == start || end - start > max) {
                return -1;
            }
            long value = 0;
            for (int i = start; i < end; i++) {
                int digit = doc.charAt(i) - '0';
                if (digit < 0 || digit > 9) {
                    return -1;
                }
                value = value * 10 + digit;
            }
            return value;
        }

        /** Powers of ten a double holds exactly. */
        private static final double[] TENS = {
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
        };

        /**
         * The text's value when it is one run of ASCII digits with at most one '.', 15 digits at most,
         * else -1: what oned writes for a CPU figure. The digits make an integer a double holds exactly,
         * and one division by an exact power of ten rounds once, as {@link Double#parseDouble} does, so
         * the value is the same to the bit; anything else is left to the general conversion.
         */
        double decimal() {
            if (copied || end == start || end - start > 16) {
                return -1;
            }
            long mantissa = 0;
            int digits = 0;
            int point = -1;
            for (int i = start; i < end; i++) {
                char c = doc.charAt(i);
                if (c >= '0' && c <= '9') {
                    mantissa = mantissa * 10 + (c - '0');
                    digits++;
                } else if (c == '.' && point < 0) {
                    point = i;
                } else {
                    return -1;
                }
            }
            if (digits == 0 || digits > 15) {
                return -1;
            }
            return point < 0 ? mantissa : mantissa / TENS[end - point - 1];
        }

        void clear() {
            start = 0;
            end = 0;
            if (copied) {
                copied = false;
                pieces.setLength(0);
            }
        }

        void append(int from, int to) {
            if (from == to) {
                return;
            }
            if (!copied && start == end) {
                start = from;
                end = to;
            } else {
                copy();
                pieces.append(doc, from, to);
            }
        }

        void append(int codePoint) {
            copy();
            pieces.appendCodePoint(codePoint);
        }

        private void copy() {
            if (!copied) {
                pieces.append(doc, start, end);
                copied = true;
            }
        }

        @Override
        public int length() {
            return copied ? pieces.length() : end - start;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= length()) {
                throw new IndexOutOfBoundsException(index);
            }
            return copied ? pieces.charAt(index) : doc.charAt(start + index);
        }

        @Override
        public CharSequence subSequence(int from, int to) {
            return toString().substring(from, to);
        }

        @Override
        public String toString() {
            return copied ? pieces.toString() : doc.substring(start, end);
        }
    }
}
