package org.overbookd.daemon.health;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.function.Supplier;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleListener;
import org.overbookd.loop.CycleResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@link DaemonStatus} up to date and rewrites status.file after every cycle: a temporary file
 * beside it, renamed over it, so a reader never sees half a file. A write that fails is logged once
 * (and again when writes work again) and counted; it never stops a cycle.
 */
final class StatusFile implements CycleListener {

    private static final Logger LOG = LoggerFactory.getLogger(StatusFile.class);
    private static final Duration HOUR = Duration.ofHours(1);

    private record Decided(Instant at, int count) {}

    private final Path file;
    private final Clock clock;
    private final Supplier<OverbookingLimits> limits;
    private final Runnable onWriteFailure;
    private final long pid;
    private final String node;
    private final Instant started;
    private final Duration interval;
    private final Deque<Decided> lastHour = new ArrayDeque<>();
    private long cycles;
    private DaemonStatus.LastCycle lastCycle;
    private int consecutiveFailures;
    private Instant lastSuccess;
    private Integer queue;
    private Integer slotsInUse;
    private Integer slotsAvailable;
    private boolean failing;
    private Supplier<String> role = () -> "single";

    StatusFile(Path file, Duration interval, Supplier<OverbookingLimits> limits, Clock clock, Runnable onWriteFailure) {
        this.file = file;
        this.interval = interval;
        this.limits = limits;
        this.clock = clock;
        this.onWriteFailure = onWriteFailure;
        this.pid = ProcessHandle.current().pid();
        this.node = nodeName();
        this.started = clock.instant();
    }

    @Override
    public synchronized void cycleEnded(CycleResult result, Duration took) {
        Instant now = clock.instant();
        CycleFigures figures = CycleFigures.of(result, limits.get());
        cycles++;
        Optional<CycleFailure> failure = result.failure();
        if (failure.isPresent()) {
            // observed and decided, but not (all) enacted: for an operator that is a failing daemon
            lastCycle = new DaemonStatus.LastCycle(
                    result.cycle(),
                    now,
                    took,
                    failure.get().cause(),
                    failure.get().message(),
                    figures.decisions());
            consecutiveFailures++;
        } else {
            lastCycle = new DaemonStatus.LastCycle(result.cycle(), now, took, null, null, figures.decisions());
            consecutiveFailures = 0;
            lastSuccess = now;
        }
        lastHour.addLast(new Decided(now, figures.decisions()));
        queue = figures.queue();
        slotsInUse = figures.slotsInUse();
        slotsAvailable = figures.slotsAvailable();
        write(null);
    }

    @Override
    public synchronized void cycleFailed(long cycle, CycleFailure failure, Duration took) {
        cycles++;
        lastCycle = new DaemonStatus.LastCycle(cycle, clock.instant(), took, failure.cause(), failure.message(), 0);
        consecutiveFailures++;
        write(null);
    }

    /** Where the role (single, active, standby) comes from from now on. */
    synchronized void role(Supplier<String> source) {
        this.role = source;
    }

    /**
     * Rewrites the file between cycles: a standby of an HA group runs no cycle, and must still show
     * that it is alive and what it is.
     */
    synchronized void touch() {
        write(null);
    }

    /** Writes the file of a daemon that has started and not yet ended a cycle. */
    synchronized void started() {
        write(null);
    }

    /** Marks the file as the record of a daemon that stopped, so that status says so at once. */
    synchronized void stopped() {
        write(clock.instant());
    }

    synchronized DaemonStatus snapshot(Instant stopped) {
        Instant now = clock.instant();
        while (!lastHour.isEmpty() && lastHour.peekFirst().at().isBefore(now.minus(HOUR))) {
            lastHour.removeFirst();
        }
        int decided = lastHour.stream().mapToInt(Decided::count).sum();
        return new DaemonStatus(
                pid,
                node,
                started,
                now,
                interval,
                stopped,
                cycles,
                lastCycle,
                consecutiveFailures,
                lastSuccess,
                decided,
                queue,
                slotsInUse,
                slotsAvailable,
                role.get());
    }

    private void write(Instant stopped) {
        Path dir = file.toAbsolutePath().getParent();
        Path temp = null;
        try {
            temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            Files.writeString(temp, snapshot(stopped).toJson(), StandardCharsets.UTF_8);
            // not secret, and 'overbookd status' may run as another user than the daemon
            try {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: keep the default permissions
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            if (failing) {
                failing = false;
                LOG.info("status file {} written again", file);
            }
        } catch (IOException | RuntimeException e) {
            onWriteFailure.run();
            if (!failing) {
                failing = true;
                LOG.warn(
                        "cannot write the status file {} ({}); cycles go on, 'overbookd status' will not see them",
                        file,
                        why(e, dir));
            }
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the temporary file is invisible to readers; nothing more to do
                }
            }
        }
    }

    /** In words, without exception class names: this goes to the operator's log. */
    private static String why(Exception e, Path dir) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no directory " + dir;
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied in " + dir;
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The kernel's host name: no DNS lookup, which could stall start-up. */
    private static String nodeName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        } catch (IOException | RuntimeException e) {
            String env = System.getenv("HOSTNAME");
            return env == null ? "" : env;
        }
    }
}
