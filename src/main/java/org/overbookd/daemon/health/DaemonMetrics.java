package org.overbookd.daemon.health;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.overbookd.backend.Outcome;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleListener;
import org.overbookd.loop.CycleResult;
import org.overbookd.model.HostLeftOut;
import org.overbookd.model.VmLeftAlone;
import org.overbookd.model.VmState;
import org.overbookd.model.VmUnmatched;
import org.overbookd.policy.cluster.HeldBack;
import org.overbookd.policy.cluster.Yielded;
import org.overbookd.policy.overbooking.Guard;

/**
 * The daemon's Prometheus metrics, kept up to date by the cycle listener calls. Counters count
 * since the daemon started; gauges describe the last cycle's observation (they keep their values
 * while cycles cannot observe: the failure counters and the last-success time say so). A cycle that
 * observed but failed afterwards ({@link CycleResult#failure()}: audit, budget) is a failure for the
 * failure counter, the failures in a row and the last-success time, which alerts watch.
 * Labels are few and bounded: cause, action, status, state, reason, result, guard.
 */
public final class DaemonMetrics implements CycleListener {

    /** Cycle durations from a fast empty cycle to a cycle that waits out several call timeouts. */
    private static final double[] DURATION_BUCKETS = {0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300
    };

    private final Supplier<OverbookingLimits> limits;
    private final Clock clock;
    private final Counter cycles;
    private final Counter failures;
    private final Histogram duration;
    private final Counter decisions;
    private final Counter outcomes;
    private final Counter reconciled;
    private final Gauge hostsObserved;
    private final Gauge hostsLeftOut;
    private final Gauge lowQosVms;
    private final Gauge slotsInUse;
    private final Gauge slotsAvailable;
    private final Gauge hostsAtUpperBound;
    private final Gauge lastSuccess;
    private final Gauge consecutiveFailures;
    private final Counter auditFailures;
    private final Counter reloads;
    private final Counter statusWriteFailures;
    private final Gauge vmsLeftAlone;
    private final Gauge vmsUnmatched;
    private final Counter guardHeld;
    private final Gauge guardHolding;
    private final Counter guardYields;
    private final Gauge hostsWithoutForecast;
    private final Set<String> leftOutReasons = new HashSet<>();
    private final Set<String> leftAloneReasons = new HashSet<>();
    private final Set<String> unmatchedReasons = new HashSet<>();
    private int failingInARow;

