package org.overbookd.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes in configuration files: {@code 512KB}, {@code 100MB}, {@code 2GB} (powers of 1024), or plain bytes. */
public final class ByteSizes {

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(B|KB|MB|GB|TB)?");
    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB"};

    private ByteSizes() {}

    public static long parse(String raw) {
        Matcher m = SIZE.matcher(raw.strip().toUpperCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + raw + "' is not a size such as 100MB (B, KB, MB, GB or TB)");
        }
        int unit = m.group(2) == null ? 0 : java.util.Arrays.asList(UNITS).indexOf(m.group(2));
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), 1L << (10 * unit));
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + raw + "' is too large");
        }
    }

    /** The largest unit that divides {@code bytes} exactly: 104857600 -> 100MB. */
    public static String format(long bytes) {
        int unit = 0;
        while (unit < UNITS.length - 1 && bytes != 0 && bytes % 1024 == 0) {
            bytes /= 1024;
            unit++;
        }
        return bytes + UNITS[unit];
    }
}
