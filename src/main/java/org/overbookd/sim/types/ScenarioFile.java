package org.overbookd.sim.types;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbookd.io.InputException;
import org.overbookd.io.KeyValueLines;
import org.overbookd.io.Provenance;
import org.overbookd.io.StrictNumbers;

/**
 * Reads a scenario of the VM-type model: {@code key = value} lines in the properties format the
 * settings file has ({@link KeyValueLines}: {@code #} comment lines, a backslash continues a line),
 * each key once, with {@code =} between key and value. Resource amounts are integers in units of the scenario's choosing; rates
 * are per unit of time. The keys:
 * <pre>
 * name = example1                 # optional; defaults to the file name
 * horizon = 20000                 # default run length (time units); required for Poisson workloads
 * workload = poisson              # poisson (default), google-trace, synthetic-trace or job-trace
 *
 * # poisson: the model of section 2 written out
 * resources = cpu, mem            # names of the R resources
 * server.NAME = 6, 6              # capacity per resource, one key per server, in file order
 * server.NAME.count = 10          # optional: that many identical servers
 * type.NAME.demand = 4, 4         # demand per resource
 * type.NAME.lambda = 0.445        # Poisson arrival rate
 * type.NAME.mu = 1                # service rate (exponential service, mean 1/mu)
 *
 * # google-trace and synthetic-trace: section 4.2 (types pK of size 1/2^K, identical unit servers)
 * trace.servers = 1000            # unit servers (--servers overrides; a synthetic load stays relative to this)
 * trace.levels = 7                # smallest type 1/2^levels (default 7)
 * trace.file = task_events.csv.gz # google-trace: task_events file, relative to this file
 * trace.tasks = 1000000           # google-trace: the first N finished tasks (default all)
 * synthetic.tasks = 200000        # synthetic-trace: see SyntheticTrace
 * synthetic.load = 0.9
 * synthetic.mean-service = 600    # seconds
 * synthetic.type-weights = 1, 1, 1, 1, 1, 1, 1, 1   # relative frequency of p0 .. p{levels} (default equal)
 *
 * # job-trace: a heavy-tailed, job-structured stand-in (JobTrace), every key required
 * jobs.tasks = 1000000            # tasks in all
 * jobs.load = 0.9                 # offered load, of trace.servers' capacity
 * jobs.type-weights = 0.5, 1, 3, 10, 30, 30, 15, 10.5   # relative frequency of a job's type p0 .. p{levels}
 * jobs.single-task-share = 0.5    # jobs of one task
 * jobs.tasks-median = 10          # the others: log-normal tasks per job
 * jobs.tasks-sigma = 1.5
 * jobs.tasks-max = 2000
 * jobs.service-median = 300       # seconds, log-normal
 * jobs.service-sigma = 2
 * jobs.service-max = 172800       # seconds
 * jobs.daily-swing = 0.25         # the arrival rate's swing over a day (0 to below 1)
 * </pre>
 * Types are in file order, which is also their order in queue.csv and on ties.
 */
public final class ScenarioFile {

    /** Scenarios shipped in sim/ and inside the jar. */
    public static final List<String> BUILT_IN = List.of("example1", "example2", "google-synthetic", "google-jobs");

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
    private static final Pattern SERVER = Pattern.compile("server\\.([^.]+)(\\.count)?");
    private static final Pattern TYPE = Pattern.compile("type\\.([^.]+)\\.(demand|lambda|mu)");
    private static final List<String> PLAIN = List.of(
            "name",
            "horizon",
            "workload",
            "resources",
            "trace.servers",
            "trace.levels",
            "trace.file",
            "trace.tasks",
            "synthetic.tasks",
            "synthetic.load",
            "synthetic.mean-service",
            "synthetic.type-weights",
            "jobs.tasks",
            "jobs.load",
            "jobs.type-weights",
            "jobs.single-task-share",
            "jobs.tasks-median",
            "jobs.tasks-sigma",
            "jobs.tasks-max",
            "jobs.service-median",
            "jobs.service-sigma",
            "jobs.service-max",
            "jobs.daily-swing");

    private final String source;
    private final Path baseDir;
    private final Map<String, KeyValueLines.Entry> entries = new LinkedHashMap<>();
    private OptionalInt tasksOverride = OptionalInt.empty();

    private ScenarioFile(String source, Path baseDir) {
        this.source = source;
        this.baseDir = baseDir;
    }

    /**
     * A built-in scenario by name, or else a scenario file.
     *
     * @param servers overrides trace.servers of a trace scenario
     */
    public static TypesScenario load(String nameOrPath, long seed, OptionalInt servers) throws InputException {
        return load(nameOrPath, seed, servers, OptionalInt.empty());
    }

