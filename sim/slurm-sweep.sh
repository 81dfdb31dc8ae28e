#!/bin/bash
# One shard of a sweep, as a task of a Slurm job array: task I of N runs `overbookd sweep --shard I/N`
# into OUT/shard-I. Submit the array, then one merge that waits for all of it (README, "Sweeps on a
# batch system"):
#
#   mkdir -p results
#   array=$(sbatch --parsable --array=1-4 sim/slurm-sweep.sh sim/verboven-tables.properties results)
#   sbatch --dependency=afterok:$array --wrap 'overbookd sweep merge results/shard-* --out results/tables'
#
# OUT must be on a file system every node sees. The array must be numbered 1 to N (--array=1-N).
# Without the Debian package on the nodes, set OVERBOOKD='java -jar /path/to/overbookd.jar'.
#SBATCH --job-name=overbookd-sweep
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
config=${1:?usage: sbatch --array=1-N slurm-sweep.sh CONFIG OUT}
out=${2:?usage: sbatch --array=1-N slurm-sweep.sh CONFIG OUT}
: "${SLURM_ARRAY_TASK_ID:?not a task of a job array: submit with sbatch --array=1-N}"
${OVERBOOKD:-overbookd} sweep --config "$config" \
    --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --out "$out/shard-$SLURM_ARRAY_TASK_ID"
