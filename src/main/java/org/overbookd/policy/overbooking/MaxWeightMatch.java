package org.overbookd.policy.overbooking;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.model.HostView;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmView;
import org.overbookd.policy.maxweight.ConfigurationSolver;
import org.overbookd.policy.maxweight.ExactSolver;
import org.overbookd.policy.maxweight.GreedySolver;
import org.overbookd.policy.maxweight.ServerShape;

/**
 * Psychas and Ghaderi's max-weight choice for one overbooking step. VMs of one size form a type;
 * for a host's room the configuration k maximising sum_j k_j Q_j (Q_j the VMs of type j still
 * queued) is found with the same solvers as the max-weight simulator, exact when its table is small
 * and greedy otherwise (ratio 1/(2R), see {@link GreedySolver}). A host takes one VM per step, so it
 * gets the head of the type in k with the longest queue; the next step measures it again. This is
 * the paper's r-max weight rule applied at each step rather than its reservation over an active
 * period, which the one-operation-per-host rule and the measured loads make moot here.
 */
final class MaxWeightMatch {

    /** The first VM of {@code head}, in queue order, that may run on {@code host}; null if none. */
    private static VmView firstAllowed(Deque<VmView> head, HostView host) {
        for (VmView vm : head) {
            if (vm.mayRunOn(host)) {
                return vm;
            }
        }
        return null;
    }

    /**
     * What {@link #take} answers when the chosen size has VMs queued but none in the head it was given
     * that may run on the host.
     */
    static final Choice NEEDS_MORE = new Choice(null, 0);

    private final Map<VmSize, Deque<VmView>> byType = new LinkedHashMap<>();
    private final Map<VmSize, Long> queued;
    private final List<VmSize> types;
    private final ExactSolver exact = new ExactSolver();
    private final GreedySolver greedy = new GreedySolver();

    /**
     * @param head   the first unpinned queued VMs, in queue order
     * @param counts how many unpinned VMs of each size the whole queue holds: the weights
     */
    MaxWeightMatch(List<VmView> head, Map<VmSize, Long> counts) {
        for (VmView vm : head) {
            byType.computeIfAbsent(vm.size(), s -> new ArrayDeque<>()).add(vm);
        }
        int headTypes = byType.size();
        for (VmSize size : counts.keySet()) {
            byType.computeIfAbsent(size, s -> new ArrayDeque<>());
        }
        queued = new HashMap<>(counts);
        // the head's sizes in queue order, then the others in a fixed order, for ties
        types = new ArrayList<>(byType.keySet());
        types.subList(headTypes, types.size()).sort(MaxWeightMatch::bySize);
    }

    private static int bySize(VmSize a, VmSize b) {
        int c = Double.compare(a.cpu(), b.cpu());
        return c != 0 ? c : Long.compare(a.memoryMb(), b.memoryMb());
    }

    /** The VM a host takes and how many VMs of its size were queued when it was chosen. */
    record Choice(VmView vm, long queued) {}

    /**
     * The VM {@code host}, with {@code room}, should take, removed from the queue, or null if none fits.
     * Only the sizes with a VM that may run on the host count (those of which the head holds none, but
     * the queue does, count too: they are looked for in a longer head); the VM taken is the first of its
     * size in queue order that may run there.
     */
    Choice take(Room room, HostView host) {
        if (room.cpu() <= 0) {
            return null;
        }
        int n = types.size();
        long[] queues = new long[n];
        long[][] demands = new long[n][];
        boolean memory = room.memory() != Long.MAX_VALUE;
        long[] capacity = memory ? new long[] {room.cpu(), Math.max(1, room.memory())} : new long[] {room.cpu()};
        boolean any = false;
        for (int j = 0; j < n; j++) {
            VmSize size = types.get(j);
            long count = queued.getOrDefault(size, 0L);
            Deque<VmView> head = byType.get(size);
            // a size none of whose VMs in the head may run here weighs nothing, unless more wait beyond the head
            queues[j] = count > head.size() || firstAllowed(head, host) != null ? count : 0;
            any |= queues[j] > 0;
            demands[j] = memory ? new long[] {Room.cpuUnits(size), size.memoryMb()} : new long[] {Room.cpuUnits(size)};
        }
        if (!any) {
            return null;
        }
        ServerShape shape = ServerShape.of(capacity, demands);
        ConfigurationSolver solver = exact.accepts(shape) ? exact : greedy;
        int[] configuration = new int[n];
        if (solver.solve(shape, queues, configuration) == 0) {
            return null;
        }
        int best = -1;
        for (int j = 0; j < n; j++) {
            // ties go to the type met first in queue order (types are listed in that order)
            if (configuration[j] > 0 && (best < 0 || queues[j] > queues[best])) {
                best = j;
            }
        }
        VmSize chosen = types.get(best);
        Deque<VmView> head = byType.get(chosen);
        VmView vm = firstAllowed(head, host);
        if (vm == null) {
            return NEEDS_MORE;
        }
        head.remove(vm);
        queued.merge(chosen, -1L, Long::sum);
        return new Choice(vm, queues[best]);
    }
}
