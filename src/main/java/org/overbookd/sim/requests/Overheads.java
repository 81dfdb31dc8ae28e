package org.overbookd.sim.requests;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;
import org.overbookd.io.StrictNumbers;

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
        List<Double> values = new ArrayList<>();
        long number = 0;
        try (BufferedReader in = InputFiles.open(file)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                number++;
                String line = text.trim();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                Double v = StrictNumbers.decimal(line);
                if (v == null || !Double.isFinite(v) || v < 0) {
                    throw new InputException(file, number, "not a number of seconds >= 0: " + line);
                }
                values.add(v);
            }
        } catch (IOException e) {
            throw InputException.cannotRead(file, number + 1, e);
        }
        if (values.isEmpty()) {
            throw new InputException(file, "no overhead values");
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
