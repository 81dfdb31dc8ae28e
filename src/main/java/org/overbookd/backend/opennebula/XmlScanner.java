package org.overbookd.backend.opennebula;

import java.util.Arrays;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;

/**
 * Reads one XML document held in a string and reports its elements to a {@link XmlWalker.Visitor}.
 *
 * <p>Why not the JDK's StAX reader: on a pool of 100,000 VMs (130 MB of XML) it spent three quarters
 * of the parse in its own machinery (symbol tables, namespace bookkeeping, entity limits, a copy of
 * every character into its buffers), and its many classes are slow to warm up, which is what the
 * daemon's first cycle pays. This scanner reads the string in place and knows only what oned writes.
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
 * <p>An element the visitor declines at its start is skipped: its content is read by a second, plainer
 * loop that reports nothing (no path, no text, no calls) but refuses everything the main loop refuses,
 * with the same messages and the open elements named. Most of an extended VM pool is such content
 * (permissions, template disks and NICs, history fields the daemon does not use).
 */
final class XmlScanner {

    private final String doc;
    private final int length;
    private final XmlWalker.Visitor visitor;
    private final ElementPath path = new ElementPath();
    private final Names names = new Names();
    private final Text text;
    /** The open elements' names as written, prefix included, to match end tags. */
    private Name[] open = new Name[16];
    private int depth;
    private boolean rootSeen;
    private int pos;
    /** The last tag read, start or end, and which: it predicts the next start tag. */
    private Name previous;
    private boolean previousClosed;
    /** Set by {@link #scanName}: the hash of the name just read. */
    private int nameHash;

    private XmlScanner(String doc, XmlWalker.Visitor visitor) {
        this.doc = doc;
        this.length = doc.length();
        this.visitor = visitor;
        this.text = new Text(doc);
    }

    static void scan(String document, XmlWalker.Visitor visitor) throws XMLStreamException {
        XmlScanner scanner = new XmlScanner(document, visitor);
        try {
            scanner.document();
        } catch (XMLStreamException e) {
            // A visitor's complaint has no location: add where the scanner is.
            throw e.getLocation() != null ? e : new XMLStreamException(e.getMessage(), scanner.location());
        }
    }

    private void document() throws XMLStreamException {
        if (doc.startsWith("<?xml", pos) && pos + 5 < length && (isSpace(doc.charAt(pos + 5)) || doc.charAt(pos + 5) == '?')) {
            skipPast("?>", "XML declaration");
        }
        while (pos < length) {
            if (doc.charAt(pos) == '<') {
                markup();
            } else {
                characters();
            }
        }
        if (depth > 0) {
            throw error("the document ends before </" + open[depth - 1].written + ">");
        }
        if (!rootSeen) {
            throw error("the document has no root element");
        }
    }

    // ---- character data ---------------------------------------------------------------------

