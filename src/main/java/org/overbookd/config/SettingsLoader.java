package org.overbookd.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.io.KeyValueLines;
import org.overbookd.policy.registry.PolicyRegistry;

/**
 * Reads a properties file, applies {@code --set} overrides and validates everything against {@link
 * Options}, collecting every problem before failing. The file is read by Apache Commons
 * Configuration's properties reader ({@link KeyValueLines}: its syntax, escapes and continued
 * lines, with the line of each key), as UTF-8, and the values are taken as written: no {@code ${...}}
 * interpolation and no {@code include}. A {@code PropertiesConfiguration} built for it would add
 * nothing overbookd uses, and setting up its interpolation costs every cold start (docs/performance.md).
 */
public final class SettingsLoader {

    /** Keys under these prefixes are passed through raw for the caller (the sweep grid). */
    private final List<String> passThroughPrefixes;

    /**
     * The policies overbooking.policy may name, or null: any name is read (and checked where the
     * policy is built, {@link Bindings#checkPolicy}).
     */
    private final PolicyRegistry policies;

    /**
     * A loader that also checks overbooking.policy against {@code policies}, among the other keys'
     * problems: a file with an unknown policy and another error reports both at once.
     */
    public SettingsLoader(List<String> passThroughPrefixes, PolicyRegistry policies) {
        this.passThroughPrefixes = List.copyOf(passThroughPrefixes);
        this.policies = policies;
    }

    public SettingsLoader(List<String> passThroughPrefixes) {
        this(passThroughPrefixes, null);
    }

    public SettingsLoader() {
        this(List.of());
    }

    /** A validated configuration plus the raw values of pass-through keys, in file order. */
    public record Loaded(Settings settings, Map<String, String> passThrough, Map<String, String> locations) {}

    /**
     * @param file      the properties file, or null for defaults only
     * @param overrides {@code key=value} pairs that win over the file
     */
    public Loaded load(Path file, Map<String, String> overrides) throws ConfigException {
        List<ConfigProblem> problems = new ArrayList<>();
        Map<String, String> raw = new LinkedHashMap<>();
        Map<String, String> where = new LinkedHashMap<>();
        if (file != null && !readFile(file, raw, where, problems)) {
            throw new ConfigException(problems);
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            raw.put(e.getKey(), e.getValue());
            where.put(e.getKey(), "--set");
        }

        Map<Option<?>, Object> values = new LinkedHashMap<>();
        for (Option<?> option : Options.ALL) {
            values.put(option, option.defaultValue());
        }
        Map<String, String> passThrough = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String key = e.getKey();
            String location = where.getOrDefault(key, "");
            if (passThroughPrefixes.stream().anyMatch(key::startsWith)) {
                passThrough.put(key, e.getValue());
                continue;
            }
            Option<?> option = Options.byKey(key);
            if (option == null) {
                problems.add(new ConfigProblem(location, key, "unknown key" + suggestion(key)));
                continue;
            }
            try {
                values.put(option, option.parse(e.getValue()));
            } catch (IllegalArgumentException ex) {
                // a value outside the range already names it ("-5 is outside 1 to 1000000"): said once
                String range = option.range();
                String message = ex.getMessage();
                boolean named = message != null && message.contains(range);
                problems.add(new ConfigProblem(location, key, named ? message : message + " (allowed: " + range + ")"));
            }
        }
        Settings settings = new Settings(values);
        if (policies != null) {
            ConfigProblem policy = Bindings.policyProblem(
                    settings.get(Options.POLICY), where.getOrDefault(Options.POLICY.key(), ""), policies);
            if (policy != null) {
                problems.add(policy);
            }
        }
        if (problems.isEmpty()) {
            checkTogether(settings, where, problems);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new Loaded(settings, passThrough, where);
    }

