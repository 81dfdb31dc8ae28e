package org.overbookd.backend.opennebula;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Which hosts or VMs are in which condition, observation after observation, so that a condition
 * is logged when it begins (and again if it ends and begins anew), not every cycle.
 */
final class Episodes<T> {

    private final Function<T, Integer> id;
    private final Function<T, String> label;
    private Map<Integer, String> current = Map.of();

    Episodes(Function<T, Integer> id, Function<T, String> label) {
        this.id = id;
        this.label = label;
    }

    /** The elements of {@code now} whose condition began since the last call. */
    synchronized List<T> began(List<T> now) {
        Map<Integer, String> next = new HashMap<>();
        List<T> began = new java.util.ArrayList<>();
        for (T element : now) {
            String condition = label.apply(element);
            next.put(id.apply(element), condition);
            if (!condition.equals(current.get(id.apply(element)))) {
                began.add(element);
            }
        }
        current = next;
        return began;
    }
}
