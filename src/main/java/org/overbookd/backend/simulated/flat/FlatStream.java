package org.overbookd.backend.simulated.flat;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.overbookd.random.Ziggurat;

/**
 * A VM's random stream kept as its state alone, one {@code long}, so that a hundred thousand of them
 * fit in one {@code long[]} of {@link HotState} instead of as many {@link SplittableRandom} objects.
 * One cursor draws for many streams in turn: load a state into {@link #state}, draw, store it back.
 *
 * <p>Why the draws are the same, bit for bit, as the {@link SplittableRandom} the stream was made
 * as: a SplittableRandom made from a seed ({@code new SplittableRandom(seed)}, as every stream of
 * {@link org.overbookd.random.Seeds} is) steps its state by the fixed golden gamma and outputs the
 * SplitMix64 finalizer of it (Steele, Lea and Flood 2014, the same mix as {@code Seeds.mix}), and it
 * inherits {@link RandomGenerator#nextDouble()} from the interface, which draws through {@link
 * #nextLong()} alone. So a generator whose {@code nextLong} is that step and mix, and which keeps the
 * interface's {@code nextDouble}, draws the same numbers; no JDK code is copied. The class checks
 * this against the running JDK when it loads and refuses to load if the JDK's SplittableRandom
 * differs (then the simulator stops with that error instead of drawing other numbers). Normal draws
 * are {@link Ziggurat}'s, from the same longs, as every model's are.
 *
 * <p>{@code nextInt()} is not the same (SplittableRandom has its own 32-bit mix), so it, and every
 * default method built on it, throws: the load patterns draw only doubles and normals. So does
 * {@code nextGaussian()}, the JDK's ziggurat, which differs between JDKs.
 *
 * <p>Not thread-safe: each drawing thread has its own cursor.
 */
public final class FlatStream implements RandomGenerator {

    /** The golden gamma: a seeded SplittableRandom's fixed step. */
    private static final long GAMMA = 0x9E3779B97F4A7C15L;

    private static final long M1 = 0xBF58476D1CE4E5B9L;
    private static final long M2 = 0x94D049BB133111EBL;
    private static final long M1_INVERSE = inverse(M1);
    private static final long M2_INVERSE = inverse(M2);

    /** The state of the stream being drawn from; the next {@link #nextLong} steps it first. */
    long state;

    static {
        verifyAgainstJdk();
    }

    @Override
    public long nextLong() {
        return mix(state += GAMMA);
    }

    /** The SplitMix64 finalizer: what a stream outputs at a state. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * M1;
        z = (z ^ (z >>> 27)) * M2;
        return z ^ (z >>> 31);
    }

    /** The state {@code draws} longs after {@code state}: the stream only steps by the gamma. */
    static long after(long state, int draws) {
        return state + draws * GAMMA;
    }

    /**
     * The uniform double {@link #nextDouble} draws when the stream steps to {@code state}, i.e.
     * {@code k} draws after state {@code s} it is {@code uniformAt(after(s, k))}: the top 53 bits of
     * the mixed state, scaled to [0, 1), as the interface's {@code nextDouble} (checked against the
     * JDK with the rest). For a drawer that keeps a stream's state in a local variable.
     */
    static double uniformAt(long state) {
        return (mix(state) >>> 11) * 0x1.0p-53;
    }

    /**
     * Refused: the JDK's ziggurat is not the same on every JDK (it changed in JDK 19). A normal draw
     * from a flat stream is {@code Ziggurat.next(cursor)}, or {@link Ziggurat#inRectangle} and
     * {@link Ziggurat#rectangle} on {@link #outputAt} for a drawer that keeps the state in a local.
     */
    @Override
    public double nextGaussian() {
        throw new UnsupportedOperationException("a flat stream draws normals through Ziggurat, the same on every JDK");
    }

    /** The long {@link #nextLong} draws when the stream steps to {@code stepped}. */
    static long outputAt(long stepped) {
        return mix(stepped);
    }

    /** SplittableRandom's {@code nextInt()} differs from the interface's: not offered. */
    @Override
    public int nextInt() {
        throw new UnsupportedOperationException(
                "a flat stream draws only longs and doubles (normals through Ziggurat)");
    }

    /**
     * The state of a seeded SplittableRandom, read back by drawing one long and undoing the mix and
     * the step: a flat stream started at it draws what {@code random} would have drawn next. The
     * SplittableRandom is two draws further on: do not draw from it again.
     *
     * @throws IllegalArgumentException for a stream made by {@code split()}, which steps by a gamma
     *         of its own: the second draw tells, and such a stream would otherwise draw other numbers
     */
    public static long stateOf(SplittableRandom random) {
        long state = unmix(random.nextLong()) - GAMMA;
        if (mix(state + 2 * GAMMA) != random.nextLong()) {
            throw new IllegalArgumentException("a flat stream needs a seeded SplittableRandom"
                    + " (new SplittableRandom(seed)), not one made by split(), whose step differs");
        }
        return state;
    }

    /** The inverse of the SplitMix64 finalizer (each xor-shift and odd multiplication undone in turn). */
    static long unmix(long z) {
        z = unshift(z, 31);
        z *= M2_INVERSE;
        z = unshift(z, 27);
        z *= M1_INVERSE;
        return unshift(z, 30);
    }

    /** Undoes {@code z ^ (z >>> k)}: each pass recovers k more of the top bits. */
    private static long unshift(long y, int k) {
        long z = y;
        for (int known = k; known < 64; known += k) {
            z = y ^ (z >>> k);
        }
        return z;
    }

    /** The inverse of an odd number modulo 2^64, by Newton's iteration (each step doubles the good bits). */
    private static long inverse(long odd) {
        long x = odd; // right in the low 3 bits for any odd number
        for (int i = 0; i < 5; i++) {
            x *= 2 - odd * x;
        }
        return x;
    }

    /** Refuses to load on a JDK whose SplittableRandom draws differently from the description above. */
    private static void verifyAgainstJdk() {
        SplittableRandom reference = new SplittableRandom(0x5EED_F1A7L);
        FlatStream flat = new FlatStream();
        flat.state = stateOf(new SplittableRandom(0x5EED_F1A7L));
        for (int i = 0; i < 64; i++) {
            boolean same = reference.nextLong() == flat.nextLong();
            double uniform = uniformAt(after(flat.state, 1));
            double expected = reference.nextDouble();
            same &= Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(flat.nextDouble())
                    && Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(uniform);
            if (!same) {
                throw new IllegalStateException("this JDK's SplittableRandom is not SplitMix64 with the golden gamma;"
                        + " the simulator's flat random streams would draw other numbers");
            }
        }
    }
}
