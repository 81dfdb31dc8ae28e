package org.overbookd.daemon.ha;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The process's first login is not held to the third of the check-in interval every later login gets
 * ({@link Database#FIRST_LOGIN}): against a server that accepts and does not answer yet, a start with a
 * check-in interval of 3 s (1 s a login) is still waiting after three times that, and fails, naming no
 * timeout, once the server hangs up.
 */
@Tag("slow")
@Tag("deadlines")
class FirstLoginTest {

    @Test
    void theFirstLoginOutlastsTheThirdOfTheCheckInThatLaterLoginsGet() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = new CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(server.accept()); // held open, never answered
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            HaSettings silent = new HaSettings(
                    "jdbc:postgresql://127.0.0.1:" + server.getLocalPort() + "/overbookd",
                    "node_a",
                    "",
                    4,
                    Duration.ofSeconds(3),
                    "a",
                    Duration.ofMillis(500));
            CompletableFuture<Database> start = CompletableFuture.supplyAsync(() -> {
                try {
                    return Database.connect(silent);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            long third = silent.renewEvery().toMillis();
            assertThrows(
                    TimeoutException.class,
                    () -> start.get(3 * third, TimeUnit.MILLISECONDS),
                    "the first login still waits after three times a later login's timeout");
            assertTrue(accepted.size() >= 1, "the login reached the server");
            for (Socket s : accepted) {
                s.close();
            }
            ExecutionException failed = assertThrows(ExecutionException.class, () -> start.get(30, TimeUnit.SECONDS));
            assertInstanceOf(SQLException.class, failed.getCause().getCause(), failed.toString());
        }
    }
}
