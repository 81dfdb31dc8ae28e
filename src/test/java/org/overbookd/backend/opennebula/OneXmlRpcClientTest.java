package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.apache.xmlrpc.client.XmlRpcClientConfigImpl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The XML-RPC layer against the fake oned: replies, refusals with their bare i8, and every failure. */
class OneXmlRpcClientTest extends FakeOnedTest {

    private static final Duration SHORT = Duration.ofMillis(300);
    private static final Duration AMPLE = Duration.ofSeconds(5);

    private OneSession session;

    @BeforeEach
    void start() throws Exception {
        session = TestSessions.session(dir);
    }

    private OneXmlRpcClient client(Duration timeout) {
        return new OneXmlRpcClient(one.endpoint(), session, timeout);
    }

    @Test
    void returnsTheValueOfASuccessfulReplyAndSendsTheSessionFirst() throws Exception {
        String pool = client(AMPLE).callForXml("one.hostpool.info");
        assertTrue(pool.startsWith("<HOST_POOL>"), pool);
        assertEquals(14, client(AMPLE).call("one.vm.deploy", 14, 0, false, -1));
        XmlRpcWire.Call deploy = one.calls().get(1);
        assertEquals("one.vm.deploy", deploy.method());
        assertEquals(java.util.List.of(TestSessions.SESSION, 14, 0, false, -1), deploy.params());
    }

    @Test
    void extensionsAreOff() throws Exception {
        client(AMPLE).call("one.vm.info", 12);
        assertFalse(one.requestBodies().isEmpty());
        for (String body : one.requestBodies()) {
            assertFalse(body.contains("ws.apache.org/xmlrpc/namespaces/extensions"), body);
        }
    }

    @Test
    void anErrorReplyWithItsBareI8BecomesARefusal() {
        OneRefusal refusal = assertThrows(OneRefusal.class, () -> client(AMPLE).call("one.vm.info", 404));
        assertEquals(0x400, refusal.code());
        assertEquals(OneErrorCode.NO_EXISTS, refusal.errorCode());
        assertEquals("[one.vm.info] Error getting virtual machine [404].", refusal.serverMessage());
        assertTrue(refusal.getMessage().startsWith("one.vm.info refused with 0x400 (NO_EXISTS)"), refusal.getMessage());
        assertTrue(one.responseBodies().get(0).contains("<i8>0</i8>"), "the reply did carry a bare i8");
    }

    @Test
    void theStockLibraryWithExtensionsOffCannotReadThatReply() throws Exception {
        // Why ReplyTypeFactory reads a bare i8: without it the same reply does not parse.
        XmlRpcClientConfigImpl config = new XmlRpcClientConfigImpl();
        config.setServerURL(one.endpoint().toURL());
        XmlRpcClient stock = new XmlRpcClient();
        stock.setConfig(config);
        XmlRpcException e = assertThrows(
                XmlRpcException.class, () -> stock.execute("one.vm.info", new Object[] {TestSessions.SESSION, 404}));
        assertTrue(String.valueOf(e.getMessage()).contains("i8"), e.getMessage());
    }

    @Test
    void aWrongStateIsRefusedWith0x800() {
        OneRefusal refusal = assertThrows(OneRefusal.class, () -> client(AMPLE).call("one.vm.action", "suspend", 14));
        assertEquals(0x800, refusal.code());
        assertTrue(refusal.errorCode().refusesTheDecision());
    }

    @Test
    void aBadSessionIsRefusedWith0x100() throws Exception {
        OneSession wrong = OneSession.read(TestSessions.authFile(dir, "oneadmin:wrong-password", "rw-------"));
        OneRefusal refusal = assertThrows(
                OneRefusal.class, () -> new OneXmlRpcClient(one.endpoint(), wrong, AMPLE).call("one.hostpool.info"));
        assertEquals(OneErrorCode.AUTHENTICATION, refusal.errorCode());
        assertFalse(refusal.errorCode().refusesTheDecision());
    }

    @Test
    void noReplyWithinTheTimeoutIsATimeout() {
        one.fail("one.hostpool.info", FakeOned.Fault.TIMEOUT);
        long started = System.nanoTime();
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(SHORT).call("one.hostpool.info"));
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(OneCallFailure.Kind.TIMEOUT, failure.kind());
        assertTrue(failure.getMessage().contains("no reply within 300 ms"), failure.getMessage());
        assertTrue(tookMillis < 5_000, "gave up after " + tookMillis + " ms, not when the server answered");
        assertTrue(failure.kind().endpointDown());
    }

    @Test
    void aStoppedServerIsUnreachable() {
        one.stop();
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(AMPLE).call("one.hostpool.info"));
        assertEquals(OneCallFailure.Kind.UNREACHABLE, failure.kind());
        assertTrue(failure.getMessage().contains("cannot connect: Connection refused"), failure.getMessage());
        assertFalse(
                failure.getMessage().contains("Exception"), "the system's words, not Java's: " + failure.getMessage());
    }

    @Test
    void anHttpErrorIsReportedWithItsStatus() {
        one.fail(FakeOned.ANY_METHOD, FakeOned.Fault.HTTP_500);
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(AMPLE).call("one.hostpool.info"));
        assertEquals(OneCallFailure.Kind.HTTP, failure.kind());
        assertTrue(failure.getMessage().contains("HTTP status 500"), failure.getMessage());
        assertFalse(failure.kind().endpointDown());
    }

    @Test
    void aBrokenEnvelopeIsMalformed() {
        one.fail("one.hostpool.info", FakeOned.Fault.MALFORMED_ENVELOPE);
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(AMPLE).call("one.hostpool.info"));
        assertEquals(OneCallFailure.Kind.MALFORMED, failure.kind());
    }

    @Test
    void aReplyThatIsNotOnedsArrayIsMalformed() {
        one.fail("one.hostpool.info", FakeOned.Fault.BARE_VALUE);
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(AMPLE).call("one.hostpool.info"));
        assertEquals(OneCallFailure.Kind.MALFORMED, failure.kind());
        assertTrue(failure.getMessage().contains("expected [success, value, code], got String"), failure.getMessage());
    }

    @Test
    void anXmlRpcFaultIsAFault() {
        OneCallFailure failure =
                assertThrows(OneCallFailure.class, () -> client(AMPLE).call("one.no.such.method"));
        assertEquals(OneCallFailure.Kind.FAULT, failure.kind());
        assertTrue(failure.getMessage().contains("-506"), failure.getMessage());
    }

    @Test
    void toStringNamesEndpointAndUserOnly() {
        String text = client(AMPLE).toString();
        assertTrue(text.contains(one.endpoint().toString()) && text.contains("oneadmin"), text);
        assertFalse(text.contains(TestSessions.PASSWORD));
    }
}
