# Point Slurm's commands (srun, sbatch, sinfo, squeue, scontrol) at the
# single-node test cluster that scripts/slurm/start_cluster.sh runs.
#   source scripts/slurm/env.sh
# Its files (slurm.conf, daemon logs, spool and state) live in
# MPICOLL_SLURM_DIR (default /tmp/mpicoll-slurm), outside the repository.
export MPICOLL_SLURM_DIR=${MPICOLL_SLURM_DIR:-/tmp/mpicoll-slurm}
export SLURM_CONF=$MPICOLL_SLURM_DIR/slurm.conf
