package org.overbookd.policy.overbooking;

import java.util.List;
import org.overbookd.model.HostView;

/**
 * Where each candidate host stands in host order, by host id: what a pinned VM asks to learn whether
 * its own host is a candidate this step, and which one. An open-addressed table of plain ints: the
 * general path asks it twice for every pinned VM of the queue (tens of thousands on a daemon's
 * cluster), and a map of boxed ids cost a tenth of a decision in allocation and hashing alone.
 * As with a map filled in host order, a host id listed twice answers its last position.
 */
final class CandidatePositions {

    /** Nothing is pinned: no VM will ask. */
    static final CandidatePositions NONE = new CandidatePositions(List.of());

    private final int[] ids;
    /** position + 1, so that 0 marks an empty slot */
    private final int[] positions;

    private final int mask;

    CandidatePositions(List<HostView> candidates) {
        int capacity = Integer.highestOneBit(Math.max(1, candidates.size()) * 2) * 2;
        this.ids = new int[capacity];
        this.positions = new int[capacity];
        this.mask = capacity - 1;
        for (int i = 0; i < candidates.size(); i++) {
            int id = candidates.get(i).id();
            int slot = slot(id);
            while (positions[slot] != 0 && ids[slot] != id) {
                slot = (slot + 1) & mask;
            }
            ids[slot] = id;
            positions[slot] = i + 1;
        }
    }

    private int slot(int id) {
        // Fibonacci hashing spreads consecutive ids (OpenNebula's) over the whole table
        int h = id * 0x9E3779B9;
        return (h ^ h >>> 16) & mask;
    }

    /** The position in host order of the candidate with this id, or -1 when it is no candidate. */
    int of(int hostId) {
        int slot = slot(hostId);
        while (positions[slot] != 0) {
            if (ids[slot] == hostId) {
                return positions[slot] - 1;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }
}
