package org.overbookd.policy.maxweight;

import java.util.ArrayList;
import java.util.List;

/**
 * The starts a scheduler has decided on while handling one event, over the read-only view it was
 * shown: it answers every question as the cluster will once those starts are made (queues shorter,
 * servers fuller), so a scheduler can plan several starts in a row without touching the world. It
 * refuses a start the model would refuse (nothing waits, or it does not fit): a scheduler bug.
 */
final class PlannedStarts implements TypedView {

    private final TypedView view;
    private final List<Start> starts = new ArrayList<>();
    /** Starts per type so far; null until the first start. */
    private long[] startedOfType;

    PlannedStarts(TypedView view) {
        this.view = view;
    }

    /**
     * Starts the oldest waiting VM of this type on this server.
     *
     * @throws IllegalStateException when none waits or it does not fit: a scheduler bug
     */
    void start(int server, int type) {
        if (queued(type) == 0) {
            throw new IllegalStateException("no VM of type " + type + " waits to start on server " + server);
        }
        if (!fits(server, type)) {
            throw new IllegalStateException("a VM of type " + type + " does not fit on server " + server);
        }
        if (startedOfType == null) {
            startedOfType = new long[view.types()];
        }
        startedOfType[type]++;
        starts.add(new Start(server, type));
    }

    List<Start> starts() {
        return List.copyOf(starts);
    }

    @Override
    public int servers() {
        return view.servers();
    }

    @Override
    public int types() {
        return view.types();
    }

    @Override
    public int resources() {
        return view.resources();
    }

    @Override
    public long capacity(int server, int resource) {
        return view.capacity(server, resource);
    }

    @Override
    public long demand(int type, int resource) {
        return view.demand(type, resource);
    }

    @Override
    public long queued(int type) {
        return view.queued(type) - started(type);
    }

    @Override
    public double arrival(int type, long k) {
        return view.arrival(type, k + started(type));
    }

    @Override
    public int running(int server, int type) {
        int n = view.running(server, type);
        for (Start s : starts) {
            if (s.server() == server && s.type() == type) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean isEmpty(int server) {
        if (!view.isEmpty(server)) {
            return false;
        }
        for (Start s : starts) {
            if (s.server() == server) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long residual(int server, int resource) {
        long left = view.residual(server, resource);
        for (Start s : starts) {
            if (s.server() == server) {
                left -= view.demand(s.type(), resource);
            }
        }
        return left;
    }

    @Override
    public boolean fits(int server, int type) {
        return starts.isEmpty() ? view.fits(server, type) : TypedView.super.fits(server, type);
    }

    private long started(int type) {
        return startedOfType == null ? 0 : startedOfType[type];
    }
}
