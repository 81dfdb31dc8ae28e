package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.stream.XMLStreamException;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;
import org.overbookd.backend.opennebula.requirements.Requirement;
import org.overbookd.backend.opennebula.requirements.Unevaluable;
import org.overbookd.backend.opennebula.requirements.WorkBudget;
import org.overbookd.model.VmUnmatched;

/**
 * Where each queued low-QoS VM of one observation may be deployed or resumed, as oned 7.4's own
 * matching would allow it (SchedulerManagerDriver::match and the placer's cluster check): a usable
 * host (MONITORED, see {@link OneHostStates}) whose document matches the VM's host expression
 * ({@link Requirements#hostExpression}), with a system datastore ({@link SystemDatastore}) that
 * matches the VM's datastore expression in the host's cluster. A VM suspended in place resumes on
 * its own host only, and only while its host expression still matches that host. oned's owner ACLs
 * are not evaluated (see docs/opennebula-boundary.md).
 *
 * <p>Evaluated once per observation, host by host: each usable host's document (its HOST element of
 * one.hostpool.info, kept only where the expressions of the queue can look; its last sample of
 * one.hostpool.monitoring appended as MONITORING; its cluster's template as CLUSTER_TEMPLATE) is
 * built once and every distinct expression of the queue is evaluated on it, within one
 * {@link WorkBudget}. VMs with equal requirements share one answer. Nothing is kept of the documents
 * once the answers are known.
 */
final class HostMatching {

    /** Where one queued VM may go. */
    interface HostMatch {
        boolean allows(int hostId);

        /** Every host: for views built without datastores (tests, benchmarks). */
        HostMatch ANY = hostId -> true;
    }

    /** What the matching is read from: the documents of one observation. */
    record Sources(
            String hostPool,
            String hostMonitoring,
            List<ObjectDocument> datastores,
            Map<Integer, ObjectDocument> clusters) {}

    /** Allows every host and chooses no datastore: for assemblies without datastores (tests, benchmarks). */
    static final HostMatching UNCONSTRAINED =
            new HostMatching(Map.of(), new int[0], Map.of(), Map.of(), List.of(), true);

    private final Map<Integer, Integer> positions;
    private final int[] clusterOf;
    private final Map<Requirements, Match> matches;
    private final Map<Integer, Requirements> observed;
    private final List<LeftOut> unmatched;
    private final boolean unconstrained;

    private HostMatching(
            Map<Integer, Integer> positions,
            int[] clusterOf,
            Map<Requirements, Match> matches,
            Map<Integer, Requirements> observed,
            List<LeftOut> unmatched,
            boolean unconstrained) {
        this.positions = positions;
        this.clusterOf = clusterOf;
        this.matches = matches;
        this.observed = observed;
        this.unmatched = unmatched;
        this.unconstrained = unconstrained;
    }

    /**
     * @param usable the hosts of the view, in its order
     * @param queued the queued low-QoS VMs (HOLD, STOPPED, SUSPENDED)
     */
    static HostMatching of(List<HostRecord> usable, List<VmRecord> queued, Sources sources) {
        Map<Integer, Integer> positions = new HashMap<>();
        int[] clusterOf = new int[usable.size()];
        for (int i = 0; i < usable.size(); i++) {
            positions.put(usable.get(i).id(), i);
            clusterOf[i] = usable.get(i).clusterId();
        }
        Map<Requirements, Match> matches = new LinkedHashMap<>();
        Map<Integer, Requirements> observed = new HashMap<>();
        Map<String, Requirement> parsed = new HashMap<>();
        for (VmRecord vm : queued) {
            observed.put(vm.id(), vm.requirements());
            matches.computeIfAbsent(vm.requirements(), r -> new Match(r, parsed, usable.size()));
        }
        HostMatching matching = new HostMatching(positions, clusterOf, matches, observed, new ArrayList<>(), false);
        if (!queued.isEmpty()) {
            try {
                matching.evaluate(usable, sources);
            } catch (RuntimeException e) {
                // a bug of ours must not stop the cycle (its suspensions still matter): no VM goes anywhere
                String why = "overbookd failed evaluating requirements (" + e + "); please report it";
                matches.values().forEach(m -> {
                    Arrays.fill(m.hostOk, false);
                    m.noHosts(why);
                });
            }
            matches.values().forEach(m -> m.conclude(clusterOf));
            matching.judge(usable, queued);
        }
        return matching;
    }

