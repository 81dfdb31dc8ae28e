package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.sim.requests.Scenario.CLASSES;
import static org.overbookd.sim.requests.Scenario.file;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

class InputsTest {

    private static final String HEADER = "id,submit_s,duration_s,cpu,mem,class";

    @TempDir
    Path dir;

    private List<HostSpec> hosts() throws Exception {
        return Inputs.hosts(file(dir, "hosts.csv", "id,cpu,mem,attributes", "h0,4,8,disk=ssd;zone=a", "h1,2,2,"));
    }

    private String error(String... workloadLines) throws Exception {
        Path w = file(dir, "w.csv", workloadLines);
        List<HostSpec> h = hosts();
        return assertThrows(InputException.class, () -> Inputs.workload(w, CLASSES, h))
                .getMessage();
    }

    @Test
    void readsConstraintsAndAttributes() throws Exception {
        assertEquals(Map.of("disk", "ssd", "zone", "a"), hosts().get(0).attributes());
        Path w = file(dir, "w.csv", HEADER + ",constraints", "r1,0,10,1,1,gold,disk=ssd", "r2,5,10,1,1,bronze,");
        List<RequestSpec> r = Inputs.workload(w, CLASSES, hosts());
        assertEquals(Map.of("disk", "ssd"), r.get(0).constraints());
        assertEquals("bronze", r.get(1).serviceClass().name());
    }

    @Test
    void malformedRowIsNamedByFileAndLine() throws Exception {
        String message = error(HEADER, "r1,0,10,1,1,gold", "r2,0,ten,1,1,gold");
        assertTrue(message.endsWith("w.csv:3: duration_s 'ten' is not a number"), message);
        assertTrue(error(HEADER, "r1,0,10,1,1").contains("w.csv:2: expected 6 fields, found 5"));
    }

    @Test
    void unknownClass() throws Exception {
        assertTrue(error(HEADER, "r1,0,10,1,1,platinum").contains("w.csv:2: unknown class platinum"));
    }

    @Test
    void requestLargerThanEveryHost() throws Exception {
        // 3 CPU fits only h0, 9 memory fits nowhere
        assertTrue(error(HEADER, "r1,0,10,3,9,gold")
                .contains("w.csv:2: request r1 (cpu 3.0, mem 9.0) is larger than every host"));
    }

    @Test
    void duplicateIds() throws Exception {
        assertTrue(error(HEADER, "r1,0,10,1,1,gold", "r1,0,10,1,1,gold").contains("w.csv:3: duplicate request id r1"));
        Path h = file(dir, "dup.csv", "id,cpu,mem", "h0,1,1", "h0,1,1");
        assertTrue(assertThrows(InputException.class, () -> Inputs.hosts(h))
                .getMessage()
                .contains("dup.csv:3: duplicate host id h0"));
    }

    @Test
    void missingColumnAndBadHostEvent() throws Exception {
        assertTrue(
                error("id,submit_s,cpu,mem,class", "r1,0,1,1,gold").contains("w.csv:1: missing column 'duration_s'"));
        Path e = file(dir, "e.csv", "time_s,host,event", "10,h9,remove");
        List<HostSpec> h = hosts();
        assertTrue(assertThrows(InputException.class, () -> Inputs.hostEvents(e, h))
                .getMessage()
                .contains("e.csv:2: unknown host h9"));
    }

    @Test
    void serviceClassesFromAFile() throws Exception {
        Path f = file(
                dir,
                "classes.csv",
                "name,slo,importance,priority,safety_margin_s",
                "premium,0.99,1,10,30",
                "spot,0,2,1,");
        var classes = Inputs.classes(f);
        var premium = classes.find("premium").orElseThrow();
        assertEquals(30, premium.safetyMarginS(), 0.0);
        assertEquals(0.01, premium.overheadLimit(), 1e-12); // 1 - SLO by default
        assertEquals(10.0, classes.find("spot").orElseThrow().safetyMarginS(), 0.0);
        assertEquals(2, classes.leastImportance());
        Path bad = file(dir, "bad.csv", "name,slo,importance,priority", "x,1.5,1,1");
        assertTrue(assertThrows(InputException.class, () -> Inputs.classes(bad))
                .getMessage()
                .contains("bad.csv:2: SLO of x must be in [0, 1]: 1.5"));
        Path frac = file(dir, "frac.csv", "name,slo,importance,priority", "x,0.5,1.5,1");
        assertTrue(assertThrows(InputException.class, () -> Inputs.classes(frac))
                .getMessage()
                .contains("frac.csv:2: importance '1.5' is not a whole number"));
    }

    @Test
    void overheadFile() throws Exception {
        Path f = file(dir, "hot.txt", "# seconds", "1.5", "", "2.5");
        assertEquals(2.5, new Overheads(Overheads.read(f), new double[] {0.5}).alpha(), 0.0);
        Path bad = file(dir, "bad.txt", "1", "-2");
        assertTrue(assertThrows(InputException.class, () -> Overheads.read(bad))
                .getMessage()
                .contains("bad.txt:2:"));
    }
}
