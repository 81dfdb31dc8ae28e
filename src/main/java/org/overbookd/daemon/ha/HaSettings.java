package org.overbookd.daemon.ha;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Set;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;

/**
 * The ha.* settings, checked. The password stays out of {@link #toString()}.
 *
 * @param callDeadline one.timeout: the whole-call deadline of each call to oned, which bounds how
 *                     long an enactment may take
 */
public record HaSettings(
        String jdbcUrl,
        String user,
        String password,
        int poolSize,
        Duration checkinInterval,
        String node,
        Duration callDeadline) {

    /** The lease's lifetime in calls to oned: room for one decision (3 calls), one of margin, and the renewal's own time. */
    static final int MIN_CALLS = 5;

    /** Null when ha.jdbc-url is empty (single-daemon mode). */
    public static HaSettings from(Settings settings, String node) throws ConfigException {
        String url = settings.get(Options.HA_JDBC_URL).strip();
        if (url.isEmpty()) {
            return null;
        }
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new ConfigException(
                    "",
                    Options.HA_JDBC_URL.key(),
                    "'" + url.replaceFirst("\\?.*", "?...") + "' is not a PostgreSQL JDBC URL"
                            + " (jdbc:postgresql://HOST:PORT/DATABASE)");
        }
        if (setsOptions(url)) {
            throw new ConfigException(
                    "",
                    Options.HA_JDBC_URL.key(),
                    "sets the connection parameter 'options',"
                            + " which would replace overbookd's own (idle_in_transaction_session_timeout, which ends a"
                            + " transaction a paused node left open so that another node can take over); remove it, and set"
                            + " server parameters on the database role instead (ALTER ROLE ... SET ...)");
        }
        Duration checkin = settings.get(Options.HA_CHECKIN_INTERVAL);
        Duration deadline = settings.get(Options.ONE_TIMEOUT);
        if (checkin.compareTo(deadline.multipliedBy(MIN_CALLS)) < 0) {
            throw new ConfigException(
                    "",
                    Options.HA_CHECKIN_INTERVAL.key(),
                    "must be at least " + MIN_CALLS
                            + " x one.timeout ("
                            + deadline.multipliedBy(MIN_CALLS).toSeconds() + " s): the writer lease must"
                            + " outlast the enactment of one decision (three calls) with a margin; raise it or lower one.timeout");
        }
        return new HaSettings(
                url,
                settings.get(Options.HA_USER),
                password(settings.get(Options.HA_PASSWORD_FILE)),
                settings.get(Options.HA_POOL_SIZE),
                checkin,
                node,
                deadline);
    }

    /**
     * Whether the URL's query sets pgjdbc's {@code options}: a parameter in the URL wins over the
     * same property given by the program, so it would silently drop the session timeout overbookd
     * sets there (see {@code Database}).
     */
    static boolean setsOptions(String url) {
        int query = url.indexOf('?');
        if (query < 0) {
            return false;
        }
        for (String parameter : url.substring(query + 1).split("&")) {
            String name = parameter.split("=", 2)[0];
            if (name.strip().equals("options")) {
                return true;
            }
        }
        return false;
    }

    private static String password(String file) throws ConfigException {
        if (file.isEmpty()) {
            return "";
        }
        String key = Options.HA_PASSWORD_FILE.key();
        Path path = Path.of(file);
        try {
            PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
            if (view != null) {
                Set<PosixFilePermission> permissions = view.readAttributes().permissions();
                if (permissions.contains(PosixFilePermission.GROUP_READ)
                        || permissions.contains(PosixFilePermission.OTHERS_READ)) {
                    throw new ConfigException(
                            "",
                            key,
                            path + " is readable by group or others (" + PosixFilePermissions.toString(permissions)
                                    + "); run chmod 600 on it");
                }
            }
            String content = Files.readString(path, StandardCharsets.UTF_8).strip();
            if (content.isEmpty()) {
                throw new ConfigException("", key, path + " is empty");
            }
            return content.lines().findFirst().orElse("").strip();
        } catch (NoSuchFileException e) {
            throw new ConfigException("", key, path + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("", key, "cannot read " + path + ": " + e.getMessage());
        }
    }

    /** How often the lease is renewed, and sockets time out. */
    public Duration renewEvery() {
        return checkinInterval.dividedBy(3);
    }

    /**
     * How often Quartz checks in: as often as a standby looks for the lease, a sixth of the check-in
     * interval. A dead node's trigger is freed at the first check-in once its own last check-in is this
     * plus 7.5 s old (Quartz's rule), so from ha.checkin-interval = 9 s up the lease's expiry, not
     * Quartz, bounds a failover.
     */
    public Duration quartzCheckinEvery() {
        return checkinInterval.dividedBy(6);
    }

    /** The URL for messages: without its query string, where a password may have been put against advice. */
    public String shownUrl() {
        int query = jdbcUrl.indexOf('?');
        return query < 0 ? jdbcUrl : jdbcUrl.substring(0, query) + "?...";
    }

    @Override
    public String toString() {
        return "HaSettings[" + shownUrl() + " as " + user + ", pool " + poolSize + ", check-in " + checkinInterval
                + ", node " + node + "]";
    }
}
