package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamException;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;
import org.overbookd.backend.opennebula.requirements.Unevaluable;

/**
 * The objects of a pool document (hosts, datastores, clusters, monitoring samples) as
 * {@link ObjectDocument}s, for requirements to be evaluated on: each element of the pool is fed,
 * child by child with the text between them, into a builder of its own, which may skip what it
 * keeps nothing of.
 */
final class PoolDocuments {

    private PoolDocuments() {}

    /** The DATASTOREs of one.datastorepool.info, whole. */
    static List<ObjectDocument> datastores(String document) throws XMLStreamException {
        return datastores(document, CallDeadline.NONE);
    }

    /** As {@link #datastores(String)}, under a call's deadline. */
    static List<ObjectDocument> datastores(String document, CallDeadline deadline) throws XMLStreamException {
        return read(
                document,
                deadline,
                "DATASTORE_POOL",
                "DATASTORE",
                ObjectDocument.builders("DATASTORE", ObjectDocument.DATASTORE_PATHS, false));
    }

    /** The CLUSTERs of one.clusterpool.info, whole, by ID: their TEMPLATE is what a host's requirements fall back on. */
    static Map<Integer, ObjectDocument> clusters(String document) throws XMLStreamException {
        return clusters(document, CallDeadline.NONE);
    }

    /** As {@link #clusters(String)}, under a call's deadline. */
    static Map<Integer, ObjectDocument> clusters(String document, CallDeadline deadline) throws XMLStreamException {
        Map<Integer, ObjectDocument> byId = new HashMap<>();
        for (ObjectDocument cluster : read(
                document,
                deadline,
                "CLUSTER_POOL",
                "CLUSTER",
                ObjectDocument.builders("CLUSTER", List.of(""), false))) {
            try {
                List<String> id = cluster.search("/CLUSTER/ID");
                byId.put(Integer.parseInt(id.get(0).strip()), cluster);
            } catch (Unevaluable | RuntimeException e) {
                throw new XMLStreamException("a CLUSTER without a readable ID");
            }
        }
        return byId;
    }

    /** One document per {@code element} child of the {@code root} element, in document order. */
    static List<ObjectDocument> read(
            String document, String root, String element, Supplier<ObjectDocument.Builder> builders)
            throws XMLStreamException {
        return read(document, CallDeadline.NONE, root, element, builders);
    }

    /**
     * As {@link #read(String, String, String, Supplier)}, refused
     * with {@link CallDeadline.Passed} once {@code deadline} passes.
     */
    static List<ObjectDocument> read(
            String document,
            CallDeadline deadline,
            String root,
            String element,
            Supplier<ObjectDocument.Builder> builders)
            throws XMLStreamException {
        return XmlScanner.read(document, deadline, in -> {
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
