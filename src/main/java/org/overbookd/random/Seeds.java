package org.overbookd.random;

import java.util.SplittableRandom;

/**
 * Derives an independent random stream for every source of randomness from one master seed and the
 * source's identity, never from the order in which sources are created. So the high-QoS workload is
 * the same whatever the overbooking settings, and results do not depend on thread count.
 */
public final class Seeds {

    public static final long HIGH_QOS = 0x4849474851L;
    public static final long LOW_QOS = 0x4c4f57514fL;

    private Seeds() {}

    public static SplittableRandom stream(long master, long role, long... identity) {
        long h = mix(master ^ mix(role));
        for (long part : identity) {
            h = mix(h + 0x9E3779B97F4A7C15L * (part + 1));
        }
        return new SplittableRandom(h);
    }

    /** The SplitMix64 finalizer: a bijective, well-avalanching 64-bit mix. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
