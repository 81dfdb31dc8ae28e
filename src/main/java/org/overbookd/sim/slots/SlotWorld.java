package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.overbookd.policy.hybrid.Priorities;
import org.overbookd.policy.hybrid.QueuedTask;
import org.overbookd.policy.hybrid.RunningTask;
import org.overbookd.policy.hybrid.SlotDecision;
import org.overbookd.policy.hybrid.SlotView;
import org.overbookd.policy.hybrid.TaskOrder;

/**
 * The state of a run and the indexes a policy reads through {@link SlotView}: the queue in both
 * orders, free slots by tier, and the evictable running tasks by tier and class, youngest first.
 * It also carries out decisions, checking each against the rules (a slot must be free, a sticky
 * task is never evicted, no more sticky labels than the policy has), so that a policy bug fails
 * loudly instead of bending the results.
 */
final class SlotWorld implements SlotView {

    private static final Comparator<TaskState> YOUNGEST_FIRST = (a, b) -> Long.compare(b.startOrder, a.startOrder);

    private final Infrastructure infra;
    private final int stickySlots;
    final TaskState[] tasks;
    final ServerState[] servers;
    private final FreeSlotIndex free;
    private final TreeSet<TaskState> byArrival = new TreeSet<>(TaskOrder.FIRST_ARRIVAL);
    private final TreeSet<TaskState> byPriority;
    /** Non-sticky running tasks, youngest first, one set per tier and class at tier * COUNT + class. */
    private final List<TreeSet<TaskState>> evictable = new ArrayList<>();

    private int stickyInUse;
    private long starts;
    /** Sticky-label seconds held by each priority class, over finished sticky executions. */
    final double[] stickySeconds = new double[Priorities.COUNT];

    SlotWorld(Infrastructure infra, List<Task> workload, int stickySlots, Comparator<QueuedTask> regularOrder) {
        this.infra = infra;
        this.stickySlots = stickySlots;
        this.byPriority = new TreeSet<>(regularOrder);
        tasks = new TaskState[workload.size()];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new TaskState(i, workload.get(i));
        }
        servers = new ServerState[infra.servers()];
        for (int s = 0; s < servers.length; s++) {
            servers[s] = new ServerState(s, infra.server(s), infra.tierOf(s));
        }
        free = new FreeSlotIndex(infra);
        for (int i = 0; i < infra.tiers() * Priorities.COUNT; i++) {
            evictable.add(new TreeSet<>(YOUNGEST_FIRST));
        }
    }

    // ---- the view -------------------------------------------------------------------------

    @Override
    public boolean queueEmpty() {
        return byArrival.isEmpty();
    }

    @Override
    public TaskState oldestQueued() {
        return byArrival.isEmpty() ? null : byArrival.first();
    }

    @Override
    public TaskState topQueued() {
        return byPriority.isEmpty() ? null : byPriority.first();
    }

    @Override
    public int stickyInUse() {
        return stickyInUse;
    }

    @Override
    public int tiers() {
        return infra.tiers();
    }

    @Override
    public int freeSlots() {
        return free.free();
    }

    @Override
    public int freeSlots(int tier) {
        return free.free(tier);
    }

    @Override
    public int freeSlotServer(int tier, int k) {
        return free.server(tier, k);
    }

    @Override
    public RunningTask youngestEvictable(int tier, int priority) {
        TreeSet<TaskState> set = evictable(tier, priority);
        return set.isEmpty() ? null : set.first();
    }

    private TreeSet<TaskState> evictable(int tier, int priority) {
        return evictable.get(tier * Priorities.COUNT + priority - Priorities.LOWEST);
    }

    // ---- changes --------------------------------------------------------------------------

    void arrive(TaskState task, double now) {
        enqueue(task, now);
    }

    private void enqueue(TaskState task, double now) {
        task.status = TaskState.Status.QUEUED;
        task.queuedAt = now;
        task.server = -1;
        byArrival.add(task);
        byPriority.add(task);
    }

    /** Carries out one decision at {@code now}; returns the server whose running set changed. */
    int apply(SlotDecision decision, double now) {
        TaskState task = task(decision.task());
        if (decision instanceof SlotDecision.Place place) {
            start(task, place, now);
            return place.server();
        }
        if (task.status != TaskState.Status.RUNNING || task.sticky) {
            throw new IllegalStateException("cannot evict " + task + (task.sticky ? ": it is sticky" : ""));
        }
        int server = task.server;
        if (server != decision.server()) {
            throw new IllegalStateException(decision + " names the wrong server for " + task);
        }
        task.wasted += servers[server].stop(task, now);
        evictable(servers[server].tier, task.priority()).remove(task);
        free.release(server);
        if (decision instanceof SlotDecision.Drop) {
            task.status = TaskState.Status.DROPPED;
            task.server = -1;
        } else {
            task.evictions++;
            enqueue(task, now);
        }
        return server;
    }

    private void start(TaskState task, SlotDecision.Place place, double now) {
        int server = checkedServer(place.server());
        if (task.status != TaskState.Status.QUEUED) {
            throw new IllegalStateException("cannot place " + task + ": it is not queued");
        }
        if (servers[server].full()) {
            throw new IllegalStateException("cannot place " + task + " on full server " + server);
        }
        if (place.sticky() && stickyInUse >= stickySlots) {
            throw new IllegalStateException(
                    "cannot place " + task + " sticky: all " + stickySlots + " labels are taken");
        }
        byArrival.remove(task);
        byPriority.remove(task);
        task.status = TaskState.Status.RUNNING;
        task.server = server;
        task.sticky = place.sticky();
        task.started = now;
        task.startOrder = starts++;
        servers[server].start(task, now);
        free.take(server);
        if (task.sticky) {
            stickyInUse++;
        } else {
            evictable(servers[server].tier, task.priority()).add(task);
        }
    }

    /** The tasks of a server done at {@code now}. */
    void complete(int server, double now) {
        for (TaskState task : servers[server].complete(now)) {
            free.release(server);
            if (task.sticky) {
                stickyInUse--;
                stickySeconds[task.priority()] += now - task.started;
            } else {
                evictable(servers[server].tier, task.priority()).remove(task);
            }
            task.status = TaskState.Status.FINISHED;
            task.finishedAt = now;
            task.finishedTier = servers[server].tier;
            task.finishedSticky = task.sticky;
            task.server = -1;
        }
    }

    private TaskState task(int index) {
        if (index < 0 || index >= tasks.length) {
            throw new IllegalStateException("no task #" + index);
        }
        return tasks[index];
    }

    private int checkedServer(int server) {
        if (server < 0 || server >= servers.length) {
            throw new IllegalStateException("no server #" + server);
        }
        return server;
    }
}
