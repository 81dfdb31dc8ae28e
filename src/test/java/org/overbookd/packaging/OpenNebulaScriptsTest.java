package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The front-end's scripts of conf/opennebula, run as OpenNebula runs them, against stand-ins: the
 * placer with a stand-in delegate that records what it is asked and answers a plan naming every VM;
 * the hook with a stand-in oned that records the hold. (The real oned runs both in
 * CitizenAgainstOnedIT.)
 */
class OpenNebulaScriptsTest {

    private static final Path PLACE = Path.of("conf/opennebula/place").toAbsolutePath();
    private static final Path HOOK = Path.of("conf/opennebula/hold-low-qos").toAbsolutePath();

    /** A placement request as oned 7.4 sends it (its shape, captured on the real oned): two pending VMs, one low-QoS. */
    private static final String REQUEST = "<SCHEDULER_DRIVER_ACTION><VM_POOL>"
            + "<VM><ID>16</ID><STATE>1</STATE><LCM_STATE>0</LCM_STATE><USER_TEMPLATE></USER_TEMPLATE></VM>"
            + "<VM><ID>17</ID><STATE>1</STATE><LCM_STATE>0</LCM_STATE><USER_TEMPLATE><QOS><![CDATA[low]]></QOS>"
            + "</USER_TEMPLATE></VM>"
            + "<VM><ID>18</ID><STATE>1</STATE><LCM_STATE>0</LCM_STATE><USER_TEMPLATE><SLA><![CDATA[LOW]]></SLA>"
            + "</USER_TEMPLATE></VM></VM_POOL><HOST_POOL/><REQUIREMENTS>"
            + "<VM><ID>16</ID><HOSTS><ID>0</ID></HOSTS></VM><VM><ID>17</ID><HOSTS><ID>0</ID></HOSTS></VM>"
            + "<VM><ID>18</ID><HOSTS><ID>0</ID></HOSTS></VM></REQUIREMENTS></SCHEDULER_DRIVER_ACTION>";

    @TempDir
    Path dir;

