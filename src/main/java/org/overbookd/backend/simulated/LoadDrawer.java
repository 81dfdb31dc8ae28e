package org.overbookd.backend.simulated;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.overbookd.model.VmState;

/**
 * Every running VM draws its next load value; each host's demand is summed in the same pass.
 * Hosts are independent (each VM owns its random stream, each host its sums), so with a pool the
 * hosts are split into fixed ranges drawn in parallel and the result is the same, bit for bit,
 * whatever the number of threads.
 */
final class LoadDrawer {

    /** Below this many hosts a parallel draw costs more in hand-offs than it saves. */
    private static final int PARALLEL_MIN_HOSTS = 2048;

    private final SimHost[] hosts;
    private final double operationLoad;
    private final ForkJoinPool pool;

    /** @param pool the threads to draw with on large clusters, or null to draw on the caller's */
    LoadDrawer(SimHost[] hosts, double operationLoad, ForkJoinPool pool) {
        this.hosts = hosts;
        this.operationLoad = operationLoad;
        this.pool = pool;
    }

    void draw(long now) {
        long tow = VirtualClock.timeOfWeek(now);
        if (pool == null || hosts.length < PARALLEL_MIN_HOSTS) {
            draw(0, hosts.length, now, tow);
            return;
        }
        int chunks = pool.getParallelism() * 4;
        int size = (hosts.length + chunks - 1) / chunks;
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = Math.min(hosts.length, c * size);
            int to = Math.min(hosts.length, from + size);
            tasks[c] = pool.submit(() -> draw(from, to, now, tow));
        }
        for (ForkJoinTask<?> task : tasks) {
            task.join();
        }
    }

    private void draw(int from, int to, long now, long tow) {
        for (int h = from; h < to; h++) {
            SimHost host = hosts[h];
            host.advance(now);
            double demand = operationLoad * host.opsInFlight;
            for (SimVm vm : host.high) {
                if (vm.state == VmState.RUNNING) {
                    demand += vm.load = vm.generator.next(tow, vm.random);
                }
            }
            for (int i = 0, n = host.low.size(); i < n; i++) {
                SimVm vm = host.low.get(i);
                if (vm.state == VmState.RUNNING) {
                    demand += vm.load = vm.generator.next(tow, vm.random) * vm.scale();
                }
            }
            host.demand = demand;
        }
    }
}
