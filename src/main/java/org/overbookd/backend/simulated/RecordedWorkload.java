package org.overbookd.backend.simulated;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.io.CsvInput;
import org.overbookd.io.InputException;
import org.overbookd.io.IoReasons;
import org.overbookd.io.RollingFile;

/**
 * The high-QoS workload of a real cluster, read back from a daemon's {@code record.file}: its hosts
 * (id, name, cores) and every high-QoS VM's measured CPU at each cycle. Replaying it puts the
 * simulator's overbooking policy against the load the cluster actually had. Low-QoS rows are
 * skipped: they are what overbookd itself placed, and the replay brings its own low-QoS queue.
 *
 * <p>A record is the file the daemon writes and the files it rolled beside it
 * ({@code NAME.YYYY-MM-DD.N.EXT}, see {@link RollingFile}); several records may be given, and their
 * files are joined in time order, each file's rows after those of the file that starts before it.
 *
 * <p>What a real cluster's record holds and how it is replayed:
 * <ul>
 *   <li><b>Gaps.</b> Consecutive cycles more than {@link #GAP_POLLS} poll intervals apart (the poll
 *       interval being the median time between cycles) are a gap: the daemon was down, or its rows
 *       are lost. Nothing is known of the load in a gap, so the replay cuts it out: the cycle after
 *       it follows the one before by one poll interval. Shorter delays (a slow cycle) are kept.</li>
 *   <li><b>VMs coming and going.</b> A VM has its recorded load on a host while it is recorded
 *       there and 0 from the first cycle it is missing from (stopped, migrated: a VM seen on two
 *       hosts is two traces, each with load only on its own host). After the record's last cycle
 *       every VM keeps its last load. VMs whose stays on a host do not overlap share a slot of it
 *       ({@link TraceLoad#lanes}): a host replays at each cycle the VMs recorded on it then.</li>
 *   <li><b>VMs of several cores.</b> A VM's load is what was recorded, in percent of one core,
 *       bounded by its own cores x 100 (the record's {@code vcpus}; the host's cores when the record
 *       does not say), not by one core: a 4-core VM at 340 is replayed at 340.</li>
 *   <li><b>Hosts coming and going.</b> Every host seen at any time is in the replay for its whole
 *       span, with no high-QoS load while it was not recorded; {@link RecordFacts} says which hosts
 *       were not seen throughout, so a caller can warn that the replay then overstates the room.</li>
 *   <li><b>What the hosts carry.</b> By default each high-QoS VM's recorded CPU. On request
 *       ({@link #readHostLoads}) each host instead carries one load, its own host_utilization less
 *       what the low-QoS VMs recorded running on it are taken to draw: what the host measured of
 *       everything but overbookd's VMs, the hypervisor's overhead included, moved earlier by the
 *       monitoring lag the replay's view adds back.</li>
 * </ul>
 */
public final class RecordedWorkload {

    /** Consecutive cycles further apart than this many poll intervals are a gap, cut out of the replay. */
    public static final int GAP_POLLS = 3;

    /**
     * A recorded host: its VMs in recording order, the lanes they are replayed in (VMs whose stays do
     * not overlap share one: {@link TraceLoad#lanes}), and what the VIM forecast of their load, or
     * null when the record holds no forecast of this host (a record of an older overbookd, a VIM
     * without forecasts).
     */
    public record Host(int id, String name, int cores, List<Vm> vms, List<TraceLoad> lanes, RecordedForecast forecast) {
        public Host {
            vms = List.copyOf(vms);
            lanes = List.copyOf(lanes);
        }
    }

    /**
     * A recorded high-QoS VM; or, when the hosts carry their own measurement ({@link #readHostLoads}),
     * that measurement less the host's low-QoS VMs', with id -1.
     */
    public record Vm(long id, String name, TraceLoad load) {}

    private final List<Host> hosts;
    private final long spanSeconds;
    private final RecordFacts facts;

    private RecordedWorkload(List<Host> hosts, long spanSeconds, RecordFacts facts) {
        this.hosts = List.copyOf(hosts);
        this.spanSeconds = spanSeconds;
        this.facts = facts;
    }

    public List<Host> hosts() {
        return hosts;
    }

