package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An https endpoint over real TLS: a loopback server with a self-signed certificate for
 * {@code localhost} made by the JDK's keytool. The client uses the JVM's default TLS settings (an
 * operator trusts oned's certificate with the standard {@code javax.net.ssl.trustStore} property),
 * so each test sets the JVM default to trust the certificate or not and restores it after.
 *
 * <p>Slow only because keytool is a process of its own (about a second).
 */
@Tag("slow")
@Tag("deadlines")
class OneTlsTest {

    private static final String PASSWORD = "changeit";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    static Path keys;

    private static SSLContext serverSide;
    private static SSLContext trusting;

    @TempDir
    Path dir;

    private SSLContext jvmDefault;
    private FaultServer server;
    private OneSession session;

    @BeforeAll
    static void makeCertificate() throws Exception {
        Path store = keys.resolve("oned.p12");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "oned",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-validity",
                        "2",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "SAN=dns:localhost",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        PASSWORD,
                        "-keypass",
                        PASSWORD)
                .redirectErrorStream(true)
                .start();
        String said = new String(keytool.getInputStream().readAllBytes());
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, "keytool: " + said);
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keyStore.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keyStore, PASSWORD.toCharArray());
        serverSide = SSLContext.getInstance("TLS");
        serverSide.init(keyManagers.getKeyManagers(), null, null);
        // a self-signed certificate is its own trust anchor
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(keyStore);
        trusting = SSLContext.getInstance("TLS");
        trusting.init(null, trustManagers.getTrustManagers(), null);
    }

    @BeforeEach
    void start() throws Exception {
        jvmDefault = SSLContext.getDefault();
        server = FaultServer.startTls(serverSide).behave(FaultServer.reply(XmlRpcWire.success("<HOST_POOL/>")));
        session = TestSessions.session(dir);
    }

    @AfterEach
    void stop() throws Exception {
        SSLContext.setDefault(jvmDefault);
        server.close();
    }

    @Test
    void aTrustedCertificateCarriesTheCallOverTls() throws Exception {
        SSLContext.setDefault(trusting);
        Object reply = new OneXmlRpcClient(server.endpoint("localhost"), session, TIMEOUT).call("one.hostpool.info");
        assertEquals("<HOST_POOL/>", reply);
        List<String> requests = server.requests();
        assertEquals(1, requests.size());
        assertTrue(requests.get(0).startsWith("POST /RPC2 HTTP/1.0\r\n"), requests.get(0));
        assertTrue(requests.get(0).contains("<methodName>one.hostpool.info</methodName>"), requests.get(0));
    }

    @Test
    void anUntrustedCertificateStopsTheCallBeforeAnythingIsSent() {
        OneCallFailure failure = assertThrows(
                OneCallFailure.class,
                () -> new OneXmlRpcClient(server.endpoint("localhost"), session, TIMEOUT)
                        .call("one.vm.action", "suspend", 7));
        assertEquals(List.of(), server.requests(), "no byte of the request may pass an untrusted handshake");
        assertFalse(failure.mayHaveReachedOned(), failure.getMessage());
        assertFalse(failure.getMessage().contains(TestSessions.PASSWORD), failure.getMessage());
    }

    @Test
    void aCertificateForAnotherHostNameIsRefused() throws Exception {
        SSLContext.setDefault(trusting);
        // the certificate names localhost; 127.0.0.1 is the same server under a name it does not carry
        OneCallFailure failure = assertThrows(
                OneCallFailure.class,
                () -> new OneXmlRpcClient(server.endpoint("127.0.0.1"), session, TIMEOUT).call("one.hostpool.info"));
        assertEquals(
                List.of(), server.requests(), "host name verification happens in the handshake, before the request");
        assertFalse(failure.mayHaveReachedOned(), failure.getMessage());
    }
}
