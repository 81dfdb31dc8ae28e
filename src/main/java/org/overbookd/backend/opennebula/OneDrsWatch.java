package org.overbookd.backend.opennebula;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns, at the first observation and then once a day, of each cluster with hosts whose OneDRS
 * automation acts without review. OpenNebula 7.4 keeps the setting in the cluster's template,
 * {@code ONE_DRS = [ AUTOMATION = "manual|partial|full" ]} (Cluster::automation(); missing is
 * manual): with {@code full} the plans that OneDRS makes every DRS_INTERVAL are applied at once
 * (PlanManager), with {@code partial} they wait for an administrator, with {@code manual} none is made.
 * overbookd keeps OneDRS off the VMs it places (ONEDRS_BLOCKED), but not off the high-QoS VMs, whose
 * migrations change the load it measures. One call, one.clusterpool.info; it never fails a cycle.
 */
final class OneDrsWatch {

    private static final Logger LOG = LoggerFactory.getLogger(OneDrsWatch.class);
    static final Duration EVERY = Duration.ofDays(1);

    /** A cluster as the watch reads it: its hosts and the ONE_DRS/AUTOMATION of its template ("" when unset). */
    record Cluster(int id, String name, List<Integer> hosts, String automation) {
        boolean actsWithoutReview() {
            return automation.strip().toLowerCase(Locale.ROOT).equals("full");
        }
    }

    /** Where the clusters come from: one.clusterpool.info. */
    @FunctionalInterface
    interface Source {
        List<Cluster> clusters() throws OneRefusal, OneCallFailure;
    }

    private final Source source;
    private Instant next = Instant.MIN;

    OneDrsWatch(Source source) {
        this.source = source;
    }

    /** Checks when a day has passed since the last check (at once, the first time); oned's trouble waits for the next cycle. */
    synchronized void check(Instant now) {
        if (now.isBefore(next)) {
            return;
        }
        List<Cluster> clusters;
        try {
            clusters = source.clusters();
        } catch (OneCallFailure e) {
            if (e.kind() == OneCallFailure.Kind.MALFORMED || e.kind() == OneCallFailure.Kind.FAULT) {
                cannotTell(now, e.getMessage()); // an answer: asking again next cycle would get the same
            } else {
                LOG.debug("cannot read the clusters' OneDRS setting now ({}); trying again next cycle", e.getMessage());
            }
            return;
        } catch (OneRefusal e) {
            cannotTell(now, e.getMessage());
            return;
        }
        next = now.plus(EVERY);
        for (String warning : warnings(clusters)) {
            LOG.warn(warning);
        }
    }

    private void cannotTell(Instant now, String why) {
        next = now.plus(EVERY);
        LOG.warn("cannot read the clusters' OneDRS setting ({}); whether OneDRS moves VMs here is not known", why);
    }

    /** What to warn of: each cluster with hosts whose automation is full, or that none is visible at all. */
    static List<String> warnings(List<Cluster> clusters) {
        List<String> warnings = new ArrayList<>();
        if (clusters.isEmpty()) {
            warnings.add("overbookd's OpenNebula user sees no cluster, so whether OneDRS moves VMs here is not known;"
                    + " grant its group USE on clusters (docs/operating.md: An OpenNebula account for overbookd)");
        }
        for (Cluster cluster : clusters) {
            if (!cluster.hosts().isEmpty() && cluster.actsWithoutReview()) {
                warnings.add("OneDRS automation is full on cluster " + cluster.name() + " (id " + cluster.id()
                        + "), where overbookd acts on " + ClusterAssembler.ids("host", cluster.hosts()) + ": OneDRS"
                        + " applies its own migration plans there without review (every DRS_INTERVAL of oned.conf,"
                        + " when positive). The VMs overbookd places are marked ONEDRS_BLOCKED and stay, but the"
                        + " high-QoS VMs it moves change the load overbookd measures and the room its slots assume;"
                        + " set ONE_DRS = [ AUTOMATION = \"partial\" ] (plans wait for review) or \"manual\" in the"
                        + " cluster's template (onecluster update)");
            }
        }
        return warnings;
    }

    /** CLUSTER_POOL/CLUSTER/{ID, NAME, HOSTS/ID, TEMPLATE/ONE_DRS/AUTOMATION}; the rest is skipped. */
    static List<Cluster> parse(String document) throws XMLStreamException {
        return parse(document, CallDeadline.NONE);
    }

    /** As {@link #parse(String)}, refused with {@link CallDeadline.Passed} once {@code deadline} passes. */
    static List<Cluster> parse(String document, CallDeadline deadline) throws XMLStreamException {
        return XmlScanner.read(document, deadline, in -> {
            in.expectRoot("CLUSTER_POOL");
            List<Cluster> clusters = new ArrayList<>();
            while (in.next()) {
                if (in.name().equals("CLUSTER")) {
                    clusters.add(cluster(in));
                } else {
                    in.skip();
                }
            }
            return clusters;
        });
    }

    private static Cluster cluster(XmlScanner in) throws XMLStreamException {
        int id = -1;
        String name = "";
        List<Integer> hosts = new ArrayList<>();
        String automation = "";
        while (in.next()) {
            switch (in.name()) {
                case "ID" -> id = in.intValue();
                case "NAME" -> name = in.stringValue();
                case "HOSTS" -> {
                    while (in.next()) {
                        if (in.name().equals("ID")) {
                            hosts.add(in.intValue());
                        } else {
                            in.skip();
                        }
                    }
                }
                case "TEMPLATE" -> {
                    while (in.next()) {
                        if (in.name().equals("ONE_DRS")) {
                            while (in.next()) {
                                if (in.name().equals("AUTOMATION")) {
                                    automation = in.stringValue();
                                } else {
                                    in.skip();
                                }
                            }
                        } else {
                            in.skip();
                        }
                    }
                }
                default -> in.skip();
            }
        }
        if (id < 0) {
            throw XmlWalker.missing("ID", "CLUSTER", Long.MIN_VALUE);
        }
        return new Cluster(id, ServerText.bounded(name), List.copyOf(hosts), automation);
    }
}
