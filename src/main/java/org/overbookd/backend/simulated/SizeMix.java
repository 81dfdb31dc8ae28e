package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The CPU sizes of the simulated low-QoS VMs and their odds, written {@code 1:0.7,4:0.3} (cores:weight).
 * Empty, the default, gives VMs no size: the paper's VMs, which fit any host below the lower bound. A
 * VM of c cores loads its host c times as much as the paper's one-core VM.
 */
public record SizeMix(List<Entry> entries) {

    public static final SizeMix NONE = new SizeMix(List.of());

    /** One size: {@code cores} with relative odds {@code weight}. */
    public record Entry(double cores, double weight) {}

    public SizeMix {
        entries = List.copyOf(entries);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Reads {@code 1:0.7,4:0.3}; the message of the exception says what is wrong. */
    public static SizeMix parse(String text) {
        String raw = text.strip();
        if (raw.isEmpty()) {
            return NONE;
        }
        List<Entry> entries = new ArrayList<>();
        for (String part : raw.split(",")) {
            String[] pair = part.strip().split(":");
            if (pair.length != 2) {
                throw new IllegalArgumentException("'" + part.strip() + "' is not cores:weight");
            }
            double cores;
            double weight;
            try {
                cores = Double.parseDouble(pair[0].strip());
                weight = Double.parseDouble(pair[1].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + part.strip() + "' is not cores:weight with two numbers");
            }
            if (!(cores > 0 && cores <= 1024) || !(weight > 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("'" + part.strip() + "': cores must be in (0, 1024] and weight > 0");
            }
            entries.add(new Entry(cores, weight));
        }
        return new SizeMix(entries);
    }

    public String format() {
        List<String> parts = new ArrayList<>();
        for (Entry e : entries) {
            parts.add(number(e.cores()) + ":" + number(e.weight()));
        }
        return String.join(",", parts);
    }

    /** A size drawn with the entries' odds. */
    double draw(SplittableRandom random) {
        double total = 0;
        for (Entry e : entries) {
            total += e.weight();
        }
        double u = random.nextDouble() * total;
        for (Entry e : entries) {
            u -= e.weight();
            if (u < 0) {
                return e.cores();
            }
        }
        return entries.get(entries.size() - 1).cores();
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
