package org.overbookd.sim.slots;

import java.util.List;

/**
 * The swinging built-in scenario at a tenth of its size, for tests: Table 1's mix scaled to 13 servers
 * (7 A, 4 B, 1 C, 1 powerful D: 312 slots, 7.0 CPU against 66.5) and 7,150 tasks over the same 15
 * hours, so the load per slot is the paper-like one. A run takes a few hundredths of a second.
 */
final class CiScenario {

    static final int STICKY_SLOTS = 20;

    private CiScenario() {}

    static Infrastructure infrastructure() {
        return new Infrastructure(List.of(
                new ServerType("A", 7, 0.5, 0.50, 12, 24),
                new ServerType("B", 4, 0.5, 0.25, 12, 24),
                new ServerType("C", 1, 0.5, 0.75, 12, 24),
                new ServerType("D", 1, 1.0, 1.00, 24, 24)));
    }

    static List<Task> tasks(long seed) {
        return SyntheticScenario.scaled(15 * 3600.0, 7150).generate(seed);
    }
}
