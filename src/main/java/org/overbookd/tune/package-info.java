/**
 * {@code tune}'s grid search over a recorded cluster: the grid (TuneGrid), the replays of the
 * record under each configuration and seed on the sweep's runner (Tuning), their figures
 * (TunedConfig), the budget and objective the advice is chosen by (Budget, Objective), the frontier
 * (Frontier), the checks made before advice is given (BaselineCheck and the held-out replays), and
 * the files it writes: TuneFiles, FrontierChart and, for a batch system, TuneShard (its rows and what
 * a tune is of, on the shard package's marker and merge).
 *
 * <p>Layer 10, beside sweep, whose runner and grid it uses (see
 * ArchitectureTest): may import sweep, config and everything below; not daemon.
 */
package org.overbookd.tune;
