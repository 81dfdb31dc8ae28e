package org.overbookd.sim.types;

import java.util.List;
import org.overbookd.io.Provenance;

/**
 * A whole run's model: the resources, the servers, the VM types and where arrivals come from,
 * with a default horizon in the scenario's time unit (mean service times for the paper's examples,
 * seconds for traces), and what the arrivals are as the result tables say it.
 */
public record TypesScenario(
        String name,
        List<String> resources,
        List<ServerSpec> servers,
        List<VmType> types,
        ArrivalModel workload,
        double horizon,
        Provenance provenance) {

    public TypesScenario {
        resources = List.copyOf(resources);
        servers = List.copyOf(servers);
        types = List.copyOf(types);
    }

    /** mu_j of every type, for schedulers that weigh by it (G16). */
    public double[] serviceRates() {
        double[] mu = new double[types.size()];
        for (int j = 0; j < mu.length; j++) {
            mu[j] = types.get(j).serviceRate();
        }
        return mu;
    }
}
