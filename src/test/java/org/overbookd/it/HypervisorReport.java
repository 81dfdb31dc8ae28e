package org.overbookd.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import org.overbookd.it.GuestConsoles.Report;
import org.overbookd.it.HypervisorIT.Saved;
import org.overbookd.it.HypervisorIT.Tick;
import org.overbookd.it.OnedEvidence.Transition;

/**
 * The figures an administrator asks for before letting overbookd suspend VMs on a hypervisor, from
 * one run of {@link HypervisorIT}: the cost of a suspension and a resume (from overbookd's decision,
 * and by memory size), how stale the utilization overbookd acts on is, how often each low-QoS VM was
 * suspended, and the high-QoS guest's own work rate with low-QoS guests beside it against alone.
 */
final class HypervisorReport {

    /** One of oned's monitoring samples of the host: its time and USED_CPU over TOTAL_CPU, percent. */
    record Sample(Instant time, double utilization) {}

    /** One suspension and resume by the administrator: guest memory (MB), seconds each, bytes written. */
    record Cost(int memoryMb, double suspendSeconds, double resumeSeconds, long bytes) {}

    /** A stretch of time a VM spent in one condition, as the poller saw it. */
    record Span(int vm, Instant from, Instant to) {}

    private final List<String> lines = new ArrayList<>();
    private final Map<String, Double> figures = new TreeMap<>();
    private final List<Sample> samples;

    HypervisorReport(
            List<Tick> run,
            List<Sample> samples,
            List<JsonNode> decisions,
            List<JsonNode> outcomes,
            Map<Integer, List<Transition>> transitions,
            List<Saved> saved,
            List<Cost> costs,
            Map<Integer, Integer> memory,
            List<Integer> highVms,
            List<Integer> lowVms,
            GuestConsoles consoles,
            Path recordFile) {
        this.samples = List.copyOf(samples);
        Instant start = run.get(0).time();
        Instant end = run.get(run.size() - 1).time();
        double hours = Duration.between(start, end).toMillis() / 3_600_000.0;
        lines.add(String.format(
                Locale.ROOT,
                "run: %.0f s of the high-QoS guest's business day (%d s a day), "
                        + "bounds %.0f/%.0f, slots %d, interval %d s; emulated host (QEMU TCG, 2 cores)",
                hours * 3600,
                HypervisorIT.DAY_SECONDS,
                HypervisorIT.LOWER,
                HypervisorIT.UPPER,
                HypervisorIT.SLOTS,
                HypervisorIT.INTERVAL_SECONDS));
        actions(decisions, outcomes, transitions, memory);
        costs(costs, saved, memory);
        lag(run, samples, decisions, lowVms, consoles, highVms);
        flaps(outcomes, lowVms, hours);
        slowdown(run, consoles, highVms, lowVms);
        lines.add("record of the run (for simulate --set sim.trace-file=...): " + recordFile);
    }

    Map<String, Double> figures() {
        return figures;
    }

    /**
     * The host's samples taken from {@code from} to {@code to}: their mean utilization, its standard
     * error (as if the samples were independent) and their number.
     */
    double[] sampledUtilization(Instant from, Instant to) {
        List<Double> in = new ArrayList<>();
        for (Sample s : samples) {
            if (!s.time().isBefore(from) && !s.time().isAfter(to)) {
                in.add(s.utilization());
            }
        }
        double mean = mean(in);
        double sd =
                Math.sqrt(in.stream().mapToDouble(u -> (u - mean) * (u - mean)).sum() / Math.max(1, in.size() - 1));
        return new double[] {mean, sd / Math.sqrt(Math.max(1, in.size())), in.size()};
    }

