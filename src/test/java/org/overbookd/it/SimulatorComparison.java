package org.overbookd.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the simulator predicts for a run on the real hypervisor: {@code overbookd simulate} replaying
 * the run's own record with the costs and the monitoring lag measured before
 * ({@code sim/real-hypervisor.properties}) and the run's settings: the daemon's defaults but its
 * interval and bounds, and a low-QoS queue loaded as the low-QoS guests are (noisy around 60 % of a core, a new
 * draw every 5 s, one core each as their templates ask) that never finishes its work.
 *
 * <p>The record is replayed as {@code sim.trace-background} says: {@code host}, what the prediction
 * is held to (each cycle the host's own sample, as the daemon read it, less the low-QoS VMs' mean
 * load, with the simulator's low-QoS VMs at that mean), or {@code high-qos}, the default (each
 * high-QoS VM's CPU as OpenNebula's VM probe measured it, the low-QoS VMs drawing as the guests do),
 * printed beside it to show what the host's samples change.
 */
final class SimulatorComparison {

    /** What the simulator printed for one seed: mean utilization (percent of the host), suspensions, resumes, deploys. */
    record Prediction(double utilization, long suspends, long resumes, long deploys, List<String> command) {}

    /** The daemon's settings the run changed from the defaults: its interval and its bounds (percent). */
    record Settings(int intervalSeconds, double lower, double upper) {}

    private static final Pattern ROW =
            Pattern.compile("^\\s+(utilization|suspends|resumes|deploys)\\s+([0-9.]+)", Pattern.MULTILINE);

    private SimulatorComparison() {}

    /**
     * @param background the value of sim.trace-background: host or high-qos
     * @param noisySd    sim.noisy.sd, the spread of the low-QoS VMs' draws: 0 with {@code host}, whose
     *                   samples carry the low-QoS guests' own variation already (the replay takes their
     *                   mean off each sample, the simulator's VMs put it back), 15 as the guests draw
     *                   with {@code high-qos}
     * @param started    given the simulator's process id as soon as it runs: the suite puts it beside the
     *                   front-end ({@link HypervisorHost#dedicate}), since the guests, still running at their
     *                   cgroup's greatest weight, would leave it almost no CPU
     */
    static Prediction predict(
            Path jar,
            Path profile,
            Path record,
            Duration span,
            Settings settings,
            Path dir,
            String background,
            int noisySd,
            LongConsumer started)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command =
                new ArrayList<>(List.of(java, "-jar", jar.toString(), "simulate", "--config", profile.toString()));
        for (String set : List.of(
                "sim.trace-file=" + record,
                "sim.trace-background=" + background,
                "sim.duration=" + span.toSeconds() + "s",
                "schedule.overbooking-interval=" + settings.intervalSeconds() + "s",
                "overbooking.lower-bound=" + (int) settings.lower(),
                "overbooking.upper-bound=" + (int) settings.upper(),
                "sim.load-interval=5s",
                "sim.low-qos.mu=60",
                "sim.noisy.sd=" + noisySd,
                // CPU = 1 in the guests' templates: the daemon places one only where a whole core fits under the upper
                // bound
                "sim.low-qos.sizes=1:1",
                "sim.runtime-unit=1d",
                "sim.low-qos.runtime-p=1e-9")) {
            command.add("--set");
            command.add(set);
        }
        Path out = dir.resolve("simulate-" + background + ".out");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        started.accept(p.pid());
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("simulate did not finish in 120 s");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IllegalStateException("simulate exited " + p.exitValue() + ": " + text.strip());
        }
        double utilization = Double.NaN;
        long suspends = -1;
        long resumes = -1;
        long deploys = -1;
        Matcher m = ROW.matcher(text);
        while (m.find()) {
            switch (m.group(1)) {
                case "utilization" -> utilization = Double.parseDouble(m.group(2));
                case "suspends" -> suspends = Long.parseLong(m.group(2));
                case "resumes" -> resumes = Long.parseLong(m.group(2));
                default -> deploys = Long.parseLong(m.group(2));
            }
        }
        if (suspends < 0 || Double.isNaN(utilization)) {
            throw new IllegalStateException("simulate printed no utilization or suspends: " + text.strip());
        }
        return new Prediction(utilization, suspends, resumes, deploys, command.subList(1, command.size()));
    }
}
