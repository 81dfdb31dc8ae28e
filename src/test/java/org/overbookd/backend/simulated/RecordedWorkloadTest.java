package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

/** A record as a real cluster leaves it: rolled files, gaps, VMs and hosts that come and go. */
class RecordedWorkloadTest {

    private static final String HEADER = "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu";
    private static final Instant T0 = Instant.parse("2026-11-22T00:00:00Z");

    @TempDir
    Path dir;

    /** The rows of one cycle at {@code minute}: host rows, and VM rows "host:vm:cpu". */
    private static String cycle(int minute, String... vms) {
        String time = T0.plusSeconds(60L * minute).toString();
        StringBuilder rows = new StringBuilder();
        java.util.Set<String> hosts = new java.util.TreeSet<>();
        for (String vm : vms) {
            hosts.add(vm.split(":")[0]);
        }
        for (String host : hosts) {
            rows.append(time).append(',').append(host).append(",node").append(host).append(",4,50.0,,,,,\n");
            for (String vm : vms) {
                String[] p = vm.split(":");
                if (p[0].equals(host)) {
                    rows.append(time).append(',').append(host).append(",node").append(host).append(",4,50.0,")
                            .append(p[1]).append(",vm-").append(p[1]).append(",HIGH,RUNNING,").append(p[2]).append('\n');
                }
            }
        }
        return rows.toString();
    }

