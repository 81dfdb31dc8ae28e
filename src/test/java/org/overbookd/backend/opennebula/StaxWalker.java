package org.overbookd.backend.opennebula;

import java.io.Reader;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The JDK's StAX reader driving an {@link XmlWalker.Visitor}, exactly as {@link XmlWalker} did before
 * it got its own scanner: the reference the scanner is compared with (XmlScannerTest).
 */
final class StaxWalker {

    private StaxWalker() {
    }

    static void walk(Reader reader, XmlWalker.Visitor visitor) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        XMLStreamReader xml = factory.createXMLStreamReader(reader);
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
                            throw new XMLStreamException("the document carries a DOCTYPE declaration; refused",
                                    xml.getLocation());
                    case XMLStreamConstants.END_ELEMENT -> {
                        visitor.end(path, text);
                        path.pop();
                        text.setLength(0);
                    }
                    default -> {
                    }
                }
            }
        } finally {
            xml.close();
        }
    }
}
