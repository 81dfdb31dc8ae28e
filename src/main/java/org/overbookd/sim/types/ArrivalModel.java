package org.overbookd.sim.types;

import java.util.List;

/** Where arrivals come from: Poisson streams at each type's rates, or a typed trace. */
public sealed interface ArrivalModel {

    /** A fresh source of arrivals, in time order; the same seed gives the same arrivals. */
    ArrivalSource open(List<VmType> types, long seed);

    /** Each type's arrivals form a Poisson process at rate lambda_j; service times are exponential at rate mu_j. */
    record Poisson() implements ArrivalModel {
        @Override
        public ArrivalSource open(List<VmType> types, long seed) {
            return new PoissonArrivals(types, seed);
        }
    }

    /** The VMs of a trace, sorted by arrival; seeds do not change them. */
    record Trace(List<TraceTask> tasks) implements ArrivalModel {
        public Trace {
            tasks = List.copyOf(tasks);
        }

        @Override
        public ArrivalSource open(List<VmType> types, long seed) {
            return new TraceArrivals(tasks);
        }
    }
}
