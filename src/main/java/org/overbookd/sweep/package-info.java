/**
 * The parameter sweep over the Verboven et al. simulator: the grid from a settings file, the runs
 * on a fixed thread pool with results independent of the thread count, and the charts in the manner
 * of the paper's figures 5-7.
 *
 * <p>Also {@code tune}'s grid search over a recorded cluster (TuneGrid, Tuning, TunedConfig, Budget,
 * Frontier, and the files it writes: TuneFiles, FrontierChart, TuneShard), which runs its replays
 * on the sweep's runner.
 *
 * <p>Layer 10, beside daemon (see ArchitectureTest): may import config and everything below; not
 * daemon.
 */
package org.overbookd.sweep;
