package org.overbookd.random;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import java.util.random.RandomGenerator;

/**
 * The standard normal variate of every model, the same bits on every JVM. The JDK's {@code
 * nextGaussian} is not: its ziggurat changed in JDK 19 (the tail and the overhangs are drawn
 * otherwise) and its rare cases call {@code Math.exp}, which need not give the same last bit
 * everywhere, so a long simulation drew other numbers on JDK 25 than on JDK 17 after a couple of
 * million draws. This one draws from the generator's {@code nextLong} alone, builds its tables when
 * the class loads with plain arithmetic (exact in Java) and {@link StrictMath} (fdlibm's results,
 * specified to the bit), and uses nothing else.
 *
 * <p>The method is a ziggurat (Marsaglia and Tsang 2000) arranged as McFarland's (2016) so that the
 * common case has no comparison. The area under the standard normal density is cut into 256 equal
 * parts, of which {@link #RECTANGLES} (253) are rectangles centred on 0 stacked from the bottom, each
 * as wide as fits under the curve: rectangle k spans [-a_k, a_k], its area is 1/256, so its height
 * is 1/(512 a_k) of the density, and its top touches the curve at +-a_k. The low 8 bits of one long
 * pick a part; for a rectangle, the draw is uniform across it, which is the long itself, read as a
 * signed fraction of 2^63, times a_k: one long, one table read, one multiplication, 253 draws in 256.
 * The other three parts are what the rectangles leave: on each side, the overhang between each
 * step of the stack and the curve, the cap above the top rectangle, and the tail beyond a_0. The
 * long's other bits choose one of those pieces by its area (Walker's alias method, Vose's table)
 * and the side; an overhang is drawn by rejection from its bounding box, and the tail by Marsaglia's
 * method (1964).
 *
 * <p>An overhang's box has the curve running from one corner to the opposite one. Where the curve is
 * convex (beyond 1) it lies below that diagonal, so a point above the diagonal is reflected below
 * it instead of rejected, and a point more than the curve's largest gap from the diagonal below it
 * is accepted without the exponential; where it is concave (below 1) every point below the diagonal
 * is accepted, and one more than that gap above it rejected. Only the thin band along the curve
 * computes {@code StrictMath.exp}. About one draw in 85 takes this way; it draws two more longs per
 * try.
 *
 * <p>The tables are computed, not copied: each a_k by bisection (the largest width at which the
 * rectangle's top reaches the curve), each piece's area by 16-point Gauss-Legendre quadrature (its
 * nodes found by Newton's method), the tail's by the continued fraction of Mills' ratio.
 */
public final class Ziggurat {

    /** The bits of the first long that pick the part. */
    private static final int PART_BITS = 8;

    private static final int PART_MASK = (1 << PART_BITS) - 1;
    /** exp(-x^2 / 2), the density up to its constant, is what the tables are in. */
    private static final double AREA_PER_PART = StrictMath.sqrt(2 * StrictMath.PI) / (1 << PART_BITS);

    /** The rectangles' half-widths a_k, widest (lowest) first. */
    private static final double[] HALF_WIDTH;
    /** The tops of the rectangles: TOP[k] is where rectangle k ends and k + 1 begins; TOP[-1] is 0. */
    private static final double[] TOP;
    /** How many of the 256 parts are rectangles. */
    static final int RECTANGLES;
    /** Per value of the low bits: a_k / 2^63 for a rectangle, NaN for the parts left over (never read). */
    private static final double[] FACTOR;

    /** The pieces left over, one side: overhang k (k below {@link #RECTANGLES}, the last one the cap), then the tail. */
    private static final int TAIL;

    private static final double[] RIGHT;
    private static final double[] WIDTH;
    private static final double[] BOTTOM;
    private static final double[] HEIGHT;
    /** How far the curve may lie below / above the box's diagonal, in units of the box. */
    private static final double[] BELOW;

