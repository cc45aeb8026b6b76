#!/usr/bin/env bash
# Line and region coverage of the reference engine (engine/src) from each fuzz target's corpus
# (cargo fuzz coverage) and from the workspace's tests (cargo llvm-cov), as HTML plus one summary
# line each:
#   coverage <name>: lines L% (covered/total), regions R% (covered/total) of engine/src
# Usage: fuzz/coverage.sh [NAME...]   NAME: a fuzz target, or `tests`; default: every target, then tests
# Reports go to fuzz/coverage/<name>/html/index.html, summaries to fuzz/coverage/summary.txt.
# Needs llvm-cov and llvm-profdata of rustc's LLVM major version, looked for in LLVM_BIN, then in
# rustup's llvm-tools component (`rustup component add llvm-tools-preview --toolchain nightly`,
# which CI runners and, on 2026-12-06, this project's machines could download: Debian has no
# package of the nightly's LLVM 22), then in Debian's /usr/lib/llvm-<major>/bin (`apt-get install
# llvm-<major>`, where the major version is packaged). cargo-llvm-cov (crates.io) is
# installed if missing. A target's corpus is fuzz/corpus/<target>/ as a fuzz run left it (seed it
# first: ./seed-corpus.sh <target>).
set -euo pipefail
cd "$(dirname "$0")"
fuzz_dir="$(pwd)"
llvm_major="$(rustc +nightly -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')"
llvm_bin="${LLVM_BIN:-}"
if [ -z "$llvm_bin" ]; then
  for d in "$(rustc +nightly --print sysroot)"/lib/rustlib/*/bin "/usr/lib/llvm-$llvm_major/bin"; do
    if [ -x "$d/llvm-cov" ] && [ -x "$d/llvm-profdata" ]; then llvm_bin="$d"; break; fi
  done
fi
if [ -z "$llvm_bin" ] || [ ! -x "$llvm_bin/llvm-cov" ] || [ ! -x "$llvm_bin/llvm-profdata" ]; then
  echo "coverage.sh: no llvm-cov/llvm-profdata of LLVM $llvm_major: rustup component add" \
    "llvm-tools-preview --toolchain nightly, or apt-get install llvm-$llvm_major, or set LLVM_BIN" >&2
  exit 2
fi
export LLVM_COV="$llvm_bin/llvm-cov" LLVM_PROFDATA="$llvm_bin/llvm-profdata"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  read -r -a names <<<"$(cargo +nightly fuzz list | tr '\n' ' ') tests"
fi
mkdir -p coverage
status=0
# Only the engine is measured: the conformance crate is the harness, not the code under test.
ignore='/(conformance|rulings|fuzz)/|/\.cargo/|/rustc/'

summary() { # NAME, llvm-cov export JSON on stdin
  python3 -c '
import json, sys
t = json.load(sys.stdin)["data"][0]["totals"]
name = sys.argv[1]
parts = []
for kind in ("lines", "regions"):
    k = t[kind]
    parts.append("%s %.1f%% (%d/%d)" % (kind, k["percent"], k["covered"], k["count"]))
print("coverage %s: %s of engine/src" % (name, ", ".join(parts)))
' "$1"
}

for name in "${names[@]}"; do
  out="coverage/$name"
  rm -rf "$out/html"
  mkdir -p "$out"
  if [ "$name" = tests ]; then
    echo "==> coverage of engine/src from cargo test --workspace (instrumented build, then every test)" >&2
    command -v cargo-llvm-cov >/dev/null 2>&1 || cargo install cargo-llvm-cov --locked
    (cd .. && cargo llvm-cov --workspace --html --output-dir "$fuzz_dir/$out/html-tmp" --ignore-filename-regex "$ignore")
    mv "$out/html-tmp/html" "$out/html" && rm -rf "$out/html-tmp"
    (cd .. && cargo llvm-cov report --json --summary-only --ignore-filename-regex "$ignore") | summary "$name" | tee "$out/summary.txt"
  else
    if [ -z "$(ls -A "corpus/$name" 2>/dev/null)" ]; then
      echo "coverage.sh: corpus/$name is empty, skipped: run the target first (fuzz/README.md)" >&2
      status=2
      continue
    fi
    echo "==> coverage of engine/src from corpus/$name ($(ls "corpus/$name" | wc -l) inputs; progress below)" >&2
    # cargo fuzz coverage builds the instrumented target and runs every input; it looks for
    # llvm-profdata in rustup's llvm-tools, which can't be installed here, so its merge may fail:
    # the raw profiles it leaves are merged with LLVM_BIN's tool instead.
    cargo +nightly fuzz coverage -s none "$name" "corpus/$name" >&2 || true
    raw="coverage/$name/raw"
    data="coverage/$name/coverage.profdata"
    if [ -d "$raw" ] && [ -n "$(ls -A "$raw" 2>/dev/null)" ]; then
      "$LLVM_PROFDATA" merge -sparse "$raw" -o "$data"
    fi
    [ -s "$data" ] || { echo "coverage.sh: no profile data for $name" >&2; exit 1; }
    bin="$(find target -path "*coverage*/release/$name" -type f | head -n 1)"
    [ -n "$bin" ] || { echo "coverage.sh: no coverage build of $name under fuzz/target" >&2; exit 1; }
    "$LLVM_COV" show "$bin" -instr-profile="$data" -format=html -output-dir="$out/html" \
      -ignore-filename-regex="$ignore" -show-line-counts-or-regions >/dev/null
    "$LLVM_COV" export "$bin" -instr-profile="$data" -summary-only -ignore-filename-regex="$ignore" \
      | summary "$name" | tee "$out/summary.txt"
  fi
done
cat coverage/*/summary.txt > coverage/summary.txt 2>/dev/null || true
echo "==> HTML: fuzz/coverage/<name>/html/index.html; summaries: fuzz/coverage/summary.txt" >&2
exit "$status"