    /** Evaluates every distinct expression on every usable host and system datastore. */
    private void evaluate(List<HostRecord> usable, Sources sources) {
        WorkBudget budget = new WorkBudget(WorkBudget.PER_OBSERVATION);
        List<SystemDatastore> datastores = SystemDatastore.eligible(sources.datastores());
        Set<String> names = new TreeSet<>();
        for (Match m : matches.values()) {
            m.matchDatastores(datastores, budget);
            if (m.evaluable() && !m.host.always()) {
                names.addAll(m.host.names());
            }
        }
        if (names.isEmpty()) {
            matches.values().forEach(Match::matchEveryHost);
            return;
        }
        Map<Integer, ObjectDocument> hosts;
        Map<Integer, ObjectDocument> samples;
        Set<String> kept = new TreeSet<>(ObjectDocument.pathsFor("HOST", ObjectDocument.HOST_PATHS, true, names));
        kept.add("ID"); // to know whose document it is; keeping more elements changes no look-up
        try {
            hosts = byId(
                    PoolDocuments.read(
                            sources.hostPool(),
                            "HOST_POOL",
                            "HOST",
                            ObjectDocument.builders("HOST", ObjectDocument.HOST_PATHS, true, kept)),
                    "/HOST/ID",
                    null);
            Set<String> inSample = new TreeSet<>(ObjectDocument.inside(kept, "MONITORING"));
            inSample.add("ID");
            inSample.add("TIMESTAMP");
            samples = byId(
                    PoolDocuments.read(
                            sources.hostMonitoring(),
                            "MONITORING_DATA",
                            "MONITORING",
                            ObjectDocument.builders("MONITORING", List.of(""), false, inSample)),
                    "/MONITORING/ID",
                    "/MONITORING/TIMESTAMP");
        } catch (XMLStreamException e) {
            // both documents were read once already this observation: this cannot happen; if it does, no host matches
            String why = "the host pool could not be read again: " + e.getMessage();
            matches.values().forEach(m -> m.noHosts(why));
            return;
        }
        for (int i = 0; i < usable.size(); i++) {
            HostRecord host = usable.get(i);
            ObjectDocument doc = hosts.get(host.id());
            if (doc != null) {
                ObjectDocument sample = samples.get(host.id());
                if (sample != null) {
                    doc = doc.attach("MONITORING", sample, "");
                }
                ObjectDocument cluster = sources.clusters().get(host.clusterId());
                if (cluster != null) {
                    doc = doc.attach("CLUSTER_TEMPLATE", cluster, "TEMPLATE");
                }
            }
            for (Match m : matches.values()) {
                m.matchHost(i, doc, budget);
            }
        }
    }

    /** The documents by the number at {@code idPath}; with {@code latestBy}, the one whose number there is highest. */
    private static Map<Integer, ObjectDocument> byId(List<ObjectDocument> docs, String idPath, String latestBy) {
        Map<Integer, ObjectDocument> out = new HashMap<>();
        Map<Integer, Long> latest = new HashMap<>();
        for (ObjectDocument doc : docs) {
            try {
                List<String> ids = doc.search(idPath);
                if (ids.isEmpty()) {
                    continue;
                }
                int id = Integer.parseInt(ids.get(0).strip());
                long at = 0;
                if (latestBy != null) {
                    List<String> times = doc.search(latestBy);
                    at = times.isEmpty() ? 0 : Long.parseLong(times.get(0).strip());
                    if (latest.containsKey(id) && latest.get(id) > at) {
                        continue; // as MonitoringParser: the latest sample, the later one on a tie
                    }
                }
                latest.put(id, at);
                out.put(id, doc);
            } catch (Unevaluable | NumberFormatException e) {
                // an object whose id cannot be read is matched by nothing
            }
        }
        return out;
    }

