#!/usr/bin/env bash
# Differential testing of phase.rs against the reference engine on generated scenarios.
#   adapters/phase/diff.sh [extra mtg-conformance diff args, e.g. --time 1800 --jobs 2]
# Same set-up as run.sh (setup.sh); triage files go to adapters/phase/triage/ unless --out is
# given; the differences known-differences.toml classifies are counted apart and get no triage
# file (give --known FILE to use another list). Exit status: 0 unless the harness itself failed (disagreements are findings).
set -euo pipefail
# `--version V`: run phase-python release V (see setup.sh).
source "$(cd "$(dirname "$0")" && pwd)/../release-arg.sh"
if [ -n "$release" ]; then PHASE_VERSION="$release"; fi
source "$(cd "$(dirname "$0")" && pwd)/setup.sh"

out=(--out "$here/triage")
known=(--known "$here/known-differences.toml")
for a in "$@"; do
  if [ "$a" = "--out" ]; then out=(); fi
  if [ "$a" = "--known" ]; then known=(); fi
done

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} diff \
  --engine "$engine" \
  --timeout 10 \
  "${out[@]}" \
  "${known[@]}" \
  "$@"
