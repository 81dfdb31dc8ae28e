package org.overbookd.backend.opennebula.requirements;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Object documents for the tests, from XML text, walked with the JDK's DOM (not overbookd's scanner). */
final class Documents {

    private Documents() {}

    /**
     * One object's XML, as a document that keeps every element ({@link #full}) or one built for the
     * names of an expression ({@link #keeping}): the two must answer alike.
     */
    record Sample(ObjectDocument full, Function<Collection<String>, ObjectDocument> keeping) {}

    /** A HOST element, its cluster's TEMPLATE appended as CLUSTER_TEMPLATE as oned's scheduler does. */
    static Sample hostSample(String hostXml, String clusterTemplateXml) {
        return new Sample(host(hostXml, clusterTemplateXml), names -> {
            Set<String> kept = ObjectDocument.pathsFor("HOST", ObjectDocument.HOST_PATHS, true, names);
            ObjectDocument.Builder b = ObjectDocument.builder("HOST", ObjectDocument.HOST_PATHS, true, kept);
            feedChildren(parse(hostXml), b);
            ObjectDocument host = b.build();
            if (clusterTemplateXml == null) {
                return host;
            }
            // the cluster's template attached, as the backend does, rather than fed in
            ObjectDocument.Builder cluster = ObjectDocument.builder("TEMPLATE", List.of(""), false);
            feedChildren(parse(clusterTemplateXml), cluster);
            return host.attach("CLUSTER_TEMPLATE", cluster.build(), "");
        });
    }

    static ObjectDocument host(String hostXml, String clusterTemplateXml) {
        ObjectDocument.Builder b = ObjectDocument.builder("HOST", ObjectDocument.HOST_PATHS, true);
        feed(b, hostXml, clusterTemplateXml);
        return b.build();
    }

    private static void feed(ObjectDocument.Builder b, String hostXml, String clusterTemplateXml) {
        feedChildren(parse(hostXml), b);
        if (clusterTemplateXml != null) {
            if (b.open("CLUSTER_TEMPLATE")) {
                feedChildren(parse(clusterTemplateXml), b);
                b.close();
            }
        }
    }

    static ObjectDocument host(String hostXml) {
        return host(hostXml, null);
    }

    static ObjectDocument datastore(String xml) {
        ObjectDocument.Builder b = ObjectDocument.builder("DATASTORE", ObjectDocument.DATASTORE_PATHS, false);
        feedChildren(parse(xml), b);
        return b.build();
    }

    private static Element parse(String xml) {
        try {
            return DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                    .getDocumentElement();
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static void feedChildren(Element element, ObjectDocument.Builder b) {
        for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n.getNodeType() == Node.ELEMENT_NODE) {
                if (b.open(n.getNodeName())) {
                    feedChildren((Element) n, b);
                    b.close();
                }
            } else if (n.getNodeType() == Node.TEXT_NODE || n.getNodeType() == Node.CDATA_SECTION_NODE) {
                b.text(n.getNodeValue());
            }
        }
    }

    /**
     * Whether {@code expression} holds on the sample, with a fresh budget, asserting that the full
     * document and the one kept for the expression's names agree; fails the test unless valid.
     */
    static boolean holds(String expression, Sample sample) throws Unevaluable {
        boolean full = holds(expression, sample.full());
        Requirement r = Requirement.of(expression);
        boolean kept = r.matches(sample.keeping().apply(r.names()), new WorkBudget(WorkBudget.PER_OBSERVATION));
        if (kept != full) {
            throw new AssertionError(
                    expression + ": " + full + " on the whole document, " + kept + " on the one kept for " + r.names());
        }
        return full;
    }

    /** Whether {@code expression} holds on {@code object}, with a fresh budget; fails the test unless valid. */
    static boolean holds(String expression, ObjectDocument object) throws Unevaluable {
        Requirement r = Requirement.of(expression);
        if (r.kind() != Requirement.Kind.VALID) {
            throw new AssertionError(expression + " is " + r);
        }
        return r.matches(object, new WorkBudget(WorkBudget.PER_OBSERVATION));
    }
}
