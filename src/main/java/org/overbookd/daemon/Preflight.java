package org.overbookd.daemon;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.opennebula.OpenNebulaBackend;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ConfigProblem;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.daemon.ha.HaSettings;
import org.overbookd.daemon.ha.NodeName;
import org.overbookd.io.InputException;

/**
 * The checks {@code overbookd run} makes before its first cycle, runnable on their own by
 * {@code check-config}, so that "valid" there means {@code run} will start. The local ones
 * ({@link #run}) write nothing: a check run by root must not create a file the service user could
 * then not write. Those against oned ({@link #oned}, for check-config) only read, with one harmless
 * exception: the heartbeat board's probe creates the board when there is none, as the daemon's
 * first cycle would.
 */
public final class Preflight {

    /** How one check came out. */
    public enum Status {
        OK,
        FAILED,
        NOT_CHECKED
    }

    /** One check: the key it concerns, how it came out, and why, in words. */
    public record Check(String key, Status status, String detail) {}

    private Preflight() {}

    /** Every check for {@code settings} of a daemon that enacts, in the order {@code run} meets them. */
    public static List<Check> run(Settings settings) {
        return run(settings, false);
    }

    /** @param dryRun a dry run enacts nothing, so it may run without an audit log */
    public static List<Check> run(Settings settings, boolean dryRun) {
        List<Check> checks = new ArrayList<>();
        switch (settings.get(Options.BACKEND)) {
            case OPENNEBULA -> {
                java.net.URI endpoint = settings.get(Options.ONE_ENDPOINT);
                checks.add(
                        endpoint.getRawUserInfo() != null
                                ? new Check(
                                        Options.ONE_ENDPOINT.key(),
                                        Status.FAILED,
                                        "the endpoint must not carry credentials; they belong in one.auth-file")
                                : new Check(
                                        Options.ONE_ENDPOINT.key(),
                                        Status.OK,
                                        endpoint + " is an http(s) URL with a host"));
                checks.add(authFile(Path.of(settings.get(Options.ONE_AUTH_FILE))));
            }
            case SIMULATED -> checks.add(simulated(settings));
        }
        if (!settings.get(Options.HA_JDBC_URL).isBlank()) {
            checks.addAll(ha(settings));
        }
        if (settings.get(Options.BACKEND) == Options.BackendKind.OPENNEBULA
                && !dryRun
                && settings.get(Options.AUDIT_FILE).isEmpty()) {
            // the promise is that no action reaches oned unrecorded: without an audit log there is no record
            checks.add(
                    new Check(
                            Options.AUDIT_FILE.key(),
                            Status.FAILED,
                            "empty: overbookd acts on OpenNebula only with"
                                    + " an audit log; set it (the package sets /var/log/overbookd/audit.jsonl), or use --dry-run"));
        } else {
            checks.add(writable(Options.AUDIT_FILE, settings.get(Options.AUDIT_FILE)));
        }
        checks.add(writable(Options.RECORD_FILE, settings.get(Options.RECORD_FILE)));
        return checks;
    }

    /**
     * What oned says of the configured account: whether it answers and accepts the session, what the
     * user sees, and (for a daemon without HA that enacts) whether it may keep the heartbeat board,
     * which {@code run} requires at start. oned unreachable is not a failure: {@code run} starts
     * anyway, and its cycles fail until oned answers.
     */
    public static List<Check> oned(Settings settings, boolean dryRun) {
        if (settings.get(Options.BACKEND) != Options.BackendKind.OPENNEBULA) {
            return List.of();
        }
        java.net.URI endpoint = settings.get(Options.ONE_ENDPOINT);
        Path authFile = Path.of(settings.get(Options.ONE_AUTH_FILE));
        java.time.Duration timeout = settings.get(Options.ONE_TIMEOUT);
        List<Check> checks = new ArrayList<>();
        org.overbookd.backend.opennebula.OneAccount account;
        try {
            account = org.overbookd.backend.opennebula.OneAccount.of(endpoint, authFile, timeout);
        } catch (BackendException e) {
            if (e.failureCause() == BackendException.Cause.AUTH) {
                return List.of(new Check(
                        Options.ONE_AUTH_FILE.key(),
                        Status.FAILED,
                        "oned refuses the session of " + authFile + ": " + e.getMessage()));
            }
            boolean silent = e.failureCause() == BackendException.Cause.UNREACHABLE
                    || e.failureCause() == BackendException.Cause.TIMEOUT;
            return List.of(new Check(
                    Options.ONE_ENDPOINT.key(),
                    Status.NOT_CHECKED,
                    (silent ? "no answer from oned at " : "no usable answer from oned at ") + endpoint + " ("
                            + e.getMessage() + "): what the account may do;"
                            + " 'run' starts anyway, its cycles fail until oned answers"));
        }
        checks.add(new Check(
                Options.ONE_ENDPOINT.key(),
                Status.OK,
                "oned " + account.version() + " answers and"
                        + " accepts the session of user " + account.user() + " (id " + account.userId() + ", group "
                        + account.group() + ", id " + account.groupId() + ")"));
        checks.add(new Check(
                Options.ONE_AUTH_FILE.key(),
                Status.OK,
                account.hosts() == 0
                        ? "user " + account.user()
                                + " sees no host: if the cloud has hosts, grant its group USE and MANAGE on"
                                + " them (docs/operating.md: An OpenNebula account for overbookd)"
                        : "user " + account.user() + " sees " + account.hosts() + " host"
                                + (account.hosts() == 1 ? "" : "s")));
        if (!dryRun && settings.get(Options.HA_JDBC_URL).isBlank()) {
            checks.add(board(settings, endpoint, authFile, timeout));
        }
        return checks;
    }