    /** Says, for each queued VM that may go nowhere, why. */
    private void judge(List<HostRecord> usable, List<VmRecord> queued) {
        if (usable.isEmpty()) {
            return; // nothing can be placed anywhere; the hosts left out say why
        }
        for (VmRecord vm : queued) {
            Match m = matches.get(vm.requirements());
            LeftOut why;
            if (vm.state() == OneVmStates.SUSPENDED && vm.lastHistory() != null) {
                Integer at = positions.get(vm.lastHostId());
                if (at == null) {
                    continue; // its host is not usable now: it waits for it, as any VM suspended there
                }
                why = m.verdict != null && m.verdict != VmUnmatched.NO_DATASTORE
                        ? m.why(vm)
                        : m.hostOk[at]
                                ? null
                                : new LeftOut(
                                        vm.id(),
                                        vm.name(),
                                        VmUnmatched.NO_HOST.label(),
                                        "suspended on host " + vm.lastHostId()
                                                + ", which its requirements no longer match: " + m.host.text());
            } else {
                why = m.verdict == null ? null : m.why(vm);
            }
            if (why != null) {
                unmatched.add(why);
            }
        }
    }

    /** Where the VM, as observed, may go: to hand to the policy through its view. */
    HostMatch forVm(VmRecord vm) {
        if (unconstrained) {
            return HostMatch.ANY;
        }
        Match m = matches.get(vm.requirements());
        if (vm.state() == OneVmStates.SUSPENDED && vm.lastHistory() != null) {
            int pinned = vm.lastHostId();
            return hostId -> hostId == pinned
                    && m.verdict != VmUnmatched.INVALID
                    && m.verdict != VmUnmatched.UNSUPPORTED
                    && hostMatches(m, hostId);
        }
        return hostId -> allows(m, hostId);
    }

    /** The queued low-QoS VMs that may go nowhere, with why. */
    List<LeftOut> unmatched() {
        return unmatched;
    }

