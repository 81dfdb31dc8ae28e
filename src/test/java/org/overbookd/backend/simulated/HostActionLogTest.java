package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HostActionLogTest {

    private static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    /**
     * Actions logged and filed later (when a host is asked, or when the log fills up) leave every
     * host's history as filing each at once did: the same array, and the same answers, whatever
     * the order of hosts in the log and however many actions one filing takes in.
     */
    @Test
    void aHostsHistoryIsTheSameAsFilingEachActionAtOnce() {
        SplittableRandom random = new SplittableRandom(34);
        int n = 300;
        SimHost[] hosts = new SimHost[n];
        for (int h = 0; h < n; h++) {
            hosts[h] = new SimHost(h, 8);
        }
        HostActionLog log = new HostActionLog(hosts);
        VirtualClock clock = new VirtualClock(EPOCH);
        for (SimHost host : hosts) {
            host.attach(log);
            host.attach(clock);
        }
        long[][] eager = new long[n][];
        long now = 0;
        int asked = 0;
        // 20,000 actions: the log (4,096 entries for 300 hosts) fills and is filed several times on its own
        for (int i = 0; i < 20_000; i++) {
            now += random.nextInt(4) == 0 ? random.nextInt(600) : 0;
            clock.moveTo(now);
            // a few hosts take most actions, so that one filing takes in many of one host's
            int h = random.nextInt(4) == 0 ? random.nextInt(5) : random.nextInt(n);
            log.acted(h, now);
            eager[h] = RecentTimes.add(eager[h], now, HostActionLog.HOUR);
            if (random.nextInt(500) == 0) {
                int q = random.nextInt(n);
                long since = now - random.nextInt(7200);
                assertEquals(
                        RecentTimes.since(eager[q], since),
                        hosts[q].actionsSince(EPOCH.plusSeconds(since)),
                        "host " + q + " at " + now);
                asked++;
            }
        }
        log.file();
        for (int h = 0; h < n; h++) {
            assertArrayEquals(eager[h], hosts[h].actions, "host " + h);
        }
        assertEquals(true, asked > 10, "the hosts were asked between filings: " + asked);
    }
}