    public DaemonMetrics(PrometheusRegistry registry, Supplier<OverbookingLimits> limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
        cycles = Counter.builder()
                .name("overbookd_cycles_total")
                .help("Overbooking cycles run, successful or not.")
                .register(registry);
        failures = Counter.builder()
                .name("overbookd_cycle_failures_total")
                .help("Cycles that failed, by cause: unreachable, auth, timeout, malformed, internal (it could not"
                        + " observe), audit (its decisions could not be audited, so none was enacted), budget (its time"
                        + " budget ran out before every decision was sent).")
                .labelNames("cause")
                .register(registry);
        duration = Histogram.builder()
                .name("overbookd_cycle_duration_seconds")
                .help("Wall time of each cycle, failed ones included.")
                .classicOnly()
                .classicUpperBounds(DURATION_BUCKETS)
                .register(registry);
        decisions = Counter.builder()
                .name("overbookd_decisions_total")
                .help("Decisions the policy made, by action (deploy, suspend, resume).")
                .labelNames("action")
                .register(registry);
        outcomes = Counter.builder()
                .name("overbookd_outcomes_total")
                .help("What became of each decision, by action and status (ok, refused, failed, unknown, skipped).")
                .labelNames("action", "status")
                .register(registry);
        reconciled = Counter.builder()
                .name("overbookd_reconciled_total")
                .help("Earlier unknown outcomes a later observation settled, by action and status (ok, failed).")
                .labelNames("action", "status")
                .register(registry);
        hostsObserved = Gauge.builder()
                .name("overbookd_hosts_observed")
                .help("Hosts in the last successful cycle's view.")
                .register(registry);
        hostsLeftOut = Gauge.builder()
                .name("overbookd_hosts_left_out")
                .help("Hosts the backend knows of but left out of the last view, by reason.")
                .labelNames("reason")
                .register(registry);
        vmsLeftAlone = Gauge.builder()
                .name("overbookd_low_qos_vms_left_alone")
                .help("Low-QoS VMs overbookd does not act on, by reason: failed (a *_FAILURE state, for an"
                        + " administrator to recover) or pending (not on hold: OpenNebula's scheduler places it).")
                .labelNames("reason")
                .register(registry);
        vmsUnmatched = Gauge.builder()
                .name("overbookd_low_qos_vms_unmatched")
                .help("Queued low-QoS VMs that may run on no host by OpenNebula's own rules, by reason: no-host"
                        + " (their requirements match no usable host), no-datastore (no system datastore they may use"
                        + " in the matching hosts' clusters), invalid (requirements that do not parse), unsupported"
                        + " (beyond what overbookd evaluates). They stay queued.")
                .labelNames("reason")
                .register(registry);
        lowQosVms = Gauge.builder()
                .name("overbookd_low_qos_vms")
                .help("Low-QoS VMs in the last view by state: on a host (running, booting, suspending, resuming,"
                        + " terminating) or waiting (queued, suspended).")
                .labelNames("state")
                .register(registry);
        slotsInUse = Gauge.builder()
                .name("overbookd_slots_in_use")
                .help("Overbooking slots held by low-QoS VMs, over the hosts observed.")
                .register(registry);
        slotsAvailable = Gauge.builder()
                .name("overbookd_slots_available")
                .help("Free overbooking slots over the hosts observed (overbooking.slots per host minus those held).")
                .register(registry);
        hostsAtUpperBound = Gauge.builder()
                .name("overbookd_hosts_at_upper_bound")
                .help("Hosts whose utilization is at or above overbooking.upper-bound.")
                .register(registry);
        lastSuccess = Gauge.builder()
                .name("overbookd_last_success_timestamp_seconds")
                .help("When the last successful cycle ended, in seconds since the epoch; 0 before the first.")
                .register(registry);
        consecutiveFailures = Gauge.builder()
                .name("overbookd_consecutive_failures")
                .help("Cycles failed in a row since the last successful one.")
                .register(registry);
        auditFailures = Counter.builder()
                .name("overbookd_audit_write_failures_total")
                .help("Cycles whose decisions could not be written to the audit log (and so were not enacted).")
                .register(registry);
        reloads = Counter.builder()
                .name("overbookd_config_reloads_total")
                .help("Changes of the configuration file, by result: ok (valid, applied) or rejected.")
                .labelNames("result")
                .register(registry);
        statusWriteFailures = Counter.builder()
                .name("overbookd_status_write_failures_total")
                .help("Failed writes of status.file.")
                .register(registry);
        guardHeld = Counter.builder()
                .name("overbookd_guard_held_total")
                .help("Decisions a live guard held back, by guard (min-run-time, suspends-per-day, actions-per-cycle,"
                        + " actions-per-host-per-hour), counted at each cycle that held them.")
                .labelNames("guard")
                .register(registry);
        guardHolding = Gauge.builder()
                .name("overbookd_guard_holding")
                .help("Decisions the live guards held back in the last cycle, by guard.")
                .labelNames("guard")
                .register(registry);
        guardYields = Counter.builder()
                .name("overbookd_guard_yields_total")
                .help("Suspensions made although a live guard would have held them back: the guard yielded to the"
                        + " upper bound, by guard.")
                .labelNames("guard")
                .register(registry);
        hostsWithoutForecast = Gauge.builder()
                .name("overbookd_hosts_without_forecast")
                .help("Hosts of the last view whose monitoring carries no usable forecast (USED_CPU_FORECAST): under"
                        + " utilization.source forecast or blend they are judged on their measurement.")
                .register(registry);
        // every series a dashboard or alert refers to exists from the start, at zero
        for (String cause : CycleFailure.causes()) {
            failures.labelValues(cause).inc(0);
        }
        for (String action : new String[] {"deploy", "suspend", "resume"}) {
            decisions.labelValues(action).inc(0);
            for (Outcome.Status status : Outcome.Status.values()) {
                outcomes.labelValues(action, label(status)).inc(0);
            }
            reconciled.labelValues(action, "ok").inc(0);
            reconciled.labelValues(action, "failed").inc(0);
        }
        for (HostLeftOut reason : HostLeftOut.values()) {
            hostsLeftOut.labelValues(reason.label()).set(0);
            leftOutReasons.add(reason.label());
        }
        for (VmLeftAlone reason : VmLeftAlone.values()) {
            vmsLeftAlone.labelValues(reason.label()).set(0);
            leftAloneReasons.add(reason.label());
        }
        for (VmUnmatched reason : VmUnmatched.values()) {
            vmsUnmatched.labelValues(reason.label()).set(0);
            unmatchedReasons.add(reason.label());
        }
        for (Guard guard : Guard.values()) {
            guardHeld.labelValues(guard.label()).inc(0);
            guardHolding.labelValues(guard.label()).set(0);
            guardYields.labelValues(guard.label()).inc(0);
        }
        reloads.labelValues("ok").inc(0);
        reloads.labelValues("rejected").inc(0);
        for (VmState state : VmState.values()) {
            if (state != VmState.DONE) {
                lowQosVms.labelValues(label(state)).set(0);
            }
        }
    }

