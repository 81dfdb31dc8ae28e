/**
 * The parameter sweep over the Verboven et al. simulator: the grid from a settings file, the runs
 * on a fixed thread pool with results independent of the thread count (SweepRunner, which tune and
 * the experiments run on too), the charts in the manner of the paper's figures 5-7 (SweepCharts),
 * the intervals over seeds, and what a sweep's shard is (SweepShard: its rows, their exact figures
 * and what the grid is of, on the shard package's marker and merge).
 *
 * <p>Layer 10, beside daemon (see ArchitectureTest): may import config and everything below; not
 * daemon.
 */
package org.overbookd.sweep;
