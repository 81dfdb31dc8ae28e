package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.testing.LogCapture;

/**
 * The warning of OneDRS acting without review: read from the cluster's template as OpenNebula 7.4
 * keeps it (ONE_DRS/AUTOMATION, normalised to lower case by oned), given at the first observation and
 * once a day, only for clusters with hosts whose automation is full.
 */
class OneDrsWatchTest extends FakeOnedTest {

    private static final String POOL = "<CLUSTER_POOL>"
            + "<CLUSTER><ID>0</ID><NAME>default</NAME><HOSTS><ID>0</ID><ID>1</ID></HOSTS><DATASTORES><ID>0</ID></DATASTORES>"
            + "<VNETS/><TEMPLATE><ONE_DRS><AUTOMATION><![CDATA[full]]></AUTOMATION><POLICY><![CDATA[balance]]></POLICY>"
            + "</ONE_DRS><RESERVED_CPU><![CDATA[]]></RESERVED_CPU></TEMPLATE><PLAN/></CLUSTER>"
            + "<CLUSTER><ID>100</ID><NAME>reviewed</NAME><HOSTS><ID>2</ID></HOSTS><TEMPLATE><ONE_DRS><AUTOMATION>partial"
            + "</AUTOMATION></ONE_DRS></TEMPLATE></CLUSTER>"
            + "<CLUSTER><ID>101</ID><NAME>empty</NAME><HOSTS/><TEMPLATE><ONE_DRS><AUTOMATION>full</AUTOMATION></ONE_DRS>"
            + "</TEMPLATE></CLUSTER>"
            + "<CLUSTER><ID>102</ID><NAME>unset</NAME><HOSTS><ID>3</ID></HOSTS><TEMPLATE/></CLUSTER></CLUSTER_POOL>";

    @Test
    void onlyAClusterWithHostsAndFullAutomationIsWarnedOf() throws Exception {
        List<OneDrsWatch.Cluster> clusters = OneDrsWatch.parse(POOL);
        assertEquals(
                List.of("full", "partial", "full", ""),
                clusters.stream().map(OneDrsWatch.Cluster::automation).toList());
        assertEquals(List.of(0, 1), clusters.get(0).hosts());
        List<String> warnings = OneDrsWatch.warnings(clusters);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(
                warnings.get(0)
                        .startsWith("OneDRS automation is full on cluster default (id 0), where overbookd acts"
                                + " on hosts 0, 1 (2): OneDRS applies its own migration plans there without review"),
                warnings.get(0));
        assertTrue(OneDrsWatch.warnings(List.of()).get(0).contains("sees no cluster"));
    }

    @Test
    void theDaemonWarnsAtItsFirstObservationAndOnceADay() throws Exception {
        one.drsAutomation("full");
        OpenNebulaBackend backend =
                new OpenNebulaBackend(settings("QOS", Duration.ofSeconds(5), SuspendAction.SUSPEND));
        Instant start = Instant.parse("2026-11-28T08:00:00Z");
        try (LogCapture logs = LogCapture.start()) {
            backend.observe(start);
            backend.observe(start.plus(Duration.ofHours(23)));
            assertEquals(1, count(logs.text()), logs.text());
            backend.observe(start.plus(Duration.ofDays(1)));
            assertEquals(2, count(logs.text()), "again a day later: " + logs.text());
            one.drsAutomation("partial");
            backend.observe(start.plus(Duration.ofDays(2)));
            assertEquals(2, count(logs.text()), "plans that wait for review are no reason to warn");
        }
    }

    private static long count(String text) {
        return text.lines()
                .filter(l -> l.contains("OneDRS automation is full on cluster default (id 0)"))
                .count();
    }
}
