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
            rows.append(time)
                    .append(',')
                    .append(host)
                    .append(",node")
                    .append(host)
                    .append(",4,50.0,,,,,\n");
            for (String vm : vms) {
                String[] p = vm.split(":");
                if (p[0].equals(host)) {
                    rows.append(time)
                            .append(',')
                            .append(host)
                            .append(",node")
                            .append(host)
                            .append(",4,50.0,")
                            .append(p[1])
                            .append(",vm-")
                            .append(p[1])
                            .append(",HIGH,RUNNING,")
                            .append(p[2])
                            .append('\n');
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
        assertTrue(
                f.files().get(0).toString().endsWith("record.2026-11-21.1.csv"),
                f.files().toString());
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
        Path record = file(
                "record.csv",
                cycle(0, "0:10:20"),
                cycle(5, "0:10:20"),
                cycle(10, "0:10:20"),
                cycle(130, "0:10:80"),
                cycle(135, "0:10:80"));
        RecordedWorkload w = RecordedWorkload.read(record);
        RecordFacts f = w.facts();
        assertEquals(List.of(new RecordFacts.Gap(T0.plusSeconds(600), T0.plusSeconds(130 * 60))), f.gaps());
        assertEquals(7200, f.gapSeconds());
        assertEquals(135 * 60, f.recordedSeconds());
        assertEquals(
                20 * 60, w.spanSeconds(), "the cycle after the gap follows the one before it by one poll interval");
        assertEquals(20, load(w, 0, 10, 14 * 60));
        assertEquals(80, load(w, 0, 10, 15 * 60), "minute 130 is replayed at minute 15");
    }

    @Test
    void aDelayOfThreePollIntervalsIsNotAGap() throws Exception {
        Path record = file(
                "record.csv",
                cycle(0, "0:10:20"),
                cycle(5, "0:10:20"),
                cycle(10, "0:10:20"),
                cycle(25, "0:10:20"),
                cycle(30, "0:10:20"));
        RecordedWorkload w = RecordedWorkload.read(record);
        assertEquals(List.of(), w.facts().gaps());
        assertEquals(30 * 60, w.spanSeconds());
    }

    @Test
    void aVmGoneFromACycleHasNoLoadUntilItIsBackAndAMigratedVmLoadsOnlyItsHostOfTheMoment() throws Exception {
        // VM 10 stops after minute 5 and is back at minute 15; VM 11 moves from host 0 to host 1 at minute 10;
        // host 1 is first seen at minute 10 and host 2 is gone after minute 5
        Path record = file(
                "record.csv",
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
        List<String> partial = f.hosts().stream()
                .filter(h -> !f.seenThroughout(h))
                .map(RecordFacts.HostSpan::name)
                .toList();
        assertEquals(List.of("node2", "node1"), partial);
        RecordFacts.HostSpan gone =
                f.hosts().stream().filter(h -> h.id() == 2).findFirst().orElseThrow();
        assertEquals(T0.plusSeconds(300), gone.lastSeen());
        assertEquals(2, gone.cyclesSeen());
    }

    /** Host {@code host}'s high-QoS load at {@code second}: the sum over its lanes, as the replay draws it. */
    private static double hostLoad(RecordedWorkload w, int host, long second) {
        RecordedWorkload.Host h =
                w.hosts().stream().filter(x -> x.id() == host).findFirst().orElseThrow();
        return h.lanes().stream().mapToDouble(lane -> lane.next(second, null)).sum();
    }

    /**
     * A VM is bounded by its own cores, not one core: on a 16-core host, a 4-core VM recorded at 340%
     * is replayed at 340 and one recorded at 450% (a glitch: more than its 4 cores) at 400; a VM of
     * unknown cores (an older record, vcpus empty) at up to its host's 1,600.
     */
    @Test
    void aVmIsReplayedAtWhatWasRecordedUpToItsOwnCores() throws Exception {
        String header = HEADER + ",vcpus";
        String t0 = T0.toString();
        String t1 = T0.plusSeconds(300).toString();
        Path record = dir.resolve("record.csv");
        Files.writeString(
                record,
                header + "\n"
                        + t0 + ",0,big,16,0,,,,,,\n"
                        + t0 + ",0,big,16,0,1,db,HIGH,RUNNING,340.0,4\n"
                        + t0 + ",0,big,16,0,2,batch,HIGH,RUNNING,1200.0,\n"
                        + t1 + ",0,big,16,0,,,,,,\n"
                        + t1 + ",0,big,16,0,1,db,HIGH,RUNNING,450.0,4\n"
                        + t1 + ",0,big,16,0,2,batch,HIGH,RUNNING,1700.0,\n");
        RecordedWorkload w = RecordedWorkload.read(record);
        assertEquals(340, load(w, 0, 1, 0));
        assertEquals(400, load(w, 0, 1, 300), "4 cores: at most 400");
        assertEquals(1200, load(w, 0, 2, 0), "no vcpus: bounded by the host's 16 cores only");
        assertEquals(1600, load(w, 0, 2, 300));
        assertEquals(2000, hostLoad(w, 0, 300));
        Files.writeString(record, header + "\n" + t0 + ",0,big,16,0,1,db,HIGH,RUNNING,340.0,four\n");
        InputException e = assertThrows(InputException.class, () -> RecordedWorkload.read(record));
        assertTrue(e.getMessage().startsWith(record + ":2: vcpus"), e.getMessage());
    }

    /**
     * VMs that follow one another on a host share its slots: four VMs, at most two at once, replay in
     * two lanes, and the host's load at each cycle is the sum of the VMs recorded then. VM 30 is there
     * throughout; 31 at minute 0 only; 32 from minute 5 to 10 (starting in the cycle 31 is gone from);
     * 33 at minute 15. Core-minutes held: 30 (2 cores) 40, 31 5, 32 (3 cores) 30, 33 5.
     */
    @Test
    void vmsThatFollowOneAnotherShareALaneAndTheHostReplaysTheVmsOfEachCycle() throws Exception {
        String header = HEADER + ",vcpus";
        StringBuilder csv = new StringBuilder(header + "\n");
        int[][] present = {{30, 31}, {30, 32}, {30, 32}, {30, 33}};
        for (int k = 0; k < present.length; k++) {
            String t = T0.plusSeconds(300L * k).toString();
            csv.append(t).append(",0,node0,8,0,,,,,,\n");
            for (int vm : present[k]) {
                int vcpus = vm == 30 ? 2 : vm == 32 ? 3 : 1;
                csv.append(t)
                        .append(",0,node0,8,0,")
                        .append(vm)
                        .append(",vm-")
                        .append(vm)
                        .append(",HIGH,RUNNING,")
                        .append(vm + k)
                        .append(".0,")
                        .append(vcpus)
                        .append('\n');
            }
        }
        Path record = dir.resolve("record.csv");
        Files.writeString(record, csv);
        RecordedWorkload w = RecordedWorkload.read(record);
        RecordedWorkload.Host host = w.hosts().get(0);
        assertEquals(4, host.vms().size());
        assertEquals(2, host.lanes().size(), "never more than two VMs at once");
        assertEquals(30 + 31, hostLoad(w, 0, 0));
        assertEquals(31 + 33, hostLoad(w, 0, 300));
        assertEquals(32 + 34, hostLoad(w, 0, 600));
        assertEquals(33 + 36, hostLoad(w, 0, 900));
        assertEquals(33 + 36, hostLoad(w, 0, 1100), "after the last cycle, the last loads hold");
        long coreSeconds = host.lanes().stream()
                .mapToLong(lane -> lane.coreSeconds(0, 1200))
                .sum();
        assertEquals(60L * (40 + 5 + 30 + 5), coreSeconds);
    }

    /**
     * What a replay without overbooking must measure: the hosts' host_utilization less what the
     * low-QoS VMs used, each cycle for as long as the replay holds it, over every host's cores for
     * the whole replay. Two 4-core hosts, cycles at minutes 0, 5, 10 and, after a gap, 130: host 0
     * measured 50% then 75% (of which a low-QoS VM's 100 of a core: 50% high-QoS) then 25%, 25%;
     * host 1 is recorded at minute 0 only, at 100%. Each cycle holds 5 minutes: host 0 gives 200,
     * 200, 100, 100 core-percent, host 1 400 then nothing: 1000 of 8 cores x 4 cycles = 31.25%.
     */
    @Test
    void theBaselineARecordMeasuredLeavesOutLowQosVmsAndCountsEveryHostThroughout() throws Exception {
        String header = HEADER + ",vcpus";
        String[] t = {
            T0.toString(),
            T0.plusSeconds(300).toString(),
            T0.plusSeconds(600).toString(),
            T0.plusSeconds(130 * 60).toString()
        };
        String csv = header + "\n"
                + t[0] + ",0,node0,4,50.0,,,,,,\n" + t[0] + ",1,node1,4,100.0,,,,,,\n"
                + t[1] + ",0,node0,4,75.0,,,,,,\n" + t[1] + ",0,node0,4,75.0,9,batch,LOW,RUNNING,100.0,1\n"
                + t[2] + ",0,node0,4,25.0,,,,,,\n"
                + t[3] + ",0,node0,4,25.0,,,,,,\n";
        Path record = dir.resolve("record.csv");
        Files.writeString(record, csv);
        RecordFacts f = RecordedWorkload.read(record).facts();
        assertEquals(31.25, f.baselineUtilization(), 1e-9);
        assertEquals(
                (50 + 100 + 75 + 25 + 25) / 5.0, f.meanUtilization(), 1e-9, "record-info's mean: rows as recorded");
        assertEquals(4 * 300, f.measuredSeconds(), "four cycles of 5 minutes, the gap cut out");
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
        assertTrue(
                e.getMessage().contains("c.csv:2: time goes backwards")
                        && e.getMessage().contains("overlap"),
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

    /** One row of host 0 (2 cores) at second {@code at}: the host's own ("") or a VM's "id,QOS,STATE,cpu". */
    private static String row(long at, double utilization, String vm) {
        return T0.plusSeconds(at) + ",0,hv,2," + utilization + ","
                + (vm.isEmpty()
                        ? ",,,,"
                        : vm.split(",")[0] + ",vm-" + vm.split(",")[0] + "," + vm.substring(vm.indexOf(',') + 1))
                + "\n";
    }

    @Test
    void aHostCarriesItsOwnSamplesLessTheLowQosVmsItRanMovedEarlierByTheLag() throws Exception {
        Path record = file(
                "record.csv",
                // before the low-QoS VM: the host's sample is the high-QoS VM and the hypervisor's overhead
                row(0, 10, ""),
                row(0, 10, "1,HIGH,RUNNING,20"),
                // the low-QoS VM just started: its own figure still reads 0, the host's sample holds it
                row(5, 65, ""),
                row(5, 65, "7,LOW,RUNNING,0"),
                row(5, 65, "1,HIGH,RUNNING,20"),
                // the peak: the high-QoS VM's figure trails the host's sample
                row(10, 90, ""),
                row(10, 90, "7,LOW,RUNNING,60"),
                row(10, 90, "1,HIGH,RUNNING,50"),
                // suspended: its last figure stays in the record, its load left the host
                row(15, 68, ""),
                row(15, 68, "7,LOW,SUSPENDED,60"),
                row(15, 68, "1,HIGH,RUNNING,50"),
                // two low-QoS VMs started before the sample saw them: the estimate stops at 0
                row(20, 8, ""),
                row(20, 8, "7,LOW,RUNNING,60"),
                row(20, 8, "8,LOW,RUNNING,0"),
                row(20, 8, "1,HIGH,RUNNING,10"));

        RecordedWorkload w = RecordedWorkload.readHostLoads(List.of(record), 5, 60);
        RecordedWorkload.Host host = w.hosts().get(0);
        assertEquals(1, host.lanes().size(), "one load per host, whatever VMs it held");
        assertEquals(-1, host.vms().get(0).id());
        // percent of one core: utilization x 2 cores less 60 per low-QoS VM recorded RUNNING, 5 s earlier
        assertEquals(130 - 60, host.lanes().get(0).next(0, null), 1e-9, "the cycle at 5 s, from 0");
        assertEquals(180 - 60, host.lanes().get(0).next(5, null), 1e-9);
        assertEquals(136, host.lanes().get(0).next(12, null), 1e-9, "a SUSPENDED VM takes nothing off");
        assertEquals(0, host.lanes().get(0).next(15, null), 1e-9, "16 less 120 stops at 0");
        assertEquals(1, w.facts().highVms(), "what was read is told the same way");
        assertEquals(2, w.facts().lowVms());

        // the default: the high-QoS VM's own figures, at the cycles that read them
        RecordedWorkload perVm = RecordedWorkload.read(record);
        assertEquals(20, load(perVm, 0, 1, 5), 1e-9);
        assertEquals(50, load(perVm, 0, 1, 10), 1e-9);

        // no lag: each sample at its cycle; a host at 100 % with nothing of overbookd's holds its capacity
        Path full = file("full.csv", row(0, 100, ""), row(0, 100, "1,HIGH,RUNNING,100"), row(5, 120, ""));
        RecordedWorkload unlagged = RecordedWorkload.readHostLoads(List.of(full), 0, 60);
        assertEquals(200, unlagged.hosts().get(0).lanes().get(0).next(0, null), 1e-9);
        assertEquals(200, unlagged.hosts().get(0).lanes().get(0).next(5, null), 1e-9, "capped at 2 cores");
        assertEquals(100, unlagged.facts().baselineUtilization(), 1e-9, "what a replay without overbooking measures");
    }

    @Test
    void aHostsOwnSamplesNeedHostUtilization() throws Exception {
        Path record = dir.resolve("old.csv");
        Files.writeString(
                record,
                "time,host_id,host_name,cores,vm_id,vm_name,qos,state,cpu\n" + T0 + ",0,hv,2,1,vm-1,HIGH,RUNNING,20\n");
        InputException e =
                assertThrows(InputException.class, () -> RecordedWorkload.readHostLoads(List.of(record), 5, 60));
        assertTrue(e.getMessage().contains("host_utilization"), e.getMessage());
        assertEquals(20, load(RecordedWorkload.read(record), 0, 1, 0), 1e-9, "the default replay needs none");
    }
}
