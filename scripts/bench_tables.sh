#!/bin/sh
# The dlx bench runs behind the naive-DFS tables of BENCHMARKS-history.md. Run from the
# repository root after `cargo build --release`; DLX overrides the binary.
# The engine runs on every puzzle; the naive DFS, which needs up to seconds
# a puzzle, runs beside it on a fixed sample (--every K) with a node budget,
# and the table counts the puzzles it did not finish.
set -eu
DLX=${DLX:-${CARGO_TARGET_DIR:-target}/release/dlx}
D=data/bench
run() { echo "\$ dlx bench $*"; "$DLX" bench "$@"; }

run $D/17_clue.txt $D/forum_hardest_1905_11plus.txt $D/magictour_top1465.txt \
    $D/forum_hardest_1106.txt $D/serg_benchmark.txt $D/sizes16.txt $D/sizes25.txt --solver dlx
run $D/17_clue.txt --every 100 --budget 1000000
run $D/forum_hardest_1905_11plus.txt --every 100 --budget 1000000
run $D/magictour_top1465.txt --budget 1000000
run $D/forum_hardest_1106.txt --budget 1000000
run $D/serg_benchmark.txt --every 10 --budget 1000000
run $D/sizes16.txt $D/sizes25.txt --budget 1000000
