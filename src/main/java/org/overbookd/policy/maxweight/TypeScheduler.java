package org.overbookd.policy.maxweight;

import org.overbookd.policy.Decider;
import org.overbookd.policy.Plugin;

/**
 * A non-preemptive VM-type scheduler: shown the cluster after each event of the model (arrivals,
 * departures and, for schedulers that sample at random times, a timer of their own), it returns the
 * VMs to start, which the model then starts in order. Its name is the one used on the command line
 * and in output files: maxweight, m14, m14-central, g16, best-fit.
 *
 * <p>A scheduler keeps state of its own between events (Algorithm 1's configurations and periods,
 * G16's rates), changed only by the events it is shown and the starts it returns: the model applies
 * every start it is given, so the scheduler's state always matches the world.
 */
public interface TypeScheduler extends Decider<TypeEvent, Start>, Plugin {

    /** When the scheduler next wants a {@link TypeEvent.Timer}; +infinity for never. Asked after every event. */
    default double nextTimer() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Whether the server is stalled: it takes no VM, whatever waits, until it is empty (Algorithm 1's
     * stalled period). False for schedulers that never stall. Asked after every event, about the
     * servers that event touched.
     */
    default boolean stalled(int server) {
        return false;
    }

    /** Algorithm 1's beta, for results; NaN for a scheduler that has none. */
    default double beta() {
        return Double.NaN;
    }

    /** The configuration solver's name, for results; empty for a scheduler that solves no knapsacks. */
    default String solverName() {
        return "";
    }
}