    /** The high-QoS guests' held peaks: how long each was held and why it was let go on. */
    void heldPeaks(List<HeldPeaks.Hold> holds) {
        lines.add("peaks held until the daemon saw them (" + holds.size() + "):");
        for (HeldPeaks.Hold h : holds) {
            lines.add(String.format(
                    Locale.ROOT,
                    "  VM %d held %.0f s by its own clock (the suite saw it hold from %s, told it to go on %.0f s"
                            + " later): %s",
                    h.vm(),
                    h.guestSeconds(),
                    h.seen(),
                    Duration.between(h.seen(), h.released()).toMillis() / 1000.0,
                    h.why()));
        }
    }

    /**
     * The simulator's prediction of this run beside what the host did, with the tolerances the suite
     * holds it to ({@link HypervisorIT#compareWithSimulator}), and the default replay's beside it.
     *
     * @param real the host's samples while the daemon ran ({@link #sampledUtilization})
     */
    void prediction(
            SimulatorComparison.Prediction host,
            SimulatorComparison.Prediction perVm,
            long realSuspends,
            long realResumes,
            double[] real,
            int suspensionsTolerance,
            double utilizationTolerance) {
        lines.add(String.format(
                Locale.ROOT,
                "the simulator on this run's record (sim.trace-background=host: the host's own samples less the"
                        + " low-QoS VMs' mean load, the simulator's low-QoS VMs at that mean; the measured costs and lag"
                        + " of sim/real-hypervisor.properties): %d suspensions (real %d, tolerance %d), %d resumes (real"
                        + " %d), %d deploys, mean utilization %.1f %% (real %.1f %% over the %.0f samples taken while the"
                        + " daemon ran, tolerance %.1f points)",
                host.suspends(),
                realSuspends,
                suspensionsTolerance,
                host.resumes(),
                realResumes,
                host.deploys(),
                host.utilization(),
                real[0],
                real[2],
                utilizationTolerance));
        lines.add(
                "  " + String.join(" ", host.command().subList(1, host.command().size())));
        lines.add(String.format(
                Locale.ROOT,
                "  the default replay (sim.trace-background=high-qos: each high-QoS VM's CPU as OpenNebula's VM probe"
                        + " measured it, which trails the host's sample; the low-QoS VMs drawing as the guests do):"
                        + " %d suspensions, mean utilization %.1f %%",
                perVm.suspends(),
                perVm.utilization()));
        figures.put("predicted_suspensions", (double) host.suspends());
        figures.put("predicted_utilization", host.utilization());
        figures.put("daemon_mean_utilization", real[0]);
        figures.put("default_replay_suspensions", (double) perVm.suspends());
    }

    String text(Checks checks, Duration wall, Path work) {
        StringBuilder s =
                new StringBuilder("\n=== overbookd on a real hypervisor (OpenNebula 7.4, libvirt, QEMU) ===\n");
        lines.forEach(l -> s.append(l).append('\n'));
        checks.print(s);
        s.append(String.format("wall time %d s (evidence kept in %s)%n", wall.toSeconds(), work));
        return s.toString();
    }

    // ---------------------------------------------------------------- the figures

