package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;

/**
 * Timed benchmark (not a test): parse a generated, XSD-valid OpenNebula pool of 10,000 hosts and
 * 100,000 VMs (host pool, host monitoring, extended VM pool, VM monitoring) and run one overbooking
 * decision on it. The documents are read into strings first, as the XML-RPC client hands them over,
 * so the heap holds what the daemon's would. Run with {@code sim/bench.sh one} (under -Xmx512m);
 * prints the median of 7 parses and of 21 decisions.
 */
public final class PoolParseBenchmark {

    private PoolParseBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int hosts = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int vms = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        Path dir = Files.createTempDirectory("overbookd-pool");
        new PoolGenerator(hosts, vms, 42).writeTo(dir);
        long bytes = 0;
        for (String f : List.of("hostpool.xml", "hostpool-monitoring.xml", "vmpool.xml", "vmpool-monitoring.xml")) {
            bytes += Files.size(dir.resolve(f));
        }
        System.out.printf(Locale.ROOT, "pool: %d hosts, %d VMs, %.1f MB of XML%n", hosts, vms, bytes / 1e6);

        OverbookingPolicy policy = new OverbookingPolicy(new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED));
        Map<String, String> documents = new java.util.HashMap<>();
        for (String f : List.of("hostpool.xml", "hostpool-monitoring.xml", "vmpool.xml", "vmpool-monitoring.xml")) {
            documents.put(f, Files.readString(dir.resolve(f), StandardCharsets.UTF_8));
        }
        List<Double> parseMs = new ArrayList<>();
        OneClusterView view = null;
        for (int i = 0; i < 7; i++) {
            long start = System.nanoTime();
            view = parse(documents);
            parseMs.add((System.nanoTime() - start) / 1e6);
        }
        List<Double> decideMs = new ArrayList<>();
        int decisions = 0;
        for (int i = 0; i < 21; i++) {
            long start = System.nanoTime();
            decisions = policy.decide(view, Instant.EPOCH).size();
            decideMs.add((System.nanoTime() - start) / 1e6);
        }
        Runtime rt = Runtime.getRuntime();
        System.gc();
        System.out.printf(Locale.ROOT, "parse: median %.0f ms (%s)%n", median(parseMs), parseMs);
        System.out.printf(Locale.ROOT, "decide: median %.2f ms, %d decisions%n", median(decideMs), decisions);
        System.out.printf(Locale.ROOT, "heap: max %d MB; %d MB in use after GC with the view alive (%d hosts)%n",
                rt.maxMemory() >> 20, (rt.totalMemory() - rt.freeMemory()) >> 20, view.hosts().size());
        for (String f : List.of("hostpool.xml", "hostpool-monitoring.xml", "vmpool.xml", "vmpool-monitoring.xml")) {
            Files.delete(dir.resolve(f));
        }
        Files.delete(dir);
    }

    private static OneClusterView parse(Map<String, String> dir) throws Exception {
        List<HostRecord> hosts;
        Map<Integer, MonitoringSample> hostSamples;
        List<VmRecord> vms;
        Map<Integer, MonitoringSample> vmSamples;
        try (Reader in = document(dir, "hostpool.xml")) {
            hosts = HostPoolParser.parse(in);
        }
        try (Reader in = document(dir, "hostpool-monitoring.xml")) {
            hostSamples = MonitoringParser.HOSTS.parse(in);
        }
        try (Reader in = document(dir, "vmpool.xml")) {
            vms = new VmPoolParser("QOS").parsePool(in);
        }
        try (Reader in = document(dir, "vmpool-monitoring.xml")) {
            vmSamples = MonitoringParser.VMS.parse(in);
        }
        return ClusterAssembler.assemble(hosts, hostSamples, vms, vmSamples).view();
    }

    /** The whole document as one string, as the XML-RPC reply delivers it; read before the timing starts. */
    private static Reader document(Map<String, String> documents, String file) {
        return new StringReader(documents.get(file));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
