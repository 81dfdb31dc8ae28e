package org.overbookd.backend.opennebula;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import javax.xml.stream.XMLStreamException;

/**
 * Walks an XML document as element starts and ends, each with its path from the root and, at the
 * end, its own character data, driving an {@link XmlScanner} for a {@link Visitor}. The pool parsers
 * drive the scanner themselves; this walk is the same scanner seen as StAX-like events, which is what
 * its tests compare with the JDK's StAX reader. The document is read whole into a string first
 * (oned's reply arrives as one anyway) and scanned in place. Also the parsers' value conversions.
 */
final class XmlWalker {

    /** Receives the elements in document order. */
    interface Visitor {
        /**
         * An element opens. Returns false to skip it: no calls for its content or its end, though the
         * content is still checked as strictly as the rest. A parser declines what it never reads, which
         * saves the scanner most of its work per byte (no path, no text, no calls).
         */
        boolean start(ElementPath path) throws XMLStreamException;

        /**
         * The element closes. {@code text} holds the character data since its last child closed,
         * which for a leaf is its value; it is only valid during the call.
         */
        void end(ElementPath path, CharSequence text) throws XMLStreamException;
    }

    private XmlWalker() {}

    static void walk(String document, Visitor visitor) throws XMLStreamException {
        XmlScanner.read(document, in -> {
            ElementPath path = new ElementPath();
            path.push(in.name());
            if (!visitor.start(path)) {
                in.skip();
                return null;
            }
            while (path.depth() > 0) {
                if (in.next()) {
                    path.push(in.name());
                    if (!visitor.start(path)) {
                        path.pop();
                        in.skip();
                    }
                } else {
                    visitor.end(path, in.text());
                    path.pop();
                }
            }
            return null;
        });
    }

    /** Reads the whole document first: for files and tests; the daemon hands over the reply's string. */
    static void walk(Reader reader, Visitor visitor) throws XMLStreamException {
        walk(read(reader), visitor);
    }

    static String read(Reader reader) throws XMLStreamException {
        StringWriter out = new StringWriter();
        try {
            reader.transferTo(out);
        } catch (IOException e) {
            throw new XMLStreamException("cannot read the document: " + e.getMessage(), e);
        }
        return out.toString();
    }

    /** Where the text starts once leading whitespace is skipped: parsed in place, not trimmed into a copy. */
    private static int firstNonBlank(CharSequence text) {
        int begin = 0;
        while (begin < text.length() && Character.isWhitespace(text.charAt(begin))) {
            begin++;
        }
        return begin;
    }

    /** Where the text ends once trailing whitespace is dropped, not before {@code begin}. */
    private static int endOfNonBlank(CharSequence text, int begin) {
        int end = text.length();
        while (end > begin && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    static int intValue(CharSequence text, XmlScanner at) throws XMLStreamException {
        int begin = firstNonBlank(text);
        int end = endOfNonBlank(text, begin);
        try {
            return Integer.parseInt(text, begin, end, 10);
        } catch (NumberFormatException e) {
            throw new XMLStreamException(at.closedPath() + " is not an integer: '" + abbreviate(text) + "'");
        }
    }

    static long longValue(CharSequence text, XmlScanner at) throws XMLStreamException {
        int begin = firstNonBlank(text);
        int end = endOfNonBlank(text, begin);
        try {
            return Long.parseLong(text, begin, end, 10);
        } catch (NumberFormatException e) {
            throw new XMLStreamException(at.closedPath() + " is not an integer: '"
                    + abbreviate(text.toString().strip()) + "'");
        }
    }

    static double doubleValue(CharSequence text, XmlScanner at) throws XMLStreamException {
        String value = text.toString().strip();
        try {
            double number = Double.parseDouble(value);
            if (!Double.isFinite(number)) {
                throw new NumberFormatException();
            }
            return number;
        } catch (NumberFormatException e) {
            throw new XMLStreamException(at.closedPath() + " is not a number: '" + abbreviate(value) + "'");
        }
    }

    /** A missing element reported with the record it belongs to. */
    static XMLStreamException missing(String element, String record, long id) {
        return new XMLStreamException(record + (id == Long.MIN_VALUE ? "" : " " + id) + " has no " + element);
    }

    private static String abbreviate(CharSequence text) {
        return text.length() <= 40 ? text.toString() : text.subSequence(0, 40) + "...";
    }
}