    /** Decision to SUSPENDED, and to RUNNING again, from the audit and the VMs' logs (whole seconds). */
    private void actions(
            List<JsonNode> decisions,
            List<JsonNode> outcomes,
            Map<Integer, List<Transition>> transitions,
            Map<Integer, Integer> memory) {
        List<Double> toSuspended = new ArrayList<>();
        List<Double> toRunning = new ArrayList<>();
        List<Double> booted = new ArrayList<>();
        List<Double> offTimes = new ArrayList<>();
        for (JsonNode o : outcomes) {
            if (!"ok".equals(o.path("outcome").asText())) {
                continue;
            }
            String action = o.path("action").asText();
            int vm = o.path("vm_id").asInt();
            Instant decided = decisionTime(decisions, o);
            List<Transition> log = transitions.getOrDefault(vm, List.of());
            if (action.equals("suspend")) {
                Instant suspended = first(log, "SUSPENDED", decided);
                if (suspended != null) {
                    toSuspended.add(seconds(decided, suspended));
                    Instant back = first(log, "RUNNING", suspended);
                    if (back != null) {
                        offTimes.add(seconds(suspended, back));
                    }
                }
            } else if (action.equals("resume") || action.equals("deploy")) {
                Instant running = first(log, "RUNNING", decided);
                if (running != null) {
                    (action.equals("resume") ? toRunning : booted).add(seconds(decided, running));
                }
            }
        }
        lines.add(String.format(
                Locale.ROOT,
                "suspensions by overbookd: %d, decision to SUSPENDED median %s s, worst %s s"
                        + " (vm.log, whole seconds)",
                toSuspended.size(),
                fmt(median(toSuspended)),
                fmt(max(toSuspended))));
        lines.add(String.format(
                Locale.ROOT,
                "resumes by overbookd: %d, decision to RUNNING median %s s, worst %s s; "
                        + "a suspended VM stayed off median %s s, worst %s s",
                toRunning.size(),
                fmt(median(toRunning)),
                fmt(max(toRunning)),
                fmt(median(offTimes)),
                fmt(max(offTimes))));
        lines.add(String.format(
                Locale.ROOT,
                "deploys by overbookd: %d, decision to RUNNING median %s s, worst %s s",
                booted.size(),
                fmt(median(booted)),
                fmt(max(booted))));
        figures.put("deploys", (double) booted.size());
        figures.put("decision_to_booted_median_s", median(booted));
        figures.put("suspensions", (double) toSuspended.size());
        figures.put("resumes", (double) toRunning.size());
        figures.put("decision_to_suspended_median_s", median(toSuspended));
        figures.put("decision_to_running_median_s", median(toRunning));
    }

    /** Suspend and resume cost by guest memory, the administrator's, and the image sizes of overbookd's suspensions. */
    private void costs(List<Cost> costs, List<Saved> saved, Map<Integer, Integer> memory) {
        lines.add("suspend and resume by guest memory (the administrator's calls, oned polled every 100 ms):");
        lines.add("  memory MB | suspend s | resume s | memory image MB");
        for (Cost c : costs) {
            lines.add(String.format(
                    Locale.ROOT,
                    "  %9d | %9.2f | %8.2f | %15.1f",
                    c.memoryMb(),
                    c.suspendSeconds(),
                    c.resumeSeconds(),
                    c.bytes() / 1048576.0));
        }
        if (costs.size() >= 2) {
            double[] suspend = fit(costs, Cost::suspendSeconds);
            double[] resume = fit(costs, Cost::resumeSeconds);
            double[] image = fit(costs, c -> c.bytes() / 1048576.0);
            lines.add(String.format(
                    Locale.ROOT,
                    "  least squares: suspend %.2f s + %.3f s per 100 MB, resume %.2f s + "
                            + "%.3f s per 100 MB, image %.1f MB + %.2f MB per MB of guest memory",
                    suspend[0],
                    100 * suspend[1],
                    resume[0],
                    100 * resume[1],
                    image[0],
                    image[1]));
            figures.put("suspend_fixed_s", suspend[0]);
            figures.put("suspend_per_100mb_s", 100 * suspend[1]);
            figures.put("resume_fixed_s", resume[0]);
            figures.put("resume_per_100mb_s", 100 * resume[1]);
            figures.put("image_mb_per_mb", image[1]);
        }
        List<String> images = new ArrayList<>();
        for (Saved s : saved) {
            images.add(String.format(
                    Locale.ROOT, "VM %d (%d MB) %.1f MB", s.vm(), memory.get(s.vm()), s.checkpointBytes() / 1048576.0));
        }
        lines.add(
                "memory images of overbookd's suspensions: " + (images.isEmpty() ? "none" : String.join(", ", images)));
    }

    private interface Measure {
        double of(Cost c);
    }

