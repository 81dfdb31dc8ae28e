package org.overbookd.sim.requests;

import org.overbookd.io.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Allocation overheads (section 4.1.1): hot values when the instance ran on that host before,
 * cold values otherwise, drawn uniformly. alpha, the expected maximum allocation time the QoS
 * metric subtracts, is the largest value of either set: the scheduler does not yet know the host.
 */
public final class Overheads {

    /** Without files every allocation costs this many seconds. */
    public static final double DEFAULT_S = 1.0;

    private final double[] hot;
    private final double[] cold;

    public Overheads(double[] hot, double[] cold) {
        if (hot.length == 0 || cold.length == 0) {
            throw new IllegalArgumentException("overhead sets must not be empty");
        }
        this.hot = hot.clone();
        this.cold = cold.clone();
    }

    public static Overheads constant(double seconds) {
        return new Overheads(new double[] {seconds}, new double[] {seconds});
    }

    public double draw(boolean isHot, SplittableRandom random) {
        double[] set = isHot ? hot : cold;
        return set.length == 1 ? set[0] : set[random.nextInt(set.length)];
    }

    public double alpha() {
        double max = 0;
        for (double v : hot) {
            max = Math.max(max, v);
        }
        for (double v : cold) {
            max = Math.max(max, v);
        }
        return max;
    }

    /** A file of seconds, one value a line; blank lines and lines starting with # are skipped. */
    public static double[] read(Path file) throws InputException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(file, "cannot be read: " + org.overbookd.io.IoReasons.of(e));
        }
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                double v = Double.parseDouble(line);
                if (!Double.isFinite(v) || v < 0) {
                    throw new NumberFormatException();
                }
                values.add(v);
            } catch (NumberFormatException e) {
                throw new InputException(file, i + 1, "not a number of seconds >= 0: " + line);
            }
        }
        if (values.isEmpty()) {
            throw new InputException(file, "no overhead values");
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
