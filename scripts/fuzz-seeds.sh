#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/TARGET, not committed) from the
# bundled inputs: every format's sample files, prefixed with the bytes that
# make the targets read them in that format; Knuth's files for `knuth`.
set -euo pipefail
cd "$(dirname "$0")/.."
c=fuzz/corpus
mkdir -p $c/format_read $c/sudoku_search $c/detect $c/knuth $c/knuth_dlx3 $c/lines $c/app_run $c/cover_run $c/line_rules $c/fpuzzles
# The order of format::ALL.
formats=(hdu1426 hdu5547 hdu4069 lanqiao jisuanke poj2676 poj3074 poj3076 uva989 leetcode yzoj line grid csv variant fpuzzles sukaku)
for i in "${!formats[@]}"; do
  f=${formats[$i]}
  for file in data/formats/"$f"*.in data/judges/"$f"*.in; do
    [ -f "$file" ] || continue
    base=$(basename "$file")
    for opt in 0 1; do
      { printf "\\x$(printf %02x "$i")\\x$(printf %02x "$opt")"; head -c 4096 "$file"; } \
        > "$c/format_read/$base.$opt"
    done
    { printf "\\x$(printf %02x "$i")\\x01"; head -c 4096 "$file"; } > "$c/sudoku_search/$base"
    { printf "\\x$(printf %02x "$i")\\x01"; head -c 4096 "$file"; } > "$c/app_run/$base"
    head -c 4096 "$file" > "$c/detect/$base"
    head -c 4096 "$file" > "$c/lines/$base"
  done
done
for file in data/dlx/*.dlx data/dlx/bad/*.dlx; do
  head -c 8192 "$file" > "$c/knuth/$(basename "$file")"
  head -c 8192 "$file" > "$c/knuth_dlx3/$(basename "$file")"
  for how in 00 01 11 83; do
    { printf "\\x$how"; head -c 8192 "$file"; } > "$c/cover_run/$(basename "$file").$how"
  done
done
# DLX3 bounds, good and bad.
for file in tests/data/bad/knuth_dlx3_*.in; do
  head -c 8192 "$file" > "$c/knuth_dlx3/$(basename "$file")"
done
head -c 4096 data/cli/mixed.txt > $c/detect/mixed.txt
# Plain and variant lines, alone and mixed (tests/it/mixed_rules.rs makes the
# same mixtures).
for file in data/variants/*.txt data/formats/variant*.in data/cli/mixed.txt; do
  head -c 4096 "$file" > "$c/line_rules/$(basename "$file")"
  { head -n 25 data/collections/norvig_top95.txt; head -n 3 "$file"; } | head -c 4096 \
    > "$c/line_rules/plain_then_$(basename "$file")"
done
# f-puzzles documents, URLs and the bad cases.
for file in data/fpuzzles/*.json data/fpuzzles/urls.txt data/fpuzzles/bad/*.jsonl data/formats/fpuzzles*.in; do
  head -c 8192 "$file" > "$c/fpuzzles/$(basename "$file")"
done
# Pencil marks: the Sukaku samples and the bad ones.
mkdir -p $c/sukaku
for file in data/formats/sukaku*.in tests/data/bad/sukaku_*.in data/candidates/puzzles.line.out; do
  head -c 8192 "$file" > "$c/sukaku/$(basename "$file")"
done