    /** Intercept and slope of the least-squares line of y over memory (MB). */
    private static double[] fit(List<Cost> costs, Measure y) {
        double n = costs.size();
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (Cost c : costs) {
            double x = c.memoryMb();
            double v = y.of(c);
            sx += x;
            sy += v;
            sxx += x * x;
            sxy += x * v;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        return new double[] {(sy - slope * sx) / n, slope};
    }

    /**
     * How stale the utilization overbookd acts on is: the probe period, the age of the newest sample
     * at each decision, the delay from a low-QoS guest starting or stopping to the first sample after
     * it, and how far the sampled utilization sits from the load the guests were running.
     */
    private void lag(
            List<Tick> run,
            List<Sample> samples,
            List<JsonNode> decisions,
            List<Integer> lowVms,
            GuestConsoles consoles,
            List<Integer> highVms) {
        List<Double> periods = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            periods.add(seconds(samples.get(i - 1).time(), samples.get(i).time()));
        }
        List<Double> ages = new ArrayList<>();
        for (JsonNode d : decisions) {
            Instant at = OnedEvidence.auditTime(d);
            samples.stream()
                    .filter(s -> !s.time().isAfter(at))
                    .reduce((a, b) -> b)
                    .ifPresent(s -> ages.add(seconds(s.time(), at)));
        }
        List<Double> stepLags = new ArrayList<>();
        List<Span> steps = new ArrayList<>(spans(run, lowVms, Tick::running));
        steps.addAll(spans(run, lowVms, Tick::suspended));
        for (Span step : steps) {
            samples.stream()
                    .filter(s -> !s.time().isBefore(step.from()))
                    .findFirst()
                    .ifPresent(s -> stepLags.add(seconds(step.from(), s.time())));
        }
        List<Double> gaps = new ArrayList<>();
        List<Double> absGaps = new ArrayList<>();
        List<Double> cappedGaps = new ArrayList<>();
        List<Double> peaks = new ArrayList<>();
        List<Integer> guests = new ArrayList<>(lowVms);
        guests.addAll(highVms);
        for (Sample s : samples) {
            if (s.time().isBefore(run.get(0).time())
                    || s.time().isAfter(run.get(run.size() - 1).time())) {
                continue;
            }
            double demand = 0;
            double highDemand = 0;
            for (int vm : guests) {
                Report r = consoles.at(vm, s.time().plusSeconds(1));
                if (r != null && !r.seen().isBefore(s.time().minusSeconds(3))) {
                    demand += r.load();
                    highDemand += highVms.contains(vm) ? r.load() : 0;
                }
            }
            double hostPercent = demand / 2; // TOTAL_CPU 200: two cores
            gaps.add(s.utilization() - hostPercent);
            absGaps.add(Math.abs(s.utilization() - hostPercent));
            // a sample reads at most the whole host: the guests' demand past it is no measurement error
            cappedGaps.add(s.utilization() - Math.min(100, hostPercent));
            if (highDemand >= 90 * highVms.size()) {
                peaks.add(s.utilization()); // the high-QoS guests alone ask for 90 % of the host or more
            }
        }
        lines.add(String.format(
                Locale.ROOT,
                "host monitoring: a sample every %s s (median; MONITOR_HOST 15 s here, 120 s"
                        + " by OpenNebula's default), each a 1 s vmstat average",
                fmt(median(periods))));
        lines.add(String.format(
                Locale.ROOT,
                "  age of the newest sample at overbookd's decisions: median %s s, worst %s s",
                fmt(median(ages)),
                fmt(max(ages))));
        lines.add(String.format(
                Locale.ROOT,
                "  a low-QoS guest starting or stopping reaches the next sample after: median "
                        + "%s s, worst %s s (%d steps)",
                fmt(median(stepLags)),
                fmt(max(stepLags)),
                stepLags.size()));
        lines.add(String.format(
                Locale.ROOT,
                "  sampled utilization minus the guests' own target load (sum / 2 cores): "
                        + "mean %+.1f points, mean absolute %.1f points (%d samples)",
                mean(gaps),
                mean(absGaps),
                gaps.size()));
        lines.add(String.format(
                Locale.ROOT,
                "    against that load capped at the host's 100 %%: mean %+.1f points; samples while the high-QoS"
                        + " guests asked for 90 %% of the host or more (the peak): %d, lowest %s %%, highest %s %%"
                        + " (the upper bound %.0f %%)",
                mean(cappedGaps),
                peaks.size(),
                peaks.isEmpty() ? "-" : fmt(Collections.min(peaks)),
                peaks.isEmpty() ? "-" : fmt(Collections.max(peaks)),
                HypervisorIT.UPPER));
        figures.put("probe_period_s", median(periods));
        figures.put("sample_age_median_s", median(ages));
        figures.put("step_lag_median_s", median(stepLags));
        figures.put("measured_minus_demand_points", mean(gaps));
        figures.put("measured_minus_capped_demand_points", mean(cappedGaps));
        figures.put("peak_sample_lowest", peaks.isEmpty() ? Double.NaN : Collections.min(peaks));
        List<Double> inRun = new ArrayList<>();
        for (Sample s : samples) {
            if (!s.time().isBefore(run.get(0).time())
                    && !s.time().isAfter(run.get(run.size() - 1).time())) {
                inRun.add(s.utilization());
            }
        }
        double meanUtilization = mean(inRun);
        double sd = Math.sqrt(inRun.stream()
                        .mapToDouble(u -> (u - meanUtilization) * (u - meanUtilization))
                        .sum()
                / Math.max(1, inRun.size() - 1));
        figures.put("mean_utilization", meanUtilization);
        // the standard error of a mean of n samples, each a 1 s vmstat average taken every 15 s
        figures.put("mean_utilization_se", sd / Math.sqrt(Math.max(1, inRun.size())));
        lines.add(String.format(
                Locale.ROOT,
                "  mean sampled utilization over the run: %.1f %% (standard error %.1f points, %d" + " samples)",
                meanUtilization,
                figures.get("mean_utilization_se"),
                inRun.size()));
    }

