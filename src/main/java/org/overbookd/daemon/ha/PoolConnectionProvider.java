package org.overbookd.daemon.ha;

import java.sql.Connection;
import java.sql.SQLException;
import org.quartz.utils.ConnectionProvider;

/**
 * Quartz's view of the HA database: connections from our HikariCP pool. The pool belongs to
 * {@link HaMode}, which closes it after the scheduler has shut down, so shutdown here does nothing.
 */
final class PoolConnectionProvider implements ConnectionProvider {

    private final Database database;

    PoolConnectionProvider(Database database) {
        this.database = database;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return database.pooled();
    }

    @Override
    public void shutdown() {
        // the pool outlives the scheduler; HaMode closes it
    }

    @Override
    public void initialize() {
        // the pool is open already
    }
}