    @Override
    public void cycleEnded(CycleResult result, Duration took) {
        for (Outcome outcome : result.outcomes()) {
            String action = outcome.decision().action();
            decisions.labelValues(action).inc();
            outcomes.labelValues(action, label(outcome.status())).inc();
        }
        for (Outcome settled : result.settled()) {
            reconciled
                    .labelValues(settled.decision().action(), label(settled.status()))
                    .inc();
        }
        if (result.auditFailure().isPresent()) {
            auditFailures.inc();
        }
        Map<String, Integer> holding = new java.util.HashMap<>();
        for (HeldBack held : result.held()) {
            guardHeld.labelValues(held.guard()).inc();
            holding.merge(held.guard(), 1, Integer::sum);
        }
        for (Guard guard : Guard.values()) {
            guardHolding.labelValues(guard.label()).set(holding.getOrDefault(guard.label(), 0));
        }
        for (Yielded yielded : result.yielded()) {
            guardYields.labelValues(yielded.guard()).inc();
        }
        CycleFigures figures = CycleFigures.of(result, limits.get());
        hostsObserved.set(figures.hostsObserved());
        setByReason(hostsLeftOut, leftOutReasons, figures.hostsLeftOut());
        setByReason(vmsLeftAlone, leftAloneReasons, figures.vmsLeftAlone());
        setByReason(vmsUnmatched, unmatchedReasons, figures.vmsUnmatched());
        figures.lowQosVms()
                .forEach((state, count) -> lowQosVms.labelValues(label(state)).set(count));
        slotsInUse.set(figures.slotsInUse());
        slotsAvailable.set(figures.slotsAvailable());
        hostsAtUpperBound.set(figures.hostsAtUpperBound());
        hostsWithoutForecast.set(figures.hostsWithoutForecast());
        result.failure().ifPresentOrElse(f -> failed(f, took), () -> succeeded(took));
    }

    /** Every reason seen so far to 0, then the counts of this cycle: a reason no longer seen reads 0, not its last count. */
    private static void setByReason(Gauge gauge, Set<String> known, Map<String, Integer> counts) {
        for (String reason : known) {
            gauge.labelValues(reason).set(0);
        }
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            known.add(e.getKey());
            gauge.labelValues(e.getKey()).set(e.getValue());
        }
    }

    @Override
    public void cycleFailed(long cycle, CycleFailure failure, Duration took) {
        failed(failure, took);
    }

    private void succeeded(Duration took) {
        cycles.inc();
        duration.observe(seconds(took));
        failingInARow = 0;
        consecutiveFailures.set(0);
        lastSuccess.set(clock.millis() / 1000.0);
    }

    private void failed(CycleFailure failure, Duration took) {
        cycles.inc();
        duration.observe(seconds(took));
        failures.labelValues(failure.cause()).inc();
        consecutiveFailures.set(++failingInARow);
    }

    @Override
    public void reloaded(boolean accepted) {
        reloads.labelValues(accepted ? "ok" : "rejected").inc();
    }

    /** status.file could not be written. */
    void statusWriteFailed() {
        statusWriteFailures.inc();
    }

    static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
