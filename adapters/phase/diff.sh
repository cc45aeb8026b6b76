#!/usr/bin/env bash
# Differential testing of phase.rs against the reference engine on generated scenarios.
#   adapters/phase/diff.sh [extra mtg-conformance diff args, e.g. --time 1800 --jobs 2]
# Same set-up as run.sh (setup.sh); triage files go to adapters/phase/triage/ unless --out is
# given; the differences known-differences.toml classifies are counted apart and get no triage
# file (give --known FILE to use another list). Exit status: 0 unless the harness itself failed (disagreements are findings).
set -euo pipefail
# `--version V`: run phase-python release V (its own virtual environment; setup.sh).
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --version) [ $# -ge 2 ] || { echo "--version needs a release, e.g. 0.83.0" >&2; exit 2; }; PHASE_VERSION="$2"; shift 2 ;;
    --version=*) PHASE_VERSION="${1#--version=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- ${args[@]+"${args[@]}"}
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
