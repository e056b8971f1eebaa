#!/usr/bin/env bash
# `dlx rate` and `dlx generate` against qqwing (Debian package `qqwing`),
# printed as the markdown tables of docs/rating.md and BENCHMARKS.md ("Generating against qqwing").
#
#   scripts/rate-vs-qqwing.sh [PER_LEVEL]     (default 300)
#
# 1. Agreement, qqwing's puzzles: `qqwing --generate PER_LEVEL --difficulty L`
#    for each of its four levels, rated by `dlx rate` (default rules, and
#    --subsets 2, qqwing's own rule set): a confusion table each.
# 2. Agreement, dlx's puzzles: `dlx generate --difficulty L`, rated by
#    `qqwing --solve --stats`.
# 3. Generation time, one thread each, same run: qqwing against dlx for
#    1000 puzzles and per level; dlx per size.
# Fresh puzzles every run: qqwing seeds from the clock, dlx gets a seed
# from $RANDOM (printed), so nothing is tuned on a fixed file.
set -euo pipefail
cd "$(dirname "$0")/.."
per=${1:-300}
command -v qqwing >/dev/null || { echo "needs qqwing: apt-get install qqwing" >&2; exit 2; }
cargo build --release --quiet
dlx=target/release/dlx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seed=$((RANDOM * 32768 + RANDOM))
levels="simple easy intermediate expert"
echo "# $(date -u +%F), qqwing $(qqwing --version | head -1 | awk '{print $NF}'), $per puzzles a level, dlx seed $seed"

# A confusion table: rows the level the puzzles were made at, columns the
# level the other program gives. Input lines: "MADE RATED".
confusion() {
    echo "| made at \\ rated | simple | easy | intermediate | expert | other | agree |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for made in $levels; do
        awk -v m="$made" '
            $1 == m { n++; c[$2]++ }
            END {
                other = n - c["simple"] - c["easy"] - c["intermediate"] - c["expert"]
                printf "| %s | %d | %d | %d | %d | %d | %.1f%% |\n", m,
                    c["simple"], c["easy"], c["intermediate"], c["expert"], other,
                    n ? 100 * c[m] / n : 0
            }' "$1"
    done
}

for level in $levels; do
    qqwing --generate "$per" --difficulty "$level" --one-line > "$tmp/qq-$level.txt"
done
for rules in "" "--subsets 2"; do
    : > "$tmp/pairs"
    for level in $levels; do
        # shellcheck disable=SC2086
        "$dlx" rate $rules "$tmp/qq-$level.txt" | awk -v m="$level" '{print m, $1}' >> "$tmp/pairs"
    done
    echo
    echo "## qqwing's puzzles rated by \`dlx rate ${rules:-(default rules)}\`"
    echo
    confusion "$tmp/pairs"
done

: > "$tmp/pairs"
for level in $levels; do
    "$dlx" generate --count "$per" --seed "$seed" --difficulty "$level" > "$tmp/dlx-$level.txt"
    qqwing --solve --stats --one-line < "$tmp/dlx-$level.txt" |
        awk -v m="$level" '/^Difficulty:/ {print m, tolower($2)}' >> "$tmp/pairs"
done
echo
echo "## dlx's puzzles (\`dlx generate --difficulty\`) rated by \`qqwing --solve --stats\`"
echo
confusion "$tmp/pairs"

# Seconds of one command, its output thrown away.
secs() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
echo
echo "## Generation, one thread each, this run"
echo
echo "| puzzles | qqwing | dlx | qqwing / dlx |"
echo "|---|---:|---:|---:|"
row() {
    local what=$1 q d
    shift
    q=$(secs qqwing --generate 1000 "$@" --one-line)
    d=$(secs "$dlx" generate --count 1000 --seed "$seed" "${dlx_args[@]}")
    printf "| %s | %.2f s | %.2f s | %.1fx |\n" "$what" "$q" "$d" "$(echo "$q / $d" | bc -l)"
}
dlx_args=(); row "1000 unique 9x9"
dlx_args=(--minimal); row "1000 unique 9x9 (dlx --minimal)"
for level in $levels; do
    dlx_args=(--difficulty "$level"); row "1000 $level 9x9" --difficulty "$level"
done

echo
echo "## dlx generate per size, one thread, this run"
echo
echo "| size | flags | puzzles | seconds | ms a puzzle |"
echo "|---|---|---:|---:|---:|"
size_row() {
    local size=$1 count=$2 t
    shift 2
    t=$(secs "$dlx" generate --size "$size" --count "$count" --seed "$seed" "$@")
    printf "| %sx%s | %s | %d | %.2f | %.2f |\n" "$size" "$size" "${*:-}" "$count" "$t" \
        "$(echo "1000 * $t / $count" | bc -l)"
}
size_row 4 1000
size_row 6 1000
size_row 9 1000
size_row 9 1000 --minimal
size_row 9 100 --difficulty expert
size_row 12 100
size_row 16 100
size_row 16 10 --minimal
size_row 25 10
