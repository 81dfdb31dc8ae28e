package org.overbookd.sim.types;

/**
 * Arrivals one at a time in time order, each with its type and the service time it will need once
 * started. Drawing the service time at arrival, from the arrival's own stream, gives every policy
 * the very same VMs for a seed (common random numbers), so policies are compared on equal work.
 */
public interface ArrivalSource {

    /** Time of the pending arrival; +infinity when there are no more. */
    double time();

    int type();

    double service();

    /** Moves on to the next arrival. */
    void advance();
}
