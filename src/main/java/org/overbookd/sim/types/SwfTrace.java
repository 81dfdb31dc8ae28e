package org.overbookd.sim.types;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;
import org.overbookd.io.SwfJobs;

/**
 * A job log of the Parallel Workloads Archive (Standard Workload Format) as section 4.2's experiment
 * takes a trace: a job is a VM of size its processors over the machine's ({@code ; MaxProcs:} of the
 * header, or the most any job has), in both resources, rounded up to a power of 1/2 like a Google
 * task ({@link PowerOfHalfTypes}); it arrives at its submit time and is served for its run time.
 * Jobs without processors or run time (cancelled before they ran) are left out and counted.
 */
public final class SwfTrace {

    /** The tasks and how many jobs were left out. */
    public record Read(List<GoogleTask> tasks, int skipped) {}

    private SwfTrace() {}

    public static Read read(Path file) throws InputException {
        SwfJobs.Log log = SwfJobs.read(file);
        int machine = log.maxProcs();
        for (SwfJobs.Job j : log.jobs()) {
            machine = Math.max(machine, j.processors());
        }
        if (machine < 1) {
            throw new InputException(file, 0, "no job has processors and the header states no MaxProcs");
        }
        List<SwfJobs.Job> ran = new ArrayList<>();
        for (SwfJobs.Job j : log.jobs()) {
            if (j.processors() > 0 && j.runTime() > 0) {
                ran.add(j);
            }
        }
        ran.sort(java.util.Comparator.comparingDouble(SwfJobs.Job::submit));
        double first = ran.isEmpty() ? 0 : ran.get(0).submit();
        List<GoogleTask> tasks = new ArrayList<>(ran.size());
        for (SwfJobs.Job j : ran) {
            double size = (double) j.processors() / machine;
            tasks.add(new GoogleTask(j.submit() - first, j.runTime(), size, size));
        }
        return new Read(tasks, log.jobs().size() - ran.size());
    }

    /** Section 4.2's setup on an SWF log: types by powers of 1/2, {@code servers} unit servers. */
    public static TypesScenario scenario(Path file, int levels, int servers, double horizon) throws InputException {
        Read read = read(file);
        return TraceScenario.of(
                file.getFileName().toString(),
                read.tasks(),
                levels,
                servers,
                horizon,
                Provenance.trace(file, Provenance.Demand.REQUESTED));
    }
}
