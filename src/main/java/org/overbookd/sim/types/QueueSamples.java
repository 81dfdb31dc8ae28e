package org.overbookd.sim.types;

/**
 * The queue sizes at evenly spaced times 0, dt, 2 dt, ... up to the horizon: each value is the state
 * after every event at or before that time, so the samples do not depend on event density.
 *
 * @param times  sample times
 * @param queues queues[i][j]: type j's queue at times[i]
 */
public record QueueSamples(double[] times, long[][] queues) {

    public int size() {
        return times.length;
    }

    public long total(int sample) {
        long t = 0;
        for (long q : queues[sample]) {
            t += q;
        }
        return t;
    }
}
