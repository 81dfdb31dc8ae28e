package org.overbookd.sim.types;

/** A server of the model: a name and a capacity per resource, in the scenario's integer units. */
public record ServerSpec(String name, long[] capacity) {
    public ServerSpec {
        capacity = capacity.clone();
    }

    @Override
    public long[] capacity() {
        return capacity.clone();
    }

    long capacity(int resource) {
        return capacity[resource];
    }
}
