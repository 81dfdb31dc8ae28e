package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.model.QosClass;
import org.overbookd.model.RunRecord;
import org.overbookd.model.VmSize;

/** The parsers on small hand-written documents, in oned's shape. */
class ParserTest {

    private static final String HOST_POOL = """
            <HOST_POOL>
              <HOST>
                <ID>3</ID><NAME>node3</NAME><STATE>2</STATE><PREV_STATE>2</PREV_STATE><CLUSTER_ID>0</CLUSTER_ID>
                <HOST_SHARE><TOTAL_CPU>800</TOTAL_CPU><MAX_CPU>750</MAX_CPU></HOST_SHARE>
                <VMS><ID>99</ID></VMS>
                <TEMPLATE><ID>77</ID><NAME><![CDATA[not the name]]></NAME><MAX_CPU>1</MAX_CPU></TEMPLATE>
                <MONITORING/>
              </HOST>
              <HOST>
                <ID>4</ID><NAME>node4</NAME><STATE>4</STATE>
                <HOST_SHARE><MEM_USAGE>2097152</MEM_USAGE><MAX_MEM>16777216</MAX_MEM><TOTAL_CPU>1600</TOTAL_CPU><MAX_CPU>2400</MAX_CPU></HOST_SHARE>
              </HOST>
            </HOST_POOL>""";

    @Test
    void hostPoolReadsEachHostIgnoringSameNamedElementsElsewhere() throws Exception {
        List<HostRecord> hosts = HostPoolParser.parse(new StringReader(HOST_POOL));
        assertEquals(
                List.of(new HostRecord(3, "node3", 2, 800), new HostRecord(4, "node4", 4, 1600, 14 * 1024, -1)),
                hosts,
                "TOTAL_CPU, not MAX_CPU; free memory: MAX_MEM less MEM_USAGE, KiB to MiB (16 GiB - 2 GiB); unknown without"
                        + " them; a host without CLUSTER_ID is in no cluster");
    }

    @Test
    void aNamespacedDocumentReadsTheSame() throws Exception {
        String namespaced = OneSchemas.withNamespace(HOST_POOL);
        assertTrue(namespaced.contains("xmlns="));
        assertEquals(
                HostPoolParser.parse(new StringReader(HOST_POOL)), HostPoolParser.parse(new StringReader(namespaced)));
    }

    @Test
    void hostPoolRefusesAnotherRootAndMissingFields() {
        XMLStreamException root =
                assertThrows(XMLStreamException.class, () -> HostPoolParser.parse(new StringReader("<VM_POOL/>")));
        assertTrue(root.getMessage().contains("expected root element HOST_POOL"), root.getMessage());
        XMLStreamException missing = assertThrows(
                XMLStreamException.class,
                () -> HostPoolParser.parse(new StringReader(
                        "<HOST_POOL><HOST><ID>5</ID><NAME>n</NAME><STATE>2</STATE></HOST></HOST_POOL>")));
        assertTrue(missing.getMessage().contains("HOST 5 has no HOST_SHARE/TOTAL_CPU"), missing.getMessage());
    }

    @Test
    void malformedXmlFailsWithALocation() {
        XMLStreamException e = assertThrows(
                XMLStreamException.class, () -> HostPoolParser.parse(new StringReader("<HOST_POOL><HOST><ID>1</ID")));
        assertTrue(e.getLocation() != null || e.getMessage().contains("ParseError"), e.getMessage());
        XMLStreamException number = assertThrows(
                XMLStreamException.class,
                () -> HostPoolParser.parse(new StringReader("<HOST_POOL><HOST><ID>x1</ID></HOST></HOST_POOL>")));
        assertTrue(number.getMessage().contains("HOST_POOL/HOST/ID is not an integer: 'x1'"), number.getMessage());
    }

