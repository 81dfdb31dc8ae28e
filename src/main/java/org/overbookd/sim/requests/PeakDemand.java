package org.overbookd.sim.requests;

import java.util.Iterator;
import java.util.PriorityQueue;

/**
 * Step 1 of the paper's sizing of an infrastructure (section 4.3): the workload run on one host of
 * infinite capacity, where every request starts at its submission and holds its demand for its
 * duration, and the most CPU and memory ever held at once. Also kept per window (an hour, say),
 * so a profile shows when the peaks come.
 *
 * <p>Reads the requests once, in submit order, holding only those in the system.
 */
public final class PeakDemand {

    /** The largest demand held at once, overall and in each window of the horizon. */
    public record Profile(double peakCpu, double peakMem, double[] windowCpu, double[] windowMem) {

        /** N of section 4.3: the larger of the two peaks. */
        public double n() {
            return Math.max(peakCpu, peakMem);
        }
    }

    private record Held(double endS, double cpu, double mem) {}

    private PeakDemand() {}

    /**
     * The profile of requests (in submit order) up to horizon seconds, in windows of windowS
     * seconds.
     */
    public static Profile of(Iterator<RequestSpec> requests, double horizonS, double windowS) {
        int windows = (int) Math.ceil(horizonS / windowS);
        double[] winCpu = new double[windows];
        double[] winMem = new double[windows];
        PriorityQueue<Held> held = new PriorityQueue<>((a, b) -> Double.compare(a.endS(), b.endS()));
        double cpu = 0;
        double mem = 0;
        double peakCpu = 0;
        double peakMem = 0;
        while (requests.hasNext()) {
            RequestSpec r = requests.next();
            if (r.submitS() >= horizonS) {
                break;
            }
            // what ends at or before this submission ends first, as completions precede arrivals
            while (!held.isEmpty() && held.peek().endS() <= r.submitS()) {
                Held h = held.poll();
                cpu -= h.cpu();
                mem -= h.mem();
            }
            held.add(new Held(r.submitS() + r.durationS(), r.cpu(), r.mem()));
            cpu += r.cpu();
            mem += r.mem();
            int w = (int) (r.submitS() / windowS);
            winCpu[w] = Math.max(winCpu[w], cpu);
            winMem[w] = Math.max(winMem[w], mem);
            peakCpu = Math.max(peakCpu, cpu);
            peakMem = Math.max(peakMem, mem);
        }
        return new Profile(peakCpu, peakMem, winCpu, winMem);
    }
}
