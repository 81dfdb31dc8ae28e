package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The window of times kept in one array against a plain list of every time added. */
class RecentTimesTest {

    @Test
    void keepsWhatAListWouldKeepInTheWindow() {
        SplittableRandom random = new SplittableRandom(20261128);
        long window = 3_600;
        for (int trial = 0; trial < 50; trial++) {
            long[] times = null;
            List<Long> all = new ArrayList<>();
            long now = 0;
            for (int k = 0; k < 400; k++) {
                // bursts of equal seconds, short gaps that fill the array past its first capacity, long ones that empty
                // it
                now += switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> random.nextLong(60);
                    case 2 -> random.nextLong(600);
                    default -> random.nextLong(2 * window);
                };
                times = RecentTimes.add(times, now, window);
                all.add(now);
                long from = now - window;
                assertEquals(all.stream().filter(t -> t >= from).count(), RecentTimes.count(times), "kept at " + now);
                long since = now - random.nextLong(window + 1);
                assertEquals(
                        all.stream().filter(t -> t >= since).count(),
                        RecentTimes.since(times, since),
                        "since " + since + " at " + now);
            }
        }
        assertEquals(0, RecentTimes.count(null));
        assertEquals(0, RecentTimes.since(null, 0));
    }
}