    @Test
    void externalEntitiesAreNeverResolved(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET-CONTENT");
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE HOST_POOL [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>"
                + "<HOST_POOL><HOST><ID>1</ID><NAME>&x;</NAME><STATE>2</STATE>"
                + "<HOST_SHARE><TOTAL_CPU>100</TOTAL_CPU></HOST_SHARE></HOST></HOST_POOL>";
        XMLStreamException e =
                assertThrows(XMLStreamException.class, () -> HostPoolParser.parse(new StringReader(xxe)));
        assertFalse(e.getMessage().contains("TOP-SECRET-CONTENT"));
    }

    @Test
    void hostMonitoringKeepsTheLatestSampleWithAUsedCpu() throws Exception {
        String samples = """
                <MONITORING_DATA>
                  <MONITORING><TIMESTAMP>100</TIMESTAMP><ID>3</ID><CAPACITY><FREE_CPU>100</FREE_CPU><USED_CPU>700</USED_CPU></CAPACITY></MONITORING>
                  <MONITORING><TIMESTAMP>200</TIMESTAMP><ID>3</ID><CAPACITY><USED_CPU>650</USED_CPU></CAPACITY><SYSTEM><NETRX>1</NETRX></SYSTEM></MONITORING>
                  <MONITORING><TIMESTAMP>150</TIMESTAMP><ID>3</ID><CAPACITY><USED_CPU>1</USED_CPU></CAPACITY></MONITORING>
                  <MONITORING><TIMESTAMP>300</TIMESTAMP><ID>4</ID><CAPACITY><FREE_CPU>100</FREE_CPU></CAPACITY></MONITORING>
                  <MONITORING/>
                </MONITORING_DATA>""";
        Map<Integer, MonitoringSample> latest = MonitoringParser.HOSTS.parse(new StringReader(samples));
        assertEquals(Map.of(3, new MonitoringSample(3, 200, 650)), latest, "host 4 has no USED_CPU: not monitored");
    }

    @Test
    void monitoringReadsOpenNebulasForecastsBesideTheCpuFigure() throws Exception {
        // OpenNebula 7.4's prediction probe: CAPACITY/USED_CPU_FORECAST for a host, CPU_FORECAST for a VM
        // (host.xsd, vm.xsd); _FAR is the long-term one, not read; a negative or absent forecast is none
        String hosts = """
                <MONITORING_DATA>
                  <MONITORING><TIMESTAMP>9</TIMESTAMP><ID>1</ID><CAPACITY><USED_CPU>650</USED_CPU><USED_CPU_FORECAST>702.37</USED_CPU_FORECAST><USED_CPU_FORECAST_FAR>1</USED_CPU_FORECAST_FAR></CAPACITY></MONITORING>
                  <MONITORING><TIMESTAMP>9</TIMESTAMP><ID>2</ID><CAPACITY><USED_CPU>10</USED_CPU><USED_CPU_FORECAST>-3</USED_CPU_FORECAST></CAPACITY></MONITORING>
                  <MONITORING><TIMESTAMP>9</TIMESTAMP><ID>3</ID><CAPACITY><USED_CPU>10</USED_CPU></CAPACITY></MONITORING>
                </MONITORING_DATA>""";
        assertEquals(
                Map.of(
                        1,
                        new MonitoringSample(1, 9, 650, 702.37),
                        2,
                        new MonitoringSample(2, 9, 10),
                        3,
                        new MonitoringSample(3, 9, 10)),
                MonitoringParser.HOSTS.parse(new StringReader(hosts)));
        String vms = """
                <MONITORING_DATA>
                  <MONITORING><CPU>12.75</CPU><CPU_FORECAST>20.5</CPU_FORECAST><ID>7</ID><TIMESTAMP>5</TIMESTAMP></MONITORING>
                </MONITORING_DATA>""";
        assertEquals(
                Map.of(7, new MonitoringSample(7, 5, 12.75, 20.5)), MonitoringParser.VMS.parse(new StringReader(vms)));
    }

    @Test
    void vmMonitoringReadsDecimalCpuAndIgnoresTheHostPath() throws Exception {
        String samples = """
                <MONITORING_DATA>
                  <MONITORING><CPU>12.75</CPU><DISK_SIZE><ID>0</ID><SIZE>10</SIZE></DISK_SIZE><ID>7</ID><MEMORY>1</MEMORY><TIMESTAMP>5</TIMESTAMP></MONITORING>
                  <MONITORING><ID>8</ID><TIMESTAMP>5</TIMESTAMP></MONITORING>
                </MONITORING_DATA>""";
        assertEquals(
                Map.of(7, new MonitoringSample(7, 5, 12.75)), MonitoringParser.VMS.parse(new StringReader(samples)));
        assertEquals(
                Map.of(), MonitoringParser.HOSTS.parse(new StringReader(samples)), "a VM's CPU is no host's USED_CPU");
    }

    private static final String VM_POOL = """
            <VM_POOL>
              <VM>
                <ID>7</ID><UID>0</UID><NAME>batch</NAME><STATE>3</STATE><LCM_STATE>3</LCM_STATE><STIME>1000</STIME>
                <MONITORING><CPU>5</CPU><ID>999</ID></MONITORING>
                <TEMPLATE><CPU><![CDATA[1]]></CPU><VMID>7</VMID><STATE>9</STATE></TEMPLATE>
                <USER_TEMPLATE>
                  <DESCRIPTION><![CDATA[QOS=HIGH is not an attribute]]></DESCRIPTION>
                  <qos><![CDATA[ low ]]></qos>
                  <QOS>HIGH</QOS>
                </USER_TEMPLATE>
                <HISTORY_RECORDS>
                  <HISTORY><OID>7</OID><SEQ>1</SEQ><HOSTNAME>node2</HOSTNAME><HID>2</HID><STIME>3000</STIME></HISTORY>
                  <HISTORY><OID>7</OID><SEQ>0</SEQ><HOSTNAME>node1</HOSTNAME><HID>1</HID><STIME>2000</STIME></HISTORY>
                </HISTORY_RECORDS>
              </VM>
              <VM>
                <ID>8</ID><NAME>web</NAME><STATE>2</STATE><LCM_STATE>0</LCM_STATE><STIME>1001</STIME>
                <USER_TEMPLATE><QOS><LEVEL>LOW</LEVEL></QOS></USER_TEMPLATE>
                <HISTORY_RECORDS/>
              </VM>
            </VM_POOL>""";

    @Test
    void vmPoolReadsStateQosAndTheLastStay() throws Exception {
        List<VmRecord> vms = new VmPoolParser("QOS").parsePool(new StringReader(VM_POOL));
        assertEquals(2, vms.size());
        VmRecord first = vms.get(0);
        assertEquals(
                new VmRecord(7, "batch", 3, 3, 1000, " low ", new VmRecord.History(1, 2, "node2", 3000)),
                identity(first),
                "first QOS attribute wins, whatever its case; highest SEQ is the last stay");
        assertEquals(QosClass.LOW, first.qos());
        assertEquals(2, first.lastHostId());

        VmRecord second = vms.get(1);
        assertNull(second.lastHistory());
        assertEquals(-1, second.lastHostId());
        assertEquals(QosClass.HIGH, second.qos(), "a vector attribute is not the value LOW");
    }

    /**
     * A VM is low-QoS iff its attribute, stripped, upper-cases to LOW: checked against that rule for every
     * character in every place of a three-letter value, and for values of one and two characters.
     */
    @Test
    void theQosValueIsLowForLowInAnyCaseAndNothingElse() {
        int low = 0;
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            String ch = String.valueOf((char) c);
            for (String value : List.of(ch + "OW", "L" + ch + "W", "LO" + ch, ch, "L" + ch, " lo" + ch + "\t")) {
                boolean rule = value.strip().toUpperCase(java.util.Locale.ROOT).equals("LOW");
                QosClass qos = new VmRecord(1, "v", 3, 3, 0, value, null).qos();
                assertEquals(rule ? QosClass.LOW : QosClass.HIGH, qos, value);
                low += rule ? 1 : 0;
            }
        }
        assertEquals(8, low, "l, L, o, O, w, W in their places, and w, W after ' lo'");
    }

