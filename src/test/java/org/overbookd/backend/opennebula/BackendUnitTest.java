package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.xmlrpc.XmlRpcException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;

/**
 * {@link OpenNebulaBackend} alone, over a mocked {@link OneApi}: how it sequences calls. The same
 * behaviours are tested end to end against the fake oned in the Backend*Test classes.
 */
class BackendUnitTest {

    @TempDir
    Path dir;

    private OneApi api;
    private OpenNebulaBackend backend;

    @BeforeEach
    void observeOneHostOneLowAndOneHighVm() throws Exception {
        api = mock(OneApi.class);
        when(api.hostPool())
                .thenReturn(new OneApi.Pool<>(
                        List.of(new HostRecord(0, "n0", OneHostStates.MONITORED, 400)), "<HOST_POOL/>"));
        when(api.hostMonitoring())
                .thenReturn(new OneApi.Pool<>(Map.of(0, new MonitoringSample(0, 1, 100)), "<MONITORING_DATA/>"));
        // VM 1 waits on hold: the observation reads the datastores and clusters too
        when(api.datastorePool())
                .thenReturn(PoolDocuments.read(
                        OneDocuments.toString(
                                OneDocuments.datastorePool(List.of(OneDocuments.Datastore.system(0, "system", 0)))),
                        "DATASTORE_POOL",
                        "DATASTORE",
                        () -> ObjectDocument.builder("DATASTORE", ObjectDocument.DATASTORE_PATHS, false)));
        when(api.clusterPool()).thenReturn(Map.of());
        when(api.vmPool())
                .thenReturn(List.of(
                        new VmRecord(1, "low", OneVmStates.HOLD, 0, 1, "LOW", null),
                        new VmRecord(2, "high", OneVmStates.HOLD, 0, 1, null, null)));
        when(api.vmMonitoring()).thenReturn(Map.of());
        backend = new OpenNebulaBackend(api, SuspendAction.SUSPEND);
        backend.observe(Instant.EPOCH);
    }

    @Test
    void aHighQosDecisionMakesNoCallAtAll() throws Exception {
        List<Outcome> outcomes = backend.enact(List.of(deploy(2, 0), suspend(2, 0)), Instant.EPOCH);
        assertEquals(
                List.of("HIGH_QOS", "HIGH_QOS"),
                outcomes.stream().map(Outcome::code).toList());
        verify(api).hostPool();
        verify(api).hostMonitoring();
        verify(api).vmPool();
        verify(api).vmMonitoring();
        verify(api).datastorePool();
        verify(api).clusterPool();
        verify(api).drsClusters(); // the first observation's look at OneDRS: no VM named
        verifyNoMoreInteractions(api);
    }

    @Test
    void readsTheVmThenDeploysIt() throws Exception {
        when(api.vm(1)).thenReturn(new VmRecord(1, "low", OneVmStates.HOLD, 0, 1, "LOW", null));
        assertEquals(
                Outcome.Status.OK,
                backend.enact(List.of(deploy(1, 0)), Instant.EPOCH).get(0).status());
        org.mockito.InOrder order = org.mockito.Mockito.inOrder(api);
        order.verify(api).vm(1);
        order.verify(api).keepFromOneDrs(1); // marked for OneDRS before it is placed
        order.verify(api).perform(VmCall.deploy(1, 0, 0));
    }

    @Test
    void aTimeoutStopsTheBatch() throws Exception {
        OneCallFailure timeout = OneCallFailure.of(
                "one.vm.info",
                "http://x",
                300,
                new XmlRpcException("read", new SocketTimeoutException("Read timed out")),
                TestSessions.session(dir),
                false);
        when(api.vm(anyInt())).thenThrow(timeout);
        List<Outcome> outcomes = backend.enact(List.of(deploy(1, 0), deploy(1, 0), deploy(1, 0)), Instant.EPOCH);
        assertEquals(
                List.of("TIMEOUT", "TIMEOUT", "TIMEOUT"),
                outcomes.stream().map(Outcome::code).toList());
        verify(api, times(1)).vm(1);
        verify(api, never()).perform(any());
    }

    @Test
    void aBugOfOursBecomesAFailedOutcomeNotAnException() throws Exception {
        when(api.vm(1)).thenThrow(new IllegalStateException("bug"));
        Outcome outcome = backend.enact(List.of(deploy(1, 0)), Instant.EPOCH).get(0);
        assertEquals(Outcome.Status.FAILED, outcome.status());
        assertEquals("INTERNAL", outcome.code());
    }
}
