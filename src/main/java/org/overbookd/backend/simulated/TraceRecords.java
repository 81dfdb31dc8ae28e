package org.overbookd.backend.simulated;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.overbookd.io.AlibabaRows;
import org.overbookd.io.AzureVmRows;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.GoogleInstanceUsageRows;
import org.overbookd.io.InputException;

/**
 * Public traces written as the daemon's record ({@code record.file}'s format, which
 * {@link RecordedWorkload} replays), so that {@code simulate} ({@code sim.trace-file}) and
 * {@code tune --record} run on them unchanged: one row per host and per VM at each cycle, a VM's
 * CPU in percent of one core (its mean over the cycle), the host's utilization the sum of its VMs'
 * over its cores. What each trace leaves out is chosen here and said where it is:
 * <ul>
 *   <li><b>Azure 2019</b> has no placement: its VMs are packed first-fit, in order of creation, onto
 *       hosts of {@code hostCores} cores (a VM larger than that on a host of its own size), each
 *       holding its cores from creation to deletion. {@code vmcategory} is the QoS class:
 *       Interactive high, Delay-insensitive low (replays skip low-QoS VMs, which are what overbookd
 *       would place, but their CPU counts in the host's utilization), Unknown high (overbookd never
 *       touches a VM it cannot tell is low). Only VMs with readings in the files given are placed.</li>
 *   <li><b>Alibaba 2018</b>: machines and their cores from machine_meta, the online containers on
 *       them, all high-QoS, a container's CPU its {@code cpu_util_percent} of its {@code cpu_request};
 *       batch instances are left out (the replay's own low-QoS queue stands in for them).</li>
 *   <li><b>Google 2019</b> instance usage: machines of {@code machineCores} cores, every instance
 *       high-QoS (its priority is not in this table), its CPU {@code average_usage.cpus} times
 *       {@code coresPerUnit} cores (the trace normalises CPU to its largest machine); alloc-set
 *       instances are left out, since the tasks inside an alloc report their own usage.</li>
 * </ul>
 */
public final class TraceRecords {

    /** The record's columns, as the daemon's recorder writes them. */
    public static final String HEADER =
            "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus";

    /** Azure's, Alibaba's and Google's traces count time from their own start: these are the instants they start at. */
    public static final Instant AZURE_ORIGIN = Instant.parse("2019-01-01T00:00:00Z");

    public static final Instant ALIBABA_ORIGIN = Instant.parse("2018-01-01T00:00:00Z");
    /** May 1 2019, 00:00 PDT, is the trace's time 600 s. */
    public static final Instant GOOGLE_2019_ORIGIN =
            Instant.parse("2019-05-01T07:00:00Z").minusSeconds(600);

    /** What was written. */
    public record Summary(int hosts, int highVms, int lowVms, int cycles, long skipped) {}

    private TraceRecords() {}

    /** A VM of the record: its name, class and virtual CPUs (0 when not known). */
    private record Vm(String name, boolean high, int vcpus) {}

    private record Host(String name, int cores) {}

    /** Samples by cycle, host and VM, averaged within a cycle, then written cycle by cycle. */
    private static final class Cycles {
        private final Map<Integer, Host> hosts = new TreeMap<>();
        private final Map<Long, Vm> vms = new HashMap<>();
        private final TreeMap<Long, Map<Integer, Map<Long, double[]>>> samples = new TreeMap<>();
        private long skipped;

        void sample(long cycle, int host, long vm, double cpu) {
            double[] s = samples.computeIfAbsent(cycle, k -> new TreeMap<>())
                    .computeIfAbsent(host, k -> new TreeMap<>())
                    .computeIfAbsent(vm, k -> new double[2]);
            s[0] += cpu;
            s[1]++;
        }

