#!/usr/bin/env bash
# Differential testing of manabrew-engine against the reference engine on generated scenarios.
#   adapters/manabrew/diff.sh [extra mtg-conformance diff args, e.g. --time 600 --jobs 2]
# Builds the adapter as run.sh does (MANABREW_PROFILE, default dev); triage files go to
# adapters/manabrew/triage/ unless --out is given. Exit status: 0 unless the harness itself
# failed (disagreements are findings).
set -euo pipefail
# `--version V`: run manabrew-engine release V (versions/V/; build.sh).
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --version) [ $# -ge 2 ] || { echo "--version needs a release, e.g. 0.13.0" >&2; exit 2; }; MANABREW_VERSION="$2"; shift 2 ;;
    --version=*) MANABREW_VERSION="${1#--version=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- ${args[@]+"${args[@]}"}
source "$(cd "$(dirname "$0")" && pwd)/build.sh"

out=(--out "$here/triage")
for a in "$@"; do
  if [ "$a" = "--out" ]; then out=(); fi
done

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} diff \
  --engine "exec '$bin' --cards '$here/cards'" \
  --timeout 10 \
  "${out[@]}" \
  "$@"
