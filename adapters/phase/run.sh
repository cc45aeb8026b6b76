#!/usr/bin/env bash
# Runs the whole mtg-conformance corpus against phase.rs through its Python bindings.
#   adapters/phase/run.sh [--version V] [extra mtg-conformance run args, e.g. --format json, a FILTER]
# Creates adapters/phase/.venv (Python >= 3.11), installs phase-python 0.103.0, builds phase's
# card data from rulings/cards.toml into adapters/phase/build/ (setup.sh), and runs the corpus
# with adapters/phase/expectations.toml. The exit status is the runner's.
set -euo pipefail
# `--version V`: run phase-python release V (see setup.sh).
source "$(cd "$(dirname "$0")" && pwd)/../release-arg.sh"
if [ -n "$release" ]; then PHASE_VERSION="$release"; fi
source "$(cd "$(dirname "$0")" && pwd)/setup.sh"

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} run \
  --engine "$engine" \
  --timeout 10 \
  --expectations "$here/expectations.toml" \
  "$@"
