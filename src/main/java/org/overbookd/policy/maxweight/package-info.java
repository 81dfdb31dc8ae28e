/**
 * Non-preemptive scheduling by VM type (Psychas and Ghaderi): the max-weight scheduler of Algorithm
 * 1, its randomized-sampling (G16), MaxWeight at local refresh times (M14, with per-server queues as
 * cited, and its central-queue reading) and best-fit comparisons, and the configuration solvers. A TypeScheduler is shown a TypeEvent (a read-only TypedView after an
 * arrival, a departure or its timer) and returns the VMs to start as Start records, which the model
 * applies; it plans several starts in a row on a PlannedStarts, its scratch over the view. The state a
 * scheduler remembers between events (Algorithm 1's configurations, reserved slots and periods,
 * G16's rates) stays its own, changed only by the events it is shown and the starts it returns:
 * handing it back with each decision would copy it at every event for no reader but the scheduler.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model; never the simulator that runs it.
 */
package org.overbookd.policy.maxweight;