    /** Suspensions per low-QoS VM under the default bounds and slots. */
    private void flaps(List<JsonNode> outcomes, List<Integer> lowVms, double hours) {
        Map<Integer, Integer> perVm = new TreeMap<>();
        lowVms.forEach(vm -> perVm.put(vm, 0));
        for (JsonNode o : outcomes) {
            if ("suspend".equals(o.path("action").asText())
                    && "ok".equals(o.path("outcome").asText())) {
                perVm.merge(o.path("vm_id").asInt(), 1, Integer::sum);
            }
        }
        int most = Collections.max(perVm.values());
        double meanPerVm =
                perVm.values().stream().mapToInt(Integer::intValue).average().orElse(0);
        lines.add(String.format(
                Locale.ROOT,
                "flapping: suspensions per low-QoS VM %s (most %d, mean %.2f; %.0f per VM "
                        + "and hour of this compressed day)",
                perVm,
                most,
                meanPerVm,
                meanPerVm / hours));
        figures.put("suspensions_per_vm_max", (double) most);
    }

    /**
     * The high-QoS guest's work rate (units per second of its busy time) by how many low-QoS guests
     * were running beside it: the interference the bounds exist to limit.
     */
    private void slowdown(List<Tick> run, GuestConsoles consoles, List<Integer> highVms, List<Integer> lowVms) {
        Map<Integer, double[]> byNeighbours = new TreeMap<>(); // neighbours -> {units, busy seconds}
        for (int highVm : highVms) {
            count(run, consoles.reports(highVm), lowVms, byNeighbours);
        }
        StringBuilder s = new StringBuilder("high-QoS guests' work rate (units per busy second, both guests):");
        double alone = Double.NaN;
        for (Map.Entry<Integer, double[]> e : byNeighbours.entrySet()) {
            double rate = e.getValue()[0] / e.getValue()[1];
            if (e.getKey() == 0) {
                alone = rate;
            }
            s.append(String.format(
                    Locale.ROOT, " %d low-QoS beside it %.0f (%.0f busy s)", e.getKey(), rate, e.getValue()[1]));
            figures.put("high_rate_" + e.getKey(), rate);
        }
        lines.add(s.toString());
        double units = 0;
        double busy = 0;
        for (Map.Entry<Integer, double[]> e : byNeighbours.entrySet()) {
            if (e.getKey() > 0) {
                units += e.getValue()[0];
                busy += e.getValue()[1];
            }
        }
        double overbooked = units / busy;
        lines.add(String.format(
                Locale.ROOT,
                "  overbooked against alone: %.2f (%.0f%% %s)",
                overbooked / alone,
                100 * Math.abs(1 - overbooked / alone),
                overbooked < alone ? "slower" : "faster"));
        figures.put("high_overbooked_over_alone", overbooked / alone);
    }

