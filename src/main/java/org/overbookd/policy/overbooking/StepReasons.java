package org.overbookd.policy.overbooking;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Locale;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.overbookd.policy.Reason;

/**
 * The reasons of an overbooking step, drafted: each decision captures the numbers its reason
 * quotes (the host's utilization and slots in use, the VM's id and arrival, its QoS inputs) when it
 * is made, and the sentence and facts are written only if someone reads them (an audit log). The
 * host and VM views are live in the simulator and change as soon as the step is enacted, so nothing
 * here keeps one.
 */
final class StepReasons {

    private StepReasons() {}

    /** Silva et al.'s inputs for one VM at the decision's instant, so that an auditor can redo the arithmetic. */
    record QosFacts(double availability, double slo, double q) {
        static QosFacts of(Urgency urgency, VmView vm) {
            return urgency == null ? null : new QosFacts(urgency.availability(vm), urgency.slo(vm), urgency.of(vm));
        }
    }

    /**
     * What a host judged on a forecast measured and was forecast to use, beside the signal the bounds
     * were compared with; null for a host judged on its measurement alone (the paper's step).
     */
    record SignalFacts(double measured, double forecast, boolean used, UtilizationSignal signal) {
        static SignalFacts of(HostView host, OverbookingSettings settings) {
            return host instanceof SignalView.Host judged
                    ? new SignalFacts(judged.measured(), judged.forecast(), judged.forecastUsed(), settings.signal())
                    : null;
        }

        /** " (measured 85.0%, forecast 95.3%, blend 0.5 of the forecast)", or the measurement standing in. */
        String text() {
            return used
                    ? " (measured " + oneDecimal(measured) + "%, forecast " + oneDecimal(forecast) + "%, "
                            + signal.describe() + ")"
                    : " (measured; no forecast for the host, its measurement stands in)";
        }
    }

    /** Max-weight's choice of a VM: how many VMs of its size (of {@code cpu} cores) were queued. */
    record MaxWeightFacts(long queued, double cpu) {
        String text() {
            return new StringBuilder(80)
                    .append("max-weight: ")
                    .append(queued)
                    .append(" queued VMs of its size (CPU ")
                    .append(number(cpu))
                    .append(") weigh most in the configuration that fits the host")
                    .toString();
        }
    }

    /**
     * Algorithm 2 took {@code vmId} off the host, which was at {@code utilization} with
     * {@code slotsInUse} overbooked VMs; {@code qos} is null when no QoS rule is on. The host's
     * facts are components of the draft itself, not a record of their own: one object less for
     * each of the hundreds of decisions of a simulated step.
     */
    record Suspend(
            String hostName,
            double utilization,
            int slotsInUse,
            long vmId,
            OverbookingSettings settings,
            boolean stickyHeld,
            QosFacts qos,
            SignalFacts signal,
            StepGuards.GuardNote guards)
            implements Reason.Draft {
        static Suspend of(
                HostView host,
                String hostName,
                long vmId,
                OverbookingSettings settings,
                boolean stickyHeld,
                QosFacts qos,
                StepGuards.GuardNote guards) {
            return new Suspend(
                    hostName,
                    host.utilization(),
                    host.overbooked().size(),
                    vmId,
                    settings,
                    stickyHeld,
                    qos,
                    SignalFacts.of(host, settings),
                    guards);
        }

        @Override
        public Reason render() {
            StringBuilder text = new StringBuilder(160)
                    .append("host ")
                    .append(hostName)
                    .append(" at ")
                    .append(oneDecimal(utilization))
                    .append('%')
                    .append(signal == null ? "" : signal.text())
                    .append(" >= upper bound ")
                    .append(number(settings.upperBound()))
                    .append("%: suspend VM ")
                    .append(vmId);
            if (settings.victim() == VictimRule.QOS) {
                text.append(", the overbooked VM furthest from violating its SLO (Q ")
                        .append(oneDecimal(qos.q()))
                        .append(" s)");
            } else {
                text.append(", the overbooked VM added last");
            }
            text.append(stickyHeld ? " that holds no sticky slot" : "");
            if (guards != null && !guards.passedOver().isEmpty()) {
                text.append(" that no guard protects (passed over: ")
                        .append(guards.passedWhy())
                        .append(')');
            }
            if (guards != null && !guards.yielded().isEmpty()) {
                text.append("; ").append(guards.yieldedWhy());
            }
            Reason.Builder reason = facts(text.toString(), utilization, slotsInUse, settings, qos, signal);
            if (guards != null && !guards.passedOver().isEmpty()) {
                reason.fact("guard_passed_over", joined(guards.passedOver()));
            }
            if (guards != null && !guards.yielded().isEmpty()) {
                reason.fact(
                        "guard_yielded",
                        String.join(
                                ",", guards.yielded().stream().map(Guard::label).toList()));
            }
            return reason.build();
        }
    }

