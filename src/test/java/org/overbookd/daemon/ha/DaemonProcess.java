package org.overbookd.daemon.ha;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbookd.testing.Closing;

/**
 * A real {@code overbookd run} process started by a test: same Java, the test's class path (which
 * holds the main classes and every dependency). Its log lines are kept with the time they arrived.
 * Public for the HA suite against the real oned (org.overbookd.it).
 */
public final class DaemonProcess implements AutoCloseable {

    /** A log line and when the test read it. */
    public record Line(long atMillis, String text) {}

    /** One cycle: the node that ran it, when it began and ended (wall clock, from the log), its decisions. */
    public record Cycle(String node, long startMillis, long endMillis, int decisions, int notEnacted) {}

    private static final Pattern CYCLE =
            Pattern.compile("cycle (\\d+): (\\d+) decisions?(?:, (\\d+) not enacted)? in (\\d+) ms");

    public final String node;
    public final Path audit;
    private final Process process;
    private final List<Line> lines = new CopyOnWriteArrayList<>();

    private final Path log;

    private DaemonProcess(String node, Path audit, Process process, Path log) {
        this.node = node;
        this.audit = audit;
        this.process = process;
        this.log = log;
        Thread reader = new Thread(this::read, "log-" + node);
        reader.setDaemon(true);
        reader.start();
    }

    public static DaemonProcess start(String node, Path config, Path audit, Path dir) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(
                java,
                "-Xmx128m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                "org.overbookd.cli.Main",
                "run",
                "--config",
                config.toString());
        builder.redirectErrorStream(true);
        builder.directory(dir.toFile());
        builder.environment().remove("JOURNAL_STREAM");
        return new DaemonProcess(node, audit, builder.start(), dir.resolve("daemon.log"));
    }

    /**
     * A node of an HA group against the fake oned at {@code endpoint}, in a home of its own under
     * {@code dir} ({@code database-node}): one.timeout 1 s, bounds 70 and 85, 2 slots.
     */
    static DaemonProcess startHaNode(
            Path dir,
            String database,
            String node,
            java.net.URI endpoint,
            Path auth,
            Duration interval,
            Duration checkin,
            Postgres pg)
            throws IOException {
        Path home = Files.createDirectories(dir.resolve(database + "-" + node));
        Path audit = home.resolve("audit.jsonl");
        Path config = home.resolve("overbookd.properties");
        Files.write(
                config,
                List.of(
                        "backend = opennebula",
                        "one.endpoint = " + endpoint,
                        "one.auth-file = " + auth,
                        "one.timeout = 1s",
                        "overbooking.lower-bound = 70",
                        "overbooking.upper-bound = 85",
                        "overbooking.slots = 2",
                        "schedule.overbooking-interval = " + interval.toSeconds() + "s",
                        "audit.file = " + audit,
                        "ha.jdbc-url = " + pg.jdbcUrl(database),
                        "ha.user = " + Postgres.role(node),
                        "ha.checkin-interval = " + checkin.toSeconds() + "s",
                        "ha.node-name = " + node));
        return start(node, config, audit, home);
    }

    private void read() {
        // a copy in daemon.log beside its audit, for whoever reads the evidence after the run
        try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer copy = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(new Line(System.currentTimeMillis(), line));
                copy.write(line);
                copy.write('\n');
                copy.flush();
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The first line at or after {@code fromMillis} matching, waiting up to {@code within}; null if none came. */
    public Line await(Predicate<String> match, long fromMillis, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        do {
            for (Line line : lines) {
                if (line.atMillis() >= fromMillis && match.test(line.text())) {
                    return line;
                }
            }
            TimeUnit.MILLISECONDS.sleep(50);
        } while (System.nanoTime() < deadline && process.isAlive());
        return lines.stream()
                .filter(l -> l.atMillis() >= fromMillis && match.test(l.text()))
                .findFirst()
                .orElse(null);
    }

    /** The cycles this process logged. */
    public List<Cycle> cycles() {
        return lines.stream()
                .map(l -> {
                    Matcher m = CYCLE.matcher(l.text());
                    if (!m.find()) {
                        return null;
                    }
                    long took = Long.parseLong(m.group(4));
                    return new Cycle(
                            node,
                            l.atMillis() - took,
                            l.atMillis(),
                            Integer.parseInt(m.group(2)),
                            m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
                })
                .filter(java.util.Objects::nonNull)
                .toList();
    }

    /** The node of {@code group} that logged "is the active writer" first at or after {@code from}. */
    public static DaemonProcess awaitActive(List<DaemonProcess> group, long from, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            for (DaemonProcess p : group) {
                if (!p.alive()) {
                    throw new AssertionError("node " + p.node + " exited: " + p.lines());
                }
                if (p.lines().stream()
                        .anyMatch(l -> l.atMillis() >= from && l.text().contains("is the active writer"))) {
                    return p;
                }
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError(
                "no node became the active writer: " + group.get(0).lines());
    }

    /** Waits until this process has logged {@code count} steps begun at or after {@code from}. */
    public void awaitCycles(long from, int count, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (cycles().stream().filter(c -> c.startMillis() >= from).count() < count) {
            if (System.nanoTime() >= deadline) {
                throw new AssertionError("node " + node + " ran fewer than " + count + " steps: " + lines());
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    /** The first step begun at or after {@code from} on any node of the group but {@code except} (null: any); null if none came. */
    public static Cycle awaitAnyCycle(List<DaemonProcess> group, long from, DaemonProcess except, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            Cycle first = group.stream()
                    .filter(p -> p != except)
                    .flatMap(p -> p.cycles().stream())
                    .filter(c -> c.startMillis() >= from)
                    .min(java.util.Comparator.comparingLong(Cycle::startMillis))
                    .orElse(null);
            if (first != null) {
                return first;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return null;
    }

    public void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .inheritIO()
                .start()
                .waitFor();
    }

    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws IOException {
        Closing.waiting("stopping the daemon", this::stopNow);
    }

    private void stopNow() throws InterruptedException {
        if (process.isAlive()) {
            try {
                signal("CONT");
            } catch (IOException e) {
                // gone already
            }
            process.destroy();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                kill9();
            }
        }
    }
}
