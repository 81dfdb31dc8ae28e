/**
 * The parameter sweep over the Verboven et al. simulator: the grid from a settings file, the runs
 * on a fixed thread pool with results independent of the thread count, the charts in the manner
 * of the paper's figures 5-7, and the shards of a batch system with the build that computed them.
 *
 * <p>Also {@code tune}'s grid search over a recorded cluster (TuneGrid, Tuning, TunedConfig, Budget,
 * Frontier, the checks made before advice is given: BaselineCheck and the held-out replays, and the
 * files it writes: TuneFiles, FrontierChart, TuneShard), which runs its replays on the sweep's
 * runner. Build is overbookd's version and the fingerprint of its simulator code, which every shard
 * records and every merge compares.
 *
 * <p>Layer 10, beside daemon (see ArchitectureTest): may import config and everything below; not
 * daemon.
 */
package org.overbookd.sweep;
