package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;

/**
 * The transport's promises, each against a raw-socket server that breaks one of them: a whole-call
 * deadline, one attempt per call, no DOCTYPE, no parser noise on stderr, bounded server text.
 */
class OneTransportFaultTest {

    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    private FaultServer server;
    private OneSession session;

    @BeforeEach
    void start() throws Exception {
        server = FaultServer.start();
        session = TestSessions.session(dir);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private OneXmlRpcClient client(Duration timeout) {
        return new OneXmlRpcClient(server.endpoint(), session, timeout);
    }

    @Test
    void aReplyTricklingInEndsAtTheWholeCallsDeadline() {
        // about 300 bytes at one per 50 ms: 15 s, while every single read is quick
        server.behave(server.trickle(XmlRpcWire.success("<HOST_POOL/>"), 50));
        long started = System.nanoTime();
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.hostpool.info"));
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertEquals("TIMEOUT", failure.kind().name(), failure.getMessage());
        assertEquals(BackendException.Cause.TIMEOUT, failure.failureCause());
        assertTrue(tookMillis < 2_500, "the call lasted " + tookMillis + " ms with a 1 s timeout");
    }

    @Test
    void aTlsHandshakeTricklingInEndsAtTheWholeCallsDeadline() throws Exception {
        // a peer that announces a 16 KB TLS record and sends it one byte every 100 ms: every single
        // read of the handshake is quick, so only a deadline for the whole call ends it
        try (java.net.ServerSocket tls = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(
                    () -> {
                        try (java.net.Socket socket = tls.accept()) {
                            var out = socket.getOutputStream();
                            out.write(new byte[] {0x16, 0x03, 0x03, 0x40, 0x00});
                            for (int i = 0; i < 200; i++) {
                                out.write(0);
                                out.flush();
                                java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
                            }
                        } catch (java.io.IOException e) {
                            // the client hung up: expected
                        }
                    },
                    "trickling-tls-peer");
            peer.setDaemon(true);
            peer.start();
            java.net.URI endpoint = java.net.URI.create("https://127.0.0.1:" + tls.getLocalPort() + "/RPC2");
            long started = System.nanoTime();
            OneCallFailure failure = assertThrows(
                    OneCallFailure.class,
                    () -> new OneXmlRpcClient(endpoint, session, ONE_SECOND).call("one.hostpool.info"));
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            assertEquals("TIMEOUT", failure.kind().name(), failure.getMessage());
            assertTrue(tookMillis < 2_500, "the call lasted " + tookMillis + " ms with a 1 s timeout");
        }
    }

    @Test
    void aConnectionClosedWithoutAReplyIsNotSentAgain() {
        server.behave(FaultServer.closeWithoutReply());
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.vm.deploy", 14, 0, false, -1));
        assertEquals(
                1,
                server.requests().size(),
                "requests the server received: " + server.requests().size());
        assertEquals("REPLY_LOST", failure.kind().name(), failure.getMessage());
        assertEquals(BackendException.Cause.UNREACHABLE, failure.failureCause());
    }

    @Test
    void aGatewaysErrorAfterTheRequestLeavesItsFateUnknownButAProxyRefusingAuthDoesNot() {
        // oned answers 200 with its own array; a 502 or 504 comes from a proxy that may have passed the
        // request on before giving up, so the action may have happened
        server.behave((socket, request) -> FaultServer.write(
                socket, "HTTP/1.1 504 Gateway Time-out\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", ""));
        OneCallFailure gateway =
                assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.vm.action", "suspend", 12));
        assertTrue(gateway.mayHaveReachedOned(), gateway.getMessage());
        server.behave((socket, request) -> FaultServer.write(
                socket,
                "HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                ""));
        OneCallFailure proxyAuth =
                assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.vm.action", "suspend", 12));
        assertFalse(proxyAuth.mayHaveReachedOned(), proxyAuth.getMessage());
        assertEquals(BackendException.Cause.AUTH, proxyAuth.failureCause());
    }

    @Test
    void serverTextStaysOneLineWithoutControlCharactersEvenWhenItLooksBounded() {
        String forged = "x".repeat(ServerText.MAX_CHARS) + "\nERROR forged line\u001b[2J... (1 more characters)";
        String bounded = ServerText.bounded(forged);
        assertFalse(bounded.contains("\n") || bounded.contains("\u001b"), bounded);
    }

    @Test
    void aDoctypeInTheReplyIsRefusedBeforeAnyEntityExpands() {
        String entities = "<!DOCTYPE methodResponse [<!ENTITY a \"" + "a".repeat(1000) + "\">" + "<!ENTITY b \""
                + "&a;".repeat(10) + "\"><!ENTITY c \"" + "&b;".repeat(10) + "\">]>";
        String reply = XmlRpcWire.success("PLACEHOLDER")
                .replace("PLACEHOLDER", "&c;")
                .replaceFirst("\\?>", "?>" + entities.replace("$", "\\$"));
        server.behave(FaultServer.reply(reply));
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.hostpool.info"));
        assertEquals("MALFORMED", failure.kind().name());
        assertEquals(BackendException.Cause.MALFORMED, failure.failureCause());
        assertTrue(failure.getMessage().contains("DOCTYPE"), failure.getMessage());
    }

    @Test
    void aBrokenReplyPrintsNothingOnStandardError() {
        server.behave(FaultServer.reply("<?xml version=\"1.0\"?><methodResponse><params><param><value>"));
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        OneCallFailure failure;
        try {
            failure =
                    assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.hostpool.info"));
        } finally {
            System.setErr(original);
        }
        assertEquals("MALFORMED", failure.kind().name());
        String stderr = captured.toString(StandardCharsets.UTF_8);
        assertFalse(stderr.contains("[Fatal Error]"), stderr);
    }

    @Test
    void aServersLongMessageIsBoundedInTheRefusal() {
        server.behave(FaultServer.reply(XmlRpcWire.failure("[one.vm.action] " + "x".repeat(100_000), 0x800)));
        OneRefusal refusal =
                assertThrows(OneRefusal.class, () -> client(ONE_SECOND).call("one.vm.action", "suspend", 12));
        assertTrue(
                refusal.getMessage().length() < 700,
                "message of " + refusal.getMessage().length() + " characters");
        assertTrue(refusal.getMessage().endsWith("(99504 more characters)"), refusal.getMessage());
    }

    @Test
    void aReplyLargerThanTheCapIsMalformedWithOrWithoutAContentLength() throws Exception {
        String big = XmlRpcWire.success("z".repeat(4096));
        OneXmlRpcClient capped = new OneXmlRpcClient(server.endpoint(), session, ONE_SECOND, 1024);
        server.behave(FaultServer.reply(big));
        OneCallFailure declared = assertThrows(OneCallFailure.class, () -> capped.call("one.hostpool.info"));
        assertEquals(BackendException.Cause.MALFORMED, declared.failureCause());
        assertTrue(declared.getMessage().contains("reply larger than 1024 bytes"), declared.getMessage());

        server.behave((socket, request) ->
                FaultServer.write(socket, "HTTP/1.0 200 OK\r\nContent-Type: text/xml\r\n\r\n", big));
        OneCallFailure undeclared = assertThrows(OneCallFailure.class, () -> capped.call("one.hostpool.info"));
        assertTrue(undeclared.getMessage().contains("reply larger than 1024 bytes"), undeclared.getMessage());
        assertEquals(
                4096,
                ((String) client(ONE_SECOND).call("one.hostpool.info")).length(),
                "the same reply without the cap, ending with the connection");
    }

    @Test
    void aServersLongFaultIsBoundedInTheFailure() {
        server.behave(FaultServer.reply(XmlRpcWire.fault(-501, "y".repeat(100_000))));
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(ONE_SECOND).call("one.hostpool.info"));
        assertTrue(
                failure.getMessage().length() < 700,
                "message of " + failure.getMessage().length() + " characters");
        assertTrue(failure.getMessage().contains("more characters)"), failure.getMessage());
    }
}
