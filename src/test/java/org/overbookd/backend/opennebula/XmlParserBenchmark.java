package org.overbookd.backend.opennebula;

import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;

/**
 * Timed benchmark (not a test): the pool parser on overbookd's scanner against the same parser on
 * Woodstox, hardened ({@link WoodstoxVmPool}), in a JVM of its own per parser ({@code sim/bench.sh
 * xml}): the generated 100,000-VM pool, cold (the JVM's first parse) and warm, then the hostile
 * documents: USER_TEMPLATE names of one String.hashCode against as many names of distinct hashes,
 * QOS values of one hash over many VMs, deep nesting, an element of very many attributes. Times are
 * the parsing thread's CPU time, one parse each (the pool: the median of 5 warm ones).
 *
 * <p>{@code XmlParserBenchmark scanner|woodstox [MAX_NAMES]}. A size is not run when the size before
 * took more than 20 s: names that collide cost the square of their number where a table has no
 * defence, and the next size would take about 16 times as long.
 */
public final class XmlParserBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @FunctionalInterface
    private interface Parser {
        List<VmRecord> parse(String document) throws XMLStreamException;
    }

    private XmlParserBenchmark() {}

    public static void main(String[] args) throws Exception {
        String which = args.length > 0 ? args[0] : "scanner";
        int maxNames = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 18;
        Parser parser = switch (which) {
            case "scanner" -> new VmPoolParser("QOS")::parsePool;
            case "woodstox" -> new WoodstoxVmPool("QOS")::parsePool;
            default -> throw new IllegalArgumentException("scanner or woodstox, not " + which);
        };
        StringWriter out = new StringWriter();
        new PoolGenerator(10_000, 100_000, 42).writeVmPool(out);
        String pool = out.toString();
        out = null;
        double cold = cpuMs(parser, pool);
        List<Double> warm = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            warm.add(cpuMs(parser, pool));
        }
        Collections.sort(warm);
        print(
                which,
                "pool of 100,000 VMs (%.0f MB): cold %.0f ms, warm median %.0f ms",
                pool.length() / 1e6,
                cold,
                warm.get(2));
        pool = null;

        for (boolean colliding : new boolean[] {false, true}) {
            double before = 0;
            for (int names = 1 << 12; names <= maxNames; names <<= 2) {
                String kind = colliding ? "one hash" : "distinct hashes";
                if (before > 20_000) {
                    print(
                            which,
                            "USER_TEMPLATE of %,d names of %s: not run (%,d names took %.1f s)",
                            names,
                            kind,
                            names >> 2,
                            before / 1000);
                    continue;
                }
                List<String> list =
                        colliding ? HostileDocuments.collidingNames(names) : HostileDocuments.distinctNames(names);
                String document =
                        OneDocuments.toString(OneDocuments.vmPool(List.of(HostileDocuments.vmWithAttributes(1, list))));
                before = cpuMs(parser, document);
                print(
                        which,
                        "USER_TEMPLATE of %,d names of %s (%.1f MB): %.1f ms",
                        names,
                        kind,
                        document.length() / 1e6,
                        before);
            }
        }
        for (boolean colliding : new boolean[] {false, true}) {
            int vms = 1 << 17;
            List<String> values =
                    colliding ? HostileDocuments.collidingNames(vms) : HostileDocuments.distinctNames(vms);
            String document = HostileDocuments.poolWithQos(values);
            print(
                    which,
                    "QOS values of %s over %,d VMs (%.0f MB): %.0f ms",
                    colliding ? "one hash" : "distinct hashes",
                    vms,
                    document.length() / 1e6,
                    cpuMs(parser, document));
        }
        String deep = HostileDocuments.poolNested(1_000_000);
        print(which, "an element nested 1,000,000 deep (%.0f MB): %s", deep.length() / 1e6, outcome(parser, deep));
        for (boolean colliding : new boolean[] {false, true}) {
            int count = 1 << 17;
            String many = HostileDocuments.poolWithAttributes(
                    colliding ? HostileDocuments.collidingNames(count) : HostileDocuments.distinctNames(count));
            print(
                    which,
                    "an element of %,d attributes of %s (%.1f MB): %s",
                    count,
                    colliding ? "one hash" : "distinct hashes",
                    many.length() / 1e6,
                    outcome(parser, many));
        }
    }

    private static String outcome(Parser parser, String document) {
        long start = THREADS.getCurrentThreadCpuTime();
        String result;
        try {
            result = "read, " + parser.parse(document).size() + " VMs";
        } catch (XMLStreamException e) {
            result = "refused (" + e.getMessage().replaceAll("\\s+", " ") + ")";
        }
        return String.format(
                Locale.ROOT,
                "%.1f ms, %s",
                (THREADS.getCurrentThreadCpuTime() - start) / 1e6,
                result.length() > 160 ? result.substring(0, 160) + "...)" : result);
    }

    private static double cpuMs(Parser parser, String document) throws XMLStreamException {
        long start = THREADS.getCurrentThreadCpuTime();
        int vms = parser.parse(document).size();
        if (vms == 0) {
            throw new IllegalStateException("no VM read");
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e6;
    }

    private static void print(String parser, String format, Object... args) {
        System.out.println(parser + ": " + String.format(Locale.ROOT, format, args));
    }
}
