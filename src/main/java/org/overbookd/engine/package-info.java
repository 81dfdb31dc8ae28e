/**
 * The discrete-event engine every model runs on: one {@link org.overbookd.engine.EventQueue}, the
 * future events of a run in a total order (time, then kind, then the order they were added), so
 * that equal inputs and seeds replay the same history and give the same bytes. It lies in the
 * floor, below backend, because the simulated backend runs on it as well as the models in sim.
 *
 * <p>Layer 2 (see ArchitectureTest): may import model.
 */
package org.overbookd.engine;
