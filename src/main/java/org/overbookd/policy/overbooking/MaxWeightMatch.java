package org.overbookd.policy.overbooking;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private final Map<VmSize, Deque<VmView>> byType = new LinkedHashMap<>();
    private final List<VmSize> types;
    private final ExactSolver exact = new ExactSolver();
    private final GreedySolver greedy = new GreedySolver();

    /** {@code ordered}: the unpinned queued VMs in queue order. */
    MaxWeightMatch(List<VmView> ordered) {
        for (VmView vm : ordered) {
            byType.computeIfAbsent(vm.size(), s -> new ArrayDeque<>()).add(vm);
        }
        types = new ArrayList<>(byType.keySet());
    }

    /** The VM a host takes and how many VMs of its size were queued when it was chosen. */
    record Choice(VmView vm, long queued) {
    }

    /** The VM the host with {@code room} should take, removed from the queue, or null if none fits. */
    Choice take(Room room) {
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
            queues[j] = byType.get(size).size();
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
        return new Choice(byType.get(types.get(best)).poll(), queues[best]);
    }
}
