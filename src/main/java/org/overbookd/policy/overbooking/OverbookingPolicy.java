package org.overbookd.policy.overbooking;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.model.BoundScan;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostRef;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.PluginFactory;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.ClusterPolicy.StepDecisions;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.NamedClusterPolicy;

/**
 * Overbooking with bounds and slots, Algorithms 1 and 2 of Verboven et al. section 3.
 *
 * <p>One overbooking step first takes VMs off hosts at or above the upper bound (Algorithm 2), then
 * fills hosts at or below the lower bound from the queue (Algorithm 1). Rules the paper leaves
 * implicit and we enforce:
 * <ul>
 *   <li>a host never has more than one VM operation in flight, so a host that is booting,
 *       suspending, resuming or shutting down any VM is skipped by both algorithms this step;</li>
 *   <li>a host receives at most one VM per step (the paper pops each available node once), and
 *       only while fewer than {@code slots} overbooked VMs occupy it;</li>
 *   <li>a queued VM pinned to a host (suspended in place) only goes back to that host;</li>
 *   <li>a VM goes only to a host it may run on by the VIM's own rules ({@link VmView#mayRunOn}: in
 *       OpenNebula its requirements), and one that may run on no candidate this step waits without
 *       holding up the VMs behind it: in queue order each VM takes the first candidate it may use, so
 *       a VM behind it only ever takes a host it could not have used this step.</li>
 * </ul>
 * High-QoS VMs are never named by a decision: only {@link HostView#overbooked()} and the queue,
 * which hold low-QoS VMs alone, are ever acted on.
 *
 * <p>A view may also offer {@link BoundScan} and {@link QueueIndex} (the simulator's does): the step
 * then reads the hosts at the bounds and the head of the queue from them instead of filtering every
 * host and sorting the whole queue, so it costs what its candidates and decisions cost. The
 * decisions are the same either way; rules whose order changes with time (the QoS queue rule) or
 * depends on the candidates (pinned VMs) keep the general path. Reasons are drafted
 * ({@code StepReasons}): written only if read.
 */
public final class OverbookingPolicy implements NamedClusterPolicy {

    /** Its name in the policy registry. */
    public static final String NAME = "overbooking";
    /** How the registry builds it: from its settings alone (no argument of its own). */
    public static final PluginFactory<OverbookingSettings, NamedClusterPolicy> FACTORY =
            PluginFactory.of(NAME, OverbookingPolicy::new);

    private final OverbookingSettings settings;

    public OverbookingPolicy(OverbookingSettings settings) {
        this.settings = settings;
    }

    public OverbookingSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Decision> decide(ClusterView view, Instant now) {
        return decideStep(view, now).decisions();
    }

    /**
     * The step's decisions, and what its guards held back or yielded. Hosts are judged on the
     * settings' signal ({@link SignalView}: the measurement, the forecast or a blend); without guards
     * and on the measurement, this is the paper's step exactly, on the backend's own view.
     */
    @Override
    public StepDecisions decideStep(ClusterView observed, Instant now) {
        ClusterView view = SignalView.of(observed, settings.signal());
        List<Decision> decisions = new ArrayList<>();
        Urgency urgency = settings.needsRunHistory() ? new Urgency(now, settings.qos()) : null;
        StepGuards guards = settings.guards().any() ? new StepGuards(settings.guards(), now) : null;
        suspendAboveUpperBound(view, StickySlots.of(view, settings.stickySlots()), urgency, guards, decisions);
        fillBelowLowerBound(view, urgency, guards, decisions);
        return guards == null
                ? StepDecisions.of(decisions)
                : new StepDecisions(decisions, guards.held(), guards.yielded());
    }

