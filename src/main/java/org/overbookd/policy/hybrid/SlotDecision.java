package org.overbookd.policy.hybrid;

/**
 * One step of the plan a slot policy returns; the simulator carries it out. An eviction or drop
 * always comes just before the placement it makes room for.
 */
public sealed interface SlotDecision permits SlotDecision.Place, SlotDecision.Evict, SlotDecision.Drop {

    /** The task the decision is about. */
    int task();

    /** The server whose slot the task takes or leaves. */
    int server();

    /** Start a queued task on a free slot of {@code server}, under a sticky label or a regular one. */
    record Place(int task, int server, boolean sticky, Phase phase) implements SlotDecision {}

    /** Take a running task off its slot: its work is lost and it goes back to the queue, first arrival kept. */
    record Evict(int task, int server) implements SlotDecision {}

    /** Take a running task off its slot for good: it reached the eviction limit (PRI-N). Its work is lost. */
    record Drop(int task, int server) implements SlotDecision {}
}
