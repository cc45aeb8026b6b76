#!/usr/bin/env bash
# Nightly fuzzing: runs every cargo-fuzz target for SECONDS each (default 3600), keeping going
# after a finding (libFuzzer -fork=1 -ignore_crashes=1) so one night collects every distinct
# one, then gathers the artifacts into OUT_DIR (default fuzz/nightly-artifacts/<target>/) and
# exits 1 if there are any. Turn a board_actions artifact into a corpus case with
#   cargo run -p mtg-conformance -- regress <artifact>
# Each target runs twice: SECONDS without a sanitizer (`-s none`, the fast build: the crates
# forbid unsafe code), then ASAN_SECONDS (default SECONDS/6) with AddressSanitizer, which would
# catch memory errors in the dependencies' unsafe code (fuzz/README.md, Sanitizers).
# Usage: [FUZZ_TARGETS="a b"] [ASAN_SECONDS=N] fuzz/nightly.sh [SECONDS] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-3600}"
out="${2:-nightly-artifacts}"
asan_seconds="${ASAN_SECONDS:-$((seconds / 6))}"
mkdir -p "$out"
targets="${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}"
echo "==> building fuzz targets: $(echo $targets)"
cargo +nightly fuzz build -s none
cargo +nightly fuzz build -s address --no-default-features
found=0
for target in $targets; do
  ./seed-corpus.sh "$target"
  mkdir -p "artifacts/$target"
  before=$(find "artifacts/$target" -type f | wc -l)
  # The AddressSanitizer build has the system allocator (no default features), so ASan sees
  # every allocation.
  for pass in "none $seconds" "address $asan_seconds --no-default-features"; do
    set -- $pass
    [ "$2" -gt 0 ] || continue
    echo "==> fuzz $target for ${2}s, sanitizer $1 ($(date -u +%H:%M:%S))"
    # Progress: libFuzzer's own lines (#N ... exec/s) on stderr, plus its final stats.
    cargo +nightly fuzz run -s "$1" ${3:-} "$target" "corpus/$target" -- \
      -max_total_time="$2" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -print_final_stats=1 || true
  done
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