    @BeforeAll
    static void python() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "skipped: no /usr/bin/python3 here");
    }

    /** A scheduler directory: overbookd-stub/place (the script) and stub/place, which records its input and plans every VM. */
    private Path scheduler(String qosAttribute) throws IOException {
        Path ours = Files.createDirectories(dir.resolve("scheduler/overbookd-stub"));
        Files.copy(PLACE, ours.resolve("place"));
        if (qosAttribute != null) {
            Files.writeString(ours.resolve("qos-attribute"), qosAttribute + "\n");
        }
        Path stub = Files.createDirectories(dir.resolve("scheduler/stub")).resolve("place");
        Files.writeString(
                stub,
                "#!/bin/sh\ncat > \"$(dirname \"$0\")/asked\"\necho \"args $*\" >&2\n"
                        + "printf '<PLAN><ID>-1</ID><ACTION><VM_ID>16</VM_ID><HOST_ID>0</HOST_ID><OPERATION>deploy</OPERATION></ACTION>"
                        + "<ACTION><VM_ID>17</VM_ID><HOST_ID>0</HOST_ID><OPERATION>deploy</OPERATION></ACTION>"
                        + "<ACTION><VM_ID>18</VM_ID><HOST_ID>0</HOST_ID><OPERATION>deploy</OPERATION></ACTION></PLAN>'\n");
        Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
        return ours.resolve("place");
    }

    @Test
    void thePlacerHandsOnlyTheOtherVmsToItsDelegateAndDropsLowQosActions() throws Exception {
        Path place = scheduler(null);
        Deb.Result r = run(place, Base64.getEncoder().encodeToString(REQUEST.getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, r.exit(), r.output());
        String asked = new String(
                Base64.getDecoder()
                        .decode(Files.readString(dir.resolve("scheduler/stub/asked"))
                                .strip()),
                StandardCharsets.UTF_8);
        assertFalse(asked.contains("<ID>17</ID>"), "the low-QoS VM is neither to place nor in the pool: " + asked);
        assertTrue(asked.contains("<VM><ID>16</ID>") && asked.contains("<VM><ID>18</ID>"), asked);
        assertTrue(r.output().contains("args extra"), "the delegate gets the placer's arguments: " + r.output());
        assertTrue(r.output().contains("<VM_ID>16</VM_ID>") && r.output().contains("<VM_ID>18</VM_ID>"), r.output());
        assertFalse(r.output().contains("<VM_ID>17</VM_ID>"), "no action on the low-QoS VM: " + r.output());
    }

    @Test
    void theQosAttributeIsOverbookdsOneQosAttribute() throws Exception {
        Path place = scheduler("sla");
        Deb.Result r = run(place, Base64.getEncoder().encodeToString(REQUEST.getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("<VM_ID>17</VM_ID>") && !r.output().contains("<VM_ID>18</VM_ID>"), r.output());
    }

    @Test
    void aRequestItCannotReadPlacesNothing() throws Exception {
        Path place = scheduler(null);
        Deb.Result r = run(place, "not base64 at all!");
        assertEquals(1, r.exit(), r.output());
        assertTrue(
                r.output().contains("cannot read the placement request")
                        && r.output().contains("placing nothing"),
                r.output());
        assertFalse(Files.exists(dir.resolve("scheduler/stub/asked")), "the delegate was not run");
    }

    @Test
    void thePlacerRefusesADirectoryThatNamesNoDelegate() throws Exception {
        Path wrong = Files.createDirectories(dir.resolve("scheduler/overbookd")).resolve("place");
        Files.copy(PLACE, wrong);
        Deb.Result r = run(wrong, "x");
        assertEquals(1, r.exit());
        assertTrue(r.output().contains("must be named overbookd-PLACER"), r.output());
    }

    @Test
    void theHookHoldsAPendingLowQosVmAndNothingElse() throws Exception {
        List<String> calls = new CopyOnWriteArrayList<>();
        HttpServer oned = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        oned.createContext("/RPC2", exchange -> {
            calls.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] reply = ("<?xml version=\"1.0\"?><methodResponse><params><param><value><array><data>"
                            + "<value><boolean>1</boolean></value><value><i4>17</i4></value><value><i4>0</i4></value>"
                            + "</data></array></value></param></params></methodResponse>")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, reply.length);
            exchange.getResponseBody().write(reply);
            exchange.close();
        });
        oned.start();
        try {
            Path auth = dir.resolve("one_auth");
            Files.writeString(auth, "oneadmin:pw\n");
            Map<String, String> env = Map.of(
                    "ONE_AUTH",
                    auth.toString(),
                    "ONE_XMLRPC",
                    "http://127.0.0.1:" + oned.getAddress().getPort() + "/RPC2");
            Deb.Result low = Deb.run(
                    java.time.Duration.ofSeconds(30), env, HOOK.toString(), vm(17, 1, "<QOS><![CDATA[Low ]]></QOS>"));
            assertEquals(0, low.exit(), low.output());
            assertEquals("VM 17 held: it is low-QoS (QOS=Low), overbookd places it\n", low.output());
            assertEquals(1, calls.size());
            assertTrue(
                    calls.get(0).contains("<methodName>one.vm.action</methodName>")
                            && calls.get(0).contains("oneadmin:pw")
                            && calls.get(0).contains("<string>hold</string>")
                            && calls.get(0).contains("<int>17</int>"),
                    calls.get(0));

            assertEquals(
                    0,
                    Deb.run(java.time.Duration.ofSeconds(30), env, HOOK.toString(), vm(18, 1, "<QOS>HIGH</QOS>"))
                            .exit());
            assertEquals(
                    0,
                    Deb.run(java.time.Duration.ofSeconds(30), env, HOOK.toString(), vm(19, 1, ""))
                            .exit());
            assertEquals(
                    0,
                    Deb.run(java.time.Duration.ofSeconds(30), env, HOOK.toString(), vm(20, 2, "<QOS>LOW</QOS>"))
                            .exit(),
                    "already on hold");
            assertEquals(
                    0,
                    Deb.run(java.time.Duration.ofSeconds(30), env, HOOK.toString(), vm(21, 1, "<SLA>LOW</SLA>"), "sla")
                            .exit());
            assertEquals(2, calls.size(), "only VM 17 and, with the attribute named, VM 21: " + calls);
        } finally {
            oned.stop(0);
        }
    }

    private static String vm(int id, int state, String userTemplate) {
        String xml = "<VM><ID>" + id + "</ID><STATE>" + state + "</STATE><LCM_STATE>0</LCM_STATE><USER_TEMPLATE>"
                + userTemplate + "</USER_TEMPLATE></VM>";
        return Base64.getEncoder().encodeToString(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static Deb.Result run(Path place, String stdin) throws Exception {
        Process p = new ProcessBuilder(place.toString(), "extra")
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Deb.Result(p.exitValue(), out);
    }
}
