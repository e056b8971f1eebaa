#!/usr/bin/env bash
# Streams N generated puzzles (default 1,000,000) through `dlx solve` and
# `dlx count` and prints the peak resident memory (GNU time's "Maximum
# resident set size"), next to the same for N/100 puzzles: batch memory
# must not grow with the number of puzzles. The stream cycles through the
# 99 puzzles of data/collections/kaggle_style_medium99.csv as lines, with a
# malformed line and a conflicting puzzle every 1000, so that the error
# paths run too. Usage: scripts/memory-check.sh [N] (after cargo build --release);
# THREADS=2 scripts/memory-check.sh runs dlx with --threads 2 (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
threads=${THREADS:-1}
dlx=${CARGO_TARGET_DIR:-target}/release/dlx
stream() {
  awk -F, -v n="$1" 'NR > 1 { p[m++] = $1 } END {
    for (i = 0; i < n; i++) {
      if (i % 1000 == 998) print "not a puzzle"
      else if (i % 1000 == 999) print "55" substr(p[0], 3)
      else print p[i % m]
    }
  }' data/collections/kaggle_style_medium99.csv
}
# Private files, so two checks running at once do not mix their outputs.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for count in $((n / 100)) "$n"; do
  for task in solve count; do
    stream "$count" | /usr/bin/time -f "%M %e" "$dlx" "$task" --format line --threads "$threads" \
      > "$tmp/out" 2> "$tmp/err" || true
    read -r rss secs < <(tail -1 "$tmp/err")
    lines=$(wc -l < "$tmp/out")
    echo "$task --threads $threads: $count puzzles, $lines output lines, peak RSS $rss KiB, $secs s"
  done
done