    /** Algorithm 2; a host whose overbooked VMs all hold sticky slots keeps them. */
    private void suspendAboveUpperBound(
            ClusterView view, Set<Long> sticky, Urgency urgency, StepGuards guards, List<Decision> out) {
        boolean anySticky = !sticky.isEmpty();
        List<? extends HostView> hosts =
                view instanceof BoundScan scan ? scan.overbookedAtOrAbove(settings.upperBound()) : view.hosts();
        for (HostView host : hosts) {
            List<? extends VmView> overbooked = host.overbooked();
            if (overbooked.isEmpty() || host.operationInFlight() || host.utilization() < settings.upperBound()) {
                continue;
            }
            StepGuards.GuardNote[] note = {null};
            VmView victim = guards == null
                    ? victim(overbooked, sticky, urgency)
                    : guarded(overbooked, sticky, urgency, host, guards, note);
            if (victim == null) {
                continue;
            }
            if (guards != null) {
                guards.suspending(host, note);
            }
            HostRef ref = HostRef.of(host);
            Reason reason = Reason.drafted(StepReasons.Suspend.of(
                    host,
                    ref.name(),
                    victim.id(),
                    settings,
                    anySticky,
                    StepReasons.QosFacts.of(urgency, victim),
                    note[0]));
            Decision.Suspend decision = new Decision.Suspend(VmRef.of(victim), ref, reason);
            out.add(decision);
            if (guards != null) {
                guards.decided(decision, note[0]);
            }
        }
    }

    /**
     * The victim rule's choice on a host, or null when it has none: only a running VM can be
     * suspended (one that failed to boot holds its slot until an administrator recovers it; on a
     * host with no operation in flight nothing else is transient), and never one in a sticky slot.
     */
    private VmView victim(List<? extends VmView> overbooked, Set<Long> sticky, Urgency urgency) {
        boolean byQos = settings.victim() == VictimRule.QOS;
        boolean anySticky = !sticky.isEmpty();
        VmView victim = null;
        for (int i = overbooked.size() - 1; i >= 0; i--) {
            VmView vm = overbooked.get(i);
            if (vm.state() != VmState.RUNNING || anySticky && sticky.contains(vm.id())) {
                continue;
            }
            // from the last added back, so that among equal Q the one added last stays the victim
            if (victim == null || byQos && urgency.of(vm) > urgency.of(victim)) {
                victim = vm;
            }
            if (!byQos) {
                break;
            }
        }
        return victim;
    }

    /**
     * The victim under the guards: the host's possible victims in the rule's order of preference
     * (the last added first; by Q, the furthest from its SLO first, ties to the one added last), the
     * first no guard protects, else the rule's own choice ({@link StepGuards#victim}).
     */
    private VmView guarded(
            List<? extends VmView> overbooked,
            Set<Long> sticky,
            Urgency urgency,
            HostView host,
            StepGuards guards,
            StepGuards.GuardNote[] note) {
        List<VmView> eligible = new ArrayList<>(overbooked.size());
        for (int i = overbooked.size() - 1; i >= 0; i--) {
            VmView vm = overbooked.get(i);
            if (vm.state() == VmState.RUNNING && !sticky.contains(vm.id())) {
                eligible.add(vm);
            }
        }
        if (eligible.isEmpty()) {
            return null;
        }
        if (settings.victim() == VictimRule.QOS) {
            // stable: among equal Q the one added last stays first
            eligible.sort((a, b) -> Double.compare(urgency.of(b), urgency.of(a)));
        }
        return guards.victim(eligible, host, note);
    }

