package org.overbookd.backend.opennebula;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Backend} for an OpenNebula cluster, over oned's XML-RPC API.
 *
 * <p>{@code observe} reads the host pool, the VM pool and the last monitoring sample of each, and
 * hands the policy an immutable snapshot. OpenNebula is the clock here: the {@code now} argument is
 * not needed to read it. Nothing is cached beyond the last observation, so a restarted daemon
 * carries on from what OpenNebula reports.
 *
 * <p>{@code enact} re-reads each VM before acting on it, since anything may have changed in
 * between, and never throws: a refusal, by overbookd or by OpenNebula, and a failed call become
 * outcomes. Like the simulator it keeps one operation in flight per host: a decision for a host
 * that was busy when observed, or that an earlier decision of the batch already acts on, is refused
 * (HOST_BUSY) whatever the policy asked. Once the endpoint is found down or the session rejected in a batch, the rest of the
 * batch fails at once rather than waiting out a timeout per decision.
 */
public final class OpenNebulaBackend implements Backend {

    private static final Logger LOG = LoggerFactory.getLogger(OpenNebulaBackend.class);

    private final OneApi api;
    private final DecisionPlanner planner;
    /** Null unless the QoS rules need whole histories. */
    private final RunHistories histories;
    private volatile Observation last = Observation.NONE;

    /** Reads the session from {@code settings.authFile()}; refuses a file others may read. */
    public OpenNebulaBackend(OpenNebulaSettings settings) throws BackendException {
        this(settings, OneSession.read(settings.authFile()));
    }

    private OpenNebulaBackend(OpenNebulaSettings settings, OneSession session) {
        this(new OneApi(new OneXmlRpcClient(settings.endpoint(), session, settings.timeout()), settings.qosAttribute(),
                settings.sloAttribute()), settings.suspendAction(), settings.runHistory());
        LOG.info("OpenNebula backend at {} as user {}, QoS attribute {}, suspend by {}", settings.endpoint(),
                session.user(), settings.qosAttribute(), settings.suspendAction().verb());
    }

    OpenNebulaBackend(OneApi api, SuspendAction suspendAction) {
        this(api, suspendAction, false);
    }

    OpenNebulaBackend(OneApi api, SuspendAction suspendAction, boolean runHistory) {
        this.api = api;
        this.planner = new DecisionPlanner(suspendAction);
        this.histories = runHistory ? new RunHistories() : null;
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        List<HostRecord> hosts = api.hostPool();
        Map<Integer, MonitoringSample> hostSamples = api.hostMonitoring();
        List<VmRecord> vms = api.vmPool();
        if (histories != null) {
            vms = histories.complete(vms, api);
        }
        Map<Integer, MonitoringSample> vmSamples = api.vmMonitoring();
        Observation observation = ClusterAssembler.assemble(hosts, hostSamples, vms, vmSamples);
        last = observation;
        if (LOG.isDebugEnabled()) {
            LOG.debug("Observed {} of {} hosts usable, {} VMs, {} low-QoS VMs queued", observation.view().hosts().size(),
                    hosts.size(), vms.size(), observation.view().queue().size());
        }
        return observation.view();
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant now) {
        Observation observed = last;
        List<Outcome> outcomes = new ArrayList<>(decisions.size());
        Outcome blocker = null;
        Set<Integer> busy = new HashSet<>();
        for (var host : observed.view().hosts()) {
            if (host.operationInFlight()) {
                busy.add(host.id());
            }
        }
        for (Decision decision : decisions) {
            Outcome outcome;
            if (blocker != null) {
                outcome = new Outcome(decision, Outcome.Status.FAILED, blocker.code(), "not attempted: " + blocker.message());
            } else {
                outcome = enactOne(decision, observed, busy);
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
    private Outcome enactOne(Decision decision, Observation observed, Set<Integer> busy) {
        try {
            Optional<Plan.Refuse> early = planner.precheck(decision, observed);
            if (early.isPresent()) {
                return refused(decision, early.get());
            }
            int host = decision.host().id();
            if (busy.contains(host)) {
                return new Outcome(decision, Outcome.Status.REFUSED, "HOST_BUSY",
                        "host " + host + " already has an operation in flight");
            }
            VmRecord current = api.vm((int) decision.vm().id());
            Plan plan = planner.plan(decision, current);
            if (plan instanceof Plan.Refuse refusal) {
                return refused(decision, refusal);
            }
            busy.add(host);
            api.perform(((Plan.Act) plan).call());
            return Outcome.ok(decision);
        } catch (OneRefusal e) {
            Outcome.Status status = e.errorCode().refusesTheDecision() ? Outcome.Status.REFUSED : Outcome.Status.FAILED;
            return new Outcome(decision, status, OneErrorCode.hex(e.code()), e.getMessage());
        } catch (OneCallFailure e) {
            return new Outcome(decision, Outcome.Status.FAILED, e.kind().name(), e.getMessage());
        } catch (RuntimeException e) {
            // A bug of ours must not stop the loop; the message is ours, not the server's.
            LOG.error("Unexpected failure enacting {} of VM {}", decision.action(), decision.vm().id(), e);
            return new Outcome(decision, Outcome.Status.FAILED, "INTERNAL", e.getClass().getSimpleName());
        }
    }

    /** True when every later call of the batch would fail the same way. */
    private static boolean blocksTheRest(Outcome outcome) {
        if (outcome.status() != Outcome.Status.FAILED) {
            return false;
        }
        return outcome.code().equals(OneCallFailure.Kind.UNREACHABLE.name())
                || outcome.code().equals(OneCallFailure.Kind.TIMEOUT.name())
                || outcome.code().equals(OneErrorCode.hex(OneErrorCode.AUTHENTICATION.code()));
    }

    private static Outcome refused(Decision decision, Plan.Refuse refusal) {
        return new Outcome(decision, Outcome.Status.REFUSED, refusal.code(), refusal.message());
    }

    private static void log(Outcome outcome) {
        Decision decision = outcome.decision();
        if (outcome.status() == Outcome.Status.OK) {
            LOG.info("{} VM {} ({}) on host {}: accepted", decision.action(), decision.vm().id(), decision.vm().name(),
                    decision.host().id());
        } else {
            LOG.warn("{} VM {} ({}) on host {}: {} {} {}", decision.action(), decision.vm().id(), decision.vm().name(),
                    decision.host().id(), outcome.status(), outcome.code(), outcome.message());
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
