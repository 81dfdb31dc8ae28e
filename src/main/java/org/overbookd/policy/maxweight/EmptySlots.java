package org.overbookd.policy.maxweight;

import java.util.BitSet;

/**
 * The empty slots that active servers reserve for future arrivals, per server and type, with one
 * bit set per type of the servers holding such a slot: "schedule the VM in the first empty slot"
 * (Algorithm 1, arrivals) is then a nextSetBit, the lowest-numbered server first.
 */
final class EmptySlots {

    private final int[][] count;
    private final BitSet[] byType;

    EmptySlots(int servers, int types) {
        count = new int[servers][types];
        byType = new BitSet[types];
        for (int j = 0; j < types; j++) {
            byType[j] = new BitSet(servers);
        }
    }

    void add(int server, int type, int n) {
        if (n > 0) {
            count[server][type] += n;
            byType[type].set(server);
        }
    }

    /** The lowest-numbered server with an empty slot of this type, or -1. */
    int first(int type) {
        return byType[type].nextSetBit(0);
    }

    void take(int server, int type) {
        if (--count[server][type] == 0) {
            byType[type].clear(server);
        } else if (count[server][type] < 0) {
            throw new IllegalStateException("no empty slot of type " + type + " on server " + server);
        }
    }

    /** Drops every slot of the server: it stops scheduling (stalled) or is about to be reconfigured. */
    void clear(int server) {
        int[] slots = count[server];
        for (int j = 0; j < slots.length; j++) {
            if (slots[j] > 0) {
                slots[j] = 0;
                byType[j].clear(server);
            }
        }
    }

    int count(int server, int type) {
        return count[server][type];
    }
}
