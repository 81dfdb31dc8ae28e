package org.overbookd.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.backend.simulated.RecordedWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "record-info",
        description = {
            "Summarize a daemon's record (record.file): span, cycles and gaps, hosts and their cores, VMs, mean"
                    + " utilization, and the utilization a replay of it without overbooking must measure (as replayed:"
                    + " less overbookd's own low-QoS VMs, every host over the whole span), which 'tune' checks its"
                    + " replay against.",
            "Reads each FILE's rolled files (NAME.YYYY-MM-DD.N.csv beside it) too, and joins every file in time order"
                    + " as one record, as 'tune' and 'simulate' (sim.trace-file) read it.",
            "Two consecutive cycles more than " + RecordedWorkload.GAP_POLLS + " poll intervals apart are a gap (the"
                    + " daemon down); the poll interval is the median time between cycles."
        },
        footer = {
            "",
            "Exit status: 0, 65 when a file is not a record (file and line named), 66 when one is missing.",
            "",
            "Example:",
            "  overbookd record-info /var/lib/overbookd/record.csv"
        })
final class RecordInfoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The record file(s), as record.file names them.")
    List<Path> files;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String missing = RecordNotes.missing(files);
        if (missing != null) {
            err.println("overbookd: " + missing);
            err.flush();
            return ExitCodes.NO_INPUT;
        }
        RecordFacts f = RecordedWorkload.read(files).facts();
        out.println("record: "
                + String.join(", ", files.stream().map(Path::toString).toList()));
        out.println("files: " + f.files().size() + " (" + f.files().get(0).getFileName()
                + (f.files().size() > 1
                        ? " ... " + f.files().get(f.files().size() - 1).getFileName()
                        : "") + ")");
        out.println("span: " + f.span());
        if (f.gaps().isEmpty()) {
            out.println("gaps: none (a gap: " + RecordNotes.gapRule(f) + ")");
        } else {
            out.println("gaps: " + f.gaps().size() + ", " + RecordFacts.human(f.gapSeconds()) + " in all (a gap: "
                    + RecordNotes.gapRule(f) + "); the replay cuts them out");
            for (RecordFacts.Gap g : f.gaps()) {
                out.println("  " + g.from() + " to " + g.to() + "  " + RecordFacts.human(g.seconds()));
            }
        }
        out.println("hosts: " + RecordNotes.hosts(f));
        for (RecordFacts.HostSpan h : f.hosts()) {
            if (!f.seenThroughout(h)) {
                out.println("  not throughout: " + h.name() + " (id " + h.id() + ", " + h.cores() + " cores) in "
                        + h.cyclesSeen() + " of " + f.cycles() + " cycles, " + h.firstSeen() + " to " + h.lastSeen());
            }
        }
        out.println("VMs: " + f.highVms() + " high-QoS, " + f.lowVms() + " low-QoS");
        out.println(
                Double.isNaN(f.meanUtilization())
                        ? "mean utilization: unknown (no host_utilization column)"
                        : String.format(
                                Locale.ROOT,
                                "mean utilization: %.2f%% (the hosts' host_utilization, weighted by cores)",
                                f.meanUtilization()));
        out.println(
                Double.isNaN(f.baselineUtilization())
                        ? "as replayed: unknown (a host row without host_utilization): tune cannot check its replay"
                        : String.format(
                                Locale.ROOT,
                                "as replayed: %.2f%% (the same less the low-QoS VMs' CPU, every host over"
                                        + " the whole span, gaps cut out: what a replay without overbooking must measure)",
                                f.baselineUtilization()));
        out.println("forecasts: " + RecordNotes.forecasts(f));
        out.flush();
        return ExitCodes.OK;
    }
}