    /** Seconds of replay from the first cycle to the last: the recorded span with its gaps cut out. */
    public long spanSeconds() {
        return spanSeconds;
    }

    /** The replay's natural length: its span and one poll interval, for which the last cycle's loads hold. */
    public long replaySeconds() {
        return spanSeconds + facts.pollSeconds();
    }

    /** What was read: files, span, cycles, gaps, hosts, VMs. */
    public RecordFacts facts() {
        return facts;
    }

    /** The most virtual CPUs a record's VM may have: a bound on hostile input, above any real VM. */
    static final int MAX_VCPUS = 1 << 16;

    private static final CsvInput.Columns COLUMNS = CsvInput.Columns.atLeast(
            List.of("time", "host_id", "host_name", "cores", "vm_id", "vm_name", "qos", "cpu"),
            List.of("host_utilization", "vcpus", "host_forecast", "cpu_forecast", "state"));

    /**
     * Reads the record at {@code file}: its rolled files, then the file itself.
     *
     * @throws InputException naming the file and line of the first malformed row
     */
    public static RecordedWorkload read(Path file) throws InputException {
        return read(List.of(file));
    }

    /**
     * Reads the records at {@code files}, each with its rolled files, joined in time order.
     *
     * @throws InputException naming the file (and line) of the first missing file or malformed row,
     *                        or of a file whose rows overlap another's
     */
    public static RecordedWorkload read(List<Path> files) throws InputException {
        return read(files, null);
    }

    /**
     * Reads the records at {@code files} with each host carrying its own measurement
     * ({@link TraceBackground#HOST}): at each cycle its host_utilization less {@code lowQosLoad} for
     * each low-QoS VM recorded RUNNING on it, capped at 0 and at its capacity, replayed
     * {@code earlierSeconds} before the cycle that read it, so that a simulated view lagging by as
     * much sees it at that cycle, as the daemon did.
     *
     * <p>Why an assumed load and not the low-QoS VMs' recorded CPU: that figure trails the host's
     * sample by a VM probe period (a VM started since the last VM probe reads 0 while the host's
     * sample holds its load; a suspended one keeps its last figure), so taking it off would leave the
     * low-QoS VMs' load in the background at their starts and take it off twice after their
     * suspensions. With the load the simulator's own low-QoS VMs draw taken off, a step whose
     * simulated low-QoS VMs are those the record had running sees the host's measurement itself, give
     * or take their draws.
     *
     * @param lowQosLoad percent of one core, at least 0: what a simulated low-QoS VM draws on average
     * @throws InputException as {@link #read(List)}, and for a record without host_utilization
     */
    public static RecordedWorkload readHostLoads(List<Path> files, long earlierSeconds, double lowQosLoad)
            throws InputException {
        if (earlierSeconds < 0 || !(lowQosLoad >= 0) || Double.isInfinite(lowQosLoad)) {
            throw new IllegalArgumentException(
                    "a record is replayed earlier, less a finite load: " + earlierSeconds + " s, " + lowQosLoad);
        }
        return read(files, new HostLoads(earlierSeconds, lowQosLoad));
    }

    /** How the hosts carry their own measurement ({@link #readHostLoads}). */
    private record HostLoads(long earlierSeconds, double lowQosLoad) {}

    /** @param hostLoads null: the hosts carry their high-QoS VMs */
    private static RecordedWorkload read(List<Path> files, HostLoads hostLoads) throws InputException {
        List<Path> parts = ordered(parts(files));
        Reader reader = new Reader(hostLoads);
        for (Path part : parts) {
            reader.read(part);
        }
        if (reader.hosts.isEmpty()) {
            throw new InputException(files.get(0) + ": no hosts recorded");
        }
        if (hostLoads != null && reader.utilizationMissing) {
            throw new InputException(files.get(0)
                    + ": a host row without host_utilization: the hosts' own measurement cannot be replayed"
                    + " (sim.trace-background = host)");
        }
        return reader.workload(parts);
    }

