package org.overbookd.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.Outcome;
import org.overbookd.loop.ControlLoop;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;

/**
 * The heartbeat that feeds systemd's watchdog runs on the worker thread that runs the cycles: while
 * a cycle hangs, it cannot beat, so systemd would restart the daemon; once the cycle returns it beats again.
 */
class WatchdogTest {

    private record Beat(long nanos, String thread) {}

    /** The second observation hangs until released (or 1.5 s pass: never longer than the test). */
    private static final class HangingBackend implements Backend {
        final AtomicInteger observed = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch hanging = new CountDownLatch(1);
        volatile long hangStarted;
        volatile long hangEnded;
        volatile String cycleThread;

        @Override
        public ClusterView observe(Instant now) {
            cycleThread = Thread.currentThread().getName();
            if (observed.incrementAndGet() == 2) {
                hangStarted = System.nanoTime();
                hanging.countDown();
                try {
                    release.await(1500, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                hangEnded = System.nanoTime();
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
        }

        @Override
        public List<Outcome> enact(List<Decision> decisions, Instant now) {
            return List.of();
        }
    }

    @Test
    void aHungCycleStarvesTheHeartbeat() throws Exception {
        HangingBackend backend = new HangingBackend();
        OverbookingPolicy policy = new OverbookingPolicy(new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED));
        CycleRunner runner = new CycleRunner(
                new ControlLoop(backend, policy, AuditLog.NONE, false),
                new ReloadablePolicy(policy),
                null,
                Clock.systemUTC());
        List<Beat> beats = new CopyOnWriteArrayList<>();
        Daemon daemon = new Daemon(runner, Duration.ofSeconds(1));
        daemon.heartbeat(
                Duration.ofMillis(50),
                () -> beats.add(
                        new Beat(System.nanoTime(), Thread.currentThread().getName())));
        CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
            try {
                daemon.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            assertTrue(backend.hanging.await(10, TimeUnit.SECONDS), "the second cycle started");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (backend.hangEnded == 0 || beats.stream().noneMatch(b -> b.nanos() > backend.hangEnded)) {
                assertTrue(System.nanoTime() < deadline, "the heartbeat resumed after the hang");
                // a poll, not a spin: the beats and the other test JVM need the cores
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
        } finally {
            daemon.stop();
            running.get(10, TimeUnit.SECONDS);
        }
        long before =
                beats.stream().filter(b -> b.nanos() < backend.hangStarted).count();
        long during = beats.stream()
                .filter(b -> b.nanos() > backend.hangStarted && b.nanos() < backend.hangEnded)
                .count();
        assertTrue(before >= 3, "beats between the first two cycles: " + before);
        assertEquals(
                0,
                during,
                "no beat while the cycle hung for "
                        + TimeUnit.NANOSECONDS.toMillis(backend.hangEnded - backend.hangStarted) + " ms");
        assertTrue(
                beats.stream().allMatch(b -> b.thread().equals(backend.cycleThread)),
                "beats run on the cycle's worker thread " + backend.cycleThread);
    }
}
