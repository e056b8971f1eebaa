#!/usr/bin/env bash
# Times `dlx cover --count` with 1 and 2 threads, side by side, and the
# CPU time each thread of the 2-thread run used (from /proc), so the
# balance of the split shows even on a machine shared with other jobs.
# Usage: scripts/bench-cover.sh [FILE.dlx] [RUNS]   (release build first)
set -euo pipefail
dlx=${DLX:-${CARGO_TARGET_DIR:-target}/release/dlx}
file=${1:-data/dlx/pentomino_6x10.dlx}
runs=${2:-3}
hz=$(getconf CLK_TCK)
timed() { /usr/bin/time -f "%e s wall, %U s user" "$@" 2>&1 >/dev/null | tail -1; }
echo "file: $file, $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do
  echo "run $i: --threads 1: $(timed "$dlx" cover --count --threads 1 "$file")" \
       "| --threads 2: $(timed "$dlx" cover --count --threads 2 "$file")"
done
# Per-thread CPU time of one 2-thread run: poll until it exits.
"$dlx" cover --count --threads 2 "$file" >/dev/null &
pid=$!
declare -A ticks
while kill -0 "$pid" 2>/dev/null; do
  for t in /proc/"$pid"/task/*; do
    [ -r "$t/stat" ] || continue
    read -r -a f < "$t/stat" 2>/dev/null || continue
    ticks[${t##*/}]=$(( f[13] + f[14] ))
  done
  sleep 0.05
done
wait "$pid"
for tid in "${!ticks[@]}"; do
  awk -v t="$tid" -v c="${ticks[$tid]}" -v hz="$hz" \
    'BEGIN { printf "thread %s: %.2f s CPU\n", t, c / hz }'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
