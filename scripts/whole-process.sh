#!/bin/sh
# Whole-process `dlx count --limit 2` on each bench file, best of RUNS
# (default 3), side by side in one run: this dlx, a previous dlx (BASE, for
# example a binary built from a git worktree of an older commit), and the
# sudoku crate through benches/examples/peer_count.rs. Each side reads the file
# itself, so parsing and output are in every time. The three outputs are
# compared byte for byte before anything is timed. Run from the repository
# root after `cargo build --release -p dlx-benches --example peer_count`.
#
#   BASE=/path/to/old/dlx RUNS=3 sh scripts/whole-process.sh
#
# TDOKU, if set, names a tdoku driver built outside the repository that
# reads the same file and prints each puzzle's count up to 2 on a line of
# its own (tdoku's TdokuSolverDpllTriadSimd with a limit of 2): its counts
# are compared with dlx's, and its time is a last column. FILES may name
# files outside data/bench by path.
set -eu
T=${CARGO_TARGET_DIR:-target}/release
DLX=${DLX:-$T/dlx}
PEER=${PEER:-$T/examples/peer_count}
BASE=${BASE:-}
RUNS=${RUNS:-3}
FILES=${FILES:-"17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106 serg_benchmark"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Best wall time of RUNS runs of the command, in seconds.
best() {
    b=""
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        s=$(date +%s.%N)
        "$@" > /dev/null
        e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc)
        if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
        i=$((i + 1))
    done
    printf '%.3f' "$b"
}

TDOKU=${TDOKU:-}
printf '%-28s %9s %9s %9s %11s %11s %9s %11s\n' file dlx base sudoku base/dlx dlx/sudoku tdoku dlx/tdoku
for f in $FILES; do
    file=data/bench/$f.txt
    [ -f "$file" ] || file=$f
    "$DLX" count --limit 2 "$file" > "$tmp/dlx"
    "$PEER" "$file" > "$tmp/peer"
    cmp -s "$tmp/dlx" "$tmp/peer" || { echo "$f: dlx and the sudoku crate disagree" >&2; exit 1; }
    if [ -n "$BASE" ]; then
        "$BASE" count --limit 2 "$file" > "$tmp/base"
        cmp -s "$tmp/dlx" "$tmp/base" || { echo "$f: dlx and BASE disagree" >&2; exit 1; }
    fi
    if [ -n "$TDOKU" ]; then
        "$TDOKU" "$file" 2> /dev/null > "$tmp/tdoku"
        sed 's/+$//' "$tmp/dlx" | cmp -s - "$tmp/tdoku" \
            || { echo "$f: dlx and tdoku count differently" >&2; exit 1; }
    fi
    d=$(best "$DLX" count --limit 2 "$file")
    p=$(best "$PEER" "$file")
    b=- base_ratio=-
    if [ -n "$BASE" ]; then
        b=$(best "$BASE" count --limit 2 "$file")
        base_ratio=$(printf '%.2f' "$(echo "$b / $d" | bc -l)")
    fi
    t=- tdoku_ratio=-
    if [ -n "$TDOKU" ]; then
        t=$(best "$TDOKU" "$file" 2> /dev/null)
        tdoku_ratio=$(printf '%.2f' "$(echo "$d / $t" | bc -l)")
    fi
    printf '%-28s %9s %9s %9s %11s %11.2f %9s %11s\n' "$(basename "$f" .txt)" "$d" "$b" "$p" \
        "$base_ratio" "$(echo "$d / $p" | bc -l)" "$t" "$tdoku_ratio"
done
