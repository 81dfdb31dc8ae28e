package org.overbookd.daemon.health;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Talks to systemd's notification socket ({@code $NOTIFY_SOCKET}) through the {@code systemd-notify}
 * program: the JDK cannot send on a Unix datagram socket. Does nothing when the variable is unset
 * (not under systemd, or a unit without Type=notify). The program is started on the caller's thread
 * (so a watchdog ping proves that thread alive) and waited for on another, at most
 * {@link #DEADLINE}; a caller never blocks on it. A failure is logged once.
 */
final class SystemdNotifier {

    private static final Logger LOG = LoggerFactory.getLogger(SystemdNotifier.class);
    static final Duration DEADLINE = Duration.ofSeconds(5);

    private final String socket;
    private final List<String> command;
    private final Optional<Duration> watchdog;
    private final AtomicBoolean warned = new AtomicBoolean();

    /**
     * @param env     the environment: NOTIFY_SOCKET, WATCHDOG_USEC, WATCHDOG_PID
     * @param command the program and leading arguments, normally {@code systemd-notify}
     */
    SystemdNotifier(Map<String, String> env, List<String> command) {
        this.socket = env.getOrDefault("NOTIFY_SOCKET", "");
        this.command = List.copyOf(command);
        this.watchdog = socket.isEmpty() ? Optional.empty() : watchdog(env);
    }

    static SystemdNotifier fromEnvironment() {
        return new SystemdNotifier(System.getenv(), List.of("systemd-notify"));
    }

    boolean enabled() {
        return !socket.isEmpty();
    }

    /** WatchdogSec of the unit, when systemd asks this process to ping it. */
    Optional<Duration> watchdog() {
        return watchdog;
    }

    /** Sends these {@code KEY=value} assignments in one message. */
    void send(String... assignments) {
        if (!enabled()) {
            return;
        }
        List<String> line = new ArrayList<>(command);
        line.addAll(List.of(assignments));
        ProcessBuilder builder =
                new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("NOTIFY_SOCKET", socket);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            warnOnce("cannot run " + command.get(0) + ": " + e.getMessage());
            return;
        }
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // it reads nothing from us
        }
        reap(process);
    }

    private void reap(Process process) {
        process.onExit().orTimeout(DEADLINE.toMillis(), TimeUnit.MILLISECONDS).whenComplete((done, timeout) -> {
            if (timeout != null) {
                process.destroyForcibly();
                warnOnce(command.get(0) + " did not finish within " + DEADLINE.toSeconds() + " s");
            } else if (done.exitValue() != 0) {
                warnOnce(command.get(0) + " exited " + done.exitValue());
            }
        });
    }

    private void warnOnce(String why) {
        if (warned.compareAndSet(false, true)) {
            LOG.warn("cannot notify systemd ({}); readiness, watchdog and status may not reach it. Said once.", why);
        }
    }

    /**
     * systemd sets WATCHDOG_USEC for the main process (WATCHDOG_PID names it); a child that inherited
     * them must not ping in its parent's name.
     */
    private static Optional<Duration> watchdog(Map<String, String> env) {
        String usec = env.get("WATCHDOG_USEC");
        if (usec == null || usec.isBlank()) {
            return Optional.empty();
        }
        String pid = env.get("WATCHDOG_PID");
        if (pid != null
                && !pid.isBlank()
                && !pid.trim().equals(Long.toString(ProcessHandle.current().pid()))) {
            return Optional.empty();
        }
        try {
            long micros = Long.parseLong(usec.trim());
            return micros > 0 ? Optional.of(Duration.ofNanos(micros * 1000)) : Optional.empty();
        } catch (NumberFormatException e) {
            LOG.warn("ignoring WATCHDOG_USEC={}: not a whole number", usec);
            return Optional.empty();
        }
    }
}
