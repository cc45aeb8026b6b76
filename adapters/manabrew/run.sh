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

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} run \
  --engine "exec '$bin' --cards '$here/cards'" \
  --timeout 10 \
  --expectations "$here/expectations.toml" \
  "$@"
