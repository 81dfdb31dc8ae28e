package org.overbookd.backend.simulated.flat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The distinct draw parameters that are not the VM's own: the spread (sd), the size factor (scale)
 * and the index of the business curve or spike model. Each slot holds one int, an index into these
 * tables, where it held the three values: a sweep over every running slot then reads four bytes
 * per slot where it read twenty, from a table a few entries long that stays in the L1 cache. A
 * synthetic world has a handful of profiles (one spread per pattern, one scale per low-QoS size),
 * whatever its size; at 125,000 hosts the sweep is bound by memory bandwidth (docs/performance.md).
 *
 * <p>The tables only grow, so an index once found holds for the world's life and a VM may keep it.
 * The values are the generators' own doubles, so a draw from a profile is the same bits as a draw
 * from the values.
 */
final class DrawProfiles {

    /** Up to this many profiles, a look-up scans the tables; beyond, it asks a map. */
    private static final int SCANNED = 16;

    private double[] sd = new double[4];
    private double[] scale = new double[4];
    private int[] table = new int[4];
    private int size;
    /** Every profile by its values, once there are more than {@link #SCANNED}; null before. */
    private Map<Key, Integer> byValues;

    private record Key(long sdBits, long scaleBits, int table) {}

    /** The spread of each profile, by index; the array is replaced as the table grows. */
    double[] sd() {
        return sd;
    }

    /** The size factor of each profile, by index; replaced as the table grows. */
    double[] scale() {
        return scale;
    }

    /** The business curve's or spike model's index of each profile (0 for others); replaced as the table grows. */
    int[] table() {
        return table;
    }

    int size() {
        return size;
    }

    /**
     * The index of the profile with these values (compared bit for bit, so that -0.0 and NaN are
     * values like any other), added if new.
     */
    int indexOf(double sdValue, double scaleValue, int tableIndex) {
        long sdBits = Double.doubleToRawLongBits(sdValue);
        long scaleBits = Double.doubleToRawLongBits(scaleValue);
        if (byValues == null) {
            for (int i = 0; i < size; i++) {
                if (table[i] == tableIndex
                        && Double.doubleToRawLongBits(sd[i]) == sdBits
                        && Double.doubleToRawLongBits(scale[i]) == scaleBits) {
                    return i;
                }
            }
        } else {
            Integer found = byValues.get(new Key(sdBits, scaleBits, tableIndex));
            if (found != null) {
                return found;
            }
        }
        return add(sdValue, scaleValue, tableIndex);
    }

    private int add(double sdValue, double scaleValue, int tableIndex) {
        if (size == sd.length) {
            int grown = size * 2;
            sd = Arrays.copyOf(sd, grown);
            scale = Arrays.copyOf(scale, grown);
            table = Arrays.copyOf(table, grown);
        }
        sd[size] = sdValue;
        scale[size] = scaleValue;
        table[size] = tableIndex;
        if (byValues == null && size + 1 > SCANNED) {
            byValues = new HashMap<>();
            for (int i = 0; i < size; i++) {
                byValues.put(key(i), i);
            }
        }
        if (byValues != null) {
            byValues.put(key(size), size);
        }
        return size++;
    }

    private Key key(int i) {
        return new Key(Double.doubleToRawLongBits(sd[i]), Double.doubleToRawLongBits(scale[i]), table[i]);
    }
}
