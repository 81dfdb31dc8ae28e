package org.overbookd.backend.opennebula;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.overbookd.testing.SharedFiles;
import org.xml.sax.SAXException;

/**
 * Validates documents against OpenNebula 7.4's XSDs, read from {@code opennebula/xsd-7.4.0} of the
 * shared folder ({@link SharedFiles}: reference data, not part of this repository). A test that
 * validates is skipped with a one-line reason when the shared folder is not available.
 *
 * <p>The schemas declare the target namespace {@code http://opennebula.org/XMLSchema} with
 * qualified elements, but oned's documents carry no namespace. Before validating, the document's
 * root element gets a default namespace declaration, which puts every unprefixed element of the
 * document in the schemas' namespace and changes nothing else.
 */
final class OneSchemas {

    static final String XSD_DIR = "opennebula/xsd-7.4.0";
    static final String NAMESPACE = "http://opennebula.org/XMLSchema";

    private static final Pattern ROOT = Pattern.compile("^(\\s*(?:<\\?xml[^>]*\\?>\\s*)?<[A-Za-z_][\\w.-]*)");
    private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

    private OneSchemas() {}

    /** Throws a {@link SAXException} naming line and column if {@code document} is not valid. */
    static void validate(String xsd, String document) throws Exception {
        schema(xsd).newValidator().validate(new StreamSource(new StringReader(withNamespace(document))));
    }

    static String withNamespace(String document) {
        Matcher root = ROOT.matcher(document);
        if (!root.find()) {
            throw new IllegalArgumentException(
                    "no root element in " + document.substring(0, Math.min(80, document.length())));
        }
        return root.replaceFirst("$1 xmlns=\"" + NAMESPACE + "\"");
    }

    private static Schema schema(String xsd) {
        Path dir = SharedFiles.require(XSD_DIR);
        return SCHEMAS.computeIfAbsent(xsd, name -> {
            try {
                SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
                // The schemas include each other by relative file name.
                factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file");
                return factory.newSchema(dir.resolve(name).toFile());
            } catch (SAXException e) {
                throw new IllegalStateException(
                        "cannot load " + dir.resolve(name).toAbsolutePath(), e);
            }
        });
    }
}