    /**
     * Algorithm 1. Under the guards, hosts at their cap of actions take no VM, VMs at their cap of
     * suspensions stay queued (the queue is then read whole rather than through its index), and the
     * placements beyond the step's cap of actions wait for the next step.
     */
    private void fillBelowLowerBound(ClusterView view, Urgency urgency, StepGuards guards, List<Decision> out) {
        if (settings.slots() == 0) {
            return;
        }
        List<HostView> candidates;
        if (view instanceof BoundScan scan) {
            candidates = scan.withFreeSlotAtOrBelow(settings.slots(), settings.lowerBound());
        } else {
            candidates = new ArrayList<>();
            for (HostView host : view.hosts()) {
                if (!host.operationInFlight()
                        && host.overbooked().size() < settings.slots()
                        && host.utilization() <= settings.lowerBound()) {
                    candidates.add(host);
                }
            }
        }
        if (guards != null) {
            candidates = guards.candidates(candidates);
        }
        boolean filtered = guards != null && guards.filtersQueue();
        QueueIndex index = view instanceof QueueIndex kept && !filtered ? kept : null;
        // the VMs a guard keeps waiting are held whether or not a host is free, so that a hold is one episode
        List<? extends VmView> queued = index != null ? null : filtered ? guards.waiting(view.queue()) : view.queue();
        if (candidates.isEmpty() || (index != null ? index.queued() == 0 : queued.isEmpty())) {
            return;
        }
        settings.hostOrder().sort(candidates);
        boolean pinned = index != null ? index.anyPinned() : hasPinned(queued);
        CandidatePositions positions = pinned ? new CandidatePositions(candidates) : CandidatePositions.NONE;
        boolean sized = index != null ? index.anySized() : hasSizes(queued);
        // The index keeps the queue in FIFO order already: its head is read, not sorted. Pinned VMs
        // and the QoS rule (its order changes with time) take the general way.
        QueueIndex fifo = index != null && !pinned && settings.queue() == QueueRule.FIFO ? index : null;
        QueueHead queue = fifo != null
                ? null
                : new QueueHead(
                        queued != null ? queued : view.queue(),
                        positions,
                        settings.queue() == QueueRule.QOS ? urgency : null);
        Map<VmSize, Long> sizeCounts =
                settings.placement() == Placement.MAXWEIGHT ? sizeCounts(queued != null ? queued : view.queue()) : null;
        // Without sizes every VM fits every candidate and the head of candidates + pinned VMs fills
        // them all. With sizes a VM may fit nowhere, so when hosts stay free and more VMs wait the
        // matching is redone on a head twice as long: same prefix, same choices, as if the whole
        // queue had been sorted, at the cost of sorting only what is needed.
        int keep = candidates.size();
        List<Match> matches;
        while (true) {
            QueueHead.Head head = fifo != null ? firstInFifo(fifo, keep) : queue.fill(keep);
            Candidates hosts = new Candidates(candidates, sized, settings.upperBound());
            matches = new ArrayList<>(Math.min(candidates.size(), head.vms().size()));
            boolean complete = match(head, hosts, sizeCounts, matches);
            if (complete || !head.truncated()) {
                break;
            }
            keep = (int) Math.min(2L * keep, Integer.MAX_VALUE);
        }
        int left = guards == null ? Integer.MAX_VALUE : guards.placementsLeft();
        for (Match m : matches) {
            if (left-- <= 0) {
                guards.overCycleCap(m.vm(), candidates.get(m.host()));
                continue;
            }
            out.add(place(m.vm(), candidates.get(m.host()), urgency, m.why()));
        }
    }

    /** One VM for one candidate host; {@code why} is null when queue order alone chose it. */
    private record Match(VmView vm, int host, StepReasons.MaxWeightFacts why) {}

    /**
     * Matches the head of the queue to the candidates; false when the head was too short to know
     * the step's matching (hosts left free, or max-weight chose a size the head has no VM of).
     */
    private boolean match(QueueHead.Head head, Candidates hosts, Map<VmSize, Long> sizeCounts, List<Match> out) {
        List<VmView> vms = head.vms();
        int[] pinnedTo = head.pinnedTo();
        List<VmView> unpinned = pinnedTo == null ? vms : new ArrayList<>(vms.size());
        // pinned VMs first, in queue order: each can only go back to its own host
        for (int i = 0; pinnedTo != null && i < vms.size(); i++) {
            VmView vm = vms.get(i);
            int pinned = pinnedTo[i];
            if (pinned < 0) {
                unpinned.add(vm);
                continue;
            }
            // its memory is still allocated on the host that kept it, so only its CPU is checked
            if (hosts.free(pinned) && hosts.room(pinned).fits(vm.size(), false) && vm.mayRunOn(hosts.host(pinned))) {
                hosts.take(pinned);
                out.add(new Match(vm, pinned, null));
            }
        }
        if (settings.placement() == Placement.MAXWEIGHT) {
            // its weights already count the whole queue: only a size missing from the head matters
            return maxWeight(unpinned, hosts, sizeCounts, out);
        }
        firstFit(unpinned, hosts, out);
        return hosts.noneFree();
    }

