package org.overbookd.daemon.ha;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * This machine and its processes, as far as a heartbeat needs them: the machine's name, this
 * process's id and start, and whether a process a heartbeat names still runs here.
 */
interface LocalProcesses {

    /** The machine's name: the kernel's host name, without a DNS lookup. */
    String machine();

    long pid();

    /** When this process started, ms since the epoch. */
    long started();

    /**
     * Whether the process {@code pid} that started at {@code started} still runs on this machine.
     * Yes when it cannot be told (a process alive whose start time is hidden): a daemon that waits
     * for nothing is the safe mistake.
     */
    boolean running(long pid, long started);

    /** The real machine and the JVM's own process. */
    LocalProcesses SYSTEM = new LocalProcesses() {
        private final String machine = machineName();

        @Override
        public String machine() {
            return machine;
        }

        @Override
        public long pid() {
            return ProcessHandle.current().pid();
        }

        @Override
        public long started() {
            return ProcessHandle.current()
                    .info()
                    .startInstant()
                    .map(Instant::toEpochMilli)
                    .orElse(-1L);
        }

        @Override
        public boolean running(long pid, long started) {
            Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
            if (process.isEmpty()) {
                return false;
            }
            // a pid used again by another process since: its start differs (both read from /proc, to the tick)
            return process.get()
                    .info()
                    .startInstant()
                    .map(at -> Math.abs(at.toEpochMilli() - started) < 1000)
                    .orElse(true);
        }
    };

    /**
     * /proc/sys/kernel/hostname, else /etc/hostname (the service's unit hides /proc/sys), else
     * $HOSTNAME; empty when none says.
     */
    private static String machineName() {
        for (Path file : new Path[] {Path.of("/proc/sys/kernel/hostname"), Path.of("/etc/hostname")}) {
            try {
                String name = Files.readString(file).strip();
                if (!name.isEmpty()) {
                    return name;
                }
            } catch (IOException | RuntimeException e) {
                // try the next
            }
        }
        String env = System.getenv("HOSTNAME");
        return env == null ? "" : env.strip();
    }
}
