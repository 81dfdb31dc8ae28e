package org.overbookd.sim.types;

/**
 * A VM type of the model: a name, a demand per resource (integer units of the scenario), and for a
 * Poisson workload its arrival rate lambda_j and service rate mu_j (mean service time 1/mu_j). For a
 * trace, lambda is the observed mean arrival rate and mu one over the observed mean service time.
 */
public record VmType(String name, long[] demand, double arrivalRate, double serviceRate) {
    public VmType {
        demand = demand.clone();
    }

    @Override
    public long[] demand() {
        return demand.clone();
    }

    long demand(int resource) {
        return demand[resource];
    }
}