    /**
     * The SHA-256 of what the records at {@code files} hold: each of their files (rolled ones first,
     * as {@link #read(List)} finds them) as its name, its length and its bytes. A sharded sweep or
     * tune puts it in its fingerprint, so that shards which replayed different contents under the
     * same path (a record rewritten, or a different copy on another machine) are never merged. Names,
     * not paths: the same record may sit elsewhere on another machine.
     *
     * @throws InputException naming the first file missing or unreadable
     */
    public static String digest(List<Path> files) throws InputException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        for (Path part : parts(files)) {
            long length = 0;
            sha.update(part.getFileName().toString().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            try (InputStream in = Files.newInputStream(part)) {
                for (int n; (n = in.read(buffer)) > 0; length += n) {
                    sha.update(buffer, 0, n);
                }
            } catch (IOException e) {
                throw InputException.cannotRead(part, 0, e);
            }
            // each file's length closes its bytes: content cannot pass from one file to the next unseen
            sha.update(Long.toString(length).getBytes(StandardCharsets.US_ASCII));
            sha.update((byte) 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Every file of the records: each record's rolled files, oldest first, then the record; each once. */
    static List<Path> parts(List<Path> files) throws InputException {
        Set<Path> seen = new LinkedHashSet<>();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw InputException.unreadable(file, Files.exists(file) ? "not a regular file" : "no such file");
            }
            try {
                for (Path rolled : RollingFile.rolled(file)) {
                    seen.add(rolled.toAbsolutePath().normalize());
                }
            } catch (IOException e) {
                throw InputException.unreadable(file, "cannot list its rolled files: " + IoReasons.of(e));
            }
            seen.add(file.toAbsolutePath().normalize());
        }
        return new ArrayList<>(seen);
    }

    /** The files in order of their first row's time; files without rows (a header only) are dropped. */
    private static List<Path> ordered(List<Path> parts) throws InputException {
        record Part(Path file, Instant first, int given) {}
        List<Part> found = new ArrayList<>();
        for (Path part : parts) {
            try (CsvInput csv = CsvInput.withHeader(part, COLUMNS)) {
                CsvInput.Row row = csv.next();
                if (row != null) {
                    found.add(new Part(part, instant(row, "time"), found.size()));
                }
            }
        }
        found.sort(Comparator.comparing(Part::first).thenComparingInt(Part::given));
        return found.stream().map(Part::file).toList();
    }

    /** One pass over the rows of every file, cycle by cycle. */
    private static final class Reader {

        private final Map<Integer, HostAcc> hosts = new LinkedHashMap<>();
        private final Set<Long> highVms = new HashSet<>();
        private final Set<Long> lowVms = new HashSet<>();
        private long[] cycles = new long[256];
        private int cycleCount;
        private Path lastFile;
        private String lastTimeText;
        private long lastTime;
        private double utilizationCoreSum;
        private double utilizationCores;
        /**
         * Per cycle, the CPU the hosts measured less their low-QoS VMs' (recorded, or assumed when the
         * hosts carry their own measurement), capped at each host's capacity.
         */
        private double[] measured = new double[256];
        /** A host row without host_utilization: what a replay must measure is unknown. */
        private boolean utilizationMissing;
        /** How the hosts carry their own measurement; null: they carry their high-QoS VMs. */
        private final HostLoads hostLoads;

        Reader(HostLoads hostLoads) {
            this.hostLoads = hostLoads;
        }

        void read(Path file) throws InputException {
            try (CsvInput csv = CsvInput.withHeader(file, COLUMNS)) {
                boolean hasUtilization = csv.has("host_utilization");
                boolean hasVcpus = csv.has("vcpus");
                boolean hasHostForecast = csv.has("host_forecast");
                boolean hasCpuForecast = csv.has("cpu_forecast");
                utilizationMissing |= !hasUtilization;
                for (CsvInput.Row row = csv.next(); row != null; row = csv.next()) {
                    // a cycle's rows share one time: parse it once per cycle, not once per row
                    String timeText = row.text("time");
                    long time;
                    if (timeText.equals(lastTimeText)) {
                        time = lastTime;
                    } else {
                        time = instant(row, "time").getEpochSecond();
                        lastTimeText = timeText;
                        lastTime = time;
                    }
                    if (cycleCount == 0 || time > cycles[cycleCount - 1]) {
                        if (cycleCount == cycles.length) {
                            cycles = Arrays.copyOf(cycles, cycleCount * 2);
                            measured = Arrays.copyOf(measured, cycleCount * 2);
                        }
                        cycles[cycleCount++] = time;
                    } else if (time < cycles[cycleCount - 1]) {
                        throw row.problem("time goes backwards (to " + Instant.ofEpochSecond(time) + " after "
                                + Instant.ofEpochSecond(cycles[cycleCount - 1])
                                + (lastFile != null && !lastFile.equals(file)
                                        ? " in " + lastFile + ": the files of the record overlap"
                                        : "")
                                + ")");
                    }
                    lastFile = file;
                    int cycle = cycleCount - 1;
                    int hostId = row.whole("host_id", 0, Integer.MAX_VALUE);
                    int cores = row.whole("cores", 1, Integer.MAX_VALUE);
                    HostAcc host = hosts.get(hostId);
                    if (host == null) {
                        host = new HostAcc(hostId, row.text("host_name"), cores, cycle, hostLoads);
                        hosts.put(hostId, host);
                    }
                    host.seen(cycle, measured);
                    if (row.text("vm_id").isEmpty()) {
                        if (hasUtilization && !row.text("host_utilization").isEmpty()) {
                            double utilization = row.number("host_utilization", 0, false);
                            utilizationCoreSum += utilization * cores;
                            utilizationCores += cores;
                            host.measuredLoad = utilization * host.cores;
                        } else {
                            utilizationMissing = true;
                        }
                        if (hasHostForecast && !row.text("host_forecast").isEmpty()) {
                            double forecast = row.number("host_forecast", 0, false);
                            // a forecast of 0 is none to the daemon, which judged the host on its measurement
                            host.forecastLoad = forecast > 0 ? forecast * host.cores : Double.NaN;
                        }
                        continue;
                    }
                    long vm = row.whole("vm_id");
                    double cpu = row.number("cpu", 0, false);
                    if (!row.text("qos").equals("HIGH")) {
                        lowVms.add(vm);
                        host.measuredLow += cpu;
                        if (hostLoads != null && row.text("state").equals("RUNNING")) {
                            host.assumedLow += hostLoads.lowQosLoad();
                        }
                        // what the VIM forecast of it, or, where it said nothing, what it measured
                        host.forecastLow +=
                                hasCpuForecast && !row.text("cpu_forecast").isEmpty()
                                        ? row.number("cpu_forecast", 0, false)
                                        : cpu;
                        continue;
                    }
                    highVms.add(vm);
                    int vcpus = hasVcpus && !row.text("vcpus").isEmpty() ? row.whole("vcpus", 1, MAX_VCPUS) : 0;
                    VmAcc trace = host.vms.get(vm);
                    if (trace == null) {
                        trace = new VmAcc(row.text("vm_name"));
                        host.vms.put(vm, trace);
                    }
                    // what the VM could use: its own cores, or its host's when the record does not say
                    double most = 100.0 * (vcpus > 0 ? vcpus : host.cores);
                    trace.sample(cycle, Math.min(cpu, most), vcpus > 0 ? vcpus : 1);
                }
            }
        }

        RecordedWorkload workload(List<Path> parts) {
            for (HostAcc h : hosts.values()) {
                h.flush(measured);
            }
            long poll = pollSeconds();
            long[] replay = new long[cycleCount];
            List<RecordFacts.Gap> gaps = new ArrayList<>();
            for (int k = 1; k < cycleCount; k++) {
                long spacing = cycles[k] - cycles[k - 1];
                if (spacing > GAP_POLLS * poll) {
                    gaps.add(new RecordFacts.Gap(
                            Instant.ofEpochSecond(cycles[k - 1]), Instant.ofEpochSecond(cycles[k])));
                    spacing = poll;
                }
                replay[k] = replay[k - 1] + spacing;
            }
            List<Host> out = new ArrayList<>();
            List<RecordFacts.HostSpan> spans = new ArrayList<>();
            long totalCores = 0;
            int forecastHosts = 0;
            for (HostAcc h : hosts.values()) {
                List<Vm> vms = new ArrayList<>();
                if (h.own != null) {
                    vms.add(new Vm(
                            -1, h.own.name, h.own.trace(replay, cycleCount).earlier(hostLoads.earlierSeconds())));
                } else {
                    h.vms.forEach((id, vm) -> vms.add(new Vm(id, vm.name, vm.trace(replay, cycleCount))));
                }
                RecordedForecast forecast = h.forecast(replay, cycleCount);
                forecastHosts += forecast == null ? 0 : 1;
                out.add(new Host(
                        h.id,
                        h.name,
                        h.cores,
                        vms,
                        TraceLoad.lanes(vms.stream().map(Vm::load).toList()),
                        forecast));
                totalCores += h.cores;
                spans.add(new RecordFacts.HostSpan(
                        h.id,
                        h.name,
                        h.cores,
                        Instant.ofEpochSecond(cycles[h.firstCycle]),
                        Instant.ofEpochSecond(cycles[h.lastCycle]),
                        h.cyclesSeen));
            }
            RecordFacts facts = new RecordFacts(
                    parts,
                    Instant.ofEpochSecond(cycles[0]),
                    Instant.ofEpochSecond(cycles[cycleCount - 1]),
                    cycleCount,
                    poll,
                    gaps,
                    spans,
                    highVms.size(),
                    lowVms.size(),
                    utilizationCores == 0 ? Double.NaN : utilizationCoreSum / utilizationCores,
                    utilizationMissing ? Double.NaN : baseline(replay, poll, totalCores),
                    forecastHosts);
            return new RecordedWorkload(out, replay[cycleCount - 1], facts);
        }

        /**
         * What the record measured of the load a replay puts back, percent: each cycle's CPU (the
         * hosts' host_utilization less their low-QoS VMs' recorded CPU, capped at each host's
         * capacity) for as long as the replay holds that cycle (to the next cycle, gaps cut out; one
         * poll interval for the last), over every host's cores for the whole replay.
         */
        private double baseline(long[] replay, long poll, long totalCores) {
            double sum = 0;
            long seconds = 0;
            for (int k = 0; k < cycleCount; k++) {
                long held = k + 1 < cycleCount ? replay[k + 1] - replay[k] : Math.max(1, poll);
                sum += measured[k] * held;
                seconds += held;
            }
            return sum / ((double) seconds * totalCores);
        }

        /** The median time between consecutive cycles: robust to a few slow cycles and to gaps. */
        private long pollSeconds() {
            if (cycleCount < 2) {
                return 0;
            }
            long[] spacings = new long[cycleCount - 1];
            for (int k = 1; k < cycleCount; k++) {
                spacings[k - 1] = cycles[k] - cycles[k - 1];
            }
            Arrays.sort(spacings);
            return spacings[(spacings.length - 1) / 2];
        }
    }

    private static final class HostAcc {
        final int id;
        final String name;
        final int cores;
        final int firstCycle;
        int lastCycle;
        int cyclesSeen;
        final Map<Long, VmAcc> vms = new LinkedHashMap<>();
        /** This cycle's host_utilization x cores, and its low-QoS VMs' CPU, percent of one core. */
        double measuredLoad;

        double measuredLow;
        /** This cycle's low-QoS VMs recorded RUNNING times the load assumed of each ({@link #readHostLoads}). */
        double assumedLow;
        /**
         * Per cycle, what it measured less its low-QoS VMs' assumed load, when that is what it carries in
         * the replay ({@link #readHostLoads}); null otherwise.
         */
        final VmAcc own;
        /** This cycle's host_forecast x cores (NaN: none), and its low-QoS VMs' forecasts, percent of one core. */
        double forecastLoad = Double.NaN;

        double forecastLow;
        /** The cycles with a forecast of the high-QoS load, or with none after one had been, and the forecasts. */
        int[] forecastCycles;

        double[] forecasts;
        int forecastCount;

        HostAcc(int id, String name, int cores, int firstCycle, HostLoads hostLoads) {
            this.id = id;
            this.name = name;
            this.cores = cores;
            this.firstCycle = firstCycle;
            this.lastCycle = firstCycle - 1;
            this.own = hostLoads != null ? new VmAcc("host " + name + " less its low-QoS VMs") : null;
        }

        /** A row of this host in {@code cycle}: the cycle before, if another, is added to {@code measured}. */
        void seen(int cycle, double[] measured) {
            if (cycle != lastCycle) {
                flush(measured);
                lastCycle = cycle;
                cyclesSeen++;
            }
        }

        /** Adds the cycle this host was last seen in to {@code measured}, once. */
        void flush(double[] measured) {
            if (lastCycle >= firstCycle) {
                // what the replay puts back, and so what a replay without overbooking must measure
                double load =
                        Math.min(100.0 * cores, Math.max(0, measuredLoad - (own != null ? assumedLow : measuredLow)));
                measured[lastCycle] += load;
                if (own != null) {
                    own.sample(lastCycle, load, cores);
                }
                if (!Double.isNaN(forecastLoad) || forecastCount > 0) {
                    // capped as the measurement is: a hostile figure cannot make the host more than full
                    forecast(
                            lastCycle,
                            Double.isNaN(forecastLoad)
                                    ? Double.NaN
                                    : Math.min(100.0 * cores, Math.max(0, forecastLoad - forecastLow)));
                }
            }
            measuredLoad = 0;
            measuredLow = 0;
            assumedLow = 0;
            forecastLoad = Double.NaN;
            forecastLow = 0;
        }

        private void forecast(int cycle, double value) {
            if (forecastCycles == null) {
                forecastCycles = new int[16];
                forecasts = new double[16];
            } else if (forecastCount == forecastCycles.length) {
                forecastCycles = Arrays.copyOf(forecastCycles, forecastCount * 2);
                forecasts = Arrays.copyOf(forecasts, forecastCount * 2);
            }
            forecastCycles[forecastCount] = cycle;
            forecasts[forecastCount++] = value;
        }

        /**
         * The forecasts at replay times, with NaN at each cycle the host went missing from (as a VM's
         * load goes to 0 there); null when no cycle of this host had one.
         */
        RecordedForecast forecast(long[] replay, int cycleCount) {
            if (forecastCount == 0) {
                return null;
            }
            long[] times = new long[2 * forecastCount];
            double[] values = new double[2 * forecastCount];
            int m = 0;
            for (int i = 0; i < forecastCount; i++) {
                times[m] = replay[forecastCycles[i]];
                values[m++] = forecasts[i];
                int next = forecastCycles[i] + 1;
                if (next < cycleCount && (i + 1 == forecastCount || forecastCycles[i + 1] != next)) {
                    times[m] = replay[next];
                    values[m++] = Double.NaN;
                }
            }
            return new RecordedForecast(Arrays.copyOf(times, m), Arrays.copyOf(values, m));
        }
    }

    /** One VM's samples on one host, by cycle index. */
    private static final class VmAcc {
        final String name;
        int[] cycles = new int[16];
        double[] loads = new double[16];
        int[] cores = new int[16];
        int n;

        VmAcc(String name) {
            this.name = name;
        }

        /** @param cores the VM's cores counted while it is there (1 when the record does not say) */
        void sample(int cycle, double load, int cores) {
            if (n > 0 && cycles[n - 1] == cycle) {
                loads[n - 1] = load; // a VM listed twice in one cycle: the later row wins
                this.cores[n - 1] = cores;
                return;
            }
            if (n == cycles.length) {
                cycles = Arrays.copyOf(cycles, n * 2);
                loads = Arrays.copyOf(loads, n * 2);
                this.cores = Arrays.copyOf(this.cores, n * 2);
            }
            cycles[n] = cycle;
            loads[n] = load;
            this.cores[n] = cores;
            n++;
        }

        /** Its loads at replay times, with a 0 (and no cores) at each cycle it went missing from. */
        TraceLoad trace(long[] replay, int cycleCount) {
            long[] times = new long[2 * n];
            double[] values = new double[2 * n];
            int[] held = new int[2 * n];
            int m = 0;
            for (int i = 0; i < n; i++) {
                times[m] = replay[cycles[i]];
                held[m] = cores[i];
                values[m++] = loads[i];
                int next = cycles[i] + 1;
                if (next < cycleCount && (i + 1 == n || cycles[i + 1] != next)) {
                    times[m] = replay[next];
                    values[m++] = 0;
                }
            }
            return new TraceLoad(Arrays.copyOf(times, m), Arrays.copyOf(values, m), Arrays.copyOf(held, m));
        }
    }

    private static Instant instant(CsvInput.Row row, String column) throws InputException {
        String text = row.required(column);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw row.problem(column + " '" + text + "' is not an ISO-8601 instant");
        }
    }
}
