package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.overbookd.testing.SharedFiles;
import org.xml.sax.SAXException;

/**
 * Every kind of document the fake oned serves, fetched over XML-RPC, validates against OpenNebula
 * 7.4's XSDs, in every VM state the fake can produce.
 *
 * <p>Host monitoring has no schema of its own: monitoring_data.xsd describes the VM samples, while
 * a host sample has the shape of HOST/MONITORING in host.xsd (oned stores the same element in both
 * places). So each host sample is validated in place, spliced into the HOST element of the same
 * host from the host pool document.
 */
class DocumentSchemaTest extends FakeOnedTest {

    private static final Pattern HOST = Pattern.compile("(?s)<HOST>.*?</HOST>");
    private static final Pattern SAMPLE = Pattern.compile("(?s)<MONITORING>.*?</MONITORING>");
    private static final Pattern ID = Pattern.compile("<ID>(\\d+)</ID>");

    private OneXmlRpcClient client;

    @BeforeEach
    void start() throws Exception {
        client = new OneXmlRpcClient(one.endpoint(), TestSessions.session(dir), Duration.ofSeconds(10));
    }

    @Test
    void everyDocumentValidatesInEveryStateTheFakeReaches() throws Exception {
        // Drive VMs through every transition, validating at each step.
        validateAll();
        client.call("one.vm.deploy", 14, 0, false, -1); // HOLD -> PROLOG
        client.call("one.vm.action", "suspend", 12); // RUNNING -> SAVE_SUSPEND
        client.call("one.vm.action", "stop", 13); // RUNNING -> SAVE_STOP
        client.call("one.vm.action", "resume", 15); // SUSPENDED -> BOOT_SUSPENDED
        client.call("one.vm.deploy", 16, 1, false, -1); // STOPPED -> PROLOG_RESUME
        for (int step = 0; step < 3; step++) {
            validateAll();
            one.tick();
        }
        validateAll();
        assertEquals(OneVmStates.STOPPED, one.vm(13).state, "the stop went all the way");
        assertEquals(OneVmStates.RUNNING, one.vm(16).lcmState, "the redeploy went all the way");
    }

    @Test
    void generatedPoolsValidate() throws Exception {
        PoolGenerator pool = new PoolGenerator(120, 700, 42);
        StringWriter hosts = new StringWriter();
        StringWriter hostSamples = new StringWriter();
        StringWriter vms = new StringWriter();
        StringWriter vmSamples = new StringWriter();
        pool.writeHostPool(hosts);
        pool.writeHostMonitoring(hostSamples);
        pool.writeVmPool(vms);
        pool.writeVmMonitoring(vmSamples);

        OneSchemas.validate("host_pool.xsd", hosts.toString());
        validateHostSamples(hosts.toString(), hostSamples.toString());
        OneSchemas.validate("vm_pool_extended.xsd", vms.toString());
        OneSchemas.validate("monitoring_data.xsd", vmSamples.toString());
    }

    @Test
    void theValidationCanFail() throws Exception {
        SharedFiles.require(OneSchemas.XSD_DIR); // skip here, not inside assertDoesNotThrow
        String vm = client.callForXml("one.vm.info", 12);
        assertDoesNotThrow(() -> OneSchemas.validate("vm.xsd", vm));
        String withoutStime = vm.replaceFirst("<STIME>\\d+</STIME>", "");
        assertThrows(SAXException.class, () -> OneSchemas.validate("vm.xsd", withoutStime));
        String misordered = vm.replaceFirst(
                "<LCM_STATE>(\\d+)</LCM_STATE>(<PREV_STATE>\\d+</PREV_STATE>)", "$2<LCM_STATE>$1</LCM_STATE>");
        assertThrows(SAXException.class, () -> OneSchemas.validate("vm.xsd", misordered));
    }

    @Test
    void theDocumentsCarryNoNamespaceLikeOnedsSoTheRootGetsOneForValidation() throws Exception {
        String pool = client.callForXml("one.hostpool.info");
        assertFalse(pool.contains("xmlns"), "oned's documents have no namespace");
        assertTrue(OneSchemas.withNamespace(pool).startsWith("<HOST_POOL xmlns=\"" + OneSchemas.NAMESPACE + "\">"));
    }

    private void validateAll() throws Exception {
        String hosts = client.callForXml("one.hostpool.info");
        OneSchemas.validate("host_pool.xsd", hosts);
        validateHostSamples(hosts, client.callForXml("one.hostpool.monitoring", 0));
        OneSchemas.validate("vm_pool_extended.xsd", client.callForXml("one.vmpool.infoextended", -2, -1, -1, -1));
        OneSchemas.validate("monitoring_data.xsd", client.callForXml("one.vmpool.monitoring", -2, 0));
        for (int vm = 10; vm <= 23; vm++) {
            OneSchemas.validate("vm.xsd", client.callForXml("one.vm.info", vm));
        }
    }

    /** Checks the MONITORING_DATA wrapper, then validates each sample inside its host's HOST element. */
    private static void validateHostSamples(String hostPool, String samples) throws Exception {
        assertTrue(samples.startsWith("<MONITORING_DATA>") && samples.endsWith("</MONITORING_DATA>"), samples);
        String inner =
                samples.substring("<MONITORING_DATA>".length(), samples.length() - "</MONITORING_DATA>".length());
        assertEquals("", SAMPLE.matcher(inner).replaceAll(""), "MONITORING_DATA holds MONITORING elements only");

        Map<String, String> hostById = new HashMap<>();
        Matcher host = HOST.matcher(hostPool);
        while (host.find()) {
            Matcher id = ID.matcher(host.group());
            assertTrue(id.find());
            hostById.put(id.group(1), host.group());
        }
        List<String> validated = new ArrayList<>();
        Matcher sample = SAMPLE.matcher(inner);
        while (sample.find()) {
            Matcher id = ID.matcher(sample.group());
            assertTrue(id.find(), "a host sample names its host");
            String hostElement = hostById.get(id.group(1));
            assertTrue(hostElement.contains("<MONITORING></MONITORING>") || hostElement.contains("<MONITORING/>"));
            String spliced = hostElement.replaceFirst(
                    "<MONITORING(></MONITORING>|/>)", Matcher.quoteReplacement(sample.group()));
            OneSchemas.validate("host.xsd", spliced);
            validated.add(id.group(1));
        }
        assertFalse(validated.isEmpty(), "some host has a sample");
    }
}
