package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.NoisyLoad;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.CycleRunner;
import org.overbookd.daemon.Service;
import org.overbookd.testing.LogCapture;

/**
 * The daemon's cycle, as {@code overbookd run} assembles it from a config file, against the fake
 * oned for 60 cycles: VM loads come from the simulator's noisy generator (seeded), host USED_CPU is
 * the sum of its running VMs' CPU, and faults are injected along the way. After every cycle the
 * fake's own state is checked: slots respected, one operation in flight per host, high-QoS VMs
 * untouched. At the end nothing is lost or stuck, the audit log holds a decision and an outcome
 * line per decision, and the session secret appears nowhere.
 */
@Tag("slow")
@Tag("deadlines")
class DaemonAgainstFakeOnedTest {

    private static final int HOSTS = 4;
    private static final int CORES = 8;
    private static final int LOW_VMS = 14;
    private static final int SLOTS = 2;
    private static final double LOWER = 75;
    private static final double UPPER = 90;

    @TempDir
    Path dir;

    private final Map<Integer, LoadGenerator> loads = new HashMap<>();
    private final Map<Integer, SplittableRandom> randoms = new HashMap<>();
    private final Set<Integer> high = new HashSet<>();

    @ParameterizedTest(name = "suspend-action {0}, queue {1}, victim {2}, placement {3}")
    @CsvSource({"suspend, fifo, last-added, first-fit", "stop, qos, qos, maxweight"})
    void manyCyclesWithFaultsLoseNothingAndNeverTouchHighQos(
            String suspendAction, String queue, String victim, String placement) throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION);
                LogCapture logs = LogCapture.start()) {
            buildWorld(one);
            Path audit = dir.resolve("audit.jsonl");
            Path config = dir.resolve("overbookd.properties");
            List<String> lines = new ArrayList<>(one.daemonConfig(dir));
            lines.addAll(List.of(
                    "overbooking.lower-bound = " + LOWER,
                    "overbooking.upper-bound = " + UPPER,
                    "overbooking.slots = " + SLOTS,
                    "overbooking.suspend-action = " + suspendAction,
                    "overbooking.queue = " + queue,
                    "overbooking.victim = " + victim,
                    "overbooking.placement = " + placement,
                    "audit.file = " + audit));
            Files.write(config, lines);
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            int failedCycles = 0;
            int deleted = -1;
            try (Service service = Service.assemble(settings, config, Map.of(), false, new FakeClock(one))) {
                CycleRunner runner = service.runner();
                for (int cycle = 1; cycle <= 60; cycle++) {
                    switch (cycle) {
                        case 10 -> one.fail("one.vmpool.infoextended", FakeOned.Fault.HTTP_500);
                        case 20 -> one.fail("one.hostpool.info", FakeOned.Fault.AUTH_FAILURE);
                        case 30 -> one.fail("one.vmpool.monitoring", FakeOned.Fault.MALFORMED_DOCUMENT);
                        case 35 -> one.fail("one.hostpool.monitoring", FakeOned.Fault.TIMEOUT);
                        default -> {}
                    }
                    int[] deletedHere = {-1};
                    if (cycle == 45) {
                        // another actor deletes the VM overbookd is about to act on
                        one.afterNextInfo(() -> {
                            var calls = one.calls();
                            int id = ((Number) calls.get(calls.size() - 1).param(1)).intValue();
                            deletedHere[0] = id;
                            one.deleteVm(id);
                        });
                    }
                    try {
                        runner.runCycle();
                    } catch (BackendException e) {
                        failedCycles++;
                    }
                    one.clearFaults();
                    if (deletedHere[0] >= 0) {
                        deleted = deletedHere[0];
                        loads.remove(deleted);
                    }
                    assertOneOperationPerHostAndSlotsKept(one, cycle);
                    for (int t = 0; t < 3; t++) {
                        one.tick();
                        driveLoads(one);
                    }
                    assertHighQosUntouched(one, cycle);
                }
            }
            assertEquals(4, failedCycles, "the four observe faults fail their cycle, and only those");
            assertTrue(deleted >= 0, "the race with a deletion happened");
            assertNothingLostOrStuck(one, deleted);
            assertNoCallNamesAHighQosVm(one);
            assertAuditComplete(audit, deleted, queue.equals("qos"));
            assertSecretNowhere(audit, logs);
        }
    }

    private void buildWorld(FakeOned one) {
        long now = one.now();
        SplittableRandom seeds = new SplittableRandom(2024);
        int id = 100;
        for (int h = 0; h < HOSTS; h++) {
            FakeHost host = one.host(h, "node" + h, CORES);
            for (int c = 0; c < CORES; c++, id++) {
                one.vm(id, "web-" + id).runningOn(host, now - 7200);
                high.add(id);
                // high-QoS hosts average about 70%: room for one overbooked VM, two push past 90%
                track(id, new NoisyLoad(62 + 16 * seeds.nextDouble(), 15), seeds);
            }
        }
        for (int v = 1; v <= LOW_VMS; v++) {
            one.vm(v, "batch-" + v).low();
            track(v, new NoisyLoad(90, 15), seeds);
        }
        driveLoads(one);
    }

    private void track(int id, LoadGenerator load, SplittableRandom seeds) {
        loads.put(id, load);
        randoms.put(id, new SplittableRandom(seeds.nextLong()));
    }

    /** VM CPU from each VM's generator while it runs; host USED_CPU as the sum over its running VMs. */
    private void driveLoads(FakeOned one) {
        double[] used = new double[HOSTS];
        for (Map.Entry<Integer, LoadGenerator> e : loads.entrySet()) {
            FakeVm vm = one.vm(e.getKey());
            if (vm == null) {
                continue;
            }
            if (vm.state == OneVmStates.ACTIVE && vm.lcmState == OneVmStates.RUNNING) {
                double cpu = e.getValue().next(0, randoms.get(e.getKey()));
                vm.cpu(cpu);
                used[vm.lastStay().hostId] += cpu;
            } else {
                vm.cpu(0.0);
            }
        }
        for (int h = 0; h < HOSTS; h++) {
            hostOf(one, h).usedCpu(Math.round(used[h]));
        }
    }

    private static FakeHost hostOf(FakeOned one, int id) {
        return one.hostForTest(id);
    }

    private void assertOneOperationPerHostAndSlotsKept(FakeOned one, int cycle) {
        int[] transientOps = new int[HOSTS];
        int[] lowActive = new int[HOSTS];
        for (int v = 1; v <= LOW_VMS; v++) {
            FakeVm vm = one.vm(v);
            if (vm == null || vm.state != OneVmStates.ACTIVE) {
                continue;
            }
            int host = vm.lastStay().hostId;
            lowActive[host]++;
            if (vm.lcmState != OneVmStates.RUNNING) {
                transientOps[host]++;
            }
        }
        for (int h = 0; h < HOSTS; h++) {
            assertTrue(
                    transientOps[h] <= 1,
                    "cycle " + cycle + ": host " + h + " has " + transientOps[h] + " operations in flight");
            assertTrue(
                    lowActive[h] <= SLOTS,
                    "cycle " + cycle + ": host " + h + " holds " + lowActive[h] + " low-QoS VMs");
        }
    }

    private void assertHighQosUntouched(FakeOned one, int cycle) {
        for (int id : high) {
            FakeVm vm = one.vm(id);
            assertEquals(OneVmStates.ACTIVE, vm.state, "cycle " + cycle + ": high-QoS VM " + id);
            assertEquals(OneVmStates.RUNNING, vm.lcmState, "cycle " + cycle + ": high-QoS VM " + id);
            assertEquals(1, vm.history.size(), "cycle " + cycle + ": high-QoS VM " + id + " never moved");
        }
    }

    private static void assertNothingLostOrStuck(FakeOned one, int deleted) {
        Set<Integer> settled = Set.of(OneVmStates.HOLD, OneVmStates.SUSPENDED, OneVmStates.STOPPED);
        int running = 0;
        for (int v = 1; v <= LOW_VMS; v++) {
            FakeVm vm = one.vm(v);
            if (v == deleted) {
                assertEquals(null, vm, "VM " + v + " was deleted by another actor");
                continue;
            }
            boolean isRunning = vm.state == OneVmStates.ACTIVE && vm.lcmState == OneVmStates.RUNNING;
            running += isRunning ? 1 : 0;
            assertTrue(
                    isRunning || settled.contains(vm.state),
                    "low-QoS VM " + v + " is neither running nor queued: state " + vm.state + "/" + vm.lcmState);
        }
        assertTrue(running > 0, "overbooking placed VMs");
    }

    private void assertNoCallNamesAHighQosVm(FakeOned one) {
        for (var call : one.calls()) {
            if (call.method().equals("one.vm.action")) {
                assertFalse(high.contains(((Number) call.param(2)).intValue()), "action on a high-QoS VM: " + call);
            } else if (call.method().equals("one.vm.deploy")) {
                assertFalse(high.contains(((Number) call.param(1)).intValue()), "deploy of a high-QoS VM: " + call);
            }
        }
    }

    private static void assertAuditComplete(Path audit, int deleted, boolean qosRules) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> decisions = new ArrayList<>();
        List<JsonNode> outcomes = new ArrayList<>();
        for (String line : auditLines(audit)) {
            JsonNode r = json.readTree(line);
            (r.get("event").asText().equals("decision") ? decisions : outcomes).add(r);
        }
        assertEquals(decisions.size(), outcomes.size(), "one outcome line per decision line");
        Map<String, Integer> ok = new HashMap<>();
        boolean goneRefused = false;
        for (JsonNode d : decisions) {
            String action = d.get("action").asText();
            double u = d.get("host_utilization").asDouble();
            assertTrue(action.equals("suspend") ? u >= UPPER : u <= LOWER, d.toString());
            // under the QoS rules every decision carries the inputs of Q, so that it can be checked
            assertEquals(qosRules, d.has("vm_q_seconds") && d.has("vm_availability") && d.has("vm_slo"), d.toString());
        }
        for (JsonNode o : outcomes) {
            if (o.get("outcome").asText().equals("ok")) {
                ok.merge(o.get("action").asText(), 1, Integer::sum);
            }
            if (o.get("vm_id").asInt() == deleted
                    && o.path("error_code").asText().equals("0x400")) {
                goneRefused = true;
            }
        }
        for (String action : List.of("deploy", "suspend", "resume")) {
            assertTrue(ok.getOrDefault(action, 0) > 0, "at least one " + action + " enacted: " + ok);
        }
        assertTrue(goneRefused, "the deleted VM's action is refused with 0x400 and audited");
    }

    /**
     * The audit's lines with those of its rolled parts: the run lives on the fake oned's clock, which
     * starts at the wall clock's now and runs 30 minutes ahead, so a run begun before midnight (UTC)
     * rolls the audit at the fake midnight.
     */
    private static List<String> auditLines(Path audit) throws Exception {
        List<String> lines = new ArrayList<>();
        for (Path part : org.overbookd.io.RollingFile.rolled(audit)) {
            lines.addAll(Files.readAllLines(part));
        }
        lines.addAll(Files.readAllLines(audit));
        return lines;
    }

    private static void assertSecretNowhere(Path audit, LogCapture logs) throws Exception {
        assertFalse(String.join("\n", auditLines(audit)).contains(TestSessions.PASSWORD), "secret in the audit log");
        for (ILoggingEvent event : logs.events()) {
            String text = event.getFormattedMessage()
                    + (event.getThrowableProxy() == null ? "" : ThrowableProxyUtil.asString(event.getThrowableProxy()));
            assertFalse(text.contains(TestSessions.PASSWORD), "secret in a log line: " + text);
        }
    }

    /** The daemon's clock is the fake oned's: its samples and its VMs' times are in the fake's time. */
    private static final class FakeClock extends Clock {
        private final FakeOned one;

        FakeClock(FakeOned one) {
            this.one = one;
        }

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public java.time.Instant instant() {
            return java.time.Instant.ofEpochSecond(one.now());
        }
    }
}
