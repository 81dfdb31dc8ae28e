/**
 * The simulated worlds of the four paper models, one sub-package each and nothing at this root:
 * overbooking (Verboven et al., over backend.simulated), requests (Silva et al.), slots (Çavdar et
 * al.) and types (Psychas and Ghaderi).
 *
 * <p>Layer 8 (see ArchitectureTest): its sub-packages may import loop, audit, backend, policy, io,
 * the floor (random, engine, whose EventQueue orders the runs of requests, slots and types, and
 * stats) and model, and each other without a cycle; not config: settings are bound to the models in
 * config.
 */
package org.overbookd.sim;
