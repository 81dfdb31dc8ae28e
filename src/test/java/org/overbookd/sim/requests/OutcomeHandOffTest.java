package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.ServiceClasses;

class OutcomeHandOffTest {

    private static RequestOutcome outcome(int n) {
        RequestSpec spec = new RequestSpec(
                "r" + n, n, 60, 1, 1, ServiceClasses.defaults().find("silver").orElseThrow(), Map.of());
        return new RequestOutcome(spec, 1.0, 60, 0, 0, 0, true);
    }

    /** Several whole batches and a part of one: the consumer sees each outcome once, in order, by close. */
    @Test
    void theConsumerSeesEveryOutcomeInOrderByClose() {
        List<RequestOutcome> sent = new ArrayList<>();
        List<RequestOutcome> seen = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try (OutcomeHandOff handOff = OutcomeHandOff.to(o -> {
            seen.add(o);
            if (threads.isEmpty()) {
                threads.add(Thread.currentThread());
            }
        })) {
            for (int n = 0; n < 3 * OutcomeHandOff.BATCH + 17; n++) {
                RequestOutcome o = outcome(n);
                sent.add(o);
                handOff.accept(o);
            }
        }
        assertEquals(sent.size(), seen.size());
        for (int n = 0; n < sent.size(); n++) {
            assertSame(sent.get(n), seen.get(n), "outcome " + n);
        }
        assertTrue(threads.get(0) != Thread.currentThread(), "handed to another thread");
    }

    /**
     * A consumer that fails (a full disk) stops seeing outcomes, the run's thread gets the failure,
     * and no hand-off blocks on the batches the failed consumer no longer takes: many more than the
     * batches in flight are sent after it.
     */
    @Test
    void aFailureOfTheConsumerReachesTheRunsThreadWithoutBlockingIt() {
        UncheckedIOException full = new UncheckedIOException(new IOException("No space left on device"));
        int[] seen = {0};
        OutcomeHandOff handOff = OutcomeHandOff.to(o -> {
            if (++seen[0] == 10) {
                throw full;
            }
        });
        UncheckedIOException thrown = assertThrows(UncheckedIOException.class, () -> {
            try (handOff) {
                for (int n = 0; n < 100 * OutcomeHandOff.BATCH; n++) {
                    handOff.accept(outcome(n));
                }
            }
        });
        assertSame(full, thrown);
        assertEquals(10, seen[0]);
    }
}
