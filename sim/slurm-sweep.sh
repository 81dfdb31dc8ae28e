#!/bin/bash
# One shard of a sweep, as a task of a Slurm job array: task I runs `overbookd sweep --shard I/N` into
# OUT/shard-I. N, the number of shards, is given on the command line, not taken from the array, so
# that one task can be submitted again alone. Submit the array, then one merge that waits for all of
# it (docs/simulator.md, "Sweeps on a batch system"):
#
#   mkdir -p results
#   array=$(sbatch --parsable --array=1-4 sim/slurm-sweep.sh sim/verboven-tables.properties results 4)
#   merge=$(sbatch --parsable --dependency=afterok:$array --wrap "${OVERBOOKD:-overbookd} sweep merge results/shard-* --out results/tables")
#
# Task 2 failed? The merge then never starts (DependencyNeverSatisfied, and it stays so even once the
# task has run again: Slurm 22.05 keeps the array's failure). Cancel it, run task 2 again alone into the
# same place, and submit the merge to wait for that run only (the other tasks are done):
#
#   scancel $merge
#   rerun=$(sbatch --parsable --array=2 sim/slurm-sweep.sh sim/verboven-tables.properties results 4)
#   sbatch --dependency=afterok:$rerun --wrap "${OVERBOOKD:-overbookd} sweep merge results/shard-* --out results/tables"
#
# or, keeping the task's id: scontrol requeue ${array}_2, then the merge with --dependency=afterok:${array}_2.
#
# OUT must be on a file system every node sees. Task ids are the shard numbers, 1 to N.
# Without the Debian package on the nodes, set OVERBOOKD='java -jar /path/to/overbookd.jar'.
#SBATCH --job-name=overbookd-sweep
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
usage="usage: sbatch --array=1-N slurm-sweep.sh CONFIG OUT N (one task again: sbatch --array=I slurm-sweep.sh CONFIG OUT N)"
config=${1:?$usage}
out=${2:?$usage}
shards=${3:?$usage}
: "${SLURM_ARRAY_TASK_ID:?not a task of a job array: $usage}"
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then
    echo "slurm-sweep.sh: N must be a whole number of shards, 1 or more, not '$shards'; $usage" >&2
    exit 64
fi
if (( SLURM_ARRAY_TASK_ID < 1 || SLURM_ARRAY_TASK_ID > shards )); then
    echo "slurm-sweep.sh: task $SLURM_ARRAY_TASK_ID is not a shard of $shards: the array's ids are the shards, 1 to $shards" >&2
    exit 64
fi
${OVERBOOKD:-overbookd} sweep --config "$config" \
    --shard "$SLURM_ARRAY_TASK_ID/$shards" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --out "$out/shard-$SLURM_ARRAY_TASK_ID"
