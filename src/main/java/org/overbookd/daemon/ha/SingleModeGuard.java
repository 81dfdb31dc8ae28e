package org.overbookd.daemon.ha;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.opennebula.OneHeartbeatBoard;
import org.overbookd.loop.EnactGate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a second daemon in single mode (no ha.*) from acting beside a first one on the same oned.
 * Every cycle, as it observes, each daemon writes a heartbeat into a board that lives in OpenNebula
 * (so daemons on different machines see each other): its node name, a token unique to the process,
 * when it started, when it last wrote, and its interval. Before enacting, it reads the board: if
 * another process wrote within two of that process's own intervals and started before this one
 * (ties broken by token), this one refuses to enact and says who it saw.
 *
 * <p>Limits, stated in the README: freshness compares the other daemon's clock with ours (keep them
 * within a few seconds by NTP); two daemons started within one interval of each other may each act
 * once before either has seen the other (the older then carries on, the younger stands down); an
 * oned that refuses one.document.* (a user without the right to create documents) makes the daemon
 * refuse to enact, saying so, because then it cannot know.
 */
public final class SingleModeGuard implements EnactGate {

    private static final Logger LOG = LoggerFactory.getLogger(SingleModeGuard.class);
    private static final String PREFIX = "OVERBOOKD_";

    private final OneHeartbeatBoard board;
    private final String node;
    private final String token = UUID.randomUUID().toString().substring(0, 8);
    private final Duration interval;
    private final Clock clock;
    private final long started;
    private volatile String beatFailure;
    private volatile String lastRefusal;

    public SingleModeGuard(OneHeartbeatBoard board, String node, Duration interval, Clock clock) {
        this.board = board;
        this.node = node;
        this.interval = interval;
        this.clock = clock;
        this.started = clock.millis();
    }

    /** This daemon's attribute on the board: its node name in the characters OpenNebula allows. */
    String attribute() {
        return PREFIX + node.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_") + "_" + token.toUpperCase(Locale.ROOT);
    }

    /** Called as each cycle observes. A failure is kept for the gate to report. */
    public void beat() {
        String value = "node=" + node + ";token=" + token + ";started=" + started + ";seen=" + clock.millis()
                + ";interval=" + interval.toMillis();
        try {
            board.write(attribute(), value);
            beatFailure = null;
        } catch (BackendException e) {
            beatFailure = e.getMessage();
        }
    }

    @Override
    public Optional<String> refusal() {
        if (beatFailure != null) {
            return say("cannot write this daemon's heartbeat in OpenNebula (" + beatFailure + "), so it cannot tell"
                    + " whether another overbookd acts on the same oned");
        }
        Map<String, String> entries;
        try {
            entries = board.read();
        } catch (BackendException e) {
            return say("cannot read the heartbeats in OpenNebula (" + e.getMessage() + "), so it cannot tell whether"
                    + " another overbookd acts on the same oned");
        }
        long now = clock.millis();
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            if (!entry.getKey().startsWith(PREFIX)) {
                continue;
            }
            Heartbeat other = Heartbeat.parse(entry.getValue());
            if (other == null || other.token.equals(token)) {
                continue;
            }
            boolean fresh = now - other.seen <= 2 * other.interval;
            boolean older = other.started < started || (other.started == started && other.token.compareTo(token) < 0);
            if (fresh && older) {
                return say("another overbookd (node " + other.node + ", started "
                        + java.time.Instant.ofEpochMilli(other.started) + ") acts on this oned: its heartbeat is "
                        + (now - other.seen) / 1000 + " s old; stop one, or run both in HA mode (ha.jdbc-url)");
            }
        }
        lastRefusal = null;
        return Optional.empty();
    }

    private Optional<String> say(String why) {
        if (!why.equals(lastRefusal)) {
            LOG.error("standing down: {}", why);
            lastRefusal = why;
        }
        return Optional.of(why);
    }

    private record Heartbeat(String node, String token, long started, long seen, long interval) {

        static Heartbeat parse(String value) {
            Map<String, String> fields = new java.util.HashMap<>();
            for (String part : value.split(";")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    fields.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
                }
            }
            try {
                return new Heartbeat(fields.getOrDefault("node", "?"), fields.get("token"),
                        Long.parseLong(fields.get("started")), Long.parseLong(fields.get("seen")),
                        Long.parseLong(fields.get("interval")));
            } catch (RuntimeException e) {
                return null;
            }
        }
    }
}