    private static final double[] ABOVE;
    /** Whether the curve is convex across the piece (it lies below the diagonal). */
    private static final boolean[] CONVEX;
    /** The pieces' areas, in the units of the density times sqrt(2 pi). */
    private static final double[] AREA;
    /** Walker's alias table over the pieces, 256 columns. */
    private static final double[] KEEP;

    private static final int[] ALIAS;

    static {
        double[] a = new double[1 << PART_BITS];
        double[] top = new double[1 << PART_BITS];
        int n = stack(a, top);
        RECTANGLES = n;
        HALF_WIDTH = Arrays.copyOf(a, n);
        TOP = Arrays.copyOf(top, n);
        FACTOR = new double[1 << PART_BITS];
        for (int k = 0; k < FACTOR.length; k++) {
            FACTOR[k] = k < n ? StrictMath.scalb(a[k], -63) : Double.NaN;
        }
        TAIL = n;
        RIGHT = new double[n];
        WIDTH = new double[n];
        BOTTOM = new double[n];
        HEIGHT = new double[n];
        BELOW = new double[n];
        ABOVE = new double[n];
        CONVEX = new boolean[n];
        double[] area = new double[n + 1];
        Quadrature gl = new Quadrature(16);
        for (int k = 0; k < n; k++) {
            double left = k + 1 < n ? a[k + 1] : 0;
            RIGHT[k] = a[k];
            WIDTH[k] = a[k] - left;
            BOTTOM[k] = top[k];
            HEIGHT[k] = density(left) - top[k];
            double bottom = top[k];
            area[k] = gl.integral(x -> density(x) - bottom, left, a[k]);
            CONVEX[k] = left >= 1;
            double gap = largestGap(k, left);
            if (CONVEX[k]) {
                BELOW[k] = gap;
            } else if (a[k] <= 1) {
                ABOVE[k] = gap;
            } else { // the inflection point inside: no squeeze, every point is tested
                BELOW[k] = 1;
                ABOVE[k] = 1;
            }
        }
        area[n] = density(a[0]) * millsRatio(a[0]);
        AREA = area;
        KEEP = new double[1 << PART_BITS];
        ALIAS = new int[1 << PART_BITS];
        aliasTable(area, KEEP, ALIAS);
    }

    private Ziggurat() {}

    /**
     * A standard normal draw from {@code random}'s longs. A branch on the part, not a NaN in the
     * table tested after the multiplication: the branch is taken 253 times in 256, so the CPU
     * predicts it and the multiplication does not wait on it; tested after, the comparison waits on
     * the product, and the whole draw cost more (docs/performance.md).
     */
    public static double next(RandomGenerator random) {
        long first = random.nextLong();
        return inRectangle(first) ? rectangle(first) : leftOver(first, random);
    }

    /**
     * Whether {@code first}, a stream's next long, picks a rectangle (253 longs in 256): then {@link
     * #rectangle} is the draw, else {@link #leftOver} with the same long finishes it. For a drawer
     * that keeps a stream's state in a local variable and wants the common case inline.
     */
    public static boolean inRectangle(long first) {
        return ((int) first & PART_MASK) < RECTANGLES;
    }

    /** The draw when {@code first} picks a rectangle ({@link #inRectangle}): uniform across it. */
    public static double rectangle(long first) {
        return FACTOR[(int) first & PART_MASK] * first;
    }

    /** The draw when {@code first} picks none of the rectangles: a piece of what they leave, by more longs of {@code random}. */
    public static double leftOver(long first, RandomGenerator random) {
        int column = (int) (first >>> PART_BITS) & PART_MASK;
        double threshold = (first >>> 2 * PART_BITS & (1L << 47) - 1) * 0x1.0p-47;
        int piece = threshold < KEEP[column] ? column : ALIAS[column];
        double x = piece == TAIL ? tail(random) : overhang(piece, random);
        return first < 0 ? -x : x;
    }

