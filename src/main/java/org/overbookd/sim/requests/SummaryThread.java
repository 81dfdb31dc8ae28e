package org.overbookd.sim.requests;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A second thread for a run's interval summaries, started on first use and stopped with the run:
 * what it computes is a pure function of what it is handed (or of instances no other thread touches
 * meanwhile), so a summary is the same to the bit whichever thread computed it, and how many cores
 * the machine has changes only how long it takes. The simulation's own thread is the month's
 * bottleneck; the other core had only the outcomes' writing to do (see {@link OutcomeHandOff}).
 */
final class SummaryThread implements AutoCloseable {

    private ExecutorService executor;

    /** Runs both, {@code here} on the caller's thread and {@code there} on the second; returns when both are done. */
    void both(Runnable here, Runnable there) {
        Future<?> other = executor().submit(there);
        here.run();
        result(other);
    }

    /** The task's result, computed on the second thread after everything handed to it before. */
    <T> Future<T> later(Callable<T> task) {
        return executor().submit(task);
    }

    /** The result of a task handed over (waiting for it); its failure, rethrown unchecked. */
    static <T> T result(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for an interval's summary", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private ExecutorService executor() {
        if (executor == null) {
            executor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "overbookd-interval-summaries");
                t.setDaemon(true);
                return t;
            });
        }
        return executor;
    }

    @Override
    public void close() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }
}
