#!/usr/bin/env bash
# Runs fuzz targets one after another, each for the given minutes, on one
# core: scripts/fuzz.sh MINUTES TARGET [TARGET...]. Logs go to
# fuzz/logs/TARGET.log (not committed); a crash stops that target and
# leaves its input in fuzz/artifacts/TARGET/. Uses the nightly toolchain
# if installed, else the stable one with RUSTC_BOOTSTRAP=1 (the sanitizer
# flags need nightly features).
set -uo pipefail
cd "$(dirname "$0")/.."
minutes=$1
shift
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  cargo=(cargo +nightly)
else
  export RUSTC_BOOTSTRAP=1
  cargo=(cargo)
fi
mkdir -p fuzz/logs
[ -d fuzz/corpus ] || scripts/fuzz-seeds.sh
# Build every target once, then run the binaries, so that editing the
# sources during a long run does not change what the later targets test.
for t in "$@"; do "${cargo[@]}" fuzz build --debug-assertions "$t" || exit 1; done || exit 1
bin=fuzz/target/x86_64-unknown-linux-gnu/release
for target in "$@"; do
  start=$(date +%s)
  echo "== $target: $minutes min from $(date -u +%H:%M:%S)" | tee -a fuzz/logs/summary.txt
  mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
  "$bin/$target" -artifact_prefix="fuzz/artifacts/$target/" "fuzz/corpus/$target" \
    -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 > "fuzz/logs/$target.log" 2>&1
  rc=$?
  end=$(date +%s)
  echo "== $target: exit $rc after $(((end - start) / 60)) min $(((end - start) % 60)) s " \
    | tee -a fuzz/logs/summary.txt
done
