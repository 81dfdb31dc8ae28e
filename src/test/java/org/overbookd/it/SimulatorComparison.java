package org.overbookd.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the simulator predicts for a run on the real hypervisor: {@code overbookd simulate} replaying
 * the run's own record (its host and its high-QoS VMs' loads as OpenNebula measured them at each
 * cycle) with the costs and the monitoring lag measured before ({@code sim/real-hypervisor.properties})
 * and the run's settings: the daemon's defaults but its interval, and a low-QoS queue loaded as the
 * low-QoS guests are (noisy, 60 % of a core, a new draw every 5 s) that never finishes its work.
 */
final class SimulatorComparison {

    /** What the simulator printed: mean utilization (percent of the host), suspensions, resumes, deploys. */
    record Prediction(double utilization, long suspends, long resumes, long deploys, List<String> command) {}

    private static final Pattern ROW =
            Pattern.compile("^\\s+(utilization|suspends|resumes|deploys)\\s+([0-9.]+)", Pattern.MULTILINE);

    private SimulatorComparison() {}

    static Prediction predict(Path jar, Path profile, Path record, Duration span, int intervalSeconds, Path dir)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command =
                new ArrayList<>(List.of(java, "-jar", jar.toString(), "simulate", "--config", profile.toString()));
        for (String set : List.of(
                "sim.trace-file=" + record,
                "sim.duration=" + span.toSeconds() + "s",
                "schedule.overbooking-interval=" + intervalSeconds + "s",
                "sim.load-interval=5s",
                "sim.low-qos.mu=60",
                "sim.noisy.sd=15",
                "sim.runtime-unit=1d",
                "sim.low-qos.runtime-p=1e-9")) {
            command.add("--set");
            command.add(set);
        }
        Path out = dir.resolve("simulate.out");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
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
