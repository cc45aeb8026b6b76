#!/usr/bin/env bash
# Runs the whole mtg-conformance corpus against phase.rs through its Python bindings.
#   adapters/phase/run.sh [--version V] [extra mtg-conformance run args, e.g. --format json, a FILTER]
# Creates adapters/phase/.venv (Python >= 3.11), installs phase-python 0.103.0, builds phase's
# card data from rulings/cards.toml into adapters/phase/build/ (setup.sh), and runs the corpus
# with adapters/phase/expectations.toml. The exit status is the runner's.
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

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} run \
  --engine "$engine" \
  --timeout 10 \
  --expectations "$here/expectations.toml" \
  "$@"