        Summary write(Instant origin, Writer out) throws IOException {
            CsvTable csv = CsvTable.on(out, List.of(HEADER.split(",")), Decimals.FORMATTER);
            for (Map.Entry<Long, Map<Integer, Map<Long, double[]>>> c : samples.entrySet()) {
                String time = origin.plusSeconds(c.getKey()).toString();
                for (Map.Entry<Integer, Host> h : hosts.entrySet()) {
                    Map<Long, double[]> onHost = c.getValue().getOrDefault(h.getKey(), Map.of());
                    double sum = 0;
                    for (double[] s : onHost.values()) {
                        sum += s[0] / s[1];
                    }
                    String utilization = String.format(
                            Locale.ROOT, "%.3f", sum / h.getValue().cores());
                    String host = Integer.toString(h.getKey());
                    String hostCores = Integer.toString(h.getValue().cores());
                    csv.row(List.of(time, host, h.getValue().name(), hostCores, utilization, "", "", "", "", "", ""));
                    for (Map.Entry<Long, double[]> v : onHost.entrySet()) {
                        Vm vm = vms.get(v.getKey());
                        csv.row(List.of(
                                time,
                                host,
                                h.getValue().name(),
                                hostCores,
                                utilization,
                                Long.toString(v.getKey()),
                                vm.name(),
                                vm.high() ? "HIGH" : "LOW",
                                "RUNNING",
                                String.format(Locale.ROOT, "%.3f", v.getValue()[0] / v.getValue()[1]),
                                vm.vcpus() > 0 ? Integer.toString(vm.vcpus()) : ""));
                    }
                }
            }
            csv.flush();
            int high = (int) vms.values().stream().filter(Vm::high).count();
            return new Summary(hosts.size(), high, vms.size() - high, samples.size(), skipped);
        }
    }

    /** Azure 2019: vmtable, readings, packed onto hosts of {@code hostCores}; cycles of 5 minutes. */
    public static Summary azure(Path vmtable, List<Path> readings, int hostCores, Writer out)
            throws InputException, IOException {
        if (hostCores < 1) {
            throw new IllegalArgumentException("hosts have cores");
        }
        Map<String, AzureVmRows.Vm> table = new HashMap<>();
        AzureVmRows.vms(vmtable, vm -> table.put(vm.id(), vm));
        // the readings, by VM in the order first read: only VMs read are placed
        Map<String, List<AzureVmRows.Reading>> byVm = new LinkedHashMap<>();
        long[] unknown = {0};
        for (Path file : readings) {
            AzureVmRows.readings(file, r -> {
                if (table.containsKey(r.vmId())) {
                    byVm.computeIfAbsent(r.vmId(), k -> new ArrayList<>()).add(r);
                } else {
                    unknown[0]++;
                }
            });
        }
        List<AzureVmRows.Vm> placed = new ArrayList<>();
        byVm.keySet().forEach(id -> placed.add(table.get(id)));
        placed.sort(Comparator.comparingLong(AzureVmRows.Vm::created).thenComparing(AzureVmRows.Vm::id));
        Cycles cycles = new Cycles();
        cycles.skipped = unknown[0];
        Map<String, Integer> hostOf = pack(placed, hostCores, cycles);
        long vmId = 0;
        for (AzureVmRows.Vm vm : placed) {
            long id = ++vmId;
            cycles.vms.put(id, new Vm(vm.id(), !vm.category().equals("Delay-insensitive"), vm.cores()));
            for (AzureVmRows.Reading r : byVm.get(vm.id())) {
                // avgcpu is in percent of the VM's cores; the record's CPU is in percent of one core
                cycles.sample(r.timestamp() / 300 * 300, hostOf.get(vm.id()), id, r.avgCpu() * vm.cores());
            }
        }
        return cycles.write(AZURE_ORIGIN, out);
    }

    /** First fit over time: a VM takes the lowest host with its cores free at its creation, until its deletion. */
    private static Map<String, Integer> pack(List<AzureVmRows.Vm> vms, int hostCores, Cycles cycles) {
        List<Integer> free = new ArrayList<>();
        // (deletion time, host, cores) of the VMs placed, soonest first
        java.util.PriorityQueue<long[]> ends = new java.util.PriorityQueue<>(Comparator.comparingLong(e -> e[0]));
        Map<String, Integer> hostOf = new HashMap<>();
        for (AzureVmRows.Vm vm : vms) {
            while (!ends.isEmpty() && ends.peek()[0] <= vm.created()) {
                long[] e = ends.poll();
                free.set((int) e[1], free.get((int) e[1]) + (int) e[2]);
            }
            int host = -1;
            for (int h = 0; h < free.size() && host < 0; h++) {
                if (free.get(h) >= vm.cores()) {
                    host = h;
                }
            }
            if (host < 0) {
                host = free.size();
                int cores = Math.max(hostCores, vm.cores());
                free.add(cores);
                cycles.hosts.put(host + 1, new Host("azure-host-" + (host + 1), cores));
            }
            free.set(host, free.get(host) - vm.cores());
            ends.add(new long[] {vm.deleted(), host, vm.cores()});
            hostOf.put(vm.id(), host + 1);
        }
        return hostOf;
    }

