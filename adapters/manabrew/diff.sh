#!/usr/bin/env bash
# Differential testing of manabrew-engine against the reference engine on generated scenarios.
#   adapters/manabrew/diff.sh [extra mtg-conformance diff args, e.g. --time 600 --jobs 2]
# Builds the adapter as run.sh does (MANABREW_PROFILE, default dev); triage files go to
# adapters/manabrew/triage/ unless --out is given; the differences known-differences.toml
# classifies are counted apart and get no triage file (give --known FILE to use another list).
# Exit status: 0 unless the harness itself failed (disagreements are findings).
set -euo pipefail
# `--version V`: run manabrew-engine release V (see build.sh).
source "$(cd "$(dirname "$0")" && pwd)/../release-arg.sh"
if [ -n "$release" ]; then MANABREW_VERSION="$release"; fi
source "$(cd "$(dirname "$0")" && pwd)/build.sh"

out=(--out "$here/triage")
known=(--known "$here/known-differences.toml")
for a in "$@"; do
  if [ "$a" = "--out" ]; then out=(); fi
  if [ "$a" = "--known" ]; then known=(); fi
done

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} diff \
  --engine "exec '$bin' --cards '$here/cards'" \
  --timeout 10 \
  "${out[@]}" \
  "${known[@]}" \
  "$@"
