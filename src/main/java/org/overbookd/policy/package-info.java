/**
 * The contract of the overbooking loop's policies: Policy (pure code from a read-only view to
 * decisions: no I/O, no clock, no randomness beyond what it is built with), Decision (one step of
 * the plan, as data) and Reason (why, for people and for programs). The sub-packages hold one
 * paper's policy each; overbooking implements Policy, while hybrid, qos and maxweight still have
 * contracts of their own (issue 18).
 *
 * <p>Layer 4 (see ArchitectureTest): may import io, random and model.
 */
package org.overbookd.policy;
