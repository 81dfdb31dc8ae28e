package org.overbookd.sim.types;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.overbookd.random.Draws;
import org.overbookd.random.Seeds;

/**
 * A generated stand-in for the Google trace, for when the real one is not at hand: Poisson
 * arrivals and exponential service times. A task's type pK (size class (1/2^(K+1), 1/2^K], the last
 * class taking everything smaller) is drawn with the given relative weights, its size log-uniform
 * within the class; one of CPU and memory (at even odds) has that size, the other a uniform 25% to
 * 100% of it. The arrival rate is set so that the rounded sizes offer {@code load} times the
 * servers' capacity. It can be written out in task_events format, to exercise the same reader as a
 * real trace.
 *
 * @param tasks       how many tasks
 * @param load        offered load as a fraction of the servers' capacity, after rounding
 * @param meanService mean service time, seconds
 * @param servers     unit servers the load is relative to
 * @param typeWeights relative frequency of types p0 .. p{levels}; its length sets the levels
 */
public record SyntheticTrace(int tasks, double load, double meanService, int servers, double[] typeWeights) {

    public SyntheticTrace {
        typeWeights = TypeWeights.checked(typeWeights);
    }

    /** Equal weights for p0 .. p{levels}. */
    public static double[] uniform(int levels) {
        double[] w = new double[levels + 1];
        java.util.Arrays.fill(w, 1);
        return w;
    }

    public int levels() {
        return typeWeights.length - 1;
    }

    static final long ROLE = 0x53594e5448L;

    /** The tasks for this seed, by arrival. */
    public List<GoogleTask> generate(long seed) {
        SplittableRandom gaps = Seeds.stream(seed, ROLE, 0);
        SplittableRandom services = Seeds.stream(seed, ROLE, 1);
        SplittableRandom sizes = Seeds.stream(seed, ROLE, 2);
        double total = 0;
        double meanSize = 0;
        for (int k = 0; k < typeWeights.length; k++) {
            total += typeWeights[k];
            meanSize += typeWeights[k] * Math.scalb(1.0, -k);
        }
        meanSize /= total;
        double rate = load * servers / (meanSize * meanService);
        List<GoogleTask> out = new ArrayList<>(tasks);
        double t = 0;
        for (int i = 0; i < tasks; i++) {
            double[] size = TypeWeights.size(TypeWeights.type(typeWeights, total, sizes), sizes);
            out.add(new GoogleTask(t, Draws.exponential(services, 1 / meanService), size[0], size[1]));
            t += Draws.exponential(gaps, rate);
        }
        return out;
    }

    /**
     * Writes tasks as a task_events file: per task a SUBMIT and a SCHEDULE at its arrival and a
     * FINISH when it ends, job i task 0, in time order, timestamps in microseconds.
     */
    public static void writeTaskEvents(List<GoogleTask> tasks, Writer out) throws IOException {
        record Line(long time, int order, String text) {}
        List<Line> lines = new ArrayList<>(3 * tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            GoogleTask t = tasks.get(i);
            long submit = Math.round(t.arrival() * 1e6);
            long finish = submit + Math.round(t.service() * 1e6);
            String requests = String.format(Locale.ROOT, "%.6f,%.6f", t.cpu(), t.memory());
            lines.add(new Line(
                    submit, 3 * i, String.format(Locale.ROOT, "%d,,%d,0,,0,user,0,0,%s,0,0", submit, i + 1, requests)));
            lines.add(new Line(
                    submit,
                    3 * i + 1,
                    String.format(Locale.ROOT, "%d,,%d,0,%d,1,user,0,0,%s,0,0", submit, i + 1, 1000 + i, requests)));
            lines.add(new Line(
                    finish,
                    3 * i + 2,
                    String.format(Locale.ROOT, "%d,,%d,0,%d,4,user,0,0,%s,0,0", finish, i + 1, 1000 + i, requests)));
        }
        lines.sort(Comparator.comparingLong(Line::time).thenComparingInt(Line::order));
        for (Line line : lines) {
            out.write(line.text());
            out.write('\n');
        }
    }
}
