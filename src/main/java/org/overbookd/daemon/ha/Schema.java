package org.overbookd.daemon.ha;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Creates the tables of an HA group on first start: Quartz's own (the DDL that ships inside the
 * Quartz jar, tables_postgres.sql, less its DROP statements) and the writer lease's. One
 * transaction under a transaction-level advisory lock, so two nodes starting together do not race;
 * the second finds the tables there and does nothing. The database user needs CREATE on its schema
 * the first time only.
 */
public final class Schema {

    /** Any constant both nodes agree on; PostgreSQL advisory locks are keyed by a 64-bit number. */
    private static final long INIT_LOCK = 0x6f7665726264L; // "overbd"

    static final String QUARTZ_DDL = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";
    static final String LEASE_DDL = "CREATE TABLE IF NOT EXISTS overbookd_writer_lease ("
            + " name VARCHAR(64) PRIMARY KEY, holder VARCHAR(200) NOT NULL, node VARCHAR(200) NOT NULL,"
            + " term BIGINT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)";

    private Schema() {}

    /** @return true when this call created Quartz's tables */
    public static boolean ensure(Database database) throws SQLException {
        try (Connection c = database.pooled()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_xact_lock(" + INIT_LOCK + ")");
                boolean created = false;
                if (!exists(s, "qrtz_locks")) {
                    for (String ddl : quartzStatements()) {
                        s.execute(ddl);
                    }
                    created = true;
                }
                s.execute(LEASE_DDL);
                c.commit();
                return created;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static boolean exists(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    /** The CREATE statements of Quartz's PostgreSQL script, comments, DROPs and its final commit left out. */
    static List<String> quartzStatements() {
        String script;
        try (InputStream in = Schema.class.getClassLoader().getResourceAsStream(QUARTZ_DDL)) {
            if (in == null) {
                throw new IllegalStateException(QUARTZ_DDL + " is missing from the Quartz jar");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + QUARTZ_DDL + ": " + e.getMessage(), e);
        }
        StringBuilder sql = new StringBuilder();
        for (String line : script.split("\n")) {
            if (!line.strip().startsWith("--")) {
                sql.append(line).append('\n');
            }
        }
        List<String> statements = new ArrayList<>();
        for (String statement : sql.toString().split(";")) {
            String s = statement.strip();
            String head = s.toLowerCase(Locale.ROOT);
            if (!s.isEmpty() && !head.startsWith("drop ") && !head.equals("commit")) {
                statements.add(s);
            }
        }
        return statements;
    }
}
