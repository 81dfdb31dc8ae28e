package org.overbookd.backend.opennebula;

import java.io.Reader;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Streams an XML document (StAX) as element starts and ends, each with its path from the root and,
 * at the end, its own character data. A parser keeps only the record it is building, so memory
 * grows with the number of records, never with the size of the document.
 */
final class XmlWalker {

    /** Receives the elements in document order. */
    interface Visitor {
        void start(ElementPath path) throws XMLStreamException;

        /**
         * The element closes. {@code text} holds the character data since its last child closed,
         * which for a leaf is its value; it is only valid during the call.
         */
        void end(ElementPath path, CharSequence text) throws XMLStreamException;
    }

    private XmlWalker() {
    }

    static void walk(Reader reader, Visitor visitor) throws XMLStreamException {
        XMLStreamReader xml = factory().createXMLStreamReader(reader);
        ElementPath path = new ElementPath();
        StringBuilder text = new StringBuilder();
        try {
            while (xml.hasNext()) {
                switch (xml.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        path.push(xml.getLocalName());
                        text.setLength(0);
                        visitor.start(path);
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                            text.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                    case XMLStreamConstants.DTD ->
                        // oned never sends one; entities are where XML bombs live
                        throw new XMLStreamException("the document carries a DOCTYPE declaration; refused",
                                xml.getLocation());
                    case XMLStreamConstants.END_ELEMENT -> {
                        visitor.end(path, text);
                        path.pop();
                        text.setLength(0);
                    }
                    default -> {
                        // comments, processing instructions, document start and end: nothing to read
                    }
                }
            }
        } catch (XMLStreamException e) {
            // A visitor's complaint has no location: add where the reader is.
            throw e.getLocation() != null ? e : new XMLStreamException(e.getMessage(), xml.getLocation());
        } finally {
            xml.close();
        }
    }

    /** Throws unless the root element is {@code expected}; call it from {@link Visitor#start}. */
    static void expectRoot(ElementPath path, String expected) throws XMLStreamException {
        if (path.depth() == 1 && !path.name().equals(expected)) {
            throw new XMLStreamException("expected root element " + expected + ", found " + path.name());
        }
    }

    static int intValue(CharSequence text, ElementPath path) throws XMLStreamException {
        int begin = 0;
        int end = text.length();
        while (begin < end && Character.isWhitespace(text.charAt(begin))) {
            begin++;
        }
        while (end > begin && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        try {
            return Integer.parseInt(text, begin, end, 10);
        } catch (NumberFormatException e) {
            throw new XMLStreamException(path + " is not an integer: '" + abbreviate(text) + "'");
        }
    }

    static long longValue(CharSequence text, ElementPath path) throws XMLStreamException {
        String value = text.toString().strip();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new XMLStreamException(path + " is not an integer: '" + abbreviate(value) + "'");
        }
    }

    static double doubleValue(CharSequence text, ElementPath path) throws XMLStreamException {
        String value = text.toString().strip();
        try {
            double number = Double.parseDouble(value);
            if (!Double.isFinite(number)) {
                throw new NumberFormatException();
            }
            return number;
        } catch (NumberFormatException e) {
            throw new XMLStreamException(path + " is not a number: '" + abbreviate(value) + "'");
        }
    }

    /** A missing element reported with the record it belongs to. */
    static XMLStreamException missing(String element, String record, long id) {
        return new XMLStreamException(record + (id == Long.MIN_VALUE ? "" : " " + id) + " has no " + element);
    }

    private static String abbreviate(CharSequence text) {
        return text.length() <= 40 ? text.toString() : text.subSequence(0, 40) + "...";
    }

    /**
     * A fresh factory per document (they are not specified as thread-safe), configured for input
     * from the network: no DTD, so no external entities and no entity expansion; {@link #walk}
     * refuses a document that carries a DOCTYPE at all.
     */
    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        // oned's documents carry no namespace; matching on local names also accepts ones that do.
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return factory;
    }
}
