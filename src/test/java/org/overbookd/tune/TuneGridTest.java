package org.overbookd.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.policy.overbooking.UtilizationSource;
import org.overbookd.sweep.SweepGrid;

/** The forecasts and the guards join tune's grid when asked, and only then. */
class TuneGridTest {

    @TempDir
    Path dir;

    @Test
    void theDefaultGridIsBoundsAndSlotsAndWithForecastsAndGuardsEachOfItsConfigurationsComesInSix() throws Exception {
        SweepGrid plain = TuneGrid.of(Settings.defaults(), null);
        assertEquals(42, plain.runs().size());
        assertEquals(List.of(Options.SLOTS, Options.UPPER_BOUND, Options.LOWER_BOUND), plain.swept());

        SweepGrid both = TuneGrid.of(Settings.defaults(), null, true);
        assertEquals(42 * 6, both.runs().size());
        assertEquals(
                List.of(
                        Options.SLOTS,
                        Options.UPPER_BOUND,
                        Options.LOWER_BOUND,
                        Options.UTILIZATION_SOURCE,
                        Options.GUARD_MIN_RUN_TIME),
                both.swept());
        // the six variants of the first bounds and slots follow one another
        Set<String> first = both.runs().subList(0, 6).stream()
                .map(s -> s.get(Options.UTILIZATION_SOURCE) + " " + s.get(Options.GUARD_MIN_RUN_TIME))
                .collect(Collectors.toSet());
        assertEquals(6, first.size(), first.toString());
        assertEquals(
                1,
                both.runs().subList(0, 6).stream()
                        .map(s -> s.get(Options.UPPER_BOUND) + "/" + s.get(Options.LOWER_BOUND))
                        .distinct()
                        .count());
    }

    @Test
    void aKeyTheGridSweepsAlreadyIsLeftAsItIs() throws Exception {
        Path grid = dir.resolve("grid.properties");
        Files.write(
                grid,
                List.of(
                        "sweep.overbooking.upper-bound = 90",
                        "sweep.overbooking.lower-bound = 70",
                        "sweep.utilization.source = blend",
                        "sweep.utilization.forecast-weight = 0.25, 0.75"));
        SweepGrid g = TuneGrid.of(Settings.defaults(), grid, true);
        assertEquals(2 * 2, g.runs().size(), "two weights x min-run-time off and 30m");
        for (Settings s : g.runs()) {
            assertEquals(UtilizationSource.BLEND, s.get(Options.UTILIZATION_SOURCE));
        }
        assertEquals(
                Set.of(Duration.ZERO, Duration.ofMinutes(30)),
                g.runs().stream().map(s -> s.get(Options.GUARD_MIN_RUN_TIME)).collect(Collectors.toSet()));
    }
}
