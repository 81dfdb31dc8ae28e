package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.resume;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmUnmatched;
import org.overbookd.model.VmView;
import org.overbookd.testing.LogCapture;

/**
 * Where the backend lets each queued VM go, against a fake oned of three clusters: cluster 0
 * (hosts 0 and 1, system datastore 0), cluster 100 (host 2, no system datastore) and cluster 101
 * (host 3, system datastores 101 and 102, the second with TIER ssd). The requirements are OpenNebula's
 * (the differential suite against the real oned checks the evaluation itself); here, what the view,
 * the planner, the log and the audit make of them.
 */
class BackendMatchingTest {

    @TempDir
    Path dir;

    private FakeOned one;

    @BeforeEach
    void threeClusters() throws Exception {
        one = FakeOned.start(TestSessions.SESSION);
        one.host(0, "node0", 8).template("GPU", "YES").usedCpu(100L);
        one.host(1, "node1", 8).usedCpu(100L);
        one.host(2, "node2", 8).cluster(100).usedCpu(100L);
        one.host(3, "node3", 8).cluster(101).usedCpu(100L);
        one.datastore(OneDocuments.Datastore.system(101, "fast", 101));
        one.datastore(new OneDocuments.Datastore(102, "ssd", 1, 0, true, 1000, List.of(101), Map.of("TIER", "ssd")));
        one.cluster(100, Map.of());
        one.cluster(101, Map.of("ZONE", "blue"));
        one.vm(10, "gpu").low().attribute("SCHED_REQUIREMENTS", "GPU = YES");
        one.vm(11, "cluster100").low().attribute("SCHED_REQUIREMENTS", "CLUSTER_ID = 100");
        one.vm(12, "broken").low().attribute("SCHED_REQUIREMENTS", "ID = ");
        one.vm(13, "ssd").low().attribute("SCHED_DS_REQUIREMENTS", "TIER = ssd");
        one.vm(14, "anywhere").low();
        one.vm(15, "blue").low().templateAttribute("AUTOMATIC_REQUIREMENTS", "ZONE = blue");
    }

    @AfterEach
    void close() {
        one.close();
    }

    private OpenNebulaBackend backend() throws Exception {
        return new OpenNebulaBackend(new OpenNebulaSettings(
                one.endpoint(), TestSessions.authFile(dir), "QOS", Duration.ofSeconds(5), SuspendAction.STOP));
    }

    private static Set<Integer> allowed(ClusterView view, long vmId) {
        VmView vm =
                view.queue().stream().filter(v -> v.id() == vmId).findFirst().orElseThrow();
        Set<Integer> hosts = new TreeSet<>();
        for (HostView host : view.hosts()) {
            if (vm.mayRunOn(host)) {
                hosts.add(host.id());
            }
        }
        return hosts;
    }

    @Test
    void theViewSaysWhereEachQueuedVmMayGo() throws Exception {
        ClusterView view = backend().observe(Instant.EPOCH);
        assertEquals(Set.of(0), allowed(view, 10), "GPU = YES: host 0 only");
        assertEquals(Set.of(), allowed(view, 11), "cluster 100 has hosts but no system datastore");
        assertEquals(Set.of(), allowed(view, 12), "a requirement that does not parse matches nothing");
        assertEquals(Set.of(3), allowed(view, 13), "the ssd datastore is in cluster 101 only");
        assertEquals(Set.of(0, 1, 3), allowed(view, 14), "no requirement: every host with a system datastore");
        assertEquals(Set.of(3), allowed(view, 15), "AUTOMATIC_REQUIREMENTS count, over the cluster's template");
        assertEquals(Map.of("no-datastore", 1, "invalid", 1), view.vmsUnmatched());
        assertEquals(6, view.queue().size(), "a VM no host matches stays queued");
    }

    @Test
    void aVmNoHostMatchesIsLoggedAndHandedToTheAuditOnceWhenThatBegins() throws Exception {
        OpenNebulaBackend backend = backend();
        try (LogCapture logs = LogCapture.start()) {
            backend.observe(Instant.EPOCH);
            List<UnmatchedVm> first = backend.unmatched();
            assertEquals(
                    List.of(11, 12), first.stream().map(u -> (int) u.vm().id()).toList());
            assertEquals(
                    List.of(VmUnmatched.NO_DATASTORE, VmUnmatched.INVALID),
                    first.stream().map(UnmatchedVm::reason).toList());
            assertTrue(
                    first.get(0).detail().contains("[0, 101, 102] are in none of the clusters [100]"),
                    first.get(0).detail());
            assertTrue(
                    first.get(1).detail().contains("syntax error"), first.get(1).detail());
            assertEquals(List.of(), backend.unmatched(), "handed over once");
            backend.observe(Instant.EPOCH);
            assertEquals(List.of(), backend.unmatched(), "not again while the condition lasts");
            long lines = logs.events().stream()
                    .filter(e -> e.getFormattedMessage().contains("may run on no host"))
                    .count();
            assertEquals(2, lines, logs.text());
            // its owner mends it: the episode ends; broken again, it begins anew
            one.vm(12).attribute("SCHED_REQUIREMENTS", "ID = 3");
            backend.observe(Instant.EPOCH);
            assertEquals(List.of(), backend.unmatched());
            one.vm(12).attribute("SCHED_REQUIREMENTS", "ID = 2");
            backend.observe(Instant.EPOCH);
            List<UnmatchedVm> again = backend.unmatched();
            assertEquals(1, again.size());
            assertEquals(
                    VmUnmatched.NO_DATASTORE, again.get(0).reason(), "host 2 matches, its cluster has no datastore");
        }
    }