    /** Rules that involve more than one key. */
    static void checkTogether(Settings s, Map<String, String> where, List<ConfigProblem> problems) {
        double lower = s.get(Options.LOWER_BOUND);
        double upper = s.get(Options.UPPER_BOUND);
        if (lower >= upper) {
            String key = where.containsKey(Options.LOWER_BOUND.key())
                    ? Options.LOWER_BOUND.key()
                    : Options.UPPER_BOUND.key();
            problems.add(new ConfigProblem(
                    where.getOrDefault(key, ""),
                    key,
                    "lower bound " + Option.fmt(lower) + " must be below upper bound " + Option.fmt(upper)));
        }
        if (s.get(Options.ONE_ENDPOINT).getRawUserInfo() != null) {
            String key = Options.ONE_ENDPOINT.key();
            problems.add(new ConfigProblem(
                    where.getOrDefault(key, ""),
                    key,
                    "must not carry credentials (they would show in logs); put them in one.auth-file"));
        }
        if (JdbcUrls.carriesPassword(s.get(Options.HA_JDBC_URL))) {
            String key = Options.HA_JDBC_URL.key();
            problems.add(new ConfigProblem(
                    where.getOrDefault(key, ""),
                    key,
                    "must not carry a password (it would show"
                            + " in check-config's settings and in logs); put it in ha.password-file"));
        }
        String qos = s.get(Options.ONE_QOS_ATTRIBUTE);
        if (qos.isBlank() || !qos.equals(qos.strip())) {
            String key = Options.ONE_QOS_ATTRIBUTE.key();
            problems.add(new ConfigProblem(where.getOrDefault(key, ""), key, "must be an attribute name"));
        }
        if (s.get(Options.SIM_BUSINESS_MIN) > s.get(Options.SIM_BUSINESS_MAX)) {
            String key = Options.SIM_BUSINESS_MIN.key();
            problems.add(new ConfigProblem(where.getOrDefault(key, ""), key, "must not exceed sim.business.max"));
        }
    }

    /**
     * Reads the file's keys into {@code raw} and their places into {@code where}; a key set twice is
     * a problem, and the others are still read, so that every problem is reported at once.
     *
     * @return false when the file cannot be read at all (then nothing else is checked)
     */
    private static boolean readFile(
            Path file, Map<String, String> raw, Map<String, String> where, List<ConfigProblem> problems) {
        if (!Files.isRegularFile(file)) {
            problems.add(
                    new ConfigProblem(file.toString(), "", Files.exists(file) ? "not a regular file" : "no such file"));
            return false;
        }
        if (!Files.isReadable(file)) {
            problems.add(new ConfigProblem(file.toString(), "", "not readable"));
            return false;
        }
        List<KeyValueLines.Entry> entries;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            entries = KeyValueLines.read(in);
        } catch (KeyValueLines.BadLine e) {
            problems.add(new ConfigProblem(file + ":" + e.line(), "", e.getMessage()));
            return false;
        } catch (IOException | RuntimeException e) {
            problems.add(new ConfigProblem(file.toString(), "", "cannot read: " + rootMessage(e)));
            return false;
        }
        Map<String, Integer> times = new HashMap<>();
        entries.forEach(e -> times.merge(e.key(), 1, Integer::sum));
        Set<String> seen = new HashSet<>();
        for (KeyValueLines.Entry e : entries) {
            if (!seen.add(e.key())) {
                continue; // a key set twice is reported once, at its first line
            }
            String location = file + ":" + e.line();
            int set = times.get(e.key());
            if (set > 1) {
                problems.add(new ConfigProblem(location, e.key(), "set " + set + " times; set it once"));
                where.put(e.key(), location);
                continue;
            }
            raw.put(e.key(), e.value());
            where.put(e.key(), location);
        }
        return true;
    }

    private static String suggestion(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Option<?> option : Options.ALL) {
            int d = distance(key, option.key());
            if (d < bestDistance) {
                bestDistance = d;
                best = option.key();
            }
        }
        return best != null && bestDistance <= Math.max(2, key.length() / 4) ? "; did you mean " + best + "?" : "";
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        if (t instanceof java.nio.charset.CharacterCodingException) {
            return "not a text file (it holds bytes that are not UTF-8)";
        }
        if (t instanceof IOException io) {
            return org.overbookd.io.IoReasons.of(io);
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
