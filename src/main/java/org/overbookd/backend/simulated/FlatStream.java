package org.overbookd.backend.simulated;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * A VM's random stream kept as its state alone, one {@code long}, so that a hundred thousand of them
 * fit in one {@code long[]} of {@link HotState} instead of as many {@link SplittableRandom} objects.
 * One cursor draws for many streams in turn: load a state into {@link #state}, draw, store it back.
 *
 * <p>Why the draws are the same, bit for bit, as the {@link SplittableRandom} the stream was made
 * as: a SplittableRandom made from a seed ({@code new SplittableRandom(seed)}, as every stream of
 * {@link org.overbookd.random.Seeds} is) steps its state by the fixed golden gamma and outputs the
 * SplitMix64 finalizer of it (Steele, Lea and Flood 2014, the same mix as {@code Seeds.mix}), and it
 * inherits {@link RandomGenerator#nextDouble()} and {@link RandomGenerator#nextGaussian()} (the
 * JDK's ziggurat) from the interface, which draw through {@link #nextLong()} alone. So a generator
 * whose {@code nextLong} is that step and mix, and which keeps the interface's {@code nextDouble}
 * and {@code nextGaussian}, draws the same numbers; no JDK code is copied. The class checks this
 * against the running JDK when it loads and refuses to load if the JDK's SplittableRandom differs
 * (then the simulator stops with that error instead of drawing other numbers).
 *
 * <p>{@code nextInt()} is not the same (SplittableRandom has its own 32-bit mix), so it, and every
 * default method built on it, throws: the load patterns draw only doubles and Gaussians.
 *
 * <p>Not thread-safe: each drawing thread has its own cursor.
 */
final class FlatStream implements RandomGenerator {

    /** The golden gamma: a seeded SplittableRandom's fixed step. */
    private static final long GAMMA = 0x9E3779B97F4A7C15L;
    private static final long M1 = 0xBF58476D1CE4E5B9L;
    private static final long M2 = 0x94D049BB133111EBL;
    private static final long M1_INVERSE = inverse(M1);
    private static final long M2_INVERSE = inverse(M2);

    /**
     * The JDK ziggurat's one-long path, measured off the running JDK (see {@link #nextGaussian}): per
     * value of the first long's low {@link #LAYER_BITS} bits, the factor the Gaussian is that long
     * times, or NaN where the JDK draws more than that long.
     */
    private static final int LAYER_BITS = 8;
    private static final double[] ONE_LONG_FACTOR = measureOneLongPath();

    static {
        verifyAgainstJdk();
    }

    /** The state of the stream being drawn from; the next {@link #nextLong} steps it first. */
    long state;

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
     * The interface's {@code nextGaussian} (the JDK's ziggurat), bit for bit, with its common case
     * small enough for the JIT to inline. The ziggurat takes one long; for most values of its low
     * bits (the layer) the Gaussian is a constant of the layer times that long, and only otherwise
     * does it draw more (the tail and the overhangs, about one draw in a hundred). The JDK method
     * holding both is too big to inline, and calling it cost about half of a load draw. So the
     * constants are measured off the running JDK when the class loads ({@link #measureOneLongPath}),
     * the common case is computed here, and any other layer sets the stream back one step and draws
     * through the JDK's own method. {@link #verifyAgainstJdk} compares the two on every layer and a
     * stream's draws before anything draws; a JDK whose ziggurat has another shape fails that check,
     * and the class refuses to load rather than draw other numbers.
     */
    @Override
    public double nextGaussian() {
        double gaussian = oneLongGaussianAt(state + GAMMA);
        if (gaussian == gaussian) { // not NaN: the layer's one-long case
            state += GAMMA;
            return gaussian;
        }
        return jdkGaussian();
    }

    /**
     * The Gaussian {@link #nextGaussian} draws when the stream steps to {@code stepped} (its state
     * one step on, {@code after(state, 1)}) if the ziggurat takes that one long alone, about 99 draws
     * in 100; otherwise NaN (a Gaussian never is), and the caller draws it by {@link #nextGaussian}
     * from the state before. For a drawer that keeps a stream's state in a local variable.
     */
    static double oneLongGaussianAt(long stepped) {
        long first = mix(stepped);
        return ONE_LONG_FACTOR[(int) first & ((1 << LAYER_BITS) - 1)] * first; // NaN stays NaN
    }

    /** The JDK's ziggurat itself (the interface's default method), drawing through {@link #nextLong}. */
    private double jdkGaussian() {
        return RandomGenerator.super.nextGaussian();
    }

    /**
     * For each layer {@code k}, what the JDK's Gaussian is when the first long is {@code 2^62 + k}:
     * as a double that long is exactly 2^62 (its low bits fall below the double's precision), so a
     * Gaussian of one long that is a constant times it gives the constant exactly, scaled by 2^62.
     * A layer is taken as one-long when the JDK draws that long alone there and gives that constant
     * times the long for -2^62 + k too; any other layer is NaN and is left to the JDK. {@link
     * #verifyAgainstJdk} then checks every layer on a long with its high bits mixed.
     */
    private static double[] measureOneLongPath() {
        FlatStream probe = new FlatStream();
        double[] factors = new double[1 << LAYER_BITS];
        for (int k = 0; k < factors.length; k++) {
            double factor = Math.scalb(jdkGaussianOf(probe, (1L << 62) + k), -62);
            boolean oneLong = probe.state == unmix((1L << 62) + k);
            long negative = k - (1L << 62);
            double g = jdkGaussianOf(probe, negative);
            oneLong &= probe.state == unmix(negative) && Double.doubleToRawLongBits(g) == Double.doubleToRawLongBits(factor * negative);
            factors[k] = oneLong ? factor : Double.NaN;
        }
        return factors;
    }

    /** The JDK's Gaussian when the stream's next long is {@code first}; leaves the probe's state after it. */
    private static double jdkGaussianOf(FlatStream probe, long first) {
        probe.state = unmix(first) - GAMMA;
        return probe.jdkGaussian();
    }

    /** SplittableRandom's {@code nextInt()} differs from the interface's: not offered. */
    @Override
    public int nextInt() {
        throw new UnsupportedOperationException("a flat stream draws only longs, doubles and Gaussians");
    }

    /**
     * The state of a seeded SplittableRandom, read back by drawing one long and undoing the mix and
     * the step: a flat stream started at it draws what {@code random} would have drawn next. The
     * SplittableRandom is two draws further on: do not draw from it again.
     *
     * @throws IllegalArgumentException for a stream made by {@code split()}, which steps by a gamma
     *         of its own: the second draw tells, and such a stream would otherwise draw other numbers
     */
    static long stateOf(SplittableRandom random) {
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
            same &= Double.doubleToRawLongBits(reference.nextGaussian())
                    == Double.doubleToRawLongBits(flat.nextGaussian());
            if (!same) {
                throw new IllegalStateException("this JDK's SplittableRandom is not SplitMix64 with the golden gamma;"
                        + " the simulator's flat random streams would draw other numbers");
            }
        }
        // the Gaussian against the JDK's whole method on the same states: a state of every layer (those
        // handed over to the JDK included), then 256 draws of one stream. Interpreted at class load, so
        // kept short: every JVM start pays for it (docs/performance.md)
        FlatStream jdk = new FlatStream();
        for (int k = 0; k < ONE_LONG_FACTOR.length; k++) {
            flat.state = unmix(0x6A09E667F3BCC908L & ~(long) (ONE_LONG_FACTOR.length - 1) | k) - GAMMA;
            sameGaussian(flat, jdk);
        }
        for (int i = 0; i < 256; i++) {
            sameGaussian(flat, jdk);
        }
    }

    /** Draws a Gaussian from both, {@code jdk} started at {@code flat}'s state through the JDK's method; refuses a difference. */
    private static void sameGaussian(FlatStream flat, FlatStream jdk) {
        jdk.state = flat.state;
        if (Double.doubleToRawLongBits(flat.nextGaussian()) != Double.doubleToRawLongBits(jdk.jdkGaussian())
                || flat.state != jdk.state) {
            throw new IllegalStateException("this JDK's nextGaussian is not the ziggurat the simulator's flat"
                    + " random streams reproduce; they would draw other numbers");
        }
    }
}