    @Test
    void aDeployNamesTheDatastoreTheMatchingAllowsInTheHostsCluster() throws Exception {
        OpenNebulaBackend backend = backend();
        backend.observe(Instant.EPOCH);
        one.forgetCalls();
        List<Outcome> outcomes = backend.enact(List.of(deploy(13, 3), deploy(14, 1)), Instant.EPOCH);
        assertEquals(
                List.of(Outcome.Status.OK, Outcome.Status.OK),
                outcomes.stream().map(Outcome::status).toList());
        // each placement: the fresh one.vm.info, the mark for OneDRS, the deploy
        assertEquals(List.of(13, 3, false, 102), one.calls().get(2).arguments(), "ssd: 102, not oned's default 101");
        assertEquals(List.of(14, 1, false, 0), one.calls().get(5).arguments());
    }

    @Test
    void thePlannerRefusesAHostTheVmDoesNotMatchWhateverThePolicyAsked() throws Exception {
        OpenNebulaBackend backend = backend();
        backend.observe(Instant.EPOCH);
        one.forgetCalls();
        List<Outcome> outcomes = backend.enact(List.of(deploy(10, 1), deploy(11, 2), deploy(12, 0)), Instant.EPOCH);
        assertEquals(
                List.of("HOST_NOT_MATCHED", "HOST_NOT_MATCHED", "HOST_NOT_MATCHED"),
                outcomes.stream().map(Outcome::code).toList());
        assertTrue(
                outcomes.get(0).message().contains("its requirements do not match it: GPU = YES"),
                outcomes.get(0).message());
        assertTrue(
                outcomes.get(1).message().contains("no system datastore it may use is in the host's cluster 100"),
                outcomes.get(1).message());
        assertFalse(one.methods().contains("one.vm.deploy"), one.methods().toString());
    }

    @Test
    void requirementsChangedSinceTheObservationAreForTheNextCycle() throws Exception {
        OpenNebulaBackend backend = backend();
        backend.observe(Instant.EPOCH);
        one.vm(10).attribute("SCHED_REQUIREMENTS", "ID = 1"); // its owner, between observe and enact
        Outcome outcome = backend.enact(List.of(deploy(10, 0)), Instant.EPOCH).get(0);
        assertEquals("REQUIREMENTS_CHANGED", outcome.code());
        assertFalse(one.methods().contains("one.vm.deploy"));
        assertEquals(Set.of(1), allowed(backend.observe(Instant.EPOCH), 10), "the next observation judges them");
    }

    @Test
    void aStoppedVmGoesBackToItsOwnDatastoreWhenAllowedThere() throws Exception {
        FakeVm stopped = one.vm(20, "stopped")
                .low()
                .stay(one.hostForTest(3), one.now() - 600)
                .state(OneVmStates.STOPPED, OneVmStates.LCM_INIT);
        stopped.lastStay().datastoreId = 102;
        OpenNebulaBackend backend = backend();
        assertEquals(Set.of(0, 1, 3), allowed(backend.observe(Instant.EPOCH), 20), "stopped: anywhere it may");
        one.forgetCalls();
        assertEquals(
                Outcome.Status.OK,
                backend.enact(List.of(resume(20, 3)), Instant.EPOCH).get(0).status());
        assertEquals(List.of(20, 3, false, 102), one.calls().get(2).arguments(), "its files are on 102");
    }

    @Test
    void aVmSuspendedOnAHostItNoLongerMatchesStaysSuspended() throws Exception {
        one.vm(21, "pinned")
                .low()
                .attribute("SCHED_REQUIREMENTS", "ID = 0")
                .stay(one.hostForTest(1), one.now() - 600)
                .state(OneVmStates.SUSPENDED, OneVmStates.LCM_INIT);
        OpenNebulaBackend backend = backend();
        ClusterView view = backend.observe(Instant.EPOCH);
        assertEquals(Set.of(), allowed(view, 21), "it can resume only on host 1, which ID = 0 excludes");
        UnmatchedVm why = backend.unmatched().stream()
                .filter(u -> u.vm().id() == 21)
                .findFirst()
                .orElseThrow();
        assertEquals(VmUnmatched.NO_HOST, why.reason());
        assertTrue(
                why.detail().startsWith("suspended on host 1, which its requirements no longer match"), why.detail());
        assertEquals(
                "HOST_NOT_MATCHED",
                backend.enact(List.of(resume(21, 1)), Instant.EPOCH).get(0).code());
    }

    @Test
    void withoutAQueuedVmNeitherDatastoresNorClustersAreRead() throws Exception {
        for (int vm = 10; vm <= 15; vm++) {
            one.deleteVm(vm);
        }
        OpenNebulaBackend backend = backend();
        backend.observe(Instant.EPOCH); // the first also looks at the clusters' OneDRS automation, once a day
        one.forgetCalls();
        backend.observe(Instant.EPOCH.plusSeconds(300));
        assertEquals(
                List.of(
                        "one.hostpool.info",
                        "one.hostpool.monitoring",
                        "one.vmpool.infoextended",
                        "one.vmpool.monitoring"),
                one.methods());
    }
}
