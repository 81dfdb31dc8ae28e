/**
 * The papers' experiments, each run by one command ({@code overbookd experiment NAME}) and printed
 * as Markdown tables beside the paper's own numbers, every stand-in labelled where its numbers
 * appear: Experiment (the contract), Experiments (the registry of names), Markdown (the one writer of
 * their tables), the paper's published figures each experiment sets ours beside, and the experiments
 * themselves. The tables of the documentation are these commands' output, checked by a test.
 *
 * <p>Layer 10 (see ArchitectureTest): may import sweep, config, sim, loop, audit, backend, policy,
 * io, stats, engine, random and model.
 */
package org.overbookd.experiment;