    @Test
    void theQosAttributeIsConfigurable() throws Exception {
        List<VmRecord> vms = new VmPoolParser("DESCRIPTION").parsePool(new StringReader(VM_POOL));
        assertEquals("QOS=HIGH is not an attribute", vms.get(0).qosValue());
        assertEquals(QosClass.HIGH, vms.get(0).qos());
        assertNull(vms.get(1).qosValue());
    }

    @Test
    void aSingleVmDocumentHasTheVmAtTheRoot() throws Exception {
        String vm = "<VM><ID>9</ID><NAME>x</NAME><STATE>5</STATE><LCM_STATE>0</LCM_STATE><STIME>1</STIME>"
                + "<USER_TEMPLATE><QOS>LOW</QOS></USER_TEMPLATE><HISTORY_RECORDS><HISTORY><SEQ>0</SEQ><HID>4</HID>"
                + "<HOSTNAME>n4</HOSTNAME><STIME>2</STIME></HISTORY></HISTORY_RECORDS></VM>";
        VmRecord record = new VmPoolParser("QOS").parseOne(new StringReader(vm));
        assertEquals(new VmRecord(9, "x", 5, 0, 1, "LOW", new VmRecord.History(0, 4, "n4", 2)), identity(record));
        assertThrows(XMLStreamException.class, () -> new VmPoolParser("QOS").parseOne(new StringReader(VM_POOL)));
        XMLStreamException missing = assertThrows(
                XMLStreamException.class,
                () -> new VmPoolParser("QOS").parseOne(new StringReader("<VM><ID>9</ID><STATE>1</STATE></VM>")));
        assertTrue(missing.getMessage().contains("VM 9 has no LCM_STATE"), missing.getMessage());
    }

    /** The fields the first version of the parser read, with the others at their plain values. */
    private static VmRecord identity(VmRecord vm) {
        return new VmRecord(vm.id(), vm.name(), vm.state(), vm.lcmState(), vm.stime(), vm.qosValue(), vm.lastHistory());
    }

