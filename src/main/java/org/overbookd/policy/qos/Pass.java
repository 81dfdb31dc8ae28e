package org.overbookd.policy.qos;

/**
 * What one scheduling pass shares with the cluster: a stamp that tells this pass's exact views from
 * older ones, the instant t at which every Q of the pass is taken, and the salt from the pass's
 * random source that orders instances of equal Q (so the order does not depend on which hosts the
 * pass happens to look into, and a scan that skips a host draws the same numbers as one that does not).
 */
record Pass(long stamp, double t, long salt) {

    /** A reproducible pseudo-random rank of an instance within this pass (murmur3's 64-bit finaliser). */
    long tieRank(long admission) {
        long z = salt ^ (admission * 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }
}
