#!/usr/bin/env bash
# Times `dlx cover --count` against Knuth's programs and miniexact on the
# same problems, whole process, best wall time of RUNS (default 3), each
# program's count checked against dlx's before its time is printed. Not
# in CI: the peers are built outside the repository (Knuth's CWEB sources
# with ctangle and gcc -O2; `pip install miniexact`) and named by path:
#
#   DLX1=... DLX2=... DLX3=... SSXCC=... SSMCC=... MINIEXACT=... \
#     RUNS=3 scripts/bench-peers.sh
#
# A peer whose variable is unset is skipped. Problems with multiplicities
# (`u:v|name`) go to DLX3, SSMCC and miniexact -m (which reads the bounds
# as `name:u;v`: converted here); those without to DLX1 (DLX2 where there
# are colors), SSXCC and miniexact -c. Knuth's programs read standard
# input and print `Altogether N solutions` on standard error; miniexact
# prints `Found N solutions!` with -e.
set -euo pipefail
dlx=${DLX:-${CARGO_TARGET_DIR:-target}/release/dlx}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$dlx" problem stars 10 > "$tmp/stars10.dlx"
"$dlx" problem queens 8 --per-line 2 > "$tmp/queens8x2.dlx"
multi=("$tmp/stars10.dlx" "$tmp/queens8x2.dlx")
plain=(data/dlx/queens13.dlx data/dlx/pentomino_6x10.dlx)

# Best wall time of `runs` runs of the command (stdin from $input), s.
best() {
    local b="" s e t
    for _ in $(seq "$runs"); do
        s=$(date +%s.%N)
        "$@" < "$input" > /dev/null 2>&1
        e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc)
        if [[ -z $b ]] || (( $(echo "$t < $b" | bc) )); then b=$t; fi
    done
    printf '%.3f' "$b"
}

# Knuth's bounds `u:v|name` and `v|name` as miniexact's `name:u;v`.
to_miniexact() {
    awk '/^\|/ { next }
         !done { n = split($0, a, " "); out = ""
                 for (i = 1; i <= n; i++) { w = a[i]
                   if (w ~ /^[0-9]+:[0-9]+\|/) { split(w, b, "|"); split(b[1], c, ":"); w = b[2] ":" c[1] ";" c[2] }
                   else if (w ~ /^[0-9]+\|/) { split(w, b, "|"); w = b[2] ":" b[1] ";" b[1] }
                   out = out (i > 1 ? " " : "") w }
                 print out; done = 1; next }
         { print }' "$1"
}

# The count a peer printed, from its output in $tmp/out.
knuth_count() { sed -n 's/^Altogether \([0-9]*\) solutions.*/\1/p' "$tmp/out" | tail -1; }
mx_count() { sed -n 's/^Found \([0-9]*\) solutions!.*/\1/p' "$tmp/out" | tail -1; }

# peer NAME BIN KIND ARGS...: time it if BIN is set and its count agrees.
peer() {
    local name=$1 bin=$2 kind=$3
    shift 3
    [[ -n $bin ]] || return 0
    "$bin" "$@" < "$input" > "$tmp/out" 2>&1 || true
    local got
    got=$("${kind}_count")
    if [[ $got != "$want" ]]; then
        echo "| $problem | $name | count $got, not $want | |"
        return 0
    fi
    local t
    t=$(best "$bin" "$@")
    echo "| $problem | $name | $t | $(printf "%.2f" "$(echo "scale=3; $t / $ours" | bc)") |"
}

echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), best of $runs"
echo
echo "| problem | program | wall s | program / dlx |"
echo "|---|---|---:|---:|"
for file in "${multi[@]}" "${plain[@]}"; do
    problem=$(basename "$file" .dlx)
    input=$file
    want=$("$dlx" cover --count "$file")
    ours=$(best "$dlx" cover --count)
    echo "| $problem | dlx cover --count ($want solutions) | $ours | 1.00 |"
    if grep -q -E '(^| )[0-9]+(:[0-9]+)?\|' <(grep -v '^|' "$file" | head -1); then
        peer DLX3 "${DLX3:-}" knuth
        peer SSMCC "${SSMCC:-}" knuth
        to_miniexact "$file" > "$tmp/mx.txt"
        input=$tmp/mx.txt
        peer "miniexact -m" "${MINIEXACT:-}" mx -m -e /dev/stdin
    else
        input=$file
        if grep -v '^|' "$file" | sed 1d | grep -q ':'; then
            peer DLX2 "${DLX2:-}" knuth
        else
            peer DLX1 "${DLX1:-}" knuth
        fi
        peer SSXCC "${SSXCC:-}" knuth
        to_miniexact "$file" > "$tmp/mx.txt"
        input=$tmp/mx.txt
        peer "miniexact -c" "${MINIEXACT:-}" mx -c -e /dev/stdin
    fi
done