    /** A point under the curve in overhang {@code k}, by rejection from its box; its x. */
    private static double overhang(int k, RandomGenerator random) {
        while (true) {
            // s across the box from its right edge (where the curve meets the bottom), t up it: the
            // curve runs from (0, 0) to (1, 1) of the box, near the diagonal t = s
            double s = uniform(random.nextLong());
            double t = uniform(random.nextLong());
            if (CONVEX[k] && t > s) { // above the diagonal, above the curve: reflected below it
                double swap = s;
                s = t;
                t = swap;
            }
            double x = RIGHT[k] - s * WIDTH[k];
            if (t < s - BELOW[k]) {
                return x;
            }
            if (t > s + ABOVE[k]) {
                continue;
            }
            if (BOTTOM[k] + t * HEIGHT[k] < density(x)) {
                return x;
            }
        }
    }

    /** Beyond a_0, by Marsaglia's method: a_0 plus an exponential of rate a_0, kept with the right odds. */
    private static double tail(RandomGenerator random) {
        double a0 = HALF_WIDTH[0];
        while (true) {
            double x = -StrictMath.log(uniformOpenAtZero(random.nextLong())) / a0;
            double y = -StrictMath.log(uniformOpenAtZero(random.nextLong()));
            if (y + y >= x * x) {
                return a0 + x;
            }
        }
    }

    /** The top 53 bits as a double in [0, 1). */
    private static double uniform(long bits) {
        return (bits >>> 11) * 0x1.0p-53;
    }

    /** The top 53 bits as a double in (0, 1]. */
    private static double uniformOpenAtZero(long bits) {
        return ((bits >>> 11) + 1) * 0x1.0p-53;
    }

    /** exp(-x^2 / 2): the standard normal density times sqrt(2 pi). */
    static double density(double x) {
        return StrictMath.exp(-0.5 * x * x);
    }

    /** Half-width of rectangle k (for tests). */
    static double halfWidth(int k) {
        return HALF_WIDTH[k];
    }

    /** Top of rectangle k (for tests), in units of the density times sqrt(2 pi). */
    static double top(int k) {
        return TOP[k];
    }

    /**
     * Stacks the rectangles from the bottom, each as wide as fits (its top on the curve): fills
     * {@code a} and {@code top}, returns how many fit. Rectangle k on the stack's top b has height
     * A / a (A the area of a part, here per side) and fits at half-width a if its top is under the
     * curve: g(a) = density(a) - A / a - b >= 0. g rises to a peak at a_p (a^3 density(a) = A, below
     * sqrt 3) and falls from there past every a_k, so the widest fit is g's root above a_p, and the
     * stack ends when g(a_p) < 0.
     */
    private static int stack(double[] a, double[] top) {
        double area = AREA_PER_PART / 2;
        double peak = bisect(x -> x * x * x * density(x) - area, 0x1.0p-20, StrictMath.sqrt(3));
        double b = 0;
        double right = 8; // the bottom rectangle is narrower: density(8) * 8 is far below A
        int n = 0;
        while (n < a.length - 1 && density(peak) - area / peak - b >= 0) {
            double on = b;
            double width = bisect(x -> on - (density(x) - area / x), peak, right); // g(peak) >= 0 > g(right)
            a[n] = width;
            b += area / width;
            top[n] = b;
            right = width;
            n++;
        }
        return n;
    }

    /** The largest x in [lo, hi] with h(x) <= 0, h increasing across it with h(lo) <= 0 < h(hi): bisection to the last bit. */
    private static double bisect(DoubleUnaryOperator h, double lo, double hi) {
        while (true) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                return lo;
            }
            if (h.applyAsDouble(mid) <= 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
    }

    /**
     * The largest distance, in units of overhang k's box, between the curve and the box's diagonal,
     * with a margin for rounding: where the curve's slope equals the diagonal's, x density(x) = H / W
     * (x density(x) rises below 1 and falls above it, so on a piece on one side of 1 the point is
     * unique); 1 for the piece holding 1 (no squeeze there).
     */
    private static double largestGap(int k, double left) {
        double right = RIGHT[k];
        if (left < 1 && right > 1) {
            return 1;
        }
        double slope = HEIGHT[k] / WIDTH[k];
        double x = left >= 1
                ? bisect(v -> slope - v * density(v), left, right)
                : bisect(v -> v * density(v) - slope, left, right);
        double s = (right - x) / WIDTH[k];
        double c = (density(x) - BOTTOM[k]) / HEIGHT[k];
        return Math.abs(s - c) * 1.5 + 1e-12;
    }

