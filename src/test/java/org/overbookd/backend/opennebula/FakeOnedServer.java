package org.overbookd.backend.opennebula;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.NoisyLoad;

/**
 * Test-only: the fake oned running in real time for tests outside this package that start real
 * daemon processes (the HA tests). A small world whose noisy loads keep overbookd busy: hosts
 * crossing the bounds now and then, so that most steps deploy, suspend or resume something. VM
 * operations advance one step per tick; loads are redrawn every tick.
 */
public final class FakeOnedServer implements AutoCloseable {

    private static final int HOSTS = 3;
    private static final int CORES = 4;
    private static final int LOW_VMS = 10;

    private final FakeOned one;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fake-oned-ticker");
        t.setDaemon(true);
        return t;
    });
    private final Map<Integer, LoadGenerator> loads = new HashMap<>();
    private final Map<Integer, SplittableRandom> randoms = new HashMap<>();
    private volatile boolean overloaded;

    private FakeOnedServer(FakeOned one) {
        this.one = one;
    }

    public static FakeOnedServer start(Duration tick) throws IOException {
        FakeOnedServer server = new FakeOnedServer(FakeOned.start(TestSessions.SESSION));
        server.build();
        server.ticker.scheduleAtFixedRate(server::tick, tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
        return server;
    }

    /** From now on oned refuses {@code method} with 0x200, as to a user without the right. */
    public void refuse(String method) {
        one.fail(method, FakeOned.Fault.NOT_AUTHORIZED);
    }

    /** The methods called so far, in order. */
    public java.util.List<String> methods() {
        return one.methods();
    }

    public URI endpoint() {
        return one.endpoint();
    }

    /** Writes the session file (mode 600) into {@code dir}. */
    public static Path authFile(Path dir) throws IOException {
        return TestSessions.authFile(dir);
    }

    /**
     * Overloaded: every running VM at 100% of a core from the next tick on, so every host is above any
     * upper bound and each one holding an overbooked VM makes overbookd decide a suspension.
     */
    public void overload(boolean on) {
        overloaded = on;
    }

    /** How many low-QoS VMs run now (ACTIVE and RUNNING): what an overload makes overbookd suspend. */
    public int lowQosRunning() {
        int running = 0;
        synchronized (one) {
            for (int v = 1; v <= LOW_VMS; v++) {
                FakeVm vm = one.vm(v);
                if (vm != null && vm.state == OneVmStates.ACTIVE && vm.lcmState == OneVmStates.RUNNING) {
                    running++;
                }
            }
        }
        return running;
    }

    /** The entries of overbookd's heartbeat board, or an empty map before any daemon wrote one. */
    public Map<String, String> heartbeats() {
        for (int id = 0; id < 16; id++) {
            Map<String, String> template = one.documentTemplate(id);
            if (template != null && OneHeartbeatBoard.NAME.equals(template.get("NAME"))) {
                return template;
            }
        }
        return Map.of();
    }

    private void build() {
        long now = one.now();
        SplittableRandom seeds = new SplittableRandom(14);
        int id = 100;
        for (int h = 0; h < HOSTS; h++) {
            FakeHost host = one.host(h, "node" + h, CORES);
            for (int c = 0; c < CORES; c++, id++) {
                one.vm(id, "web-" + id).runningOn(host, now - 7200);
                track(id, new NoisyLoad(60 + 15 * seeds.nextDouble(), 20), seeds);
            }
        }
        for (int v = 1; v <= LOW_VMS; v++) {
            one.vm(v, "batch-" + v).low();
            track(v, new NoisyLoad(90, 15), seeds);
        }
        drive();
    }

    private void track(int id, LoadGenerator load, SplittableRandom seeds) {
        loads.put(id, load);
        randoms.put(id, new SplittableRandom(seeds.nextLong()));
    }

    private synchronized void tick() {
        try {
            one.tick();
            drive();
        } catch (RuntimeException e) {
            System.err.println("fake oned tick failed: " + e);
        }
    }

    private void drive() {
        double[] used = new double[HOSTS];
        synchronized (one) {
            for (Map.Entry<Integer, LoadGenerator> e : loads.entrySet()) {
                FakeVm vm = one.vm(e.getKey());
                if (vm == null) {
                    continue;
                }
                if (vm.state == OneVmStates.ACTIVE && vm.lcmState == OneVmStates.RUNNING) {
                    double drawn = e.getValue().next(0, randoms.get(e.getKey()));
                    double cpu = overloaded ? 100.0 : drawn;
                    vm.cpu(cpu);
                    used[vm.lastStay().hostId] += cpu;
                } else {
                    vm.cpu(0.0);
                }
            }
            for (int h = 0; h < HOSTS; h++) {
                one.hostForTest(h).usedCpu(Math.round(used[h]));
            }
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        one.close();
    }
}