    /** Alibaba 2018: machines, containers, their usage, in cycles of {@code cycleS} seconds. */
    public static Summary alibaba(Path machineMeta, Path containerMeta, List<Path> usage, long cycleS, Writer out)
            throws InputException, IOException {
        Cycles cycles = new Cycles();
        Map<String, Integer> hostIds = new TreeMap<>();
        Map<String, Integer> cores = new HashMap<>();
        AlibabaRows.machines(machineMeta, m -> cores.putIfAbsent(m.id(), m.cores()));
        cores.keySet().stream().sorted().forEach(id -> {
            int host = hostIds.size() + 1;
            hostIds.put(id, host);
            cycles.hosts.put(host, new Host(id, cores.get(id)));
        });
        Map<String, Double> request = new HashMap<>();
        AlibabaRows.containers(containerMeta, c -> request.putIfAbsent(c.id(), c.cpuRequest()));
        Map<String, Long> vmIds = new HashMap<>();
        for (Path file : usage) {
            AlibabaRows.usage(file, u -> {
                Integer host = hostIds.get(u.machineId());
                Double req = request.get(u.containerId());
                if (host == null || req == null || Double.isNaN(u.cpuUtilPercent())) {
                    cycles.skipped++;
                    return;
                }
                Long id = vmIds.get(u.containerId());
                if (id == null) {
                    id = (long) vmIds.size() + 1;
                    vmIds.put(u.containerId(), id);
                    cycles.vms.put(id, new Vm(u.containerId(), true, (int) Math.ceil(req / 100)));
                }
                // cpu_request is in hundredths of a core, the utilization in percent of it: their product over 100
                // is in percent of one core
                cycles.sample(u.time() / cycleS * cycleS, host, id, u.cpuUtilPercent() * req / 100);
            });
        }
        return cycles.write(ALIBABA_ORIGIN, out);
    }

    /** Google 2019 instance usage on machines of {@code machineCores} cores, in cycles of {@code cycleS} seconds. */
    public static Summary google2019(List<Path> usage, int machineCores, double coresPerUnit, long cycleS, Writer out)
            throws InputException, IOException {
        if (machineCores < 1 || !(coresPerUnit > 0)) {
            throw new IllegalArgumentException("machines have cores");
        }
        Cycles cycles = new Cycles();
        Map<Long, Integer> hostIds = new HashMap<>();
        Map<String, Long> vmIds = new HashMap<>();
        for (Path file : usage) {
            GoogleInstanceUsageRows.forEach(file, u -> {
                if (u.collectionType() == 1 || Double.isNaN(u.averageCpus())) {
                    cycles.skipped++;
                    return;
                }
                Integer host = hostIds.get(u.machineId());
                if (host == null) {
                    host = hostIds.size() + 1;
                    hostIds.put(u.machineId(), host);
                    cycles.hosts.put(host, new Host(Long.toString(u.machineId()), machineCores));
                }
                String name = u.collectionId() + "-" + u.instanceIndex();
                Long id = vmIds.get(name);
                if (id == null) {
                    id = (long) vmIds.size() + 1;
                    vmIds.put(name, id);
                    cycles.vms.put(id, new Vm(name, true, 0));
                }
                long second = u.startMicros() / 1_000_000;
                cycles.sample(second / cycleS * cycleS, host, id, 100 * u.averageCpus() * coresPerUnit);
            });
        }
        return cycles.write(GOOGLE_2019_ORIGIN, out);
    }
}
