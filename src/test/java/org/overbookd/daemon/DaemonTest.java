package org.overbookd.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.loop.ControlLoop;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;

/** The daemon on a real Quartz scheduler with a one-second trigger. */
class DaemonTest {

    /** An empty cluster that counts cycles, fails the ones it is told to, and notices overlap. */
    private static final class CountingBackend implements Backend {
        final AtomicInteger observed = new AtomicInteger();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final CountDownLatch enough;
        final int failFirst;

        CountingBackend(int cycles, int failFirst) {
            this.enough = new CountDownLatch(cycles);
            this.failFirst = failFirst;
        }

        @Override
        public ClusterView observe(Instant now) throws BackendException {
            int running = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(running, Math::max);
            try {
                int n = observed.incrementAndGet();
                enough.countDown();
                if (n <= failFirst) {
                    throw new BackendException("oned unreachable (test)");
                }
                return new ClusterView() {
                    @Override
                    public List<? extends HostView> hosts() {
                        return List.of();
                    }

                    @Override
                    public List<? extends VmView> queue() {
                        return List.of();
                    }
                };
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public List<Outcome> enact(List<Decision> decisions, Instant now) {
            return List.of();
        }
    }

    private static CycleRunner runner(Backend backend) {
        OverbookingPolicy policy = new OverbookingPolicy(new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED));
        ControlLoop loop = new ControlLoop(backend, policy, AuditLog.NONE, false);
        return new CycleRunner(loop, new ReloadablePolicy(policy), null, Clock.systemUTC());
    }

    @Test
    void firesEveryIntervalKeepsGoingAfterFailedCyclesAndStopsCleanly() throws Exception {
        CountingBackend backend = new CountingBackend(3, 2);
        Daemon daemon = new Daemon(runner(backend), Duration.ofSeconds(1));
        Thread thread = new Thread(() -> {
            try {
                daemon.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        thread.start();
        assertTrue(backend.enough.await(20, TimeUnit.SECONDS), "three cycles within 20 s at a 1 s interval");
        daemon.stop();
        thread.join(TimeUnit.SECONDS.toMillis(20));
        assertTrue(!thread.isAlive(), "run() returns after stop()");
        assertTrue(backend.observed.get() >= 3, "the two failed cycles did not stop the schedule");
        assertEquals(1, backend.maxInFlight.get(), "cycles never overlap");
        assertTrue(daemon.scheduler().isShutdown());
    }
}
