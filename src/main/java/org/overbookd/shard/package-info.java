/**
 * Shards for a batch system, one format for every command that shards (sweep and tune): the slice of
 * a list of runs a shard replays (Slice, strided), the marker it leaves beside its rows once they are
 * all written (ShardMarker: which command, which slice, the build that ran it, what the whole is of in
 * words, a fingerprint, its rows' positions and digest, and exact figures where the rows are rounded),
 * the merge that joins the shards of one whole back into its rows in run order or refuses, naming what
 * differs (ShardMerge), what tells two commands' shards apart (ShardKind), and Build, overbookd's
 * version and the fingerprint of its simulator code, which every marker records and every merge
 * compares.
 *
 * <p>Layer 3, beside io (see ArchitectureTest): may import io and the layers below it. What a shard is
 * of and how its rows are read belong to the command that shards (sweep.SweepShard, tune.TuneShard).
 */
package org.overbookd.shard;
