/**
 * The discrete-event engine every model runs on: one {@link org.overbookd.engine.EventQueue}, the
 * future events of a run in a total order (time, then kind, then the order they were added), so
 * that equal inputs and seeds replay the same history and give the same bytes. It lies in the
 * floor, below backend, because the simulated backend runs on it as well as the models in sim.
 *
 * <p>An {@link org.overbookd.engine.Agenda} gives events out in the same order from three parts
 * (a first-in-first-out lane for events at now + a constant, a calendar that drops events the model
 * marks stale before they reach a heap, and a small EventQueue), for a model whose events are
 * mostly of those sorts (the simulated backend's).
 *
 * <p>Layer 2 (see ArchitectureTest): may import model.
 */
package org.overbookd.engine;
