#!/usr/bin/env bash
# Runs the whole mtg-conformance corpus against manabrew-engine 0.13.1 (a Rust port of Forge)
# through adapters/manabrew, an AGPL-3.0-or-later binary that speaks rulings/PROTOCOL.md.
#   adapters/manabrew/run.sh [extra mtg-conformance run args, e.g. --format json, a FILTER]
# Builds the adapter (its own Cargo project and Cargo.lock; MANABREW_PROFILE=release for an
# optimised build, default dev: a cold dev build is far cheaper and a case takes milliseconds
# either way), then runs the corpus with adapters/manabrew/expectations.toml. Card scripts are
# read from adapters/manabrew/cards/ at start-up, so editing one needs no rebuild.
# The exit status is the runner's.
set -euo pipefail
# `--version V`: run manabrew-engine release V (see build.sh).
source "$(cd "$(dirname "$0")" && pwd)/../release-arg.sh"
if [ -n "$release" ]; then MANABREW_VERSION="$release"; fi
source "$(cd "$(dirname "$0")" && pwd)/build.sh"

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} run \
  --engine "exec '$bin' --cards '$here/cards'" \
  --timeout 10 \
  --expectations "$here/expectations.toml" \
  "$@"
