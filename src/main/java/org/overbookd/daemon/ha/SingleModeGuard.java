package org.overbookd.daemon.ha;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
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
 * (so daemons on different machines see each other): one entry per node name, holding a token unique
 * to the process, when it started, when it last wrote, its interval, and its machine and process;
 * it reads the board just before it writes. Before enacting, it looks at what it read: if another
 * process wrote within two of that process's own intervals and started before this one (ties broken
 * by token), this one refuses to enact and says who it saw.
 *
 * <p>Restarts act at once. A daemon that stops cleanly empties its entry ({@link #withdraw}). The
 * entry is the node's, not the process's: a daemon started again on the same node writes over its
 * predecessor's, and does not stand down against it, whether it stopped cleanly or crashed (its
 * entry then names a process that no longer runs on this machine). An entry of this node that names a
 * process still running here, or a daemon on another machine that goes by the same node name, or one
 * that writes over this daemon's entry between two of its beats, is a rival like any other daemon.
 *
 * <p>Limits, stated in docs/ha.md: freshness compares the other daemon's clock with ours (keep them
 * within a few seconds by NTP); two daemons started within one interval of each other may each act
 * once before either has seen the other (the older then carries on, the younger stands down); an
 * oned that refuses one.document.* (a user without the right to create documents) makes the daemon
 * refuse to start (exit 78, {@link #access}), or, when that happens later, refuse to enact, saying so,
 * because then it cannot know.
 */
public final class SingleModeGuard implements EnactGate {

    private static final Logger LOG = LoggerFactory.getLogger(SingleModeGuard.class);
    private static final String PREFIX = "OVERBOOKD_";

    private final OneHeartbeatBoard board;
    private final String node;
    private final String token = UUID.randomUUID().toString().substring(0, 8);
    private final Duration interval;
    private final Clock clock;
    private final LocalProcesses processes;
    private final long started;
    /** Daemons seen writing over this node's entry, by token: the last entry each wrote. */
    private final Map<String, Heartbeat> rivals = new LinkedHashMap<>();

    private volatile boolean written;
    /** The board as the last beat read it, before writing this daemon's entry; null before the first. */
    private volatile Map<String, String> lastRead;

    private volatile String beatFailure;
    private volatile String lastRefusal;
    private String predecessorNoted;

    public SingleModeGuard(OneHeartbeatBoard board, String node, Duration interval, Clock clock) {
        this(board, node, interval, clock, LocalProcesses.SYSTEM);
    }

    SingleModeGuard(OneHeartbeatBoard board, String node, Duration interval, Clock clock, LocalProcesses processes) {
        this.board = board;
        this.node = node;
        this.interval = interval;
        this.clock = clock;
        this.processes = processes;
        this.started = clock.millis();
    }

    /** This node's attribute on the board: its name in the characters OpenNebula allows. */
    String attribute() {
        return PREFIX + node.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
    }

    /**
     * Whether this daemon's OpenNebula user may keep the board (see {@link OneHeartbeatBoard#probe}):
     * empty when it may, else why not and what to grant.
     *
     * @throws BackendException when oned cannot tell now (unreachable, the session refused)
     */
    public Optional<String> access() throws BackendException {
        return board.probe();
    }

    /** Called as each cycle observes. A failure is kept for the gate to report. */
    public void beat() {
        long now = clock.millis();
        try {
            Map<String, String> entries = board.read();
            noteRivals(entries, now);
            lastRead = entries;
            Heartbeat mine = new Heartbeat(
                    node,
                    token,
                    started,
                    now,
                    interval.toMillis(),
                    processes.machine(),
                    processes.pid(),
                    processes.started(),
                    false);
            Map<String, String> kept = withoutLeftovers(entries, now);
            if (kept.size() == entries.size()) {
                board.write(attribute(), mine.format());
            } else {
                kept.put(attribute(), mine.format());
                board.replace(kept);
                LOG.info(
                        "removed {} heartbeat entr{} that earlier versions of overbookd left on the board",
                        entries.size() - kept.size(),
                        entries.size() - kept.size() == 1 ? "y" : "ies");
            }
            written = true;
            beatFailure = null;
        } catch (BackendException e) {
            beatFailure = e.getMessage();
        }
    }

    /**
     * Empties this daemon's entry, if it is still this process's, so that a daemon started next acts
     * at once. Called once the last cycle has ended.
     */
    public void withdraw() {
        if (!written) {
            return;
        }
        try {
            Heartbeat current = Heartbeat.parse(board.read().get(attribute()));
            if (current != null && current.token().equals(token)) {
                board.withdraw(attribute());
                LOG.info("withdrew this daemon's heartbeat (node {}) from OpenNebula", node);
            }
        } catch (BackendException e) {
            LOG.warn(
                    "cannot withdraw this daemon's heartbeat from OpenNebula ({}); another overbookd on this oned"
                            + " may wait up to two intervals before it acts",
                    e.getMessage());
        }
    }

    /**
     * Judged on the board as this cycle's beat read it, moments before: a daemon that began writing
     * since started after this one, so it is the younger, and it stands down when it reads this one's
     * entry.
     */
    @Override
    public Optional<String> refusal() {
        Map<String, String> entries = lastRead;
        if (beatFailure != null || entries == null) {
            return say("cannot read and write the heartbeats in OpenNebula ("
                    + (beatFailure == null ? "no beat yet" : beatFailure)
                    + "), so it cannot tell whether another overbookd acts on the same oned");
        }
        long now = clock.millis();
        Heartbeat me = new Heartbeat(node, token, started, now, interval.toMillis(), "", -1, -1, false);
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            if (!entry.getKey().startsWith(PREFIX) || entry.getKey().equals(attribute())) {
                continue;
            }
            Heartbeat other = Heartbeat.parse(entry.getValue());
            // an earlier version's entry of this node is its predecessor's: the package upgrade that stopped it
            if (other == null || other.token().equals(token) || other.node().equals(node)) {
                continue;
            }
            if (other.freshAt(now) && other.olderThan(me)) {
                return say(
                        "another overbookd (node " + other.node() + ", started " + Instant.ofEpochMilli(other.started())
                                + ") acts on this oned: its heartbeat is " + (now - other.seen()) / 1000
                                + " s old; stop one, or"
                                + " run both in HA mode (ha.jdbc-url)");
            }
        }
        synchronized (rivals) {
            for (Heartbeat rival : rivals.values()) {
                if (rival.freshAt(now) && rival.olderThan(me)) {
                    return say("another overbookd with this daemon's node name (" + node + ") acts on this oned: pid "
                            + rival.pid() + " on "
                            + (rival.machine().isEmpty() ? "an unnamed machine" : rival.machine())
                            + ", started " + Instant.ofEpochMilli(rival.started()) + ", its heartbeat "
                            + (now - rival.seen()) / 1000 + " s old; stop one, or give each its own ha.node-name");
                }
            }
        }
        lastRefusal = null;
        return Optional.empty();
    }

    /**
     * Looks at this node's entry as another process left it. Before this daemon's first write, it is
     * its predecessor's when it names a process of this machine that no longer runs; otherwise, and
     * always once this daemon has written (someone wrote over it since), its writer is a rival.
     */
    private void noteRivals(Map<String, String> entries, long now) {
        Heartbeat current = Heartbeat.parse(entries.get(attribute()));
        if (current == null || current.token().equals(token) || !current.node().equals(node)) {
            return;
        }
        if (!written && predecessor(current)) {
            if (!current.token().equals(predecessorNoted)) {
                predecessorNoted = current.token();
                LOG.info(
                        "this node's heartbeat was left by pid {} (started {}), which no longer runs: taking it over",
                        current.pid(),
                        Instant.ofEpochMilli(current.started()));
            }
            return;
        }
        synchronized (rivals) {
            rivals.put(current.token(), current);
            rivals.values().removeIf(rival -> !rival.freshAt(now));
        }
    }

    private boolean predecessor(Heartbeat entry) {
        if (entry.legacy()) {
            return true; // an earlier version's, replaced by the upgrade that started this one
        }
        return !entry.machine().isEmpty()
                && entry.machine().equals(processes.machine())
                && !processes.running(entry.pid(), entry.pstart());
    }

    /**
     * The board without what earlier versions left (an entry per start, never removed): those no
     * longer fresh, and this node's, which its predecessor wrote.
     */
    private Map<String, String> withoutLeftovers(Map<String, String> entries, long now) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            Heartbeat heartbeat = Heartbeat.parse(entry.getValue());
            boolean leftover = entry.getKey().startsWith(PREFIX)
                    && heartbeat != null
                    && heartbeat.legacy()
                    && (!heartbeat.freshAt(now) || heartbeat.node().equals(node));
            if (!leftover) {
                kept.put(entry.getKey(), entry.getValue());
            }
        }
        return kept;
    }

    private Optional<String> say(String why) {
        if (!why.equals(lastRefusal)) {
            LOG.error("standing down: {}", why);
            lastRefusal = why;
        }
        return Optional.of(why);
    }
}