    /** How many eligible queued VMs have each size (max-weight's weights count the whole queue). */
    private static Map<VmSize, Long> sizeCounts(List<? extends VmView> queue) {
        Map<VmSize, Long> counts = new HashMap<>();
        for (VmView vm : queue) {
            if (vm.pinnedHost().isEmpty()) {
                counts.merge(vm.size(), 1L, Long::sum);
            }
        }
        return counts;
    }

    /** In queue order, each VM the first free candidate it fits. */
    private static void firstFit(List<VmView> queue, Candidates hosts, List<Match> out) {
        for (VmView vm : queue) {
            if (hosts.noneFree()) {
                return;
            }
            int index = hosts.firstFitting(vm);
            if (index >= 0) {
                hosts.take(index);
                out.add(new Match(vm, index, null));
            }
        }
    }

    /** Each free candidate in host order, the VM its max-weight configuration favours. */
    private static boolean maxWeight(
            List<VmView> queue, Candidates hosts, Map<VmSize, Long> sizeCounts, List<Match> out) {
        MaxWeightMatch match = new MaxWeightMatch(queue, sizeCounts);
        for (int i = 0; i < hosts.size() && !hosts.noneFree(); i++) {
            if (!hosts.free(i)) {
                continue;
            }
            MaxWeightMatch.Choice choice = match.take(hosts.room(i), hosts.host(i));
            if (choice == MaxWeightMatch.NEEDS_MORE) {
                return false;
            }
            if (choice != null) {
                hosts.take(i);
                out.add(new Match(
                        choice.vm(),
                        i,
                        new StepReasons.MaxWeightFacts(
                                choice.queued(), choice.vm().size().cpu())));
            }
        }
        return true;
    }

    private static boolean hasSizes(List<? extends VmView> queue) {
        for (VmView vm : queue) {
            if (!vm.size().equals(VmSize.UNKNOWN)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasPinned(List<? extends VmView> queue) {
        for (VmView vm : queue) {
            if (vm.pinnedHost().isPresent()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first {@code candidates} VMs of a queue the index keeps in FIFO order (no VM pinned, so
     * every VM is eligible): those taken off a host, then the others, each by arrival, as
     * {@link QueueHead} would sort them with {@link QueueOrder#FIFO}.
     */
    private static QueueHead.Head firstInFifo(QueueIndex index, int candidates) {
        int queued = index.queued();
        int keep = Math.min(candidates, queued);
        List<VmView> head = new ArrayList<>(keep);
        take(index.suspendedByArrival(), keep, head);
        take(index.othersByArrival(), keep, head);
        if (head.size() != keep) {
            throw new IllegalStateException("the queue index counts " + queued + " VMs but holds fewer");
        }
        return new QueueHead.Head(head, null, keep < queued);
    }

    private static void take(Iterator<? extends VmView> vms, int keep, List<VmView> into) {
        while (into.size() < keep && vms.hasNext()) {
            into.add(vms.next());
        }
    }

    /** {@code why}: what chose this VM when the placement, not the queue order, did; else null. */
    private Decision place(VmView vm, HostView host, Urgency urgency, StepReasons.MaxWeightFacts why) {
        boolean resume = vm.state() == VmState.SUSPENDED;
        HostRef ref = HostRef.of(host);
        Reason reason = Reason.drafted(StepReasons.Place.of(
                host,
                ref.name(),
                vm.id(),
                vm.firstArrival(),
                resume,
                settings,
                StepReasons.QosFacts.of(urgency, vm),
                why));
        return resume ? new Decision.Resume(VmRef.of(vm), ref, reason) : new Decision.Deploy(VmRef.of(vm), ref, reason);
    }
}