    private Path file(String name, String... cycles) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, HEADER + "\n" + String.join("", cycles));
        return file;
    }

    private static double load(RecordedWorkload w, int host, long vm, long second) {
        for (RecordedWorkload.Host h : w.hosts()) {
            if (h.id() == host) {
                for (RecordedWorkload.Vm v : h.vms()) {
                    if (v.id() == vm) {
                        return v.load().next(second, null);
                    }
                }
            }
        }
        throw new AssertionError("no VM " + vm + " on host " + host);
    }

    @Test
    void readsTheRolledFilesBeforeTheCurrentOneAsOneRecord() throws Exception {
        // the daemon rolled at midnight: yesterday's file is named by its day, today's is record.csv
        file("record.2026-11-21.1.csv", cycle(0, "0:10:20"), cycle(5, "0:10:30"));
        Path current = file("record.csv", cycle(10, "0:10:40"), cycle(15, "0:10:50"));
        RecordedWorkload w = RecordedWorkload.read(current);
        RecordFacts f = w.facts();
        assertEquals(2, f.files().size(), f.files().toString());
        assertTrue(f.files().get(0).toString().endsWith("record.2026-11-21.1.csv"), f.files().toString());
        assertEquals(4, f.cycles());
        assertEquals(300, f.pollSeconds());
        assertEquals(900, w.spanSeconds());
        assertEquals(1200, w.replaySeconds(), "the span and the last cycle's poll interval");
        assertEquals(20, load(w, 0, 10, 0));
        assertEquals(30, load(w, 0, 10, 300));
        assertEquals(50, load(w, 0, 10, 1000));
        assertEquals(50.0, f.meanUtilization(), 1e-9);
    }

    @Test
    void aGapIsCutOutOfTheReplayAndReported() throws Exception {
        // cycles every 5 minutes, then nothing from minute 10 to minute 130: the daemon was down 2 hours
        Path record = file("record.csv", cycle(0, "0:10:20"), cycle(5, "0:10:20"), cycle(10, "0:10:20"),
                cycle(130, "0:10:80"), cycle(135, "0:10:80"));
        RecordedWorkload w = RecordedWorkload.read(record);
        RecordFacts f = w.facts();
        assertEquals(List.of(new RecordFacts.Gap(T0.plusSeconds(600), T0.plusSeconds(130 * 60))), f.gaps());
        assertEquals(7200, f.gapSeconds());
        assertEquals(135 * 60, f.recordedSeconds());
        assertEquals(20 * 60, w.spanSeconds(), "the cycle after the gap follows the one before it by one poll interval");
        assertEquals(20, load(w, 0, 10, 14 * 60));
        assertEquals(80, load(w, 0, 10, 15 * 60), "minute 130 is replayed at minute 15");
    }

    @Test
    void aDelayOfThreePollIntervalsIsNotAGap() throws Exception {
        Path record = file("record.csv", cycle(0, "0:10:20"), cycle(5, "0:10:20"), cycle(10, "0:10:20"),
                cycle(25, "0:10:20"), cycle(30, "0:10:20"));
        RecordedWorkload w = RecordedWorkload.read(record);
        assertEquals(List.of(), w.facts().gaps());
        assertEquals(30 * 60, w.spanSeconds());
    }

    @Test
    void aVmGoneFromACycleHasNoLoadUntilItIsBackAndAMigratedVmLoadsOnlyItsHostOfTheMoment() throws Exception {
        // VM 10 stops after minute 5 and is back at minute 15; VM 11 moves from host 0 to host 1 at minute 10;
        // host 1 is first seen at minute 10 and host 2 is gone after minute 5
        Path record = file("record.csv",
                cycle(0, "0:10:40", "0:11:60", "2:20:30"),
                cycle(5, "0:10:40", "0:11:60", "2:20:30"),
                cycle(10, "1:11:70", "0:12:10"),
                cycle(15, "0:10:45", "1:11:70", "0:12:10"));
        RecordedWorkload w = RecordedWorkload.read(record);
        assertEquals(40, load(w, 0, 10, 300));
        assertEquals(0, load(w, 0, 10, 600), "stopped: no load");
        assertEquals(45, load(w, 0, 10, 900));
        assertEquals(60, load(w, 0, 11, 300));
        assertEquals(0, load(w, 0, 11, 600), "migrated away: no load left on host 0");
        assertEquals(0, load(w, 1, 11, 300), "not yet on host 1");
        assertEquals(70, load(w, 1, 11, 600));
        assertEquals(0, load(w, 2, 20, 900), "host 2 gone: its VM has no load");
        RecordFacts f = w.facts();
        assertEquals(4, f.highVms(), "10, 11, 12 and 20; VM 11 once though on two hosts");
        List<String> partial = f.hosts().stream().filter(h -> !f.seenThroughout(h)).map(RecordFacts.HostSpan::name).toList();
        assertEquals(List.of("node2", "node1"), partial);
        RecordFacts.HostSpan gone = f.hosts().stream().filter(h -> h.id() == 2).findFirst().orElseThrow();
        assertEquals(T0.plusSeconds(300), gone.lastSeen());
        assertEquals(2, gone.cyclesSeen());
    }

    @Test
    void filesGivenInAnyOrderAreJoinedInTimeOrderAndOverlappingOnesRefused() throws Exception {
        Path late = file("b.csv", cycle(10, "0:10:40"));
        Path early = file("a.csv", cycle(0, "0:10:20"), cycle(5, "0:10:30"));
        RecordedWorkload w = RecordedWorkload.read(List.of(late, early, late));
        assertEquals(3, w.facts().cycles());
        assertEquals(2, w.facts().files().size(), "a file given twice is read once");
        Path overlapping = file("c.csv", cycle(3, "0:10:20"), cycle(8, "0:10:30"));
        InputException e = assertThrows(InputException.class, () -> RecordedWorkload.read(List.of(early, overlapping)));
        assertTrue(e.getMessage().contains("c.csv:2: time goes backwards") && e.getMessage().contains("overlap"),
                e.getMessage());
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.csv");
        InputException e = assertThrows(InputException.class, () -> RecordedWorkload.read(missing));
        assertEquals(missing + ": no such file", e.getMessage());
    }

    @Test
    void theDigestFollowsTheBytesOfEveryFileOfTheRecordAndNotWhereItSits() throws Exception {
        file("record.2026-11-21.1.csv", cycle(0, "0:10:20"), cycle(5, "0:10:30"));
        Path current = file("record.csv", cycle(10, "0:10:40"));
        String digest = RecordedWorkload.digest(List.of(current));
        assertEquals(64, digest.length(), digest);

        // the same two files elsewhere: the same digest (a shard on another machine)
        Path elsewhere = Files.createDirectory(dir.resolve("copy"));
        Files.copy(dir.resolve("record.2026-11-21.1.csv"), elsewhere.resolve("record.2026-11-21.1.csv"));
        Files.copy(current, elsewhere.resolve("record.csv"));
        assertEquals(digest, RecordedWorkload.digest(List.of(elsewhere.resolve("record.csv"))));

        // one load changed in the rolled file only, with the same structure: another digest
        file("record.2026-11-21.1.csv", cycle(0, "0:10:20"), cycle(5, "0:10:31"));
        assertNotEquals(digest, RecordedWorkload.digest(List.of(current)), "a rolled file's content counts");

        // the same cycles, one moved from the rolled file to the current one: another digest
        file("record.2026-11-21.1.csv", cycle(0, "0:10:20"));
        file("record.csv", cycle(5, "0:10:30"), cycle(10, "0:10:40"));
        assertNotEquals(digest, RecordedWorkload.digest(List.of(current)), "where a file ends counts");

        Path missing = dir.resolve("nope.csv");
        InputException e = assertThrows(InputException.class, () -> RecordedWorkload.digest(List.of(missing)));
        assertEquals(missing + ": no such file", e.getMessage());
    }
}
