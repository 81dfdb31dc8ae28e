package org.overbookd.backend.opennebula;

import java.io.Reader;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The JDK's StAX reader driving an {@link XmlWalker.Visitor}, exactly as {@link XmlWalker} did before
 * it got its own scanner: the reference the scanner is compared with (XmlScannerTest). An element the
 * visitor declines is read (StAX checks it) but not reported, nor anything inside it.
 */
final class StaxWalker {

    /** The JDK's own (Woodstox, on the test class path for a benchmark, would be found first), configured as the
     * walker's was; made once, as finding the implementation is slow (tests are single-threaded). */
    private static final XMLInputFactory FACTORY = factory();

    private StaxWalker() {}

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return factory;
    }

    static synchronized void walk(Reader reader, XmlWalker.Visitor visitor) throws XMLStreamException {
        XMLStreamReader xml = FACTORY.createXMLStreamReader(reader);
        ElementPath path = new ElementPath();
        StringBuilder text = new StringBuilder();
        int skipped = 0; // the depth of the element the visitor declined, 0 while none is
        try {
            while (xml.hasNext()) {
                switch (xml.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        path.push(xml.getLocalName());
                        if (skipped == 0) {
                            text.setLength(0);
                            if (!visitor.start(path)) {
                                skipped = path.depth();
                            }
                        }
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                        if (skipped == 0) {
                            text.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                        }
                    }
                    case XMLStreamConstants.DTD ->
                        throw new XMLStreamException(
                                "the document carries a DOCTYPE declaration; refused", xml.getLocation());
                    case XMLStreamConstants.END_ELEMENT -> {
                        if (skipped == 0) {
                            visitor.end(path, text);
                        } else if (path.depth() == skipped) {
                            skipped = 0;
                        }
                        path.pop();
                        text.setLength(0);
                    }
                    default -> {}
                }
            }
        } finally {
            xml.close();
        }
    }
}
