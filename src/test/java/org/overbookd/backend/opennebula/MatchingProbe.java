package org.overbookd.backend.opennebula;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * overbookd's own matching of any VMs of a live oned, PENDING ones included, for the suite that
 * compares it with oned's (RequirementsAgainstOnedIT, in another package): the pools read as the
 * backend reads them, the hosts oned's placement considers (STATE 2, MONITORED), and
 * {@link HostMatching} evaluated on them.
 */
public final class MatchingProbe {

    /** What overbookd makes of one VM: the hosts and datastores its expressions match, and why it may go nowhere. */
    public record Matched(Set<Integer> hosts, Set<Integer> datastores, String verdict) {}

    private MatchingProbe() {}

    public static Map<Integer, Matched> evaluate(URI endpoint, Path authFile, Collection<Integer> vmIds)
            throws Exception {
        OneXmlRpcClient client = new OneXmlRpcClient(
                endpoint,
                OneSession.read(authFile),
                Duration.ofSeconds(30),
                OpenNebulaSettings.DEFAULT_MAX_REPLY_BYTES);
        OneApi api = new OneApi(client, "QOS", "SLO");
        OneApi.Pool<List<HostRecord>> hosts = api.hostPool();
        OneApi.Pool<Map<Integer, MonitoringSample>> samples = api.hostMonitoring();
        List<VmRecord> vms =
                api.vmPool().stream().filter(vm -> vmIds.contains(vm.id())).toList();
        HostMatching.Sources sources =
                new HostMatching.Sources(hosts.document(), samples.document(), api.datastorePool(), api.clusterPool());
        List<HostRecord> monitored = hosts.parsed().stream()
                .filter(h -> h.state() == OneHostStates.MONITORED)
                .toList();
        HostMatching matching = HostMatching.of(monitored, vms, sources);
        Map<Integer, Matched> out = new TreeMap<>();
        for (VmRecord vm : vms) {
            out.put(
                    vm.id(),
                    new Matched(matching.hostsMatching(vm), matching.datastoresMatching(vm), matching.verdict(vm)));
        }
        return out;
    }
}