    /**
     * The usable hosts whose document matches {@code vm}'s host expression, by id: oned's
     * REQUIREMENTS/VM/HOSTS for it (the datastores and clusters aside). Empty when its requirements
     * are invalid or unsupported.
     */
    Set<Integer> hostsMatching(VmRecord vm) {
        Match m = matches.get(vm.requirements());
        Set<Integer> ids = new TreeSet<>();
        positions.forEach((id, at) -> {
            if (m.hostOk[at] && m.evaluable()) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** The eligible system datastores {@code vm}'s datastore expression matches, by id: oned's REQUIREMENTS/VM/DATASTORES. */
    Set<Integer> datastoresMatching(VmRecord vm) {
        Set<Integer> ids = new TreeSet<>();
        matches.get(vm.requirements()).datastores.forEach(ds -> ids.add(ds.id()));
        return ids;
    }

    /** Why {@code vm} may go nowhere ({@link VmUnmatched#label()}), or null. */
    String verdict(VmRecord vm) {
        VmUnmatched verdict = matches.get(vm.requirements()).verdict;
        return verdict == null ? null : verdict.label();
    }

    /**
     * Why {@code vm}, as oned reports it now, may not be deployed or resumed on {@code hostId}, or
     * null when it may. Its requirements must be those observed: requirements changed since are for
     * the next observation to judge.
     */
    String refusal(VmRecord vm, int hostId, boolean inPlace) {
        if (unconstrained) {
            return null;
        }
        Requirements then = observed.get(vm.id());
        if (then == null || !then.equals(vm.requirements())) {
            return "VM " + vm.id() + "'s requirements changed since the observation; the next cycle judges them";
        }
        Match m = matches.get(then);
        if (m.verdict == VmUnmatched.INVALID || m.verdict == VmUnmatched.UNSUPPORTED) {
            return "VM " + vm.id() + " may run on no host: " + m.detail;
        }
        if (inPlace ? !hostMatches(m, hostId) : !allows(m, hostId)) {
            return "VM " + vm.id() + " may not run on host " + hostId + ": " + m.whyNot(position(hostId), this);
        }
        return null;
    }

    /** Whether {@link #refusal} would be because the VM's requirements changed since the observation. */
    boolean changedSince(VmRecord vm) {
        return !unconstrained && !vm.requirements().equals(observed.get(vm.id()));
    }

    /**
     * The system datastore to deploy {@code vm} with on {@code hostId}: the one of its last stay if it
     * may use it there (a stopped VM's files), else the lowest id it may use in the host's cluster (what
     * oned's -1 would choose when that one is allowed); -1 when unconstrained.
     */
    int datastoreFor(VmRecord vm, int hostId) {
        if (unconstrained) {
            return -1;
        }
        Match m = matches.get(observed.get(vm.id()));
        int cluster = clusterOf[position(hostId)];
        int preferred = vm.lastHistory() == null ? -1 : vm.lastHistory().datastoreId();
        int lowest = -1;
        for (SystemDatastore ds : m.datastores) {
            if (ds.clusters().contains(cluster)) {
                if (ds.id() == preferred) {
                    return preferred;
                }
                lowest = lowest < 0 ? ds.id() : lowest;
            }
        }
        return lowest;
    }

    private boolean allows(Match m, int hostId) {
        Integer at = positions.get(hostId);
        return at != null && m.verdict == null && m.hostOk[at] && m.datastoreIn(clusterOf[at]);
    }

    private boolean hostMatches(Match m, int hostId) {
        Integer at = positions.get(hostId);
        return at != null && m.hostOk != null && m.hostOk[at];
    }

    private int position(int hostId) {
        Integer at = positions.get(hostId);
        return at == null ? -1 : at;
    }

    /** The answers for one set of requirements. */
    private static final class Match {
        final Requirements requirements;
        final Requirement host;
        final Requirement datastore;
        /** By usable host position: the host expression matches. */
        boolean[] hostOk;
        /** The system datastores its datastore expression matches, by id. */
        List<SystemDatastore> datastores = List.of();
        /** Why it may go nowhere, or null. */
        VmUnmatched verdict;

        String detail;
        /** The first evaluation that could not be told, if any. */
        String unevaluable;

        Match(Requirements requirements, Map<String, Requirement> parsed, int hosts) {
            this.requirements = requirements;
            this.host = parsed.computeIfAbsent(requirements.hostExpression(), Requirement::of);
            this.datastore = parsed.computeIfAbsent(requirements.datastoreExpression(), Requirement::of);
            this.hostOk = new boolean[hosts];
            if (requirements.beyond() != null) {
                decide(VmUnmatched.UNSUPPORTED, requirements.beyond());
            } else if (host.kind() != Requirement.Kind.VALID) {
                decide(
                        kind(host),
                        "SCHED_REQUIREMENTS with AUTOMATIC_REQUIREMENTS, \"" + host.text() + "\": " + host.problem());
            } else if (datastore.kind() != Requirement.Kind.VALID) {
                decide(
                        kind(datastore),
                        "SCHED_DS_REQUIREMENTS with AUTOMATIC_DS_REQUIREMENTS, \"" + datastore.text() + "\": "
                                + datastore.problem());
            }
        }

        private static VmUnmatched kind(Requirement r) {
            return r.kind() == Requirement.Kind.INVALID ? VmUnmatched.INVALID : VmUnmatched.UNSUPPORTED;
        }

        private void decide(VmUnmatched verdict, String detail) {
            this.verdict = verdict;
            this.detail = detail;
        }

        /** Whether its host expression is evaluated on the hosts: nothing else rules it out first. */
        boolean evaluable() {
            return requirements.beyond() == null && host.kind() == Requirement.Kind.VALID;
        }

        void matchDatastores(List<SystemDatastore> eligible, WorkBudget budget) {
            if (!evaluable() || datastore.kind() != Requirement.Kind.VALID) {
                return;
            }
            List<SystemDatastore> out = new ArrayList<>();
            for (SystemDatastore ds : eligible) {
                try {
                    if (datastore.always() || datastore.matches(ds.document(), budget)) {
                        out.add(ds);
                    }
                } catch (Unevaluable e) {
                    unevaluable = unevaluable != null ? unevaluable : "on datastore " + ds.id() + ": " + e.getMessage();
                }
            }
            datastores = out;
        }

        /** Every host: its host expression is empty. */
        void matchEveryHost() {
            if (evaluable()) {
                Arrays.fill(hostOk, true);
            }
        }

        void noHosts(String why) {
            unevaluable = why;
        }

        void matchHost(int position, ObjectDocument doc, WorkBudget budget) {
            if (!evaluable()) {
                return;
            }
            if (host.always()) {
                hostOk[position] = true;
                return;
            }
            try {
                if (doc == null) {
                    throw new IllegalStateException("a usable host without its document");
                }
                hostOk[position] = host.matches(doc, budget);
            } catch (Unevaluable | IllegalStateException e) {
                unevaluable = unevaluable != null ? unevaluable : e.getMessage();
            }
        }

        boolean datastoreIn(int cluster) {
            for (SystemDatastore ds : datastores) {
                if (ds.clusters().contains(cluster)) {
                    return true;
                }
            }
            return false;
        }

        /** Decides whether it may go somewhere, and if not why; once every answer is in. */
        void conclude(int[] clusterOf) {
            if (verdict != null) {
                return;
            }
            Set<Integer> matched = new TreeSet<>();
            for (int i = 0; i < hostOk.length; i++) {
                if (hostOk[i]) {
                    if (datastoreIn(clusterOf[i])) {
                        return; // it may go there
                    }
                    matched.add(clusterOf[i]);
                }
            }
            if (matched.isEmpty()) {
                if (unevaluable != null) {
                    decide(
                            VmUnmatched.UNSUPPORTED,
                            "its requirements could not be evaluated as oned would (" + unevaluable + "): "
                                    + host.text());
                } else {
                    decide(
                            VmUnmatched.NO_HOST,
                            "its requirements match none of the " + hostOk.length + " usable hosts: " + host.text());
                }
            } else if (datastores.isEmpty()) {
                decide(
                        unevaluable != null ? VmUnmatched.UNSUPPORTED : VmUnmatched.NO_DATASTORE,
                        "no usable system datastore meets its datastore requirements \"" + datastore.text() + "\""
                                + (unevaluable != null ? " (" + unevaluable + ")" : ""));
            } else {
                List<Integer> ids = datastores.stream().map(SystemDatastore::id).toList();
                decide(
                        VmUnmatched.NO_DATASTORE,
                        "the system datastores it may use " + ids + " are in none of the clusters " + matched
                                + " of the hosts it matches");
            }
        }

        LeftOut why(VmRecord vm) {
            return new LeftOut(vm.id(), vm.name(), verdict.label(), detail);
        }

        /** Why not this host, once the answers are in. */
        String whyNot(int position, HostMatching matching) {
            if (position < 0) {
                return "the host is not usable";
            }
            if (!hostOk[position]) {
                return "its requirements do not match it: " + host.text();
            }
            return "no system datastore it may use is in the host's cluster " + matching.clusterOf[position];
        }
    }
}
