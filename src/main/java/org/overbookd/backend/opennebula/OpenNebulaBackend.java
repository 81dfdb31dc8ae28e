package org.overbookd.backend.opennebula;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostLeftOut;
import org.overbookd.model.VmLeftAlone;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmUnmatched;
import org.overbookd.policy.cluster.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Backend} for an OpenNebula cluster, over oned's XML-RPC API.
 *
 * <p>{@code observe} reads the host pool, the VM pool and the last monitoring sample of each, and
 * hands the policy an immutable snapshot. Its {@code now} (the wall clock in the daemon) only ages
 * the host samples: one older than the maximum age is no measurement and its host is left out.
 * Nothing is cached beyond the last observation and the actions whose reply was lost
 * ({@link UnsettledActions}), so a restarted daemon carries on from what OpenNebula reports.
 * Hosts left out, low-QoS VMs left alone (failed, pending), and queued ones that may run on no host
 * by OpenNebula's own rules ({@link HostMatching}) are logged once each when the condition begins,
 * and counted in the view every time; the last are also handed to the audit ({@link #unmatched}).
 *
 * <p>{@code enact} re-reads each VM before acting on it, since anything may have changed in
 * between, and never throws: a refusal, by overbookd or by OpenNebula, and a failed call become
 * outcomes. Like the simulator it keeps one operation in flight per host: a decision for a host
 * that was busy when observed, or that an earlier decision of the batch already acts on, is refused
 * (HOST_BUSY) whatever the policy asked. Once the endpoint is found down or the session rejected in a batch, the rest of the
 * batch fails at once rather than waiting out a timeout per decision. An action whose request left
 * but whose reply did not come back is UNKNOWN; until the next observations settle it
 * ({@link #settled()}), nothing more is sent for its VM or host (UNSETTLED). Before each decision
 * it asks its {@link ActionCheck} (in an HA group, the writer lease): once that refuses, the
 * decision and the rest of the batch are SKIPPED (STOOD_DOWN) and nothing more is sent. A cycle has a
 * time budget ({@link CycleBudget}, from the start of its observation): a call is made only if it
 * would end within it even at its deadline; once not, the rest of the batch is SKIPPED
 * ({@link Outcome#CYCLE_BUDGET}), and an observation stops reading whole histories.
 */
public final class OpenNebulaBackend implements Backend {

    private static final Logger LOG = LoggerFactory.getLogger(OpenNebulaBackend.class);

    /**
     * Calls to oned of one observation at most: the host pool, its monitoring, the VM pool, its
     * monitoring, and while a low-QoS VM waits for a host the datastore and cluster pools.
     */
    public static final int OBSERVE_CALLS = 6;
    /** Calls to oned of one action: the fresh {@code one.vm.info}, then the action. */
    public static final int CALLS_PER_ACTION = 2;
    /** Calls to oned of a decision that places a VM: the fresh {@code one.vm.info}, the mark for OneDRS, the deploy or resume. */
    public static final int CALLS_PER_PLACEMENT = 3;

    private final OneApi api;
    private final DecisionPlanner planner;
    /** Null unless the QoS rules need whole histories. */
    private final RunHistories histories;

    private final Duration maxSampleAge;
    private final UnsettledActions unsettled;
    private final ActionCheck beforeEach;
    private final OneDrsWatch drs;
    private final CycleBudget budget;
    private final Episodes<LeftOut> hostEpisodes = new Episodes<>(LeftOut::id, LeftOut::label);
    private final Episodes<LeftOut> vmEpisodes = new Episodes<>(LeftOut::id, LeftOut::label);
    private final Episodes<Integer> sloEpisodes = new Episodes<>(id -> id, id -> "unreadable");
    private final Episodes<LeftOut> unmatchedEpisodes = new Episodes<>(LeftOut::id, LeftOut::label);
    /** The unmatched VMs whose episode began with the last observation, until the loop takes them for the audit. */
    private List<UnmatchedVm> unmatchedBegan = List.of();

    private volatile LastObservation last = LastObservation.NONE;
    /** The {@code now} of the last observe and the monotonic clock then: when a request really left. */
    private volatile Instant observedAt;

    private volatile long observedNanos;

    /** Reads the session from {@code settings.authFile()}; refuses a file others may read. */
    public OpenNebulaBackend(OpenNebulaSettings settings) throws BackendException {
        this(settings, ActionCheck.ALWAYS);
    }

    /**
     * Reads the session from {@code settings.authFile()}; refuses a file others may read.
     *
     * @param beforeEach asked right before each decision of a batch is carried out
     */
    public OpenNebulaBackend(OpenNebulaSettings settings, ActionCheck beforeEach) throws BackendException {
        this(settings, beforeEach, CycleBudget.unbounded(settings.timeout()));
    }

    /**
     * Reads the session from {@code settings.authFile()}; refuses a file others may read.
     *
     * @param beforeEach  asked right before each decision of a batch is carried out
     * @param cycleBudget how long a cycle's calls to oned may take, from the start of its observation
     */
    public OpenNebulaBackend(OpenNebulaSettings settings, ActionCheck beforeEach, Duration cycleBudget)
            throws BackendException {
        this(settings, beforeEach, new CycleBudget(cycleBudget, settings.timeout(), System::nanoTime));
    }

    private OpenNebulaBackend(OpenNebulaSettings settings, ActionCheck beforeEach, CycleBudget budget)
            throws BackendException {
        this(settings, OneSession.read(settings.authFile()), beforeEach, budget);
    }

    private OpenNebulaBackend(
            OpenNebulaSettings settings, OneSession session, ActionCheck beforeEach, CycleBudget budget) {
        this(
                new OneApi(
                        new OneXmlRpcClient(settings.endpoint(), session, settings.timeout(), settings.maxReplyBytes()),
                        settings.qosAttribute(),
                        settings.sloAttribute()),
                settings.suspendAction(),
                settings.runHistory(),
                settings.maxSampleAge(),
                settings.timeout(),
                beforeEach,
                budget);
        LOG.info(
                "OpenNebula backend at {} as user {}, QoS attribute {}, suspend by {}",
                settings.endpoint(),
                session.user(),
                settings.qosAttribute(),
                settings.suspendAction().verb());
    }

    OpenNebulaBackend(OneApi api, SuspendAction suspendAction) {
        this(api, suspendAction, false);
    }

    OpenNebulaBackend(OneApi api, SuspendAction suspendAction, boolean runHistory) {
        this(
                api,
                suspendAction,
                runHistory,
                OpenNebulaSettings.DEFAULT_MAX_SAMPLE_AGE,
                OpenNebulaSettings.DEFAULT_TIMEOUT,
                ActionCheck.ALWAYS,
                CycleBudget.unbounded(OpenNebulaSettings.DEFAULT_TIMEOUT));
    }

    /** @param timeout the call timeout: how long oned is given to act on a request whose reply was lost */
    OpenNebulaBackend(
            OneApi api,
            SuspendAction suspendAction,
            boolean runHistory,
            Duration maxSampleAge,
            Duration timeout,
            ActionCheck beforeEach,
            CycleBudget budget) {
        this.api = api;
        this.beforeEach = beforeEach;
        this.budget = budget;
        this.planner = new DecisionPlanner(suspendAction);
        this.histories = runHistory ? new RunHistories() : null;
        this.maxSampleAge = maxSampleAge;
        this.unsettled = new UnsettledActions(timeout);
        this.drs = new OneDrsWatch(api::drsClusters);
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        observedAt = now;
        observedNanos = System.nanoTime();
        budget.begin();
        OneApi.Pool<List<HostRecord>> hostPool = api.hostPool();
        List<HostRecord> hosts = hostPool.parsed();
        OneApi.Pool<Map<Integer, MonitoringSample>> hostSamples = api.hostMonitoring();
        List<VmRecord> vms = api.vmPool();
        if (histories != null) {
            vms = histories.complete(vms, api, budget);
        }
        Map<Integer, MonitoringSample> vmSamples = api.vmMonitoring();
        // datastores and clusters matter only to a VM that waits for a host: two calls more then
        HostMatching.Sources sources = vms.stream().anyMatch(ClusterAssembler::queued)
                ? new HostMatching.Sources(
                        hostPool.document(), hostSamples.document(), api.datastorePool(), api.clusterPool())
                : new HostMatching.Sources("", "", List.of(), Map.of());
        LastObservation observation =
                ClusterAssembler.assemble(hosts, hostSamples.parsed(), vms, vmSamples, now, maxSampleAge, sources);
        last = observation;
        unsettled.settle(vms, now);
        logEpisodes(observation);
        if (budget.refusal(1 + CALLS_PER_PLACEMENT).isEmpty()) {
            // once a day, and only with time left for it and a placement after it: the cycle's actions come first
            drs.check(now);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "Observed {} of {} hosts usable, {} VMs, {} low-QoS VMs queued",
                    observation.view().hosts().size(),
                    hosts.size(),
                    vms.size(),
                    observation.view().queue().size());
        }
        return observation.view();
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant now) {
        LastObservation observed = last;
        List<Outcome> outcomes = new ArrayList<>(decisions.size());
        Outcome blocker = null;
        Set<Integer> busy = new HashSet<>();
        for (var host : observed.view().hosts()) {
            if (host.operationInFlight()) {
                busy.add(host.id());
            }
        }
        String stoodDown = null;
        String late = null;
        for (Decision decision : decisions) {
            Outcome outcome;
            if (blocker == null && stoodDown == null && late == null) {
                stoodDown = beforeEach.refusal().orElse(null);
                if (stoodDown != null) {
                    LOG.warn(
                            "stood down: {} of the batch's {} decisions not sent: {}",
                            decisions.size() - outcomes.size(),
                            decisions.size(),
                            stoodDown);
                } else {
                    late = budget.refusal(decision instanceof Decision.Suspend ? CALLS_PER_ACTION : CALLS_PER_PLACEMENT)
                            .orElse(null);
                    if (late != null) {
                        LOG.warn(
                                "out of time: {} of the batch's {} decisions not sent: {}",
                                decisions.size() - outcomes.size(),
                                decisions.size(),
                                late);
                    }
                }
            }
            if (blocker != null) {
                outcome = new Outcome(
                        decision, Outcome.Status.FAILED, blocker.code(), "not attempted: " + blocker.message());
            } else if (stoodDown != null) {
                outcome =
                        new Outcome(decision, Outcome.Status.SKIPPED, ActionCheck.STOOD_DOWN, "not sent: " + stoodDown);
            } else if (late != null) {
                outcome = new Outcome(decision, Outcome.Status.SKIPPED, Outcome.CYCLE_BUDGET, "not sent: " + late);
            } else {
                outcome = enactOne(decision, observed, busy, now);
            }
            if (blocker == null && blocksTheRest(outcome)) {
                blocker = outcome;
            }
            log(outcome);
            outcomes.add(outcome);
        }
        return outcomes;
    }

    /**
     * @param busy hosts with an operation in flight: those busy when observed, plus those this batch
     *             has sent an action for (even one that failed: it may have reached oned)
     */
    private Outcome enactOne(Decision decision, LastObservation observed, Set<Integer> busy, Instant now) {
        try {
            Optional<Plan.Refuse> early = planner.precheck(decision, observed);
            if (early.isPresent()) {
                return refused(decision, early.get());
            }
            int host = decision.host().id();
            String blocked = unsettled.blocking((int) decision.vm().id(), host);
            if (blocked != null) {
                return new Outcome(decision, Outcome.Status.REFUSED, UnsettledActions.CODE, blocked);
            }
            if (busy.contains(host)) {
                return new Outcome(
                        decision,
                        Outcome.Status.REFUSED,
                        "HOST_BUSY",
                        "host " + host + " already has an operation in flight");
            }
            VmRecord current = api.vm((int) decision.vm().id());
            Plan plan = planner.plan(decision, current, observed.matching());
            if (plan instanceof Plan.Refuse refusal) {
                return refused(decision, refusal);
            }
            busy.add(host);
            VmCall call = ((Plan.Act) plan).call();
            if (call.places()) {
                Outcome unmarked = markForOneDrs(decision, call);
                if (unmarked != null) {
                    return unmarked;
                }
                // the mark took a call's time: ask again right before the action, which must not be late
                Optional<String> late = beforeEach.refusal();
                if (late.isPresent()) {
                    return new Outcome(
                            decision,
                            Outcome.Status.SKIPPED,
                            ActionCheck.STOOD_DOWN,
                            "not sent: " + call + " (VM " + call.vmId() + " was marked ONEDRS_BLOCKED, nothing more): "
                                    + late.get());
                }
            }
            try {
                api.perform(call);
            } catch (OneCallFailure e) {
                if (!e.mayHaveReachedOned()) {
                    throw e;
                }
                Outcome lost =
                        new Outcome(decision, Outcome.Status.UNKNOWN, e.kind().name(), e.getMessage());
                // the grace before "it did not happen" counts from when the request left, not from the
                // cycle's start: a long observation or earlier decisions may lie in between
                Instant sent = now.equals(observedAt) ? now.plusNanos(System.nanoTime() - observedNanos) : now;
                unsettled.remember(lost, current, call, host, sent);
                return lost;
            }
            return Outcome.ok(decision);
        } catch (OneRefusal e) {
            if (e.vmLocked()) {
                return new Outcome(
                        decision,
                        Outcome.Status.REFUSED,
                        OneErrorCode.hex(e.code()),
                        "VM " + decision.vm().id()
                                + " is locked in OpenNebula (onevm lock); overbookd leaves it alone until it is unlocked: "
                                + e.serverMessage());
            }
            if (e.errorCode() == OneErrorCode.AUTHORIZATION) {
                return new Outcome(
                        decision,
                        Outcome.Status.REFUSED,
                        OneErrorCode.hex(e.code()),
                        "outside overbookd's"
                                + " rights in OpenNebula: its user may not do this to VM "
                                + decision.vm().id() + " on host "
                                + decision.host().id()
                                + " (a low-QoS VM must be in the group its account may manage; docs/operating.md:"
                                + " An OpenNebula account for overbookd): " + e.getMessage());
            }
            Outcome.Status status = e.errorCode().refusesTheDecision() ? Outcome.Status.REFUSED : Outcome.Status.FAILED;
            return new Outcome(decision, status, OneErrorCode.hex(e.code()), e.getMessage());
        } catch (OneCallFailure e) {
            return new Outcome(decision, Outcome.Status.FAILED, e.kind().name(), e.getMessage());
        } catch (RuntimeException e) {
            // A bug of ours must not stop the loop; the message is ours, not the server's.
            LOG.error(
                    "Unexpected failure enacting {} of VM {}",
                    decision.action(),
                    decision.vm().id(),
                    e);
            return new Outcome(
                    decision, Outcome.Status.FAILED, "INTERNAL", e.getClass().getSimpleName());
        }
    }

    /**
     * Marks the VM ONEDRS_BLOCKED before the call that places it, so that OneDRS never moves what
     * overbookd placed; null when done. The mark is part of carrying out the recorded decision, sent
     * once like the action. Refused by oned, it throws, and the decision is refused with oned's
     * words. Its reply lost, the placing call is not sent and the decision fails: nothing was
     * placed, and a mark that did land changes nothing but what OneDRS may do with the VM.
     */
    private Outcome markForOneDrs(Decision decision, VmCall call) throws OneRefusal, OneCallFailure {
        try {
            api.keepFromOneDrs(call.vmId());
            return null;
        } catch (OneCallFailure e) {
            if (!e.mayHaveReachedOned()) {
                throw e;
            }
            return new Outcome(
                    decision,
                    Outcome.Status.FAILED,
                    e.kind().name(),
                    "not sent: " + call + ", because the reply to marking VM " + call.vmId()
                            + " ONEDRS_BLOCKED was lost: " + e.getMessage());
        }
    }

    @Override
    public synchronized List<UnmatchedVm> unmatched() {
        List<UnmatchedVm> began = unmatchedBegan;
        unmatchedBegan = List.of();
        return began;
    }

    @Override
    public List<Outcome> settled() {
        List<Outcome> settled = unsettled.drain();
        for (Outcome outcome : settled) {
            Decision decision = outcome.decision();
            LOG.info(
                    "{} VM {} ({}) on host {}, whose reply was lost: settled {}: {}",
                    decision.action(),
                    decision.vm().id(),
                    decision.vm().name(),
                    decision.host().id(),
                    outcome.status(),
                    outcome.message());
        }
        return settled;
    }

    /** Each host left out, and each low-QoS VM left alone, once when the condition begins. */
    private void logEpisodes(LastObservation observation) {
        for (LeftOut host : hostEpisodes.began(observation.hostsLeftOut())) {
            if (host.label().equals(HostLeftOut.STALE_MONITORING.label())) {
                LOG.warn(
                        "Host {} ({}) left out: {}; OpenNebula is not monitoring it, so it is no measurement",
                        host.id(),
                        host.name(),
                        host.detail());
            } else {
                LOG.info("Host {} ({}) left out: {} ({})", host.id(), host.name(), host.label(), host.detail());
            }
        }
        for (LeftOut vm : vmEpisodes.began(observation.vmsLeftAlone())) {
            if (vm.label().equals(VmLeftAlone.FAILED.label())) {
                LOG.warn(
                        "Low-QoS VM {} ({}) is {}: overbookd leaves it alone (it holds its slot, is never suspended, and does not block its host);"
                                + " an administrator must recover it (onevm recover)",
                        vm.id(),
                        vm.name(),
                        vm.detail());
            } else {
                LOG.warn(
                        "Low-QoS VM {} ({}) is PENDING: OpenNebula's scheduler may place it; create low-QoS VMs on"
                                + " hold, or install overbookd's placer and hook on the front-end (docs/operating.md: Running beside"
                                + " OpenNebula, step 4), so overbookd places them",
                        vm.id(),
                        vm.name());
            }
        }
        List<UnmatchedVm> began = new ArrayList<>();
        for (LeftOut vm : unmatchedEpisodes.began(observation.vmsUnmatched())) {
            String detail = ServerText.bounded(vm.detail());
            LOG.warn(
                    "Low-QoS VM {} ({}) may run on no host ({}): {}; it stays queued, and VMs behind it are placed",
                    vm.id(),
                    ServerText.bounded(vm.name()),
                    vm.label(),
                    detail);
            began.add(new UnmatchedVm(new VmRef(vm.id(), vm.name()), VmUnmatched.of(vm.label()), detail));
        }
        synchronized (this) {
            unmatchedBegan = began;
        }
        List<Integer> slo = sloEpisodes.began(observation.unreadableSlo());
        if (!slo.isEmpty()) {
            LOG.warn(
                    "SLO attribute unreadable (not a fraction 0-1 or a percentage), default SLO used for {}",
                    ClusterAssembler.ids("VM", slo));
        }
    }

    /** True when every later call of the batch would fail the same way. */
    private static boolean blocksTheRest(Outcome outcome) {
        if (outcome.status() != Outcome.Status.FAILED && outcome.status() != Outcome.Status.UNKNOWN) {
            return false;
        }
        return outcome.code().equals(OneCallFailure.Kind.UNREACHABLE.name())
                || outcome.code().equals(OneCallFailure.Kind.TIMEOUT.name())
                || outcome.code().equals(OneCallFailure.Kind.REPLY_LOST.name())
                || outcome.code().equals(OneErrorCode.hex(OneErrorCode.AUTHENTICATION.code()));
    }

    private static Outcome refused(Decision decision, Plan.Refuse refusal) {
        return new Outcome(decision, Outcome.Status.REFUSED, refusal.code(), refusal.message());
    }

    private static void log(Outcome outcome) {
        Decision decision = outcome.decision();
        if (outcome.status() == Outcome.Status.OK) {
            LOG.info(
                    "{} VM {} ({}) on host {}: accepted",
                    decision.action(),
                    decision.vm().id(),
                    decision.vm().name(),
                    decision.host().id());
        } else {
            LOG.warn(
                    "{} VM {} ({}) on host {}: {} {} {}",
                    decision.action(),
                    decision.vm().id(),
                    decision.vm().name(),
                    decision.host().id(),
                    outcome.status(),
                    outcome.code(),
                    outcome.message());
        }
    }

    /**
     * The checks the constructor makes on the session file, without connecting: it exists, only its
     * owner may read it, and it holds a session string. For {@code check-config}.
     */
    public static void checkAuthFile(java.nio.file.Path file) throws BackendException {
        OneSession.read(file);
    }

    @Override
    public String toString() {
        return "OpenNebulaBackend[" + api + "]";
    }
}
