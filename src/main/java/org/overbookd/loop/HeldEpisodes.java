package org.overbookd.loop;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.overbookd.policy.cluster.HeldBack;

/**
 * Which of a cycle's held-back decisions begin a hold: those whose {@link HeldBack#key()} was not
 * held in the last cycle recorded. A VM kept in the queue for a day by its cap of suspensions is
 * audited once, when that begins, not at each of its 288 cycles; a hold that ends and begins again is
 * audited again. The policy keeps no memory, so the loop does, as the backend does for VMs that may
 * run on no host.
 */
final class HeldEpisodes {

    private Set<String> current = Set.of();

    /** Of {@code held}, those whose hold begins now. */
    List<HeldBack> began(List<HeldBack> held) {
        if (held.isEmpty()) {
            return List.of();
        }
        List<HeldBack> began = new ArrayList<>();
        for (HeldBack h : held) {
            if (!current.contains(h.key())) {
                began.add(h);
            }
        }
        return began;
    }

    /** {@code held} were recorded (or needed no record): the holds of the next cycle are compared with these. */
    void recorded(List<HeldBack> held) {
        if (held.isEmpty()) {
            current = Set.of();
            return;
        }
        Set<String> keys = new HashSet<>(held.size() * 2);
        for (HeldBack h : held) {
            keys.add(h.key());
        }
        current = keys;
    }
}