    /** Adds one high-QoS guest's work (units, busy seconds) by how many low-QoS VMs ran beside it. */
    private static void count(
            List<Tick> run, List<Report> reports, List<Integer> lowVms, Map<Integer, double[]> byNeighbours) {
        for (int i = 1; i < reports.size(); i++) {
            Report a = reports.get(i - 1);
            Report b = reports.get(i);
            double busy = (b.uptimeCs() - a.uptimeCs()) / 100.0 * a.load() / 100.0;
            if (a.load() < 20 || busy <= 0) {
                continue; // a guest mostly asleep measures its timer more than its work
            }
            Tick at = tickAt(run, b.seen());
            if (at == null) {
                continue;
            }
            int neighbours = (int) lowVms.stream().filter(at::running).count();
            double[] acc = byNeighbours.computeIfAbsent(neighbours, k -> new double[2]);
            acc[0] += b.units() - a.units();
            acc[1] += busy;
        }
    }

    // ---------------------------------------------------------------- helpers

    /** The spans in which each VM was in the condition, by the poller's ticks. */
    static List<Span> spans(List<Tick> run, List<Integer> vms, BiPredicate<Tick, Integer> condition) {
        List<Span> out = new ArrayList<>();
        for (int vm : vms) {
            Instant from = null;
            for (Tick t : run) {
                boolean in = condition.test(t, vm);
                if (in && from == null) {
                    from = t.time();
                } else if (!in && from != null) {
                    out.add(new Span(vm, from, t.time()));
                    from = null;
                }
            }
            if (from != null) {
                out.add(new Span(vm, from, run.get(run.size() - 1).time()));
            }
        }
        return out;
    }

    private static Tick tickAt(List<Tick> run, Instant t) {
        Tick last = null;
        for (Tick tick : run) {
            if (tick.time().isAfter(t)) {
                break;
            }
            last = tick;
        }
        return last;
    }

    private static Instant decisionTime(List<JsonNode> decisions, JsonNode outcome) {
        for (JsonNode d : decisions) {
            if (d.path("cycle").asLong() == outcome.path("cycle").asLong()
                    && d.path("vm_id").asInt() == outcome.path("vm_id").asInt()
                    && d.path("action").asText().equals(outcome.path("action").asText())) {
                return OnedEvidence.auditTime(d);
            }
        }
        return OnedEvidence.auditTime(outcome);
    }

    /** The first time at or after {@code after} (to the second, as vm.log writes it) the VM entered the state. */
    private static Instant first(List<Transition> log, String state, Instant after) {
        long from = after.getEpochSecond();
        return log.stream()
                .filter(t -> t.state().equals(state) && t.time().getEpochSecond() >= from)
                .map(Transition::time)
                .findFirst()
                .orElse(null);
    }

    /** Seconds from a to b; whole-second times are compared at whole seconds. */
    private static double seconds(Instant a, Instant b) {
        return Duration.between(a, b).toMillis() / 1000.0;
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }
}
