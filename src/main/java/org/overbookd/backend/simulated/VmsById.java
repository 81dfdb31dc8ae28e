package org.overbookd.backend.simulated;

/**
 * VMs by id, in an open-addressing table of primitive keys: what the world's {@code HashMap<Long,
 * SimVm>} of nameable low-QoS VMs did, without a boxed key and a node per VM. Every decision looks
 * a VM up and every low-QoS VM that terminates is removed, millions of times in a Google-cell run.
 *
 * <p>Linear probing; a removal shifts the entries after it back instead of leaving a tombstone, so a
 * lookup never walks past deleted entries. The table doubles at half full.
 */
final class VmsById {

    private long[] keys = new long[64];
    private SimVm[] values = new SimVm[64];
    private int size;

    int size() {
        return size;
    }

    /** The VM with this id, or null. */
    SimVm get(long id) {
        int mask = keys.length - 1;
        for (int i = slot(id, mask); values[i] != null; i = (i + 1) & mask) {
            if (keys[i] == id) {
                return values[i];
            }
        }
        return null;
    }

    /** Maps {@code vm.id} to {@code vm}, in place of any VM with that id. */
    void put(SimVm vm) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(vm.id, mask);
        while (values[i] != null) {
            if (keys[i] == vm.id) {
                values[i] = vm;
                return;
            }
            i = (i + 1) & mask;
        }
        keys[i] = vm.id;
        values[i] = vm;
        size++;
    }

    /** Removes the VM with this id; the one removed, or null. */
    SimVm remove(long id) {
        int mask = keys.length - 1;
        int i = slot(id, mask);
        while (values[i] != null && keys[i] != id) {
            i = (i + 1) & mask;
        }
        SimVm removed = values[i];
        if (removed == null) {
            return null;
        }
        // close the gap: move back each later entry of the run that may not sit after the hole
        int hole = i;
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            // j's entry may fill the hole unless its home lies cyclically in (hole, j]
            boolean homeBetween = hole <= j ? hole < home && home <= j : hole < home || home <= j;
            if (!homeBetween) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = 0;
        values[hole] = null;
        size--;
        return removed;
    }

    private static int slot(long id, int mask) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        SimVm[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new SimVm[oldValues.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldValues[i]);
            }
        }
    }
}
