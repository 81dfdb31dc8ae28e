package org.overbookd.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.overbookd.config.Options;
import org.overbookd.tune.BaselineCheck;
import org.overbookd.tune.Frontier;
import org.overbookd.tune.Objective;
import org.overbookd.tune.TunedConfig;

/** The recommendation and its two runners-up as {@code tune} prints them, and the baseline beside. */
final class TuneTable {

    private static final String ROW = "%-4s %6s %6s %5s  %17s  %15s  %17s  %9s  %9s%n";

    private TuneTable() {}

    static void print(PrintWriter out, Frontier f, BaselineCheck check) {
        Objective o = f.objective();
        List<TunedConfig> top = f.ranked().subList(0, Math.min(3, f.ranked().size()));
        long within = f.configs().stream().filter(f::withinBudget).count();
        out.println(f.recommended()
                .map(r -> "recommended: " + r.label() + " (" + within + " of "
                        + f.configs().size() + " configurations within "
                        + f.budget().describe() + "; the highest "
                        + o.words() + (f.checked().size() > 1 ? " of those that held on the held-out seeds" : "") + ")")
                .orElse(
                        within == 0
                                ? "no recommendation: none of the "
                                        + f.configs().size() + " configurations keeps "
                                        + f.budget().describe()
                                : "no recommendation: each of the " + within + " configurations within "
                                        + f.budget().describe() + " broke it on the held-out seeds"));
        for (TunedConfig c : f.checked()) {
            TunedConfig h = f.heldOut(c).orElseThrow();
            out.println("held out: " + c.label() + " on seeds " + h.seeds().get(0) + " to "
                    + h.seeds().get(h.seeds().size() - 1) + ": " + f.budget().against(h)
                    + (f.brokeHeldOut(c) ? ": breaks the budget, not recommended" : ": within the budget"));
        }
        out.println("baseline: " + check.describe());
        out.printf(
                Locale.ROOT,
                ROW,
                "rank",
                "upper",
                "lower",
                "slots",
                "utilization %",
                "low-QoS hours",
                "degr. >100% %",
                ">95% %",
                "suspends");
        out.printf(Locale.ROOT, ROW, "", "", "", "", "mean (worst)", "mean (worst)", "mean (worst)", "worst", "mean");
        for (int i = 0; i < top.size(); i++) {
            row(out, Integer.toString(i + 1), top.get(i));
        }
        row(out, "none", f.baseline());
        out.println("(none: without overbooking; worst: over the seeds " + seeds(f.baseline()) + ")");
        out.flush();
    }

    private static void row(PrintWriter out, String rank, TunedConfig c) {
        boolean baseline = c.isBaseline();
        out.printf(
                Locale.ROOT,
                ROW,
                rank,
                baseline ? "-" : c.settings().formatted(Options.UPPER_BOUND),
                baseline ? "-" : c.settings().formatted(Options.LOWER_BOUND),
                c.settings().formatted(Options.SLOTS),
                String.format(Locale.ROOT, "%.2f (%.2f)", c.utilizationMean(), c.utilizationMin()),
                String.format(Locale.ROOT, "%.1f (%.1f)", c.lowQosHoursMean(), c.lowQosHoursMin()),
                String.format(Locale.ROOT, "%.3f (%.3f)", c.degradation100Mean(), c.degradation100Max()),
                String.format(Locale.ROOT, "%.3f", c.degradation95Max()),
                String.format(Locale.ROOT, "%.1f", c.suspendsMean()));
    }

    private static String seeds(TunedConfig c) {
        return String.join(", ", c.seeds().stream().map(String::valueOf).toList());
    }
}
