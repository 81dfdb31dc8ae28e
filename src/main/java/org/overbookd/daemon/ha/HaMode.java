package org.overbookd.daemon.ha;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.DBConnectionManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A daemon of an HA group: Quartz's clustered JDBC job store on the shared PostgreSQL database, so
 * every daemon shares one schedule and Quartz fires each step on one node only; and the writer
 * lease, so that only its holder runs Quartz's scheduler at all and enacts. A standby keeps its
 * scheduler in standby (it fires nothing) and tries to take the lease every third of
 * ha.checkin-interval; a node that takes it starts its scheduler, which first recovers what a failed
 * node left (Quartz's cluster recovery) and skips missed fires.
 */
public final class HaMode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HaMode.class);
    static final String DATA_SOURCE = "overbookd";

    private final HaSettings settings;
    private final Database database;
    private final WriterLease lease;

    private HaMode(HaSettings settings, Database database, WriterLease lease) {
        this.settings = settings;
        this.database = database;
        this.lease = lease;
    }

    /**
     * Connects, creates the tables on first start, and readies the lease (not yet taken).
     *
     * @throws ConfigException naming ha.jdbc-url when the database cannot be reached or set up
     */
    public static HaMode open(HaSettings settings) throws ConfigException {
        Database database;
        try {
            database = Database.connect(settings);
        } catch (SQLException e) {
            String why = "cannot connect to " + settings.shownUrl() + " as " + settings.user() + ": " + e.getMessage();
            if (refusedLogin(e)) {
                throw new ConfigException("", Options.HA_USER.key(), why);
            }
            throw new DatabaseUnavailableException(Options.HA_JDBC_URL.key() + ": " + why);
        }
        try {
            if (Schema.ensure(database)) {
                LOG.info("created Quartz's tables and the writer lease table in {}", settings.shownUrl());
            }
        } catch (SQLException | RuntimeException e) {
            database.close();
            throw new ConfigException(
                    "",
                    Options.HA_JDBC_URL.key(),
                    "cannot create the tables in " + settings.shownUrl() + ": " + e.getMessage());
        }
        // unique per process: two daemons given the same node name must still be two holders
        String holder = settings.node() + "/" + UUID.randomUUID().toString().substring(0, 8);
        DBConnectionManager.getInstance().addConnectionProvider(DATA_SOURCE, new PoolConnectionProvider(database));
        return new HaMode(
                settings,
                database,
                new WriterLease(
                        database, holder, settings.node(), settings.checkinInterval(), settings.callDeadline()));
    }

    /** A refused login (bad password, unknown user, no access: SQLSTATE class 28) or database (3D000). */
    private static boolean refusedLogin(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql
                    && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("28") || sql.getSQLState().equals("3D000"))) {
                return true;
            }
        }
        return false;
    }

    public WriterLease lease() {
        return lease;
    }

    /**
     * Quartz on the shared database, clustered; instance id the lease holder's; {@code step} the
     * overbooking step's interval.
     */
    public Properties quartzProperties(Properties local, Duration step) {
        Properties p = new Properties();
        p.putAll(local);
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, lease.holder());
        p.setProperty(StdSchedulerFactory.PROP_JOB_STORE_CLASS, LeaseJobStore.class.getName());
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", DATA_SOURCE);
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        // as often as a standby looks for the lease: Quartz frees a dead writer's trigger once its last
        // check-in is a check-in interval plus 7.5 s old, which must come before the lease expires
        p.setProperty(
                "org.quartz.jobStore.clusterCheckinInterval",
                Long.toString(Math.max(1000, settings.quartzCheckinEvery().toMillis())));
        p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        // A node whose scheduler thread finds no trigger it may take sleeps Quartz's idle wait (24-30 s
        // by default) before it looks again, and another node's moves do not wake it. A writer paused
        // and resumed can take the shared trigger once before it learns that it is standby; the new
        // writer then ran no step for up to 30 s. Looking again within one step bounds that to a step.
        p.setProperty(
                "org.quartz.scheduler.idleWaitTime", Long.toString(Math.max(1000, Math.min(30_000, step.toMillis()))));
        p.setProperty(
                "org.quartz.scheduler.dbFailureRetryInterval",
                Long.toString(Math.max(1000, settings.renewEvery().toMillis())));
        return p;
    }

    /** Runs {@code scheduler} while this node holds the lease, keeps it in standby otherwise. */
    public void manage(Scheduler scheduler) {
        lease.start(role -> {
            try {
                if (scheduler.isShutdown()) {
                    return; // stopping: the lease is about to be released
                }
                if (role == Role.ACTIVE) {
                    LOG.info("this node ({}) is the active writer: running the overbooking steps", settings.node());
                    scheduler.start();
                } else {
                    scheduler.standby();
                }
            } catch (SchedulerException e) {
                LOG.error("cannot switch the scheduler to {}: {}", role, e.getMessage());
            }
        });
    }

    /** Gives the lease up and closes the pool; after the scheduler has shut down. */
    @Override
    public void close() {
        lease.close();
        database.close();
    }
}
