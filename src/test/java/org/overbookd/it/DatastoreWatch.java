package org.overbookd.it;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The system datastores of a real oned, read again and again, and when one that oned's matching could
 * use stopped being usable for a while: STATE not READY, or shared with TOTAL_MB, FREE_MB and USED_MB
 * all 0 (oned's scheduler matches a shared system datastore only once monitored). oned 7.4 stored
 * 0/0/0 for datastore 0 for 30 s after a monitoring it logged as successful on a loaded machine, and
 * its own scheduler left datastore 0 out meanwhile; overbookd did the same, which is right, and a
 * suite must tell that from a wrong verdict.
 *
 * <p>A datastore read unusable at some reading after one that read it usable makes an episode. It
 * may have turned unusable any time after the last reading that saw it usable was asked and usable
 * again any time before the first that sees it usable again was answered, so the episode spans from
 * the one to the other (to the end of time while no reading sees it usable again). A datastore never read usable (disabled from
 * the start, say) makes none.
 */
final class DatastoreWatch {

    /**
     * One reading, asked at {@code sent} and answered by {@code answered}: the usable system datastores and
     * the unusable ones (with why), each with its clusters.
     */
    private record Reading(
            Instant sent, Instant answered, Map<Integer, Set<Integer>> usable, Map<Integer, Unusable> unusable) {}

    private record Unusable(Set<Integer> clusters, String why) {}

    private final List<Reading> readings = new ArrayList<>();

    /**
     * Records one answer of one.datastorepool.info, asked at {@code sent} and answered by {@code answered}
     * (oned read its pool somewhere between); readings come in time order.
     */
    synchronized void read(Instant sent, Instant answered, String datastorePool) {
        Map<Integer, Set<Integer>> usable = new TreeMap<>();
        Map<Integer, Unusable> unusable = new TreeMap<>();
        for (Element ds : DummyCluster.elements(datastorePool, "DATASTORE")) {
            if (OnedEvidence.integer(ds, "TYPE") != 1) {
                continue;
            }
            int id = OnedEvidence.integer(ds, "ID");
            Set<Integer> clusters = clusters(ds);
            String why = why(ds);
            if (why == null) {
                usable.put(id, clusters);
            } else {
                unusable.put(id, new Unusable(clusters, why));
            }
        }
        readings.add(new Reading(sent, answered, usable, unusable));
    }

    synchronized int readings() {
        return readings.size();
    }

    /**
     * An episode of a system datastore of one of {@code clusters} (any cluster when empty) that overlaps
     * [{@code from}, {@code to}], described; empty when none does.
     */
    synchronized Optional<String> unusableDuring(Instant from, Instant to, Set<Integer> clusters) {
        for (int i = 1; i < readings.size(); i++) {
            Reading now = readings.get(i);
            for (Map.Entry<Integer, Unusable> e : now.unusable().entrySet()) {
                int id = e.getKey();
                if (!clusters.isEmpty() && e.getValue().clusters().stream().noneMatch(clusters::contains)) {
                    continue;
                }
                Reading before = lastUsable(id, i);
                if (before == null) {
                    continue;
                }
                Reading after = firstUsable(id, i);
                Instant start = before.sent();
                Instant end = after == null ? Instant.MAX : after.answered();
                if (!from.isAfter(end) && !to.isBefore(start)) {
                    return Optional.of(
                            "datastore " + id + " read " + e.getValue().why() + " at " + now.answered() + " (usable at "
                                    + start + (after == null ? "" : " and again at " + end) + ")");
                }
            }
        }
        return Optional.empty();
    }

    private Reading lastUsable(int id, int index) {
        for (int j = index - 1; j >= 0; j--) {
            if (readings.get(j).usable().containsKey(id)) {
                return readings.get(j);
            }
        }
        return null;
    }

    private Reading firstUsable(int id, int index) {
        for (int j = index + 1; j < readings.size(); j++) {
            if (readings.get(j).usable().containsKey(id)) {
                return readings.get(j);
            }
        }
        return null;
    }

    /** Why oned's matching would not use this system datastore, or null when it would. */
    private static String why(Element ds) {
        int state = OnedEvidence.integer(ds, "STATE");
        if (state != 0) {
            return "in STATE " + state;
        }
        Element template = (Element) ds.getElementsByTagName("TEMPLATE").item(0);
        boolean shared = template == null
                || !"NO".equals(OnedEvidence.text(template, "SHARED").strip());
        boolean monitored = nonZero(ds, "TOTAL_MB") || nonZero(ds, "FREE_MB") || nonZero(ds, "USED_MB");
        return shared && !monitored ? "unmonitored (TOTAL_MB, FREE_MB and USED_MB 0)" : null;
    }

    private static boolean nonZero(Element ds, String child) {
        String text = OnedEvidence.text(ds, child).strip();
        try {
            return !text.isEmpty() && Long.parseLong(text) != 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static Set<Integer> clusters(Element ds) {
        Set<Integer> in = new TreeSet<>();
        Element clusters = (Element) ds.getElementsByTagName("CLUSTERS").item(0);
        if (clusters != null) {
            for (Node n = clusters.getFirstChild(); n != null; n = n.getNextSibling()) {
                in.add(Integer.parseInt(n.getTextContent().strip()));
            }
        }
        return in;
    }
}
