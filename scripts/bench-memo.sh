#!/usr/bin/env bash
# Times `dlx cover --count` against `dlx cover --count --memo` on the same
# problems, taking turns, best of RUNS each, and checks that both give the
# same count. Prints a Markdown table with nodes and times. Not part of CI.
#
#   cargo build --release
#   scripts/bench-memo.sh [RUNS]        # default 3
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
dlx=target/release/dlx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name | input (`dlx problem` arguments, or @file)
problems=(
  "dominoes 6x8|dominoes --rows 6 --cols 8"
  "dominoes 8x8|dominoes --rows 8 --cols 8"
  "queens 12|queens 12"
  "queens13.dlx|@data/dlx/queens13.dlx"
  "langford 11|langford 11"
  "pentominoes 3x20|pentominoes --rows 3 --cols 20"
  "pentomino_6x10.dlx|@data/dlx/pentomino_6x10.dlx"
)

# Count, nodes and seconds of one run: "COUNT NODES SECONDS".
run() { # input flags...
  local input=$1
  shift
  local out err
  out=$("$dlx" cover --count --stats "$@" "$input" 2>"$tmp/err")
  err=$(tail -1 "$tmp/err")
  # dlx cover: N nodes, U updates, S solutions, T s, ...
  echo "$out $(echo "$err" | sed -E 's/^dlx cover: ([0-9]+) nodes, .*, ([0-9.]+) s, .*/\1 \2/')"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each, best kept"
echo
echo "| problem | count | nodes | nodes with memo | plain s | memo s | plain / memo |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for entry in "${problems[@]}"; do
  IFS='|' read -r name spec <<<"$entry"
  if [[ $spec == @* ]]; then
    input=${spec#@}
  else
    input=$tmp/problem.dlx
    # shellcheck disable=SC2086
    "$dlx" problem $spec >"$input"
  fi
  best_plain=999999
  best_memo=999999
  for _ in $(seq "$runs"); do
    read -r c1 n1 t1 <<<"$(run "$input")"
    read -r c2 n2 t2 <<<"$(run "$input" --memo)"
    if [[ $c1 != "$c2" ]]; then
      echo "$name: counts differ: $c1 plain, $c2 with --memo" >&2
      exit 1
    fi
    best_plain=$(echo "$t1 $best_plain" | awk '{print ($1 < $2) ? $1 : $2}')
    best_memo=$(echo "$t2 $best_memo" | awk '{print ($1 < $2) ? $1 : $2}')
  done
  ratio=$(echo "$best_plain $best_memo" | awk '{ if ($2 > 0) printf "%.2fx", $1 / $2; else print "> " $1 / 0.001 "x" }')
  echo "| $name | $c1 | $n1 | $n2 | $best_plain | $best_memo | $ratio |"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
