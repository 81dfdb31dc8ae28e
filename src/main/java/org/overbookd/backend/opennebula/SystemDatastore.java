package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;
import org.overbookd.backend.opennebula.requirements.Unevaluable;

/**
 * A system datastore a VM could be deployed with, as oned's matching keeps them
 * (SchedulerManagerDriver::setup_place_pools): TYPE system (1), STATE ready (0), and monitored
 * (some of TOTAL_MB, FREE_MB, USED_MB not 0) unless it is not shared (TEMPLATE/SHARED is NO; a
 * datastore that does not say is shared). A host may use it when its cluster is one of the
 * datastore's CLUSTERS (what one.vm.deploy checks, and what the placer requires).
 *
 * @param document the whole DATASTORE, for SCHED_DS_REQUIREMENTS
 */
record SystemDatastore(int id, Set<Integer> clusters, ObjectDocument document) {

    private static final int SYSTEM = 1;
    private static final int READY = 0;

    SystemDatastore {
        clusters = Set.copyOf(clusters);
    }

    /** The datastores of a pool that oned's matching would consider, in id order. */
    static List<SystemDatastore> eligible(List<ObjectDocument> pool) {
        List<SystemDatastore> out = new ArrayList<>();
        for (ObjectDocument ds : pool) {
            try {
                Integer id = number(ds, "/DATASTORE/ID");
                if (id == null
                        || !Integer.valueOf(SYSTEM).equals(number(ds, "/DATASTORE/TYPE"))
                        || !Integer.valueOf(READY).equals(number(ds, "/DATASTORE/STATE"))) {
                    continue;
                }
                List<String> shared = ds.search("/DATASTORE/TEMPLATE/SHARED");
                boolean isShared = shared.isEmpty()
                        || shared.get(0).toUpperCase(Locale.ROOT).equals("YES");
                boolean monitored = nonZero(ds, "/DATASTORE/TOTAL_MB")
                        || nonZero(ds, "/DATASTORE/FREE_MB")
                        || nonZero(ds, "/DATASTORE/USED_MB");
                if (isShared && !monitored) {
                    continue;
                }
                Set<Integer> clusters = new TreeSet<>();
                for (String cluster : ds.search("/DATASTORE/CLUSTERS/ID")) {
                    Integer c = parse(cluster);
                    if (c != null) {
                        clusters.add(c);
                    }
                }
                out.add(new SystemDatastore(id, clusters, ds));
            } catch (Unevaluable e) {
                // a datastore too large to index is one overbookd does not deploy with
            }
        }
        out.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return out;
    }

    private static Integer number(ObjectDocument ds, String path) throws Unevaluable {
        List<String> values = ds.search(path);
        return values.isEmpty() ? null : parse(values.get(0));
    }

    private static boolean nonZero(ObjectDocument ds, String path) throws Unevaluable {
        List<String> values = ds.search(path);
        if (values.isEmpty()) {
            return false;
        }
        try {
            return Long.parseLong(values.get(0).strip()) != 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static Integer parse(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
