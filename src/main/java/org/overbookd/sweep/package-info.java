/**
 * The parameter sweep over the Verboven et al. simulator: the grid from a settings file, the runs
 * on a fixed thread pool with results independent of the thread count (SweepRunner, which tune and
 * the experiments run on too), the charts in the manner of the paper's figures 5-7 (SweepCharts),
 * the intervals over seeds, and the shards of a batch system with the build that computed them
 * (ShardMarker, SweepMerge). Build is overbookd's version and the fingerprint of its simulator code,
 * which every shard, the sweep's and tune's, records and every merge compares.
 *
 * <p>Layer 10, beside daemon (see ArchitectureTest): may import config and everything below; not
 * daemon.
 */
package org.overbookd.sweep;