    private void characters() throws XMLStreamException {
        int start = pos;
        while (pos < length) {
            char c = doc.charAt(pos);
            if (c == '<' || c == '&' || c == '\r') {
                break;
            }
            if (c < 0x20 && c != '\n' && c != '\t' || c > 0xFFFD) {
                throw error(forbidden(c));
            }
            if (c == '>' && pos - start >= 2 && doc.charAt(pos - 1) == ']' && doc.charAt(pos - 2) == ']') {
                throw error("']]>' is not allowed in character data");
            }
            pos++;
        }
        if (depth == 0) {
            for (int i = start; i < pos; i++) {
                if (!isSpace(doc.charAt(i))) {
                    throw error(rootSeen ? "text after the root element" : "text before the root element");
                }
            }
        } else {
            text.append(start, pos);
        }
        if (pos < length) {
            char c = doc.charAt(pos);
            if (c == '\r') {
                pos++;
                if (pos < length && doc.charAt(pos) == '\n') {
                    pos++;
                }
                if (depth > 0) {
                    text.append('\n');
                }
            } else if (c == '&') {
                if (depth == 0) {
                    throw error("a reference outside the root element");
                }
                reference(true);
            }
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
                default -> throw error("the entity &" + doc.substring(pos + 1, semicolon)
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

    private void markup() throws XMLStreamException {
        if (pos + 1 >= length) {
            throw error("the document ends inside a tag");
        }
        char next = doc.charAt(pos + 1);
        if (next == '/') {
            endTag();
        } else if (next == '?') {
            if (doc.regionMatches(true, pos + 2, "xml", 0, 3) && pos + 5 < length
                    && (isSpace(doc.charAt(pos + 5)) || doc.charAt(pos + 5) == '?')) {
                throw error("an XML declaration is only allowed at the start of the document");
            }
            skipPast("?>", "processing instruction");
        } else if (next == '!') {
            if (doc.startsWith("<!--", pos)) {
                comment();
            } else if (doc.startsWith("<![CDATA[", pos)) {
                cdata();
            } else if (doc.startsWith("<!DOCTYPE", pos)) {
                // oned never sends one; entities are where XML bombs live
                throw error("the document carries a DOCTYPE declaration; refused");
            } else {
                throw error("'<!' starts no comment or CDATA section");
            }
        } else {
            startTag();
        }
    }

    private void startTag() throws XMLStreamException {
        pos++;
        Name name = startTagName();
        if (depth == 0 && rootSeen) {
            throw error("a second root element <" + name.written + ">");
        }
        boolean empty = attributes(name);
        rootSeen = true;
        if (depth == open.length) {
            open = Arrays.copyOf(open, depth * 2);
        }
        open[depth++] = name;
        path.push(name.local);
        text.clear();
        if (visitor.start(path)) {
            if (empty) {
                close();
            }
        } else {
            path.pop();
            if (!empty) {
                skipContent();
            }
            closeSkipped();
        }
    }

    /**
     * The name of a start tag. oned writes its elements in a fixed order, so the tag that followed
     * the previous one last time is tried first; only when it is not there is the name read and
     * looked up.
     */
    private Name startTagName() throws XMLStreamException {
        Name predicted = previous == null ? null : previousClosed ? previous.nextAfterEnd : previous.nextAfterStart;
        Name name;
        if (predicted != null && isAt(predicted.written)) {
            pos += predicted.written.length();
            name = predicted;
        } else {
            int nameStart = pos;
            scanName();
            name = names.get(doc, nameStart, pos, nameHash);
            if (previous != null) {
                if (previousClosed) {
                    previous.nextAfterEnd = name;
                } else {
                    previous.nextAfterStart = name;
                }
            }
        }
        previous = name;
        previousClosed = false;
        return name;
    }

    /** True if the document holds the name {@code name} (and no longer one) at {@code pos}. */
    private boolean isAt(String name) {
        int n = name.length();
        if (pos + n >= length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (doc.charAt(pos + i) != name.charAt(i)) {
                return false;
            }
        }
        return !isNameChar(doc.charAt(pos + n));
    }

    /** Reads over the attributes up to '>' or "/>"; true for an empty element. */
    private boolean attributes(Name element) throws XMLStreamException {
        while (true) {
            int spaceStart = pos;
            skipSpace();
            if (pos >= length) {
                throw error("the document ends inside <" + element.written + ">");
            }
            char c = doc.charAt(pos);
            if (c == '>') {
                pos++;
                return false;
            }
            if (c == '/') {
                if (pos + 1 >= length || doc.charAt(pos + 1) != '>') {
                    throw error("'/' not followed by '>' in <" + element.written + ">");
                }
                pos += 2;
                return true;
            }
            if (pos == spaceStart) {
                throw error("expected white space, '>' or '/>' in <" + element.written + ">");
            }
            scanName();
            skipSpace();
            expect('=', element);
            skipSpace();
            char quote = pos < length ? doc.charAt(pos) : 0;
            if (quote != '"' && quote != '\'') {
                throw error("an attribute value in <" + element.written + "> is not quoted");
            }
            pos++;
            while (true) {
                if (pos >= length) {
                    throw error("the document ends inside <" + element.written + ">");
                }
                char v = doc.charAt(pos);
                if (v == quote) {
                    pos++;
                    break;
                } else if (v == '<') {
                    throw error("'<' in an attribute value of <" + element.written + ">");
                } else if (v == '&') {
                    reference(false);
                } else if (v < 0x20 && v != '\n' && v != '\t' && v != '\r' || v > 0xFFFD) {
                    throw error(forbidden(v));
                } else {
                    pos++;
                }
            }
        }
    }

    private void endTag() throws XMLStreamException {
        matchEndTag();
        close();
    }

    /** Reads the end tag at {@code pos}, which must close the innermost open element. */
    private void matchEndTag() throws XMLStreamException {
        pos += 2;
        if (depth == 0) {
            int nameStart = pos;
            scanName();
            throw error("</" + doc.substring(nameStart, pos) + "> closes no element");
        }
        // Compared in place with the open element's name: no lookup for the commonest tag of all.
        String expected = open[depth - 1].written;
        int nameStart = pos;
        int n = expected.length();
        int i = 0;
        while (i < n && pos < length && doc.charAt(pos) == expected.charAt(i)) {
            pos++;
            i++;
        }
        if (i < n || pos < length && isNameChar(doc.charAt(pos))) {
            pos = nameStart;
            scanName();
            throw error("</" + doc.substring(nameStart, pos) + "> does not close <" + expected + ">");
        }
        skipSpace();
        if (pos >= length || doc.charAt(pos) != '>') {
            throw error("expected '>' after </" + expected);
        }
        pos++;
    }

    private void close() throws XMLStreamException {
        visitor.end(path, text);
        path.pop();
        previous = open[--depth];
        previousClosed = true;
        open[depth] = null;
        text.clear();
    }

    // ---- skipped content ----------------------------------------------------------------------

    /**
     * Reads the content of the element just opened (at {@code depth}) up to its end tag, which is
     * left for {@link #closeSkipped}. The same checks as the main loop, but nothing is reported:
     * character data is only checked, nested elements only matched by name.
     */
    private void skipContent() throws XMLStreamException {
        int base = depth;
        while (true) {
            int lt = skipCharacters();
            if (lt >= length) {
                throw error("the document ends before </" + open[depth - 1].written + ">");
            }
            if (lt + 1 < length && doc.charAt(lt + 1) == '/') {
                matchEndTag();
                if (depth == base) {
                    return;
                }
                closeSkipped();
            } else {
                skipMarkup();
            }
        }
    }

    /** Checks character data from {@code pos} up to the next '<' (where it leaves {@code pos}) or the end. */
    private int skipCharacters() throws XMLStreamException {
        while (pos < length) {
            char c = doc.charAt(pos);
            if (c == '<') {
                return pos;
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
        return pos;
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
            markup();
        } else {
            pos++;
            Name name = startTagName();
            boolean empty = attributes(name);
            if (depth == open.length) {
                open = Arrays.copyOf(open, depth * 2);
            }
            open[depth++] = name;
            if (empty) {
                closeSkipped();
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

    /** A skipped element closes: as {@link #close}, without the visitor or the path. */
    private void closeSkipped() {
        previous = open[--depth];
        previousClosed = true;
        open[depth] = null;
        text.clear();
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

    /** Reads an XML name from {@code pos}, leaving its hash in {@link #nameHash}. */
    private void scanName() throws XMLStreamException {
        if (pos >= length || !isNameStart(doc.charAt(pos))) {
            throw error("expected a name");
        }
        int hash = 0;
        char c;
        while (pos < length && isNameChar(c = doc.charAt(pos))) {
            hash = 31 * hash + c;
            pos++;
        }
        nameHash = hash;
    }

    private void skipSpace() {
        while (pos < length && isSpace(doc.charAt(pos))) {
            pos++;
        }
    }

    private void expect(char c, Name element) throws XMLStreamException {
        if (pos >= length || doc.charAt(pos) != c) {
            throw error("expected '" + c + "' in <" + element.written + ">");
        }
        pos++;
    }

    // ---- characters -------------------------------------------------------------------------

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }

    private static boolean isNameStart(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == ':' || c >= 0xC0 && c <= 0xFFFD
                && c != 0xD7 && c != 0xF7;
    }

    private static boolean isNameChar(char c) {
        return isNameStart(c) || c >= '0' && c <= '9' || c == '-' || c == '.' || c == 0xB7;
    }

    private static boolean isXmlChar(int c) {
        return c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD
                || c >= 0x10000 && c <= 0x10FFFF;
    }

    private static String forbidden(char c) {
        return String.format("character U+%04X is not allowed in XML", (int) c);
    }

    // ---- errors -----------------------------------------------------------------------------

    private XMLStreamException error(String message) {
        return new XMLStreamException(depth == 0 ? message : "in " + openElements() + ": " + message, location());
    }

    /** The open elements' local names from the root, skipped ones included (the path holds only reported ones). */
    private String openElements() {
        StringBuilder names = new StringBuilder(open[0].local);
        for (int i = 1; i < depth; i++) {
            names.append('/').append(open[i].local);
        }
        return names.toString();
    }

    private Location location() {
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

    /** An element name as written and its local part; one instance per distinct name in a document. */
    private static final class Name {
        final String written;
        final String local;
        final int hash;
        /** The start tag that last followed this element's start tag, and its end tag. */
        Name nextAfterStart;
        Name nextAfterEnd;

        Name(String written, String local, int hash) {
            this.written = written;
            this.local = local;
            this.hash = hash;
        }

        /** True if the document holds this name at {@code start}; a plain loop, which the JIT makes tight. */
        boolean is(String doc, int start, int length) {
            if (written.length() != length) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (doc.charAt(start + i) != written.charAt(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The distinct element names of one document: a pool repeats a hundred names millions of times,
     * so each is made a string once and the parsers compare interned constants.
     */
    private static final class Names {
        private Name[] table = new Name[256];
        private int size;

        Name get(String doc, int start, int end, int hash) throws XMLStreamException {
            int length = end - start;
            int mask = table.length - 1;
            int i = spread(hash) & mask;
            for (Name n = table[i]; n != null; n = table[i = (i + 1) & mask]) {
                if (n.hash == hash && n.is(doc, start, length)) {
                    return n;
                }
            }
            String written = doc.substring(start, end);
            int colon = written.indexOf(':');
            if (colon == 0 || colon == length - 1 || colon >= 0 && written.indexOf(':', colon + 1) >= 0) {
                throw new XMLStreamException("'" + written + "' is no element name");
            }
            Name name = new Name(written, (colon < 0 ? written : written.substring(colon + 1)).intern(), hash);
            table[i] = name;
            if (++size * 2 > table.length) {
                grow();
            }
            return name;
        }

        private void grow() {
            Name[] old = table;
            table = new Name[old.length * 2];
            int mask = table.length - 1;
            for (Name n : old) {
                if (n != null) {
                    int i = spread(n.hash) & mask;
                    while (table[i] != null) {
                        i = (i + 1) & mask;
                    }
                    table[i] = n;
                }
            }
        }

        private static int spread(int hash) {
            return hash ^ (hash >>> 16);
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

        void clear() {
            start = 0;
            end = 0;
            copied = false;
            pieces.setLength(0);
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
