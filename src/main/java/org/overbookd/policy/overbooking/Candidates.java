package org.overbookd.policy.overbooking;

import java.util.List;
import org.overbookd.model.HostView;
import org.overbookd.model.VmSize;

/**
 * The candidate hosts of one Algorithm 1 step, in host order, and which of them have received their
 * one VM of the step. Rooms are measured once, when the queue has sizes at all: without sizes every
 * VM fits and the next free host is simply the first one not taken.
 */
final class Candidates {

    private final List<HostView> hosts;
    private final boolean[] taken;
    private final Room[] rooms;
    private final double upperBound;
    private int firstFree;
    private int free;
    /** The largest room of any candidate: a VM larger than that is refused without a scan. */
    private final Room largest;

    Candidates(List<HostView> hosts, boolean sized, double upperBound) {
        this.hosts = hosts;
        this.taken = new boolean[hosts.size()];
        this.rooms = new Room[hosts.size()];
        this.upperBound = upperBound;
        this.free = hosts.size();
        long cpu = Long.MAX_VALUE;
        long memory = Long.MAX_VALUE;
        if (sized) {
            cpu = Long.MIN_VALUE;
            memory = Long.MIN_VALUE;
            for (int i = 0; i < rooms.length; i++) {
                rooms[i] = Room.of(hosts.get(i), upperBound);
                cpu = Math.max(cpu, rooms[i].cpu());
                memory = Math.max(memory, rooms[i].memory());
            }
        }
        this.largest = new Room(cpu, memory);
    }

    int size() {
        return hosts.size();
    }

    boolean noneFree() {
        return free == 0;
    }

    boolean free(int index) {
        return !taken[index];
    }

    Room room(int index) {
        if (rooms[index] == null) {
            rooms[index] = Room.of(hosts.get(index), upperBound);
        }
        return rooms[index];
    }

    /** The first free host that {@code size} fits, or -1. */
    int firstFitting(VmSize size) {
        if (!largest.fits(size, true)) {
            return -1;
        }
        while (firstFree < taken.length && taken[firstFree]) {
            firstFree++;
        }
        for (int i = firstFree; i < taken.length; i++) {
            if (!taken[i] && room(i).fits(size, true)) {
                return i;
            }
        }
        return -1;
    }

    HostView take(int index) {
        taken[index] = true;
        free--;
        return hosts.get(index);
    }
}
