package org.overbookd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.config.Options;
import org.overbookd.daemon.health.DaemonStatus;
import org.overbookd.daemon.health.StatusCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "status",
        description = {
            "Show what the running daemon last did, from its status file (status.file): its last cycle and"
                    + " result, failures in a row, decisions in the last hour, the queue and the slots.",
            "Exit 0 healthy, 1 degraded (the last cycle failed, or none succeeded in three intervals), 3 not running"
                    + " (no status file, the daemon stopped or its process is gone, or no cycle ended for three"
                    + " intervals and a minute), 4 the status file cannot be read."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd status",
            "  overbookd status --config /etc/overbookd/overbookd.properties",
            "  overbookd status --file /tmp/status.json"
        })
final class StatusCommand implements Callable<Integer> {

    /** LSB's "program or service status is unknown". */
    static final int UNKNOWN = 4;

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @Option(
            names = "--file",
            paramLabel = "FILE",
            description = "The status file to read. Default: status.file of --config, else ${DEFAULT-VALUE}.",
            defaultValue = "/var/lib/overbookd/status.json")
    Path file;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path path = file;
        boolean fileGiven = spec.commandLine().getParseResult().hasMatchedOption("--file");
        // --set alone counts too: its keys are checked (an unknown one is 78), and its status.file read
        if (!fileGiven && (configOptions.config != null || !configOptions.overrides.isEmpty())) {
            String configured =
                    configOptions.load(List.of(), Map.of()).settings().get(Options.STATUS_FILE);
            if (configured.isEmpty()) {
                err.println("overbookd: status.file is empty"
                        + (configOptions.config == null ? "" : " in " + configOptions.config)
                        + ": the daemon writes no status");
                err.flush();
                return UNKNOWN;
            }
            path = Path.of(configured);
        }
        DaemonStatus status;
        try {
            status = DaemonStatus.fromJson(Files.readString(path));
        } catch (NoSuchFileException e) {
            out.println("overbookd is not running: no status file " + path);
            out.flush();
            return StatusCheck.Health.NOT_RUNNING.exitCode();
        } catch (IOException e) {
            err.println("overbookd: cannot read the status file " + path + ": " + org.overbookd.io.IoReasons.of(e));
            err.flush();
            return UNKNOWN;
        }
        Instant now = clock.instant();
        StatusCheck.Verdict verdict = StatusCheck.judge(
                status,
                now,
                pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        print(out, status, verdict, now);
        out.flush();
        return verdict.health().exitCode();
    }

    private static void print(PrintWriter out, DaemonStatus s, StatusCheck.Verdict verdict, Instant now) {
        row(
                out,
                "health",
                verdict.health().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + verdict.reason());
        row(
                out,
                "daemon",
                "pid " + s.pid() + (s.node().isEmpty() ? "" : " on " + s.node()) + ", started " + time(s.started())
                        + ", every " + StatusCheck.words(s.interval()));
        // a single daemon has no role to tell; a node of an HA group says whether it is the one acting
        if (!"single".equals(s.role())) {
            row(
                    out,
                    "HA role",
                    switch (s.role()) {
                        case "active" -> "active: holds the group's writer lease, this node acts";
                        case "standby" -> "standby: another node holds the writer lease, this node waits";
                        default -> s.role();
                    });
        }
        DaemonStatus.LastCycle last = s.lastCycle();
        if (last == null) {
            row(out, "last cycle", "none yet");
        } else {
            String took = last.took().toMillis() < 1000
                    ? last.took().toMillis() + " ms"
                    : String.format(Locale.ROOT, "%.1f s", last.took().toMillis() / 1000.0);
            row(
                    out,
                    "last cycle",
                    "#" + last.number() + " ended " + time(last.ended()) + " (" + ago(last.ended(), now) + "), "
                            + (last.ok()
                                    ? "ok in " + took + ", " + last.decisions() + " decision"
                                            + (last.decisions() == 1 ? "" : "s")
                                    : "FAILED (" + last.cause() + ") after " + took + ": " + last.message()));
        }
        row(out, "failures in a row", Integer.toString(s.consecutiveFailures()));
        row(
                out,
                "last success",
                s.lastSuccess() == null ? "none" : time(s.lastSuccess()) + " (" + ago(s.lastSuccess(), now) + ")");
        row(out, "decisions, last hour", Integer.toString(s.decisionsLastHour()));
        row(
                out,
                "queue",
                s.queue() == null ? "unknown" : s.queue() + " low-QoS VM" + (s.queue() == 1 ? "" : "s") + " waiting");
        row(
                out,
                "slots",
                s.slotsInUse() == null ? "unknown" : s.slotsInUse() + " in use, " + s.slotsAvailable() + " free");
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf(Locale.ROOT, "%-21s %s%n", name, value);
    }

    private static String ago(Instant then, Instant now) {
        return StatusCheck.words(Duration.between(then, now)) + " ago";
    }

    /** To the second: a status line is read by people. */
    private static String time(Instant t) {
        return t.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
