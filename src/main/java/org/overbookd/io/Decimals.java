package org.overbookd.io;

import java.util.Locale;

/**
 * Numbers printed with a fixed count of decimals, in the root locale (a point, no grouping), so that
 * the same value gives the same bytes on any machine. Two roundings are in use, and they differ when
 * the binary value lies within a rounding error of a half: 1.005, stored as 1.00499999..., is
 * 1.01 by {@link #FORMATTER} and 1.00 by {@link #SCALED}. Each table says which one it uses; a
 * table changing rounding changes its bytes.
 */
public enum Decimals {

    /**
     * {@link String#format} {@code %.nf}: the shortest decimal that reads back as the value
     * (Double.toString's digits) rounded half up. The summary tables of every model use it.
     */
    FORMATTER {
        @Override
        public String fixed(double value, int decimals) {
            return String.format(Locale.ROOT, "%." + decimals + "f", value);
        }
    },

    /**
     * The value times 10^n rounded to a long ({@link Math#round}, half up), for up to six decimals
     * and magnitudes below 10^12; {@link #FORMATTER} beyond, and for NaN and the infinities.
     * String.format costs a microsecond, too much for a month of a Google cell (25 million rows of
     * six numbers); the request model's files use this.
     */
    SCALED {
        @Override
        public String fixed(double value, int decimals) {
            if (decimals >= POW10.length || !(Math.abs(value) < 1e12)) {
                return FORMATTER.fixed(value, decimals);
            }
            long scaled = Math.round(Math.abs(value) * POW10[decimals]);
            StringBuilder b = new StringBuilder(24);
            if (value < 0 || (value == 0 && 1 / value < 0)) {
                b.append('-');
            }
            b.append(scaled / POW10[decimals]);
            if (decimals > 0) {
                String frac = Long.toString(scaled % POW10[decimals]);
                b.append('.');
                for (int i = frac.length(); i < decimals; i++) {
                    b.append('0');
                }
                b.append(frac);
            }
            return b.toString();
        }
    };

    private static final long[] POW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

    /** The value with {@code decimals} digits after the point; NaN prints as "NaN". */
    public abstract String fixed(double value, int decimals);

    /** As {@link #fixed}, but an empty field for NaN (a value that does not exist; pandas and R read NA). */
    public String fixedOrEmpty(double value, int decimals) {
        return Double.isNaN(value) ? "" : fixed(value, decimals);
    }
}
