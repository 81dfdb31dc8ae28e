package org.overbookd.daemon.ha;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;

/**
 * The shared PostgreSQL database of an HA group: a HikariCP pool for Quartz's job store, and
 * dedicated connections outside the pool for the writer lease (so a pool exhausted or stuck behind
 * Quartz never delays a renewal). Every socket has a timeout of a third of the check-in interval,
 * so a cut network fails a renewal instead of hanging it, and the server ends any transaction an
 * overbookd session leaves idle for as long, so a paused node cannot keep Quartz's lock rows. Only
 * the process's first login, before any lease, may take longer ({@link #FIRST_LOGIN}).
 */
public final class Database implements AutoCloseable {

    /**
     * The least time the process's first login gets. That login also loads and initializes the
     * driver, which costs many times a later login (docs/performance.md), and on a loaded host it
     * outlasted the third of a short check-in interval though PostgreSQL answered at once, so the
     * daemon exited 69 at its start. No lease is held then, so only the start waits on it; from the
     * default check-in interval (2 min, 40 s a login) up it changes nothing, and every later login,
     * the lease's and the pool's, keeps a third of the check-in interval.
     */
    static final Duration FIRST_LOGIN = Duration.ofSeconds(30);

    private final HaSettings settings;
    private final HikariDataSource pool;

    private Database(HaSettings settings, HikariDataSource pool) {
        this.settings = settings;
        this.pool = pool;
    }

    /** @throws SQLException when the database cannot be reached or refuses the user */
    public static Database connect(HaSettings settings) throws SQLException {
        // the driver's one-time start, outside the time the pool's and the lease's logins get; a refused
        // login or an unreachable server fails here as it would in the pool
        Duration first = settings.renewEvery().compareTo(FIRST_LOGIN) > 0 ? settings.renewEvery() : FIRST_LOGIN;
        login(settings, "overbookd-start", first).close();
        HikariConfig config = new HikariConfig();
        config.setPoolName("overbookd-quartz");
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.user());
        if (!settings.password().isEmpty()) {
            config.setPassword(settings.password());
        }
        config.setMaximumPoolSize(settings.poolSize());
        config.setMinimumIdle(1);
        long third = Math.max(1000, settings.renewEvery().toMillis());
        config.setConnectionTimeout(third);
        config.setValidationTimeout(Math.max(250, third / 2));
        // Quartz commits its own transactions (JobStoreTX)
        config.setAutoCommit(false);
        config.setDataSourceProperties(socketProperties(settings, settings.renewEvery()));
        try {
            return new Database(settings, new HikariDataSource(config));
        } catch (RuntimeException e) {
            // HikariCP wraps the driver's refusal in its own unchecked exception
            Throwable cause = e.getCause() instanceof SQLException sql ? sql : e;
            throw new SQLException(cause.getMessage(), cause);
        }
    }

    /** A connection of Quartz's pool (auto-commit off). */
    public Connection pooled() throws SQLException {
        return pool.getConnection();
    }

    HikariDataSource pool() {
        return pool;
    }

    /** A new connection outside the pool, auto-commit on, with the socket timeouts. */
    public Connection dedicated(String applicationName) throws SQLException {
        return login(settings, applicationName, settings.renewEvery());
    }

    private static Connection login(HaSettings settings, String applicationName, Duration timeout) throws SQLException {
        Properties properties = socketProperties(settings, timeout);
        properties.setProperty("user", settings.user());
        if (!settings.password().isEmpty()) {
            properties.setProperty("password", settings.password());
        }
        properties.setProperty("ApplicationName", applicationName);
        return DriverManager.getConnection(settings.jdbcUrl(), properties);
    }

    /** The connection properties with {@code timeout} for the connect, the login and each socket read. */
    static Properties socketProperties(HaSettings settings, Duration timeout) {
        long seconds = Math.max(1, timeout.toSeconds());
        Properties p = new Properties();
        p.setProperty("connectTimeout", Long.toString(seconds));
        p.setProperty("socketTimeout", Long.toString(seconds));
        p.setProperty("loginTimeout", Long.toString(seconds));
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty("ApplicationName", "overbookd-quartz");
        // Quartz holds its lock rows (qrtz_locks, SELECT ... FOR UPDATE) inside transactions: a node paused
        // in one (SIGSTOP, a long GC) would keep them for the whole pause, the TCP session being alive, and
        // the node that took the lease over would wait on them and run no step. The server ends such a
        // transaction (and its session) once it is idle for a third of the check-in interval.
        p.setProperty("options", "-c idle_in_transaction_session_timeout=" + idleInTransactionMillis(settings));
        return p;
    }

    /** How long the server lets an overbookd session sit idle inside a transaction: a third of the check-in. */
    static long idleInTransactionMillis(HaSettings settings) {
        return Math.max(1000, settings.renewEvery().toMillis());
    }

    @Override
    public void close() {
        pool.close();
    }
}
