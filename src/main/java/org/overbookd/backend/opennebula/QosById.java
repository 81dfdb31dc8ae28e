package org.overbookd.backend.opennebula;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import org.overbookd.model.QosClass;

/**
 * The QoS class of every VM one observation saw, by VM id: what a decision is checked against before
 * anything is sent. A read-only map over two arrays sorted by id, not a {@code HashMap}: a pool of
 * 100,000 VMs made 100,000 boxed ids and map entries each cycle, built by code the daemon's first cycle
 * runs before the JIT has compiled it, and kept alive until the next cycle. A lookup is a binary search.
 */
final class QosById extends AbstractMap<Integer, QosClass> {

    private static final QosClass[] CLASSES = QosClass.values();

    /** Ascending, distinct. */
    private final int[] ids;

    private final byte[] classes;

    private QosById(int[] ids, byte[] classes) {
        this.ids = ids;
        this.classes = classes;
    }

    @Override
    public QosClass get(Object key) {
        int i = key instanceof Integer id ? Arrays.binarySearch(ids, id) : -1;
        return i >= 0 ? CLASSES[classes[i]] : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public int size() {
        return ids.length;
    }

    @Override
    public Set<Entry<Integer, QosClass>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<Integer, QosClass>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < ids.length;
                    }

                    @Override
                    public Entry<Integer, QosClass> next() {
                        if (next >= ids.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(ids[i], CLASSES[classes[i]]);
                    }
                };
            }

            @Override
            public int size() {
                return ids.length;
            }
        };
    }

    /**
     * Collects the classes VM by VM, in any order; a VM given twice keeps its last class, as a map's
     * {@code put} would. Pools come sorted by id, which costs no sort.
     */
    static final class Builder {
        private int[] ids;
        private byte[] classes;
        private int size;
        private boolean ascending = true;

        Builder(int expected) {
            ids = new int[Math.max(4, expected)];
            classes = new byte[ids.length];
        }

        void put(int id, QosClass qos) {
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
                classes = Arrays.copyOf(classes, size * 2);
            }
            ascending &= size == 0 || id > ids[size - 1];
            ids[size] = id;
            classes[size] = (byte) qos.ordinal();
            size++;
        }

        QosById build() {
            if (ascending) {
                return new QosById(Arrays.copyOf(ids, size), Arrays.copyOf(classes, size));
            }
            // by id, then by the order given: the last of each id is the one kept
            long[] order = new long[size];
            for (int i = 0; i < size; i++) {
                order[i] = (long) ids[i] << 32 | i;
            }
            Arrays.sort(order);
            int[] sortedIds = new int[size];
            byte[] sortedClasses = new byte[size];
            int n = 0;
            for (int k = 0; k < size; k++) {
                int id = (int) (order[k] >> 32);
                int at = (int) order[k];
                if (n > 0 && sortedIds[n - 1] == id) {
                    n--; // a later one of the same id replaces it
                }
                sortedIds[n] = id;
                sortedClasses[n] = classes[at];
                n++;
            }
            return new QosById(Arrays.copyOf(sortedIds, n), Arrays.copyOf(sortedClasses, n));
        }
    }
}
