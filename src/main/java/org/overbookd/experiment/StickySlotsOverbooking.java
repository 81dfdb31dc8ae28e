package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.SweepRunner;

/**
 * Çavdar et al.'s sticky slots applied to overbooking: the grid of {@code sim/sticky-slots.properties},
 * the paper's scenario of Verboven et al. at bounds 95-80 with 2 slots (100 in all), 0 to 100 of them
 * sticky, seed 1.
 */
public final class StickySlotsOverbooking implements Experiment {

    /** The sticky slots of the grid, as sim/sticky-slots.properties sweeps them. */
    static final List<Integer> STICKY = List.of(0, 10, 25, 50, 75, 100);

    @Override
    public String name() {
        return "sticky-slots";
    }

    @Override
    public String summary() {
        return "sticky slots in the overbooking policy: 0 to 100 of 100 slots at 95-80, 2 slots, seed 1"
                + " (the grid of sim/sticky-slots.properties)";
    }

    /** The runs, in the order of the table. */
    public static List<Settings> runs() {
        List<Settings> runs = new ArrayList<>();
        for (int k : STICKY) {
            runs.add(VerbovenTables.cell(95, 80, 2, 1).with(Options.STICKY_SLOTS, k));
        }
        return runs;
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err) throws ExperimentException, InterruptedException {
        if (run.part() != null) {
            throw new ExperimentException("sticky-slots has one table: no --part");
        }
        List<Settings> runs = runs();
        List<SimResult> results = new SweepRunner(run.threads(), err).run(runs, List.of(Options.STICKY_SLOTS), null);
        out.print("Workload: " + SimBindings.provenance(runs.get(0)).describe() + ", seed 1.\n\n");
        Markdown table = new Markdown("sticky slots", "utilization", "overbooked hours", "suspends", "> 100%", "> 95%");
        for (int i = 0; i < runs.size(); i++) {
            SimResult r = results.get(i);
            table.row(
                    STICKY.get(i),
                    Markdown.plain(r.utilization(), 2),
                    Markdown.plain(r.overbookedHours(), 0),
                    r.suspends(),
                    r.degradation100(),
                    r.degradation95());
        }
        table.print(out);
    }
}