    private static final String HISTORIES = """
            <VM><ID>5</ID><NAME>batch</NAME><STATE>3</STATE><LCM_STATE>3</LCM_STATE><STIME>1000</STIME>
              <TEMPLATE><CPU><![CDATA[0.5]]></CPU><MEMORY><![CDATA[2048]]></MEMORY></TEMPLATE>
              <USER_TEMPLATE><QOS>LOW</QOS><slo><![CDATA[ 90% ]]></slo></USER_TEMPLATE>
              <HISTORY_RECORDS>
                <HISTORY><SEQ>0</SEQ><HOSTNAME>a</HOSTNAME><HID>1</HID><STIME>1100</STIME>
                  <RSTIME>1130</RSTIME><RETIME>1730</RETIME></HISTORY>
                <HISTORY><SEQ>1</SEQ><HOSTNAME>a</HOSTNAME><HID>1</HID><STIME>1900</STIME>
                  <RSTIME>1930</RSTIME><RETIME>2030</RETIME></HISTORY>
                <HISTORY><SEQ>2</SEQ><HOSTNAME>b</HOSTNAME><HID>2</HID><STIME>2500</STIME>
                  <RSTIME>2540</RSTIME><RETIME>0</RETIME></HISTORY>
              </HISTORY_RECORDS>
            </VM>""";

    @Test
    void runTimesSumTheClosedRecordsAndKeepTheLastOneOpen() throws Exception {
        VmRecord vm = new VmPoolParser("QOS", "SLO").parseOne(new StringReader(HISTORIES));
        assertEquals(600 + 100, vm.runTimes().earlierRunSeconds(), "1730-1130 and 2030-1930");
        assertEquals(2540, vm.runTimes().last().rstime());
        assertTrue(vm.runTimes().complete());
        assertEquals(" 90% ", vm.sloValue(), "the SLO attribute is matched without regard to case");
        assertEquals(new VmSize(0.5, 2048), vm.size());

        RunRecord running = vm.runTimes().toRunRecord(vm.stime(), true);
        Instant now = Instant.ofEpochSecond(3000);
        // e = 700 closed + 460 open (3000 - 2540); e + p = 3000 - 1000
        assertEquals(1160.0, running.runSeconds(now), 1e-9);
        assertEquals(840.0, running.pendingSeconds(now), 1e-9);
        assertEquals(
                700.0,
                vm.runTimes().toRunRecord(vm.stime(), false).runSeconds(now),
                1e-9,
                "an open stretch counts only while the VM runs");
    }

    /**
     * TEMPLATE/VCPU, the most CPU a VM can use: a count as oned writes it (CDATA or not), 0 (unknown)
     * when the template has none or says what is no count: the replay then bounds the VM by its host.
     */
    @Test
    void theVirtualCpusAreACountFromTheTemplateOrUnknown() throws Exception {
        java.util.function.Function<String, Integer> vcpus = template -> {
            try {
                return new VmPoolParser("QOS")
                        .parseOne(new StringReader(HISTORIES.replace(
                                "<MEMORY><![CDATA[2048]]></MEMORY>", "<MEMORY><![CDATA[2048]]></MEMORY>" + template)))
                        .vcpus();
            } catch (XMLStreamException e) {
                throw new AssertionError(e);
            }
        };
        assertEquals(4, vcpus.apply("<VCPU><![CDATA[4]]></VCPU>"));
        assertEquals(2, vcpus.apply("<VCPU>2</VCPU>"));
        assertEquals(2, vcpus.apply("<VCPU><![CDATA[ 2 ]]></VCPU>"));
        assertEquals(0, vcpus.apply(""), "no VCPU: the driver's default, unknown here");
        for (String odd : List.of("2.0", "0", "-3", "lots", "99999999999", "65537")) {
            assertEquals(0, vcpus.apply("<VCPU>" + odd + "</VCPU>"), odd);
        }
        assertEquals(65536, vcpus.apply("<VCPU>65536</VCPU>"));
        assertEquals(
                new VmSize(0.5, 2048),
                new VmPoolParser("QOS")
                        .parseOne(new StringReader(HISTORIES.replace("</TEMPLATE>", "<VCPU>4</VCPU></TEMPLATE>")))
                        .size(),
                "the size is CPU and MEMORY still");
    }

    @Test
    void aPoolEntryWithOnlyItsLastRecordIsIncomplete() throws Exception {
        String lastOnly = HISTORIES.replaceAll(
                "(?s)<HISTORY><SEQ>0</SEQ>.*?</HISTORY>\\s*<HISTORY><SEQ>1</SEQ>.*?</HISTORY>", "");
        VmRecord vm = new VmPoolParser("QOS", "SLO").parseOne(new StringReader(lastOnly));
        assertEquals(1, vm.runTimes().records());
        assertEquals(2, vm.runTimes().last().seq());
        assertFalse(vm.runTimes().complete(), "SEQ 2 alone: records 0 and 1 are missing");
        assertEquals(0, vm.runTimes().earlierRunSeconds());
    }
}
