#!/usr/bin/env bash
# Times `dlx cover --engine links` against `--engine bits` on the same
# problems, taking turns, best of RUNS each, and checks that both report
# the same count, nodes and updates (they search the same tree). Prints a
# Markdown table with the ratio and the engine `--engine auto` picks.
# Not part of CI.
#
#   cargo build --release
#   scripts/bench-engines.sh [RUNS]        # default 3
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
dlx=target/release/dlx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name | input | extra flags
problems=(
  "queens 8|queens 8|--count"
  "queens 10|queens 10|--count"
  "queens 12|queens 12|--count"
  "queens13.dlx|@data/dlx/queens13.dlx|--count"
  "queens 30, first 200,000 nodes|queens 30|--count --max-nodes 200000"
  "queens 60, first solution|queens 60|"
  "langford 11|langford 11|--count"
  "pentominoes 3x20|pentominoes --rows 3 --cols 20|--count"
  "pentomino_6x10.dlx|@data/dlx/pentomino_6x10.dlx|--count"
  "pentominoes 8x8, 2x2 hole|pentominoes --rows 8 --cols 8 --hole 3,3 --hole 3,4 --hole 4,3 --hole 4,4|--count"
)

# The --stats line of one run (its time: reading the input to the answer).
run() { # engine input flags
  "$dlx" cover --stats --engine "$1" $3 "$2" 2>&1 >/dev/null | tail -1
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each, best kept"
echo
echo "| problem | options | auto picks | links s | bits s | links / bits | nodes | same count, nodes, updates |"
echo "|---|---:|---|---:|---:|---:|---:|---|"
for entry in "${problems[@]}"; do
  IFS='|' read -r name spec flags <<<"$entry"
  if [[ $spec == @* ]]; then
    input=${spec#@}
  else
    input=$tmp/problem.dlx
    # shellcheck disable=SC2086
    "$dlx" problem $spec >"$input"
  fi
  options=$(($(grep -vc '^|' "$input") - 1))
  best_links=999999 best_bits=999999
  for _ in $(seq "$runs"); do
    for engine in links bits; do
      line=$(run "$engine" "$input" "$flags")
      secs=$(sed -E 's/.* ([0-9.]+) s, .*/\1/' <<<"$line")
      stats=$(sed -E 's/, [0-9.]+ s, .*//' <<<"$line")
      if [[ $engine == links ]]; then
        links_stats=$stats
        best_links=$(awk -v a="$secs" -v b="$best_links" 'BEGIN { print (a < b) ? a : b }')
      else
        bits_stats=$stats
        best_bits=$(awk -v a="$secs" -v b="$best_bits" 'BEGIN { print (a < b) ? a : b }')
      fi
    done
  done
  same=no
  [[ $links_stats == "$bits_stats" ]] && same=yes
  nodes=$(sed -E 's/^dlx cover: ([0-9]+) nodes.*/\1/' <<<"$links_stats")
  auto=$("$dlx" cover --count --stats --engine auto --max-nodes 1 "$input" 2>&1 >/dev/null | grep -oE '[a-z]+ engine' | cut -d' ' -f1 || true)
  ratio=$(awk -v a="$best_links" -v b="$best_bits" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
  echo "| $name | $options | ${auto:-?} | $best_links | $best_bits | $ratio | $nodes | $same |"
done