    /** Area of left-over piece k, overhang or (k = {@link #RECTANGLES}) tail, in the units of {@link #density} (for tests). */
    static double pieceArea(int k) {
        return AREA[k];
    }

    /** Mills' ratio (1 - Phi(x)) / phi(x), by its continued fraction 1 / (x + 1 / (x + 2 / (x + ...))), for x of 3 or more. */
    static double millsRatio(double x) {
        double t = x;
        for (int n = 200; n >= 1; n--) {
            t = x + n / t;
        }
        return 1 / t;
    }

    /**
     * Vose's alias table for the weights: column j keeps itself with probability keep[j] and gives
     * way to alias[j] otherwise, each of {@code keep.length} columns equally likely.
     */
    private static void aliasTable(double[] weights, double[] keep, int[] alias) {
        int columns = keep.length;
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double[] p = new double[columns];
        int[] small = new int[columns];
        int[] large = new int[columns];
        int smalls = 0;
        int larges = 0;
        for (int j = columns - 1; j >= 0; j--) {
            p[j] = j < weights.length ? weights[j] * columns / total : 0;
            if (p[j] < 1) {
                small[smalls++] = j;
            } else {
                large[larges++] = j;
            }
        }
        while (smalls > 0 && larges > 0) {
            int l = small[--smalls];
            int g = large[--larges];
            keep[l] = p[l];
            alias[l] = g;
            p[g] = p[g] + p[l] - 1;
            if (p[g] < 1) {
                small[smalls++] = g;
            } else {
                large[larges++] = g;
            }
        }
        while (larges > 0) {
            int g = large[--larges];
            keep[g] = 1;
            alias[g] = g;
        }
        while (smalls > 0) { // only rounding leaves one here
            int l = small[--smalls];
            keep[l] = 1;
            alias[l] = l;
        }
    }

    /** Gauss-Legendre quadrature of a fixed order, its nodes and weights found by Newton's method on the Legendre polynomial. */
    private static final class Quadrature {
        private final double[] nodes;
        private final double[] weights;

        Quadrature(int order) {
            nodes = new double[order];
            weights = new double[order];
            for (int i = 0; i < order; i++) {
                double x = StrictMath.cos(StrictMath.PI * (i + 0.75) / (order + 0.5));
                for (int iteration = 0; iteration < 100; iteration++) {
                    double next = x - legendre(order, x) / legendreSlope(order, x);
                    if (Math.abs(next - x) <= 0x1.0p-52) {
                        x = next;
                        break;
                    }
                    x = next;
                }
                double slope = legendreSlope(order, x);
                nodes[i] = x;
                weights[i] = 2 / ((1 - x * x) * slope * slope);
            }
        }

        /** P_n(x), by the three-term recurrence. */
        private static double legendre(int n, double x) {
            double p0 = 1;
            double p1 = x;
            for (int j = 2; j <= n; j++) {
                double p2 = ((2 * j - 1) * x * p1 - (j - 1) * p0) / j;
                p0 = p1;
                p1 = p2;
            }
            return p1;
        }

        /** P_n'(x) = n (x P_n(x) - P_{n-1}(x)) / (x^2 - 1). */
        private static double legendreSlope(int n, double x) {
            return n * (x * legendre(n, x) - legendre(n - 1, x)) / (x * x - 1);
        }

        double integral(DoubleUnaryOperator f, double from, double to) {
            double half = 0.5 * (to - from);
            double middle = 0.5 * (to + from);
            double sum = 0;
            for (int i = 0; i < nodes.length; i++) {
                sum += weights[i] * f.applyAsDouble(middle + half * nodes[i]);
            }
            return sum * half;
        }
    }
}
