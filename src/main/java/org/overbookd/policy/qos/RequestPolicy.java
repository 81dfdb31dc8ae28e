package org.overbookd.policy.qos;

import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.policy.Decider;
import org.overbookd.policy.Plugin;

/**
 * A request scheduler over one run: its plugins ({@link RequestScheduler}) and its own
 * {@link HostIndex}, the index that lets a pass over 12,500 hosts cost what it looks at rather than
 * the size of the cluster. The index is the policy's state, not the world's: the world reports
 * what the policy did not decide (hosts coming and going, instances ending), and each pass records
 * its own allocations and preemptions in it as it decides them, since the world applies every
 * allocation a pass returns. Rebuilding it from a view at every pass would be exact too, and cost a
 * scan of the whole cluster per pass.
 */
public final class RequestPolicy implements Decider<RequestPolicy.Pending, Allocation>, Plugin {

    /**
     * What a pass is shown: the instances waiting (each read at t, the pass's instant) and the
     * pass's own random source.
     */
    public record Pending(List<? extends LiveInstance> instances, double t, SplittableRandom random) {}

    private final RequestScheduler scheduler;
    private final HostIndex index = new HostIndex();

    public RequestPolicy(RequestScheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public String name() {
        return scheduler.name();
    }

    /** The world reports a host that is up; ordinal is its place in the host list (its rank in scans and ties). */
    public void hostUp(NodeView view, int ordinal) {
        if (!index.hasHost(view.id())) {
            index.addHost(view, ordinal);
        }
    }

    /**
     * The instances the policy knows to hold a host, in the order they were placed on it: the
     * world reports each allocation a pass returns and each end, so these are the ones it holds
     * there too, and it need not keep its own record per host.
     */
    public List<LiveInstance> holding(String host) {
        return index.holding(host);
    }

    /** The world reports a host gone, with what it held; false when the policy did not know it. */
    public boolean hostDown(String id) {
        if (!index.hasHost(id)) {
            return false;
        }
        index.removeHost(id);
        return true;
    }

    /** The world reports an instance that ended on its host. */
    public void ended(String host, LiveInstance instance) {
        index.remove(host, instance);
    }

    /**
     * The instances the last pass moved, in the order of its allocations: each one's victims in
     * order, then the instance it placed. The world applies a pass with these, instead of keeping
     * its active instances by id to look up the ids an {@link Allocation} names.
     */
    public List<LiveInstance> lastMoves() {
        return index.moved();
    }

    /** Instances the policy knows to hold a host. */
    public long held() {
        return index.instances();
    }

    /** Whether a pass can decide differently from the last one with time alone (see {@link RequestScheduler#dependsOnTime}). */
    public boolean dependsOnTime() {
        return scheduler.dependsOnTime();
    }

    /** One pass: the allocations, each with its preemptions, in the order the world must apply them. */
    @Override
    public List<Allocation> decide(Pending pending) {
        return scheduler.schedule(index, pending.instances(), pending.t(), pending.random());
    }
}
