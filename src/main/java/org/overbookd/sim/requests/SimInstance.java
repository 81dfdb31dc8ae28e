package org.overbookd.sim.requests;

import java.util.HashSet;
import java.util.Set;
import org.overbookd.policy.qos.InstanceView;
import org.overbookd.policy.qos.LiveInstance;
import org.overbookd.policy.qos.QosEquations;

/**
 * The simulator's instance of a request, with the accounting of issue item 1. While it pays an
 * allocation overhead it holds its host's resources but does no work. That time counts in e, as
 * eq. 1 defines it ("had resources allocated to it"), and is also summed apart for eq. 8. The part
 * paid in re-allocations (every allocation after the first) is summed apart again, for the
 * availability the authors' simulator reports ({@link OverheadAccounting#PUBLISHED_SIMULATOR}).
 */
final class SimInstance implements LiveInstance {

    enum State {
        PENDING,
        ALLOCATING,
        RUNNING,
        DONE
    }

    final RequestSpec spec;
    final long admission;
    /** alpha of eqs. 4 and 7, the same for every instance of a run. */
    private final double alpha;

    State state = State.PENDING;
    String host;
    /** Bumped on every state change, so queued completion and allocation events can go stale. */
    int epoch;

    double remainingWork;
    double run;
    double pending;
    double overhead;
    /** The part of overhead paid in allocations after the first. */
    double reallocationOverhead;

    int preemptions;
    private int allocations;
    private double clock;
    /**
     * The hosts it was allocated on: the first apart, the others in a set made at the second. Most
     * requests of a month are allocated once, and a set for each (25 million of them) was about 3%
     * of the month's CPU.
     */
    private String firstHost;

    private Set<String> otherHosts;

    SimInstance(RequestSpec spec, long admission, double alpha) {
        this.spec = spec;
        this.admission = admission;
        this.alpha = alpha;
        this.remainingWork = spec.durationS();
        this.clock = spec.submitS();
    }

    /** Brings e, p and the overhead paid up to time t. */
    void advanceTo(double t) {
        double dt = t - clock;
        if (dt <= 0) {
            return;
        }
        if (state == State.RUNNING) {
            remainingWork = Math.max(0, remainingWork - dt);
        }
        run = runAfter(dt);
        pending = pendingAfter(dt);
        if (state == State.ALLOCATING && allocations > 1) {
            reallocationOverhead += dt;
        }
        overhead = overheadAfter(dt);
        clock = t;
    }

    /*
     * What grows in which state, in one place: advanceTo sums with these, viewAt projects with
     * them, so a view at t is exactly what advancing to t would sum.
     */
    private double runAfter(double dt) {
        return state == State.ALLOCATING || state == State.RUNNING ? run + dt : run;
    }

    private double pendingAfter(double dt) {
        return state == State.PENDING ? pending + dt : pending;
    }

    private double overheadAfter(double dt) {
        return state == State.ALLOCATING ? overhead + dt : overhead;
    }

    /** Whether allocating on this host is hot: the instance ran there before. */
    boolean ranOn(String hostId) {
        return hostId.equals(firstHost) || (otherHosts != null && otherHosts.contains(hostId));
    }

    void allocate(String hostId, double overheadS) {
        host = hostId;
        if (firstHost == null) {
            firstHost = hostId;
        } else if (!hostId.equals(firstHost)) {
            if (otherHosts == null) {
                otherHosts = new HashSet<>();
            }
            otherHosts.add(hostId);
        }
        allocations++;
        state = overheadS > 0 ? State.ALLOCATING : State.RUNNING;
        epoch++;
    }

    void release() {
        host = null;
        state = State.PENDING;
        epoch++;
    }

    double availability() {
        return QosEquations.availability(run, pending);
    }

    /**
     * The availability a run reports: eq. 1's as the scheduler sees it, or, as the authors'
     * simulator reports it, with the re-allocations' overheads taken out of e (not put in p: the
     * time since admission stays the denominator).
     */
    double availability(OverheadAccounting accounting) {
        if (accounting == OverheadAccounting.PAPER_TEXT) {
            return availability();
        }
        double total = run + pending;
        return total <= 0 ? QosEquations.availability(run, pending) : (run - reallocationOverhead) / total;
    }

    /**
     * The instance as it will be at t, without changing it: the accounting is summed only at the
     * simulator's own events, so how often, and which, instances a pass happens to read (its
     * shortcuts skip hosts) cannot change the rounding of e and p, and so cannot change a result.
     */
    @Override
    public InstanceView viewAt(double t) {
        double dt = Math.max(0, t - clock);
        return new InstanceView(
                spec.id(),
                spec.serviceClass(),
                spec.cpu(),
                spec.mem(),
                spec.constraints(),
                admission,
                runAfter(dt),
                pendingAfter(dt),
                overheadAfter(dt),
                alpha,
                host);
    }
}