    private static String joined(java.util.List<Long> ids) {
        StringBuilder s = new StringBuilder();
        for (long id : ids) {
            s.append(s.length() == 0 ? "" : ",").append(id);
        }
        return s.toString();
    }

    /**
     * Algorithm 1 placed {@code vmId} (resumed when {@code resume}) on the host, which was at
     * {@code utilization} with {@code slotsInUse} overbooked VMs; {@code maxWeight} is null when
     * queue order alone chose it, {@code qos} null when no QoS rule is on.
     */
    record Place(
            String hostName,
            double utilization,
            int slotsInUse,
            long vmId,
            Instant firstArrival,
            boolean resume,
            OverbookingSettings settings,
            QosFacts qos,
            MaxWeightFacts maxWeight,
            SignalFacts signal)
            implements Reason.Draft {
        static Place of(
                HostView host,
                String hostName,
                long vmId,
                Instant firstArrival,
                boolean resume,
                OverbookingSettings settings,
                QosFacts qos,
                MaxWeightFacts maxWeight) {
            return new Place(
                    hostName,
                    host.utilization(),
                    host.overbooked().size(),
                    vmId,
                    firstArrival,
                    resume,
                    settings,
                    qos,
                    maxWeight,
                    SignalFacts.of(host, settings));
        }

        @Override
        public Reason render() {
            StringBuilder text = new StringBuilder(160)
                    .append("host ")
                    .append(hostName)
                    .append(" at ")
                    .append(oneDecimal(utilization))
                    .append('%')
                    .append(signal == null ? "" : signal.text())
                    .append(" <= lower bound ")
                    .append(number(settings.lowerBound()))
                    .append("% with ")
                    .append(slotsInUse)
                    .append(" of ")
                    .append(settings.slots())
                    .append(" slots in use: ")
                    .append(resume ? "resume" : "deploy")
                    .append(" VM ")
                    .append(vmId);
            if (settings.queue() == QueueRule.QOS) {
                text.append(", the queued VM closest to violating its SLO (Q ")
                        .append(oneDecimal(qos.q()))
                        .append(" s, ")
                        .append(resume ? "suspended, first arrived " : "new, arrived ")
                        .append(firstArrival)
                        .append(')');
            } else {
                text.append(", first in the queue (")
                        .append(resume ? "suspended, first arrived " : "new, arrived ")
                        .append(firstArrival)
                        .append(')');
            }
            if (maxWeight != null) {
                text.append("; ").append(maxWeight.text());
            }
            return facts(text.toString(), utilization, slotsInUse, settings, qos, signal)
                    .build();
        }
    }

    /**
     * The facts every reason of the step carries. On a forecast, {@code host_utilization} is still the
     * measurement (as on the paper's step), beside it the forecast and the signal the bounds were
     * compared with.
     */
    private static Reason.Builder facts(
            String text,
            double utilization,
            int slotsInUse,
            OverbookingSettings settings,
            QosFacts qos,
            SignalFacts signal) {
        Reason.Builder reason =
                Reason.because(text).fact("host_utilization", round(signal == null ? utilization : signal.measured()));
        if (signal != null) {
            reason.fact("host_forecast", signal.used() ? round(signal.forecast()) : "none")
                    .fact("host_signal", round(utilization))
                    .fact("utilization_source", signal.signal().describe());
        }
        reason.fact("lower_bound", settings.lowerBound())
                .fact("upper_bound", settings.upperBound())
                .fact("slots_in_use", slotsInUse)
                .fact("slots", settings.slots());
        if (qos != null) {
            // an SLO of 0 can never be violated: Q is infinite, which JSON has no number for
            reason.fact("vm_availability", round(qos.availability()))
                    .fact("vm_slo", qos.slo())
                    .fact("vm_q_seconds", Double.isFinite(qos.q()) ? round(qos.q()) : "infinite");
        }
        return reason;
    }

    /**
     * What {@code %.1f} prints: Java's formatter rounds the shortest decimal form of the double
     * half-up, and so does {@link BigDecimal#valueOf(double)} with {@code HALF_UP}, at a fraction of
     * the formatter's cost. Negative values (never a utilization) keep the formatter's "-0.0".
     */
    static String oneDecimal(double value) {
        if (!Double.isFinite(value) || value < 0) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return BigDecimal.valueOf(value).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }

    static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
