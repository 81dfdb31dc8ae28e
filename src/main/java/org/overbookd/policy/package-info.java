/**
 * The contract every policy shares. Decider: a pure function from a read-only view to decisions as
 * data (immutable records the model then applies, in order); every policy the registry holds, and
 * every plugin of one, is also a Plugin with a name (as the Kubernetes scheduling framework's
 * plugins have one). A policy never changes the world it looks at;
 * it may keep state of its own (an index for speed, a configuration it remembers), changed only by
 * what its views report and by its own decisions. Reason says why a decision was made. Argument,
 * Arguments and PluginFactory let a policy declare its typed arguments, with defaults and
 * validation, and how it is built from them (as the Kubernetes scheduling framework's plugin args).
 *
 * <p>The sub-packages: cluster holds the overbooking contract (ClusterPolicy, Decision); the others
 * hold one paper's policies each: overbooking (OverbookingPolicy, a ClusterPolicy), hybrid
 * (SlotPolicy, SlotDecision), qos (RequestPolicy, Allocation) and maxweight (TypeScheduler, Start);
 * registry holds the one registry that names them all.
 *
 * <p>Layer 4 (see ArchitectureTest): may import io, random and model.
 */
package org.overbookd.policy;
