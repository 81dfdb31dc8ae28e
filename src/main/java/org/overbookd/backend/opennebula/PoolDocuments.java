package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamException;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;

/**
 * The objects of a pool document (hosts, datastores, clusters, monitoring samples) as
 * {@link ObjectDocument}s, for requirements to be evaluated on: each element of the pool is fed,
 * child by child with the text between them, into a builder of its own, which may skip what it
 * keeps nothing of.
 */
final class PoolDocuments {

    private PoolDocuments() {
    }

    /** One document per {@code element} child of the {@code root} element, in document order. */
    static List<ObjectDocument> read(String document, String root, String element,
            Supplier<ObjectDocument.Builder> builders) throws XMLStreamException {
        return XmlScanner.read(document, in -> {
            in.expectRoot(root);
            List<ObjectDocument> objects = new ArrayList<>();
            while (in.next()) {
                if (in.name().equals(element)) {
                    ObjectDocument.Builder builder = builders.get();
                    feed(in, builder);
                    objects.add(builder.build());
                } else {
                    in.skip();
                }
            }
            return objects;
        });
    }

    /** The content of the element just opened, to its end: children the builder keeps nothing of are skipped. */
    private static void feed(XmlScanner in, ObjectDocument.Builder builder) throws XMLStreamException {
        while (in.next()) {
            builder.text(in.text());
            if (builder.open(in.name())) {
                feed(in, builder);
                builder.close();
            } else {
                in.skip();
            }
        }
        builder.text(in.text());
    }
}