    /**
     * As {@link #load(String, long, OptionalInt)}, and a generated trace's tasks ({@code synthetic.tasks},
     * {@code jobs.tasks}) overridden by {@code tasks}: a shorter run of the same generator.
     */
    public static TypesScenario load(String nameOrPath, long seed, OptionalInt servers, OptionalInt tasks)
            throws InputException {
        if (BUILT_IN.contains(nameOrPath)) {
            String resource = "/scenarios/" + nameOrPath + ".scenario";
            try (InputStream in = ScenarioFile.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("built-in scenario " + resource + " missing from the jar");
                }
                return parse(
                        nameOrPath + ".scenario",
                        new InputStreamReader(in, StandardCharsets.UTF_8),
                        Path.of("."),
                        seed,
                        servers,
                        tasks);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read built-in scenario " + resource, e);
            }
        }
        Path file = Path.of(nameOrPath);
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Path dir = file.toAbsolutePath().getParent();
            return parse(nameOrPath, reader, dir, seed, servers, tasks);
        } catch (NoSuchFileException e) {
            throw InputException.unreadable(
                    nameOrPath, "no such file (built-in scenarios: " + String.join(", ", BUILT_IN) + ")");
        } catch (IOException e) {
            throw InputException.cannotRead(nameOrPath, 0, e);
        }
    }

    private static TypesScenario parse(
            String source, Reader reader, Path baseDir, long seed, OptionalInt servers, OptionalInt tasks)
            throws IOException, InputException {
        ScenarioFile f = new ScenarioFile(source, baseDir);
        f.read(reader);
        f.tasksOverride = tasks;
        return f.build(seed, servers);
    }

    private void read(Reader reader) throws IOException, InputException {
        List<KeyValueLines.Entry> read;
        try {
            read = KeyValueLines.read(reader);
        } catch (KeyValueLines.BadLine e) {
            throw new InputException(source, e.line(), e.getMessage());
        }
        for (KeyValueLines.Entry e : read) {
            String key = e.key();
            if (key.isEmpty() || !e.separator().strip().equals("=")) {
                throw new InputException(
                        source, e.line(), "expected 'key = value', found '" + key + e.separator() + e.value() + "'");
            }
            if (!PLAIN.contains(key)
                    && !SERVER.matcher(key).matches()
                    && !TYPE.matcher(key).matches()) {
                throw new InputException(source, e.line(), key + ": unknown key");
            }
            KeyValueLines.Entry before = entries.putIfAbsent(key, e);
            if (before != null) {
                throw new InputException(source, e.line(), key + ": already set on line " + before.line());
            }
        }
    }

    private TypesScenario build(long seed, OptionalInt serversOverride) throws InputException {
        String workload = text("workload", "poisson");
        String defaultName = Path.of(source).getFileName().toString().replaceFirst("\\.[^.]*$", "");
        String name = text("name", defaultName);
        switch (workload) {
            case "poisson" -> {
                forbid("trace.");
                forbid("synthetic.");
                forbid("jobs.");
                return poisson(name);
            }
            case "google-trace", "synthetic-trace", "job-trace" -> {
                forbid("server.");
                forbid("type.");
                forbid("resources");
                if (!workload.equals("synthetic-trace")) {
                    forbid("synthetic.");
                }
                if (!workload.equals("job-trace")) {
                    forbid("jobs.");
                }
                if (!workload.equals("google-trace")) {
                    forbid("trace.file");
                    forbid("trace.tasks");
                }
                return trace(name, workload, seed, serversOverride);
            }
            default ->
                throw error(
                        "workload",
                        "'" + workload + "' is not one of poisson, google-trace, synthetic-trace, job-trace");
        }
    }

    private TypesScenario poisson(String name) throws InputException {
        List<String> resources = list("resources");
        for (String r : resources) {
            if (!NAME.matcher(r).matches()) {
                throw error("resources", "'" + r + "' is not a name (letters, digits, _ and -)");
            }
        }
        List<ServerSpec> servers = new ArrayList<>();
        Map<String, long[]> demands = new LinkedHashMap<>();
        for (String key : entries.keySet()) {
            Matcher s = SERVER.matcher(key);
            if (s.matches() && s.group(2) == null) {
                long[] capacity = vector(key, resources.size(), true);
                long count = entries.containsKey(key + ".count") ? integer(key + ".count", 1, 1_000_000) : 1;
                for (long i = 1; i <= count; i++) {
                    servers.add(new ServerSpec(count == 1 ? s.group(1) : s.group(1) + "-" + i, capacity));
                }
            } else if (s.matches() && !entries.containsKey("server." + s.group(1))) {
                throw error(key, "no server." + s.group(1) + " line gives its capacity");
            }
            Matcher t = TYPE.matcher(key);
            if (t.matches() && !demands.containsKey(t.group(1))) {
                String type = t.group(1);
                if (!NAME.matcher(type).matches()) {
                    throw error(key, "'" + type + "' is not a type name (letters, digits, _ and -)");
                }
                demands.put(type, vector(required("type." + type + ".demand", key), resources.size(), false));
            }
        }
        if (servers.isEmpty()) {
            throw new InputException(source, 0, "no servers: add a 'server.NAME = capacity, ...' line");
        }
        if (demands.isEmpty()) {
            throw new InputException(source, 0, "no VM types: add type.NAME.demand, .lambda and .mu lines");
        }
        List<VmType> types = new ArrayList<>();
        for (Map.Entry<String, long[]> d : demands.entrySet()) {
            String prefix = "type." + d.getKey();
            double lambda = decimal(required(prefix + ".lambda", prefix + ".demand"), 0, 1e12);
            double mu = decimal(required(prefix + ".mu", prefix + ".demand"), Double.MIN_VALUE, 1e12);
            requireSomeServerFits(prefix + ".demand", d.getValue(), servers);
            types.add(new VmType(d.getKey(), d.getValue(), lambda, mu));
        }
        return new TypesScenario(
                name,
                resources,
                servers,
                types,
                new ArrivalModel.Poisson(),
                horizon(true),
                Provenance.generated(name, Provenance.Kind.SYNTHETIC));
    }

    private TypesScenario trace(String name, String workload, long seed, OptionalInt serversOverride)
            throws InputException {
        int levels = entries.containsKey("trace.levels") ? (int) integer("trace.levels", 0, 20) : 7;
        int fileServers = (int) integer(required("trace.servers", "workload"), 1, 1_000_000);
        // --servers changes the cluster, not the workload: a generated trace keeps the arrival rate
        // that trace.servers gives it, so more servers mean less load, as in the paper's figure 4
        int servers = serversOverride.orElse(fileServers);
        double horizon = horizon(false);
        if (workload.equals("google-trace")) {
            Path file = baseDir.resolve(text(required("trace.file", "workload"), ""));
            int max = entries.containsKey("trace.tasks")
                    ? (int) integer("trace.tasks", 1, Integer.MAX_VALUE)
                    : Integer.MAX_VALUE;
            return TraceScenario.of(
                    name,
                    GoogleTasks.read(file, max),
                    levels,
                    servers,
                    horizon,
                    Provenance.trace(file, Provenance.Demand.REQUESTED));
        }
        if (workload.equals("job-trace")) {
            return TraceScenario.of(
                    name,
                    jobTrace(levels, fileServers).generate(seed),
                    levels,
                    servers,
                    horizon,
                    Provenance.generated(name, Provenance.Kind.SYNTHETIC));
        }
        SyntheticTrace synthetic = new SyntheticTrace(
                tasksOverride.orElse((int) integer(required("synthetic.tasks", "workload"), 1, 50_000_000)),
                decimal(required("synthetic.load", "workload"), Double.MIN_VALUE, 100),
                decimal(required("synthetic.mean-service", "workload"), Double.MIN_VALUE, 1e12),
                fileServers,
                typeWeights(levels));
        return TraceScenario.of(
                name,
                synthetic.generate(seed),
                levels,
                servers,
                horizon,
                Provenance.generated(name, Provenance.Kind.SYNTHETIC));
    }

    /** A job-trace's generator, every jobs.* key required, its load relative to trace.servers. */
    private JobTrace jobTrace(int levels, int servers) throws InputException {
        String w = "workload";
        double serviceMedian = decimal(required("jobs.service-median", w), Double.MIN_VALUE, 1e9);
        int tasks = (int) integer(required("jobs.tasks", w), 1, 50_000_000);
        return new JobTrace(
                tasksOverride.orElse(tasks),
                decimal(required("jobs.load", w), Double.MIN_VALUE, 100),
                servers,
                weights(required("jobs.type-weights", w), levels),
                fraction(required("jobs.single-task-share", w)),
                decimal(required("jobs.tasks-median", w), 1, 1e6),
                decimal(required("jobs.tasks-sigma", w), 0, 10),
                (int) integer(required("jobs.tasks-max", w), 2, 10_000_000),
                serviceMedian,
                decimal(required("jobs.service-sigma", w), 0, 10),
                decimal(required("jobs.service-max", w), serviceMedian, 1e12),
                fractionBelowOne(required("jobs.daily-swing", w)));
    }

    private double fraction(String key) throws InputException {
        return decimal(key, 0, 1);
    }

    private double fractionBelowOne(String key) throws InputException {
        double v = decimal(key, 0, 1);
        if (v >= 1) {
            throw error(key, entries.get(key).value() + " is not below 1");
        }
        return v;
    }

    private double[] typeWeights(int levels) throws InputException {
        if (!entries.containsKey("synthetic.type-weights")) {
            return SyntheticTrace.uniform(levels);
        }
        return weights("synthetic.type-weights", levels);
    }

    private double[] weights(String key, int levels) throws InputException {
        List<String> parts = list(key);
        if (parts.size() != levels + 1) {
            throw error(
                    key, "expected " + (levels + 1) + " weights (types p0 to p" + levels + "), found " + parts.size());
        }
        double[] w = new double[parts.size()];
        double sum = 0;
        for (int k = 0; k < w.length; k++) {
            Double v = StrictNumbers.decimal(parts.get(k));
            if (v == null || v < 0) {
                throw error(key, "'" + parts.get(k) + "' is not a non-negative number");
            }
            w[k] = v;
            sum += v;
        }
        if (sum == 0) {
            throw error(key, "the weights must not all be zero");
        }
        return w;
    }

    private double horizon(boolean required) throws InputException {
        if (!entries.containsKey("horizon")) {
            if (required) {
                throw new InputException(source, 0, "horizon: missing (the default run length)");
            }
            return Double.NaN;
        }
        return decimal("horizon", Double.MIN_VALUE, 1e15);
    }

    private void requireSomeServerFits(String key, long[] demand, List<ServerSpec> servers) throws InputException {
        for (ServerSpec s : servers) {
            boolean fits = true;
            for (int r = 0; r < demand.length; r++) {
                fits &= demand[r] <= s.capacity(r);
            }
            if (fits) {
                return;
            }
        }
        throw error(key, "fits no server, so its queue could only grow");
    }

    /** Fails naming the line that asked for it when a key is missing; returns the key. */
    private String required(String key, String askedBy) throws InputException {
        if (!entries.containsKey(key)) {
            KeyValueLines.Entry at = entries.get(askedBy);
            throw new InputException(source, at == null ? 0 : at.line(), key + ": missing");
        }
        return key;
    }

    private void forbid(String prefix) throws InputException {
        String workload = text("workload", "poisson");
        for (String key : entries.keySet()) {
            if (key.startsWith(prefix)) {
                throw error(key, "not used with workload " + workload);
            }
        }
    }

    private String text(String key, String otherwise) {
        KeyValueLines.Entry e = entries.get(key);
        return e == null ? otherwise : e.value();
    }

    private List<String> list(String key) throws InputException {
        required(key, key);
        List<String> items = new ArrayList<>();
        for (String part : entries.get(key).value().split(",", -1)) {
            items.add(part.strip());
        }
        return items;
    }

    private long[] vector(String key, int size, boolean positive) throws InputException {
        List<String> parts = list(key);
        if (parts.size() != size) {
            throw error(key, "expected " + size + " comma-separated amounts (one per resource), found " + parts.size());
        }
        long[] v = new long[size];
        long total = 0;
        for (int r = 0; r < size; r++) {
            Long x = StrictNumbers.integer(parts.get(r));
            if (x == null || x < 0 || (positive && x == 0)) {
                throw error(
                        key,
                        "'" + parts.get(r) + "' is not a " + (positive ? "positive" : "non-negative") + " integer");
            }
            v[r] = x;
            total += x;
        }
        if (total == 0) {
            throw error(key, "a VM must need some resource");
        }
        return v;
    }

    private long integer(String key, long min, long max) throws InputException {
        Long v = StrictNumbers.integer(entries.get(key).value());
        if (v == null) {
            throw error(key, "'" + entries.get(key).value() + "' is not an integer");
        }
        if (v < min || v > max) {
            throw error(key, v + " is outside " + min + " to " + max);
        }
        return v;
    }

    private double decimal(String key, double min, double max) throws InputException {
        Double v = StrictNumbers.decimal(entries.get(key).value());
        if (v == null) {
            throw error(key, "'" + entries.get(key).value() + "' is not a number");
        }
        if (v < min) {
            throw error(
                    key, entries.get(key).value() + (min == Double.MIN_VALUE ? " is not positive" : " is negative"));
        }
        if (v > max) {
            throw error(key, entries.get(key).value() + " is too large");
        }
        return v;
    }

    private InputException error(String key, String message) {
        KeyValueLines.Entry e = entries.get(key);
        return new InputException(source, e == null ? 0 : e.line(), key + ": " + message);
    }
}
