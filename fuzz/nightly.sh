#!/usr/bin/env bash
# Nightly fuzzing: runs every cargo-fuzz target for SECONDS each (default 3600), keeping going
# after a finding (libFuzzer -fork=1 -ignore_crashes=1) so one night collects every distinct
# one, then gathers the artifacts into OUT_DIR (default fuzz/nightly-artifacts/<target>/) and
# exits 1 if there are any. Turn a board_actions artifact into a corpus case with
#   cargo run -p mtg-conformance -- regress <artifact>
# Usage: fuzz/nightly.sh [SECONDS] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-3600}"
out="${2:-nightly-artifacts}"
mkdir -p "$out"
targets=$(cargo +nightly fuzz list)
echo "==> building fuzz targets: $(echo $targets)"
cargo +nightly fuzz build
found=0
for target in $targets; do
  echo "==> fuzz $target for ${seconds}s ($(date -u +%H:%M:%S))"
  ./seed-corpus.sh "$target"
  mkdir -p "artifacts/$target"
  before=$(find "artifacts/$target" -type f | wc -l)
  # Progress: libFuzzer's own lines (#N ... exec/s) on stderr, plus its final stats.
  cargo +nightly fuzz run "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -print_final_stats=1 || true
  after=$(find "artifacts/$target" -type f | wc -l)
  echo "==> $target: $((after - before)) new artifact(s)"
  if [ "$after" -gt 0 ]; then
    mkdir -p "$out/$target"
    cp -n "artifacts/$target"/* "$out/$target/" 2>/dev/null || true
  fi
done
n=$(find "$out" -type f | wc -l)
echo "==> $n artifact(s) in $out"
if [ "$n" -gt 0 ]; then
  find "$out" -type f
  exit 1
fi
