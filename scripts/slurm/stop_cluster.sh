#!/usr/bin/env bash
# Stop the single-node Slurm cluster of scripts/slurm/start_cluster.sh: cancel
# its jobs, end slurmd and slurmctld (by the pids in their pid files), and
# munged. The files in MPICOLL_SLURM_DIR (slurm.conf, logs) are kept for
# reading; start_cluster.sh writes them anew.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/env.sh"
dir=$MPICOLL_SLURM_DIR

[ -f "$SLURM_CONF" ] && timeout 10 scancel --full --quiet --user="$(id -un)" 2>/dev/null

stop_pid() {  # name pid: SIGTERM, then SIGKILL after 10 s; only if pid is that daemon
  local name=$1 pid=$2
  [ -n "$pid" ] && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$name" ] || return 0
  kill "$pid" 2>/dev/null
  for _ in $(seq 100); do [ -d /proc/"$pid" ] || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null
}
for d in slurmd slurmctld; do
  [ -f "$dir/$d.pid" ] && stop_pid "$d" "$(cat "$dir/$d.pid")"
  rm -f "$dir/$d.pid"
  # and any started with this cluster's slurm.conf whose pid file was lost
  for pid in $(pgrep -x -f "$d -f $SLURM_CONF|$d -c -f $SLURM_CONF"); do stop_pid "$d" "$pid"; done
done
[ -f /run/munge/munged.pid ] && stop_pid munged "$(cat /run/munge/munged.pid)"
echo "Slurm cluster stopped (logs in $dir)"
