package org.overbookd.daemon.ha;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.overbookd.loop.EnactGate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writer lease of an HA group: one row in the shared database granting the right to enact to
 * one holder at a time until a deadline set by the database's own clock. The holder renews it every
 * third of its lifetime; a holder that stops renewing (killed, paused, cut off) loses it when it
 * expires, and any node may then take it, which starts a new term.
 *
 * <p>Why a time-bounded row rather than a session-level advisory lock: a SIGSTOPped or GC-paused
 * process keeps its TCP session, so PostgreSQL keeps its advisory lock and no standby could ever
 * take over; and when it wakes, it cannot tell from its session that it was away. A lease with an
 * expiry can be taken over on time, and the paused holder finds out on its own: its local deadline
 * has passed.
 *
 * <p>The local deadline is conservative: the lease's remaining time as the database computes it
 * ({@code expires_at - clock_timestamp()}, no comparison of two machines' clocks) is added to this
 * process's monotonic clock read <em>before</em> the request was sent. So this process believes it
 * holds the lease no longer than the database grants it, whatever the network delay (monotonic
 * clocks of the two machines advancing at the same rate; they stop for neither a SIGSTOP nor a GC).
 *
 * <p>As an {@link EnactGate} it answers right before a cycle enacts: it renews, then refuses unless
 * the lease was held without a change of term since the cycle observed, and has time left for the
 * whole batch: (2N+1) calls to oned of one.timeout each, plus one of margin. Then, as the
 * OpenNebula backend's {@link org.overbookd.backend.ActionCheck}, it is asked again before each
 * action of the batch ({@link #beforeEachAction}), locally, so a node paused in the middle of a
 * batch sends nothing more once the lease is gone.
 */
public final class WriterLease implements EnactGate, WriterRole, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WriterLease.class);
    private static final String NAME = "writer";

    /** Takes the row when it is ours or expired; a new holder, or the same after a lapse, starts a new term. */
    private static final String ACQUIRE =
            "INSERT INTO overbookd_writer_lease AS l (name, holder, node, term, expires_at)"
                    + " VALUES (?, ?, ?, 1, clock_timestamp() + ? * interval '1 millisecond')"
                    + " ON CONFLICT (name) DO UPDATE SET"
                    + " term = CASE WHEN l.holder = EXCLUDED.holder AND l.expires_at > clock_timestamp() THEN l.term"
                    + " ELSE l.term + 1 END,"
                    + " holder = EXCLUDED.holder, node = EXCLUDED.node, expires_at = EXCLUDED.expires_at"
                    + " WHERE l.holder = EXCLUDED.holder OR l.expires_at <= clock_timestamp()"
                    + " RETURNING term, floor(extract(epoch from (expires_at - clock_timestamp())) * 1000)::bigint";

    private static final String CURRENT =
            "SELECT node, term, expires_at > clock_timestamp() FROM overbookd_writer_lease" + " WHERE name = ?";
    private static final String RELEASE =
            "UPDATE overbookd_writer_lease SET expires_at = clock_timestamp()" + " WHERE name = ? AND holder = ?";

    private final Database database;
    private final String holder;
    private final String node;
    private final Duration lifetime;
    private final Duration callDeadline;
    private final Thread renewer;
    private volatile Consumer<Role> onChange = role -> {};
    private volatile boolean closed;

    // written under this; volatile so that status readers never wait for a renewal under way
    private Connection connection;
    private volatile long validUntilNanos;
    private volatile boolean everHeld;
    private volatile long term;
    private volatile String lastHolderSeen = "nobody";
    /** Why the last renewal could not reach the database, or null when it did. */
    private volatile String unreachable;

    private Role reported = Role.STANDBY;

    /** The term under which the cycle under way observed; 0 when it observed without the lease. */
    private volatile long cycleTerm;

    /**
     * @param holder unique per process (two daemons given the same node name must not share a lease)
     */
    public WriterLease(Database database, String holder, String node, Duration lifetime, Duration callDeadline) {
        this.database = database;
        this.holder = holder;
        this.node = node;
        this.lifetime = lifetime;
        this.callDeadline = callDeadline;
        this.renewer = new Thread(this::renewLoop, "overbookd-lease");
        renewer.setDaemon(true);
    }

    /**
     * Starts renewing the lease every third of its lifetime (or trying to take it every sixth while
     * standby); {@code onChange} hears role changes.
     */
    public void start(Consumer<Role> onChange) {
        this.onChange = onChange;
        renewer.start();
    }

    private void renewLoop() {
        long holderPeriod = Math.max(100, lifetime.toMillis() / 3);
        // a standby looks twice as often: it takes over sooner once the lease expires, at one cheap query each
        long standbyPeriod = Math.max(100, lifetime.toMillis() / 6);
        while (!closed) {
            boolean held = renew();
            try {
                Thread.sleep(held ? holderPeriod : standbyPeriod);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Renews, or takes the lease when free; reports a role change (outside the lock). {@code run
     * --once} in an HA group calls it before its one cycle: it acts only if no other node holds the lease.
     *
     * @return whether this node holds the lease now
     */
    public boolean renew() {
        Role changed = renewOnce();
        if (changed != null) {
            onChange.accept(changed);
        }
        return heldNow();
    }

    private synchronized Role renewOnce() {
        if (closed) {
            return null;
        }
        long sent = System.nanoTime();
        try {
            if (connection == null || connection.isClosed()) {
                connection = database.dedicated("overbookd-lease " + node);
            }
            try (PreparedStatement s = connection.prepareStatement(ACQUIRE)) {
                s.setQueryTimeout((int) Math.max(1, lifetime.toSeconds() / 3));
                s.setString(1, NAME);
                s.setString(2, holder);
                s.setString(3, node);
                s.setLong(4, lifetime.toMillis());
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        long newTerm = rs.getLong(1);
                        long remainingMillis = rs.getLong(2);
                        if (newTerm != term) {
                            LOG.info("this node ({}) holds the writer lease, term {}", node, newTerm);
                        }
                        term = newTerm;
                        everHeld = true;
                        validUntilNanos =
                                sent + Duration.ofMillis(remainingMillis).toNanos();
                        lastHolderSeen = node;
                    } else {
                        lastHolderSeen = currentHolder();
                    }
                }
            }
            unreachable = null;
        } catch (SQLException e) {
            closeConnection();
            // who holds the lease cannot be known now: not this node, whatever the last answer said
            unreachable = e.getMessage();
            LOG.warn(
                    "writer lease not renewed: database unreachable ({}); this node enacts nothing once it lapses",
                    e.getMessage());
        }
        return report();
    }

    private String currentHolder() throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(CURRENT)) {
            s.setString(1, NAME);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return "nobody";
                }
                return rs.getBoolean(3) ? rs.getString(1) + " (term " + rs.getLong(2) + ")" : "nobody";
            }
        }
    }

    /** The new role when it changed since the last report, else null. */
    private Role report() {
        Role now = heldNow() ? Role.ACTIVE : Role.STANDBY;
        if (now == reported) {
            return null;
        }
        reported = now;
        if (now == Role.STANDBY) {
            LOG.warn("this node ({}) is standby now: {}", node, whyStandby());
        }
        return now;
    }

    /** Why this node does not hold the lease, for the log: who does, or that the database cannot be asked. */
    String whyStandby() {
        String cut = unreachable;
        return cut != null
                ? "its writer lease lapsed while the database cannot be reached (" + cut + ")"
                : "the writer lease is held by " + lastHolderSeen;
    }

    private boolean heldNow() {
        return everHeld && System.nanoTime() - validUntilNanos < 0;
    }

    /** Called as a cycle observes: the term it will have to still hold when it enacts. */
    public void cycleBegins() {
        long t = term;
        cycleTerm = heldNow() ? t : 0;
    }

    @Override
    public Optional<String> refusal() {
        return refusal(1);
    }

    @Override
    public Optional<String> refusal(int actions) {
        long began = cycleTerm;
        if (began == 0) {
            return Optional.of("node " + node + " did not hold the writer lease when this cycle observed (holder: "
                    + holderSeen() + ")");
        }
        renew();
        {
            if (!heldNow()) {
                return Optional.of(
                        "node " + node + " lost the writer lease during this cycle (holder now: " + holderSeen() + ")");
            }
            if (term != began) {
                return Optional.of("the writer lease lapsed during this cycle (term " + began + ", now " + term
                        + "); its view may be stale");
            }
            Duration left = Duration.ofNanos(validUntilNanos - System.nanoTime());
            // (2N+1) calls of one.timeout each, plus one more as margin for the time between this check
            // and the first call, and for the two machines' clocks running at slightly different rates
            Duration needed = callDeadline.multipliedBy(2L * actions + 2);
            if (left.compareTo(needed) < 0) {
                return Optional.of("the writer lease has " + left.toMillis() + " ms left and " + actions
                        + " decision" + (actions == 1 ? "" : "s") + " may take up to " + needed.toMillis()
                        + " ms ((2N+2) x one.timeout); raise ha.checkin-interval or lower one.timeout");
            }
        }
        return Optional.empty();
    }

    /**
     * Asked right before each action of a batch that {@link #refusal(int)} let through: still held,
     * in the term under which the cycle observed, with time left for this action's two calls to oned
     * (the fresh one.vm.info and the action) plus one of margin; and again, for a decision that places
     * a VM, between its mark for OneDRS and the action (the mark needs no lease: sent late, it changes
     * nothing but what OneDRS may do with the VM). Local, no round trip: the renewer
     * keeps extending the deadline while this node runs, so a batch sent without a pause never
     * trips it; a node paused in the middle of its batch (SIGSTOP, a long GC) for longer than the
     * lease had left finds its deadline passed when it wakes, and sends nothing more.
     */
    public Optional<String> beforeEachAction() {
        long began = cycleTerm;
        if (began == 0 || !heldNow() || term != began) {
            return Optional.of("node " + node + " lost the writer lease in the middle of this cycle's batch"
                    + " (holder now: " + holderSeen() + ")");
        }
        Duration left = Duration.ofNanos(validUntilNanos - System.nanoTime());
        Duration needed = callDeadline.multipliedBy(3);
        if (left.compareTo(needed) < 0) {
            return Optional.of(
                    "the writer lease has " + left.toMillis() + " ms left, less than the " + needed.toMillis()
                            + " ms (3 x one.timeout) one more action may take; the rest of the batch is not sent");
        }
        return Optional.empty();
    }

    private String holderSeen() {
        return unreachable != null ? "unknown, the database cannot be reached" : lastHolderSeen;
    }

    @Override
    public Role role() {
        return heldNow() ? Role.ACTIVE : Role.STANDBY;
    }

    @Override
    public String node() {
        return node;
    }

    public String holder() {
        return holder;
    }

    /** The current term while held, else 0. */
    public long term() {
        return heldNow() ? term : 0;
    }

    /** Gives the lease up at once (a clean stop), so a standby need not wait for it to expire. */
    @Override
    public void close() {
        closed = true;
        renewer.interrupt();
        synchronized (this) {
            if (heldNow() && connection != null) {
                try (PreparedStatement s = connection.prepareStatement(RELEASE)) {
                    s.setQueryTimeout((int) Math.max(1, lifetime.toSeconds() / 3));
                    s.setString(1, NAME);
                    s.setString(2, holder);
                    s.executeUpdate();
                    LOG.info("writer lease released");
                } catch (SQLException e) {
                    LOG.warn("writer lease not released ({}); it expires on its own", e.getMessage());
                }
            }
            validUntilNanos = System.nanoTime();
            everHeld = false;
            closeConnection();
        }
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // already broken
            }
            connection = null;
        }
    }
}
