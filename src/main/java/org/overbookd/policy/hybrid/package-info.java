/**
 * HYBRID with sticky slots, PRI and PRI-N (Çavdar et al.) on the slot model: SlotPolicy (one
 * dispatch per call, as SlotDecision records), its settings, task orders (TaskOrder) and eviction
 * rules (EvictionRule). Random slot choice is a
 * pure function of the seed and the task, drawn from a random stream.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model; never the simulator that runs it.
 */
package org.overbookd.policy.hybrid;
