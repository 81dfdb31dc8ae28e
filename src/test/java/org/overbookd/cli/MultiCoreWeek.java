package org.overbookd.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A week of a cluster whose high-QoS VMs have 1 to 4 cores, written in the daemon's record format
 * (the header of {@code RecordingBackend}: a row per host with its utilization, a row per VM with
 * its CPU in percent of one core and its vcpus), as OpenNebula would have measured it: each VM's CPU
 * up to its cores x 100, each host's utilization the sum of its VMs' over its cores. Not made by the
 * simulator that replays it, so that a replay checked against it checks the replay.
 *
 * <p>50 hosts, 37 of 8 cores and 13 of 16 (504 cores), 2,016 five-minute cycles from Monday
 * 2026-11-16 00:00 UTC (a whole week, no gaps). Each host's cores are seats of 1 to 4 cores; a seat
 * holds a VM for a geometric time (two days on average), then stays empty for up to an hour before
 * the next VM (a new id) takes it. A VM follows, per core, a business-hours curve (busy on weekdays
 * from 8 to 18, quiet at night and at the weekend), noise around its own mean, or noise with
 * spikes, each clipped to one core and times its cores. Also a command for {@code sim/bench.sh}:
 * {@code MultiCoreWeek FILE [SEED]}.
 */
final class MultiCoreWeek {

    static final Instant START = Instant.parse("2026-11-16T00:00:00Z");
    static final int CYCLES = 2016;
    static final int POLL_SECONDS = 300;
    private static final String HEADER =
            "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus";

    private MultiCoreWeek() {}

    /** One seat of a host: its cores, and the VM in it now (0 when empty) with that VM's load pattern. */
    private static final class Seat {
        final int cores;
        long vm;
        int pattern;
        double mu;
        int cyclesLeft;
        int spike;

        Seat(int cores) {
            this.cores = cores;
        }
    }

    static void write(Path file, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        int hosts = 50;
        List<List<Seat>> seats = new ArrayList<>();
        long[] nextVm = {1000};
        for (int h = 0; h < hosts; h++) {
            int cores = h < 37 ? 8 : 16;
            List<Seat> mine = new ArrayList<>();
            int left = cores;
            while (left > 0) {
                int size = Math.min(left, 1 + random.nextInt(4));
                mine.add(new Seat(size));
                left -= size;
            }
            for (Seat s : mine) {
                start(s, random, nextVm);
                s.cyclesLeft = 1 + random.nextInt(2 * 576); // the week starts with VMs of every age
            }
            seats.add(mine);
        }
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(HEADER);
            out.write('\n');
            StringBuilder rows = new StringBuilder();
            for (int k = 0; k < CYCLES; k++) {
                Instant t = START.plusSeconds((long) k * POLL_SECONDS);
                String time = t.toString();
                double hourOfWeek = k * POLL_SECONDS / 3600.0;
                for (int h = 0; h < hosts; h++) {
                    int cores = h < 37 ? 8 : 16;
                    rows.setLength(0);
                    double sum = 0;
                    for (Seat s : seats.get(h)) {
                        if (s.cyclesLeft-- <= 0) {
                            if (s.vm != 0) {
                                s.vm = 0;
                                s.cyclesLeft = random.nextInt(13); // empty for up to an hour
                                continue;
                            }
                            start(s, random, nextVm);
                        }
                        if (s.vm == 0) {
                            continue;
                        }
                        double cpu = s.cores * perCore(s, hourOfWeek, random);
                        String text = String.format(Locale.ROOT, "%.3f", cpu);
                        sum += Double.parseDouble(text);
                        rows.append(time)
                                .append(',')
                                .append(h)
                                .append(",node")
                                .append(h)
                                .append(',')
                                .append(cores)
                                .append(",%UTIL%,")
                                .append(s.vm)
                                .append(",vm-")
                                .append(s.vm)
                                .append(",HIGH,RUNNING,")
                                .append(text)
                                .append(',')
                                .append(s.cores)
                                .append('\n');
                    }
                    String utilization = String.format(Locale.ROOT, "%.3f", sum / cores);
                    out.write(time + "," + h + ",node" + h + "," + cores + "," + utilization + ",,,,,,\n");
                    out.write(rows.toString().replace("%UTIL%", utilization));
                }
            }
        }
    }

    private static void start(Seat s, SplittableRandom random, long[] nextVm) {
        s.vm = nextVm[0]++;
        s.pattern = random.nextInt(3);
        s.mu = 30 + 50 * random.nextDouble();
        s.spike = 0;
        // geometric, two days on average
        s.cyclesLeft = (int) Math.ceil(Math.log(1 - random.nextDouble()) / Math.log(1 - 1.0 / 576));
    }

    /** The VM's load of one of its cores this cycle, percent, clipped to [0, 100]. */
    private static double perCore(Seat s, double hourOfWeek, SplittableRandom random) {
        double noise = gaussian(random);
        double value;
        switch (s.pattern) {
            case 0 -> {
                double day = hourOfWeek % 24;
                boolean weekday = hourOfWeek < 5 * 24;
                double busy = weekday && day >= 8 && day < 18 ? 1 : 0;
                value = 15 + busy * (s.mu + 10) + 5 * noise;
            }
            case 1 -> value = s.mu + 12 * noise;
            default -> {
                if (s.spike > 0) {
                    s.spike--;
                } else if (random.nextDouble() < 0.01) {
                    s.spike = 1 + random.nextInt(4);
                }
                value = s.mu + 5 * noise + (s.spike > 0 ? 35 : 0);
            }
        }
        return Math.max(0, Math.min(100, value));
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: enough for a test's load, and the same on every JDK
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return StrictMath.sqrt(-2 * StrictMath.log(u)) * StrictMath.cos(2 * StrictMath.PI * v);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: MultiCoreWeek FILE [SEED]");
            System.exit(64);
        }
        write(Path.of(args[0]), args.length == 2 ? Long.parseLong(args[1]) : 1);
    }
}
