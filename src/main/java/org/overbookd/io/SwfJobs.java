package org.overbookd.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Standard Workload Format of the Parallel Workloads Archive (Feitelson et al.,
 * www.cs.huji.ac.il/labs/parallel/workload/swf.html): comment lines starting with ';' (the header,
 * among them {@code ; MaxProcs: N}), then one job a line, 18 whitespace-separated fields, -1 where a
 * value is missing:
 * <pre>
 *   1 job number  2 submit time (s)  3 wait time  4 run time  5 allocated processors  6 average CPU time
 *   7 used memory  8 requested processors  9 requested time  10 requested memory  11 status  12 user
 *  13 group  14 executable  15 queue  16 partition  17 preceding job  18 think time
 * </pre>
 */
public final class SwfJobs {

    static final int FIELDS = 18;

    private SwfJobs() {}

    /**
     * One job: submit and run time in seconds, processors (allocated, or requested when that is
     * missing), status (1 completed, 0 failed, 5 cancelled, -1 unknown), user and queue.
     */
    public record Job(long number, double submit, double runTime, int processors, int status, int user, int queue) {}

    /** The jobs of a file and the machine's size its header states (0 when it states none). */
    public record Log(List<Job> jobs, int maxProcs) {
        public Log {
            jobs = List.copyOf(jobs);
        }
    }

    public static Log read(Path file) throws InputException {
        List<Job> jobs = new ArrayList<>();
        int maxProcs = 0;
        long line = 0;
        try (BufferedReader in = InputFiles.open(file)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                String t = text.strip();
                if (t.isEmpty()) {
                    continue;
                }
                if (t.startsWith(";")) {
                    String header = t.substring(1).strip();
                    if (header.startsWith("MaxProcs:")) {
                        Long n = StrictNumbers.integer(
                                header.substring("MaxProcs:".length()).strip());
                        if (n == null || n < 1 || n > Integer.MAX_VALUE) {
                            throw new InputException(file, line, "MaxProcs '" + header + "' is not a processor count");
                        }
                        maxProcs = n.intValue();
                    }
                    continue;
                }
                jobs.add(parse(file, line, t.split("\\s+")));
            }
        } catch (IOException e) {
            throw InputException.cannotRead(file, line, e);
        }
        return new Log(jobs, maxProcs);
    }

    private static Job parse(Path file, long line, String[] f) throws InputException {
        if (f.length != FIELDS) {
            throw new InputException(file, line, "expected " + FIELDS + " fields of an SWF job, found " + f.length);
        }
        long[] v = new long[FIELDS];
        double[] d = new double[FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            Double x = StrictNumbers.decimal(f[i]);
            if (x == null && !f[i].equals("-1")) {
                throw new InputException(file, line, "field " + (i + 1) + " '" + f[i] + "' is not a number");
            }
            d[i] = x == null ? -1 : x;
            v[i] = (long) d[i];
        }
        int procs = (int) (v[4] > 0 ? v[4] : v[7]);
        return new Job(v[0], d[1], d[3], procs, (int) v[10], (int) v[11], (int) v[14]);
    }
}
