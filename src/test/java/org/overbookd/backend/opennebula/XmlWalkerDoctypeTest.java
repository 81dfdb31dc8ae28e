package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

/** The documents inside oned's replies refuse a DOCTYPE too, even one that declares nothing harmful. */
class XmlWalkerDoctypeTest {

    @Test
    void aDocumentWithADoctypeIsRefused() {
        String pool = "<?xml version=\"1.0\"?><!DOCTYPE HOST_POOL [<!ELEMENT HOST_POOL ANY>]><HOST_POOL/>";
        XMLStreamException e =
                assertThrows(XMLStreamException.class, () -> HostPoolParser.parse(new StringReader(pool)));
        assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
    }

    @Test
    void anEntityDeclaredInTheDocumentIsNeverExpanded() {
        String pool = "<!DOCTYPE HOST_POOL [<!ENTITY a \"" + "a".repeat(1000) + "\">]>"
                + "<HOST_POOL><HOST><ID>1</ID><NAME>&a;</NAME></HOST></HOST_POOL>";
        XMLStreamException e =
                assertThrows(XMLStreamException.class, () -> HostPoolParser.parse(new StringReader(pool)));
        assertTrue(e.getMessage().length() < 600, e.getMessage());
    }
}
