#!/usr/bin/env bash
# dlx --part through a real batch scheduler (Slurm) and GNU parallel,
# checked against one process, with wall times and the shares' imbalance.
#
#   scripts/slurm-local.sh start      # once, as root: a one-node cluster
#   scripts/scale-out.sh              # both schedulers
#   scripts/scale-out.sh parallel     # GNU parallel only (no Slurm needed)
#   scripts/slurm-local.sh stop
#
# Counts: pentominoes 6x10 and n-queens 14 in N = 16 and 64 shares
# (`dlx cover --count --part K/N`); the shares' counts must add up to the
# one-process count. Puzzles: data/bench/17_clue.txt in 8 shares (`dlx
# solve --part K/8`); the shares' outputs, concatenated in K order, must be
# the one-process output byte for byte. The commands are those of
# docs/cover.md; --stats (standard error) only feeds the imbalance column:
# the slowest share's time (`--stats` seconds, from reading the input to
# the answer) over the mean share's, and the same for search-tree nodes
# (puzzles: solving time only). Prints a Markdown table; exits 1 if a
# check fails. Slurm jobs write under a temporary directory of this
# machine, so the Slurm run needs a one-node cluster (or a shared /tmp).
set -euo pipefail
cd "$(dirname "$0")/.."

schedulers=("$@")
((${#schedulers[@]})) || schedulers=(slurm parallel)

missing=()
command -v parallel >/dev/null || missing+=(parallel)
command -v bc >/dev/null || missing+=(bc)
if ((${#missing[@]})); then
    [[ $(id -u) == 0 ]] || { echo "scale-out: install ${missing[*]}" >&2; exit 1; }
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
for s in "${schedulers[@]}"; do
    case $s in
    slurm) sinfo -h -o %T 2>/dev/null | grep -q . || {
        echo "scale-out: no Slurm cluster answers; run scripts/slurm-local.sh start" >&2
        exit 1
    } ;;
    parallel) ;;
    *) echo "usage: $0 [slurm] [parallel]" >&2; exit 2 ;;
    esac
done

nice cargo build --release --quiet
export PATH="$PWD/target/release:$PATH"
work=$(mktemp -d "${TMPDIR:-/tmp}/scale-out.XXXXXX")
failed=0

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# The slowest over the mean share, in time and in nodes, from --stats lines.
imbalance() { # stats file
    awk '/\(share [0-9]+\/[0-9]+\)/ {
        split($0, f, ", ")
        t = f[4]; sub(/ s$/, "", t)
        n = $3
        st += t; sn += n; k++
        if (t > mt) mt = t
        if (n > mn) mn = n
    }
    /^stats: / {
        # dlx solve: "stats: N puzzles, ...; T ms solving (...)"
        t = $0; sub(/ ms solving.*/, "", t); sub(/.*; /, "", t)
        st += t; k++
        if (t + 0 > mt) mt = t + 0
    }
    END {
        if (k == 0) { print "? | ?"; exit }
        printf "%.2f | ", mt / (st / k)
        if (sn > 0) printf "%.2f", mn / (sn / k); else printf "-"
    }' "$1"
}

row() { echo "| $* |"; }

# Seconds from the first task's start to the last task's end of a Slurm
# job (whole seconds, as Slurm keeps them): the wall time less the wait for
# sbatch --wait to notice the end.
span() { # job id
    scontrol -o show job "$1" | tr ' ' '\n' | awk -F= '
        $1 == "StartTime" { cmd = "date -d " $2 " +%s"; cmd | getline t; close(cmd); if (!s || t < s) s = t }
        $1 == "EndTime" { cmd = "date -d " $2 " +%s"; cmd | getline t; close(cmd); if (t > e) e = t }
        END { printf "%d", e - s }'
}

echo "| problem | shares | run by | result | matches one process | wall s | slowest/mean share, time | slowest/mean share, nodes |"
echo "|---|---:|---|---:|---|---:|---:|---:|"
# Slurm rows: wall s is that of sbatch --wait, then (in brackets) the
# job's own span from the first task's start to the last task's end.

dlx problem queens 14 >"$work/queens14.dlx"
for problem in pentomino_6x10 queens14; do
    case $problem in
    pentomino_6x10) file=data/dlx/pentomino_6x10.dlx ;;
    queens14) file=$work/queens14.dlx ;;
    esac
    t=$(now)
    one=$(dlx cover --count --stats "$file" 2>"$work/$problem.one.err")
    row "$problem | 1 | one process | $one | | $(since "$t") | | $(awk '{print $3}' "$work/$problem.one.err") nodes"
    for n in 16 64; do
        for s in "${schedulers[@]}"; do
            dir=$work/$s-$problem-$n
            mkdir -p "$dir"
            t=$(now)
            case $s in
            slurm)
                job=$(sbatch --parsable --wait --array=1-"$n" scripts/part.sbatch "$n" "$dir" cover --count --stats "$file")
                sum=$(for k in $(seq "$n"); do cat "$dir/$k.out"; done | paste -sd+ | bc)
                cat "$dir"/*.err >"$dir/stats"
                ;;
            parallel)
                sum=$(parallel dlx cover --count --stats --part {}/"$n" "$file" ::: $(seq "$n") 2>"$dir/stats" | paste -sd+ | bc)
                ;;
            esac
            wall=$(since "$t")
            [[ $s == slurm ]] && wall="$wall ($(span "$job"))"
            ok=yes
            [[ $sum == "$one" ]] || { ok="NO ($one)"; failed=1; }
            row "$problem | $n | $s | $sum | $ok | $wall | $(imbalance "$dir/stats")"
        done
    done
done

puzzles=data/bench/17_clue.txt
t=$(now)
dlx solve "$puzzles" >"$work/17_clue.one"
cases=$(grep -vc '^#' "$puzzles")
row "17_clue.txt solve ($cases puzzles) | 1 | one process | $(wc -l <"$work/17_clue.one") lines | | $(since "$t") | |"
for s in "${schedulers[@]}"; do
    dir=$work/$s-17_clue
    mkdir -p "$dir"
    t=$(now)
    case $s in
    slurm)
        job=$(sbatch --parsable --wait --array=1-8 scripts/part.sbatch 8 "$dir" solve --stats "$puzzles")
        for k in $(seq 8); do cat "$dir/$k.out"; done >"$dir/all.out"
        cat "$dir"/*.err >"$dir/stats"
        ;;
    parallel)
        parallel -k dlx solve --stats --part {}/8 "$puzzles" ::: $(seq 8) >"$dir/all.out" 2>"$dir/stats"
        ;;
    esac
    wall=$(since "$t")
    [[ $s == slurm ]] && wall="$wall ($(span "$job"))"
    ok=yes
    cmp -s "$dir/all.out" "$work/17_clue.one" || { ok=NO; failed=1; }
    row "17_clue.txt solve | 8 | $s | $(wc -l <"$dir/all.out") lines | $ok (byte for byte) | $wall | $(imbalance "$dir/stats")"
done

echo
echo "$(date -u +%Y-%m-%d), $(nproc) CPUs, dlx $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes'); files in $work"
exit "$failed"