    /** The right to keep the heartbeat board, which a daemon without HA needs to enact at all. */
    private static Check board(Settings settings, java.net.URI endpoint, Path authFile, java.time.Duration timeout) {
        String key = Options.ONE_AUTH_FILE.key();
        try {
            java.util.Optional<String> denied = org.overbookd.backend.opennebula.OneHeartbeatBoard.open(
                            endpoint, authFile, timeout)
                    .probe();
            return denied.map(why -> new Check(key, Status.FAILED, why))
                    .orElseGet(
                            () -> new Check(
                                    key,
                                    Status.OK,
                                    "may keep the heartbeat board that tells overbookd daemons on this oned apart (created if missing)"));
        } catch (BackendException e) {
            return new Check(key, Status.NOT_CHECKED, "whether it may keep the heartbeat board: " + e.getMessage());
        }
    }

    /** @throws ConfigException listing every failed check of {@link #run(Settings, boolean)}, each naming its key */
    public static void require(Settings settings, boolean dryRun) throws ConfigException {
        List<ConfigProblem> problems = run(settings, dryRun).stream()
                .filter(c -> c.status() == Status.FAILED)
                .map(c -> new ConfigProblem("", c.key(), c.detail()))
                .toList();
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    /** An HA group's settings as {@code run} reads them: the URL, the lease's length, the password file. */
    private static List<Check> ha(Settings settings) {
        String key = Options.HA_JDBC_URL.key();
        try {
            HaSettings ha = HaSettings.from(settings, NodeName.of(settings.get(Options.HA_NODE_NAME)));
            return List.of(
                    new Check(
                            key,
                            Status.OK,
                            ha.shownUrl() + " is a PostgreSQL URL; the lease outlasts a"
                                    + " decision; the password file, if any, is private"),
                    new Check(
                            key,
                            Status.NOT_CHECKED,
                            "whether the database answers and accepts the login:"
                                    + " 'overbookd run --once --dry-run' does"));
        } catch (ConfigException e) {
            return e.problems().stream()
                    .map(p -> new Check(p.key(), Status.FAILED, p.message()))
                    .toList();
        }
    }

    private static Check authFile(Path file) {
        String key = Options.ONE_AUTH_FILE.key();
        try {
            OpenNebulaBackend.checkAuthFile(file);
            return new Check(
                    key,
                    Status.OK,
                    file + " holds a session string and only its owner may read it" + " (checked as user "
                            + System.getProperty("user.name") + ")");
        } catch (BackendException e) {
            return new Check(key, Status.FAILED, e.getMessage());
        }
    }

    private static Check simulated(Settings settings) {
        String key = Options.SIM_TRACE_FILE.key();
        try {
            SimBindings.loadSimConfig(settings);
            return new Check(
                    key,
                    Status.OK,
                    settings.get(Options.SIM_TRACE_FILE).isEmpty()
                            ? "none: the synthetic workload"
                            : settings.get(Options.SIM_TRACE_FILE) + " reads as a record");
        } catch (InputException e) {
            return new Check(key, Status.FAILED, e.getMessage());
        }
    }

    /**
     * Whether the current user could append to {@code file}: it exists and is writable, or it does
     * not and its directory is writable (it will be created), or the directory is missing and its
     * nearest existing ancestor is writable (run creates the directories).
     */
    static Check writable(Option<String> option, String value) {
        String key = option.key();
        if (value.isEmpty()) {
            return new Check(key, Status.OK, "empty: not written");
        }
        Path file = Path.of(value).toAbsolutePath();
        String as = " (checked as user " + System.getProperty("user.name") + ")";
        if (Files.isDirectory(file)) {
            return new Check(key, Status.FAILED, file + " is a directory, not a file");
        }
        if (Files.exists(file)) {
            return Files.isWritable(file)
                    ? new Check(key, Status.OK, file + " is writable" + as)
                    : new Check(key, Status.FAILED, file + " is not writable" + as);
        }
        Path dir = file.getParent();
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return new Check(key, Status.FAILED, "no directory to create " + file + " in");
        }
        if (!Files.isDirectory(existing)) {
            return new Check(key, Status.FAILED, "cannot create " + file + ": " + existing + " is not a directory");
        }
        if (!Files.isWritable(existing)) {
            return new Check(
                    key, Status.FAILED, "cannot create " + file + ": directory " + existing + " is not writable" + as);
        }
        return new Check(
                key, Status.OK, file + " will be created" + (existing.equals(dir) ? "" : " with its directory") + as);
    }
}
