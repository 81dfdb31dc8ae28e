package org.overbookd.shard;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The i-th of n slices of a list of runs (1 <= i <= n), {@code --shard I/N} on the command line: the
 * runs at positions i - 1, i - 1 + n, i - 1 + 2n... Strided rather than in blocks because a grid's
 * first swept key varies slowest: a block would give one shard all the runs of one slot count, and
 * slices of equal length, equal work.
 */
public record Slice(int index, int count) {

    private static final Pattern I_OF_N = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    public Slice {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " is not 1 <= i <= n");
        }
    }

    /** The whole list as one slice: what an unsharded run replays. */
    public static final Slice WHOLE = new Slice(1, 1);

    /**
     * {@code I/N} as written on the command line.
     *
     * @throws IllegalArgumentException saying what an I/N is, for the command to name its flag
     */
    public static Slice parse(String value) {
        Matcher m = I_OF_N.matcher(value.trim());
        if (m.matches()) {
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (n >= 1 && i >= 1 && i <= n) {
                return new Slice(i, n);
            }
        }
        throw new IllegalArgumentException(
                "'" + value + "' is not I/N with 1 <= I <= N (such as 2/4: the second of 4 slices)");
    }

    /** The positions (from 0) this slice holds of a list of {@code size} runs, in order. */
    public List<Integer> positions(int size) {
        List<Integer> at = new ArrayList<>();
        for (int k = index - 1; k < size; k += count) {
            at.add(k);
        }
        return at;
    }

    /** "2/4". */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
