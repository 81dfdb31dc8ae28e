package org.overbookd.backend.opennebula;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Generates large XSD-valid pools (say 10,000 hosts and 100,000 VMs) for parser tests and
 * benchmarks: the four documents of one observation, streamed to writers so that no document is
 * ever held whole in memory.
 *
 * <p>Everything is a pure function of the index and the seed, so the documents agree with each
 * other and {@link #expected()} can count what a correct parser must find without parsing.
 * <ul>
 *   <li>Host {@code j}: 8, 16 or 32 cores; {@code j % 50} of 0 disabled, 1 in error, 2 offline,
 *       3 monitored but without a monitoring record; the rest usable, with USED_CPU drawn up to
 *       120% of capacity.</li>
 *   <li>VM {@code i} sits on host {@code i % hosts}. By {@code i % 10}: 0 to 5 high-QoS running
 *       (every 20th with {@code QOS=HIGH}, the rest without the attribute; when {@code i % 70 == 5}
 *       booting instead), 6 low-QoS running, 7 low-QoS on hold, 8 low-QoS suspended, 9 low-QoS
 *       stopped when {@code (i / 10)} is even, else being suspended (SAVE_SUSPEND).</li>
 *   <li>With requirements ({@link #withRequirements}), as on OpenNebula 7: every VM carries
 *       AUTOMATIC_REQUIREMENTS {@code !(PIN_POLICY = PINNED)}; by {@code i % 6} a low-QoS VM asks for
 *       no more (0, 1), for {@link #SCHED_REQUIREMENTS} 0 to 3 (2 to 5); every 10th host has
 *       {@code GPU = YES}, every 100th {@code PIN_POLICY = PINNED}; and two more documents are written,
 *       the datastore pool (system datastore 0 in cluster 0) and the cluster pool.</li>
 * </ul>
 */
public final class PoolGenerator {

    private static final long BASE_TIME = 1_690_000_000L;
    private static final long TIMESTAMP = 1_700_000_000L;

    /** What the low-QoS VMs of a pool with requirements ask for, in turn. */
    static final List<String> SCHED_REQUIREMENTS = List.of(
            "GPU = YES",
            "CLUSTER_ID = 0 & HYPERVISOR = kvm",
            "NAME = \"node1*\" | ID > 5000",
            "!(HOSTNAME = \"node7*\") & TOTAL_CPU > 800");

    private final int hosts;
    private final int vms;
    private final long seed;
    private boolean requirements;

    public PoolGenerator(int hosts, int vms, long seed) {
        if (hosts < 1 || vms < 0) {
            throw new IllegalArgumentException("need at least one host and no negative VM count");
        }
        this.hosts = hosts;
        this.vms = vms;
        this.seed = seed;
    }

    /**
     * Writes the documents: {@code PoolGenerator HOSTS VMS SEED DIR [requirements]} (for benchmarks that
     * time a fresh JVM).
     */
    public static void main(String[] args) throws IOException {
        PoolGenerator pool =
                new PoolGenerator(Integer.parseInt(args[0]), Integer.parseInt(args[1]), Long.parseLong(args[2]));
        if (args.length > 4 && args[4].equals("requirements")) {
            pool.withRequirements();
        }
        pool.writeTo(Path.of(args[3]));
    }

    /** VMs and hosts with the requirements and attributes of the class comment, and datastore and cluster pools. */
    public PoolGenerator withRequirements() {
        requirements = true;
        return this;
    }

    /** What a correct reading of the generated pool finds. */
    public record Expected(int usableHosts, int queued, int overbooked, int hostsInFlight) {}

    /** Writes hostpool.xml, hostpool-monitoring.xml, vmpool.xml and vmpool-monitoring.xml into {@code dir}. */
    public void writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Writer out = Files.newBufferedWriter(dir.resolve("hostpool.xml"), StandardCharsets.UTF_8)) {
            writeHostPool(out);
        }
        try (Writer out = Files.newBufferedWriter(dir.resolve("hostpool-monitoring.xml"), StandardCharsets.UTF_8)) {
            writeHostMonitoring(out);
        }
        try (Writer out = Files.newBufferedWriter(dir.resolve("vmpool.xml"), StandardCharsets.UTF_8)) {
            writeVmPool(out);
        }
        try (Writer out = Files.newBufferedWriter(dir.resolve("vmpool-monitoring.xml"), StandardCharsets.UTF_8)) {
            writeVmMonitoring(out);
        }
        if (requirements) {
            try (Writer out = Files.newBufferedWriter(dir.resolve("datastorepool.xml"), StandardCharsets.UTF_8)) {
                OneDocuments.write(
                        out, OneDocuments.datastorePool(List.of(OneDocuments.Datastore.system(0, "system", 0))));
            }
            try (Writer out = Files.newBufferedWriter(dir.resolve("clusterpool.xml"), StandardCharsets.UTF_8)) {
                OneDocuments.write(
                        out,
                        OneDocuments.clusterPool(
                                new java.util.TreeMap<>(java.util.Map.of(0, java.util.Map.of("ZONE", "generated")))));
            }
        }
    }

    public void writeHostPool(Writer out) {
        OneDocuments.write(out, OneDocuments.hostPool(hostList(), this::vmsOn));
    }

    public void writeHostMonitoring(Writer out) {
        OneDocuments.write(out, OneDocuments.hostMonitoring(hostList(), TIMESTAMP));
    }

    public void writeVmPool(Writer out) {
        OneDocuments.write(out, OneDocuments.vmPool(vmList()));
    }

    public void writeVmMonitoring(Writer out) {
        OneDocuments.write(out, OneDocuments.vmMonitoring(vmList(), TIMESTAMP));
    }

    public Expected expected() {
        int usable = 0;
        for (int j = 0; j < hosts; j++) {
            usable += usable(j) ? 1 : 0;
        }
        int queued = 0;
        int overbooked = 0;
        Set<Integer> busy = new HashSet<>();
        for (int i = 0; i < vms; i++) {
            int host = i % hosts;
            switch (kind(i)) {
                case HOLD, SUSPENDED, STOPPED -> queued++;
                case LOW_RUNNING -> overbooked += usable(host) ? 1 : 0;
                case SAVE_SUSPEND -> {
                    overbooked += usable(host) ? 1 : 0;
                    busy.add(host);
                }
                case HIGH_BOOTING -> busy.add(host);
                default -> {}
            }
        }
        busy.removeIf(host -> !usable(host));
        return new Expected(usable, queued, overbooked, busy.size());
    }

    // ---- hosts ---------------------------------------------------------------------------

    FakeHost host(int j) {
        SplittableRandom random = random(-1 - j);
        FakeHost host = new FakeHost(j, "node" + j, 8 << (j % 3));
        switch (j % 50) {
            case 0 -> host.state(OneHostStates.DISABLED);
            case 1 -> host.state(OneHostStates.ERROR);
            case 2 -> host.state(OneHostStates.OFFLINE);
            default -> host.state(OneHostStates.MONITORED);
        }
        host.usedCpu(j % 50 == 3 ? null : (long) random.nextInt(host.maxCpu * 12 / 10 + 1));
        if (requirements && j % 10 == 0) {
            host.template("GPU", "YES");
        }
        if (requirements && j % 100 == 0) {
            host.template("PIN_POLICY", "PINNED");
        }
        return host;
    }

    static boolean usable(int j) {
        return j % 50 >= 4;
    }

    private List<Integer> vmsOn(int j) {
        // The VMs of host j are j, j + hosts, j + 2 hosts, ...; those in ACTIVE run there.
        return IntStream.iterate(j, i -> i < vms, i -> i + hosts)
                .filter(i -> kind(i).active)
                .boxed()
                .toList();
    }

    private List<FakeHost> hostList() {
        return new AbstractList<>() {
            @Override
            public FakeHost get(int index) {
                return host(index);
            }

            @Override
            public int size() {
                return hosts;
            }
        };
    }

    // ---- VMs -----------------------------------------------------------------------------

    enum Kind {
        HIGH_RUNNING(true),
        HIGH_BOOTING(true),
        LOW_RUNNING(true),
        HOLD(false),
        SUSPENDED(false),
        STOPPED(false),
        SAVE_SUSPEND(true);

        final boolean active;

        Kind(boolean active) {
            this.active = active;
        }
    }

    static Kind kind(int i) {
        return switch (i % 10) {
            case 6 -> Kind.LOW_RUNNING;
            case 7 -> Kind.HOLD;
            case 8 -> Kind.SUSPENDED;
            case 9 -> (i / 10) % 2 == 0 ? Kind.STOPPED : Kind.SAVE_SUSPEND;
            default -> i % 70 == 5 ? Kind.HIGH_BOOTING : Kind.HIGH_RUNNING;
        };
    }

    FakeVm vm(int i) {
        SplittableRandom random = random(i);
        FakeHost host = new FakeHost(i % hosts, "node" + (i % hosts), 1);
        FakeVm vm = new FakeVm(i, "vm-" + i, BASE_TIME + i);
        long since = BASE_TIME + vms + random.nextInt(86_400);
        Kind kind = kind(i);
        if (kind == Kind.HIGH_RUNNING || kind == Kind.HIGH_BOOTING) {
            if (i % 20 == 0) {
                vm.attribute("QOS", "HIGH");
            }
        } else {
            vm.attribute("QOS", i % 3 == 0 ? "low" : "LOW");
        }
        vm.attribute("DESCRIPTION", "generated VM " + i);
        if (i % 4 != 0) { // a VCPU in three templates of four, as owners write it: mostly a count
            vm.vcpu(i % 17 == 0 ? " 2" : i % 23 == 0 ? "2.0" : Integer.toString(1 + i % 8));
        }
        if (requirements) {
            vm.templateAttribute("AUTOMATIC_REQUIREMENTS", "!(PIN_POLICY = PINNED)");
            if (kind != Kind.HIGH_RUNNING && kind != Kind.HIGH_BOOTING && i % 6 >= 2) {
                vm.attribute("SCHED_REQUIREMENTS", SCHED_REQUIREMENTS.get(i % 6 - 2));
            }
        }
        switch (kind) {
            case HIGH_RUNNING, LOW_RUNNING -> vm.runningOn(host, since).cpu(random.nextInt(10_001) / 100.0);
            case HIGH_BOOTING -> vm.stay(host, since).state(OneVmStates.ACTIVE, OneVmStates.BOOT);
            case HOLD -> vm.state(OneVmStates.HOLD, OneVmStates.LCM_INIT);
            case SUSPENDED -> vm.stay(host, since).state(OneVmStates.SUSPENDED, OneVmStates.LCM_INIT);
            case STOPPED -> {
                vm.stay(host, since).state(OneVmStates.STOPPED, OneVmStates.LCM_INIT);
                vm.lastStay().etime = since + 600;
            }
            case SAVE_SUSPEND ->
                vm.stay(host, since)
                        .state(OneVmStates.ACTIVE, OneVmStates.SAVE_SUSPEND)
                        .cpu(random.nextInt(10_001) / 100.0);
            default -> throw new IllegalStateException(kind.name());
        }
        return vm;
    }

    private List<FakeVm> vmList() {
        return new AbstractList<>() {
            @Override
            public FakeVm get(int index) {
                return vm(index);
            }

            @Override
            public int size() {
                return vms;
            }
        };
    }

    private SplittableRandom random(long index) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    }
}
