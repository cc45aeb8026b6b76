#!/usr/bin/env bash
# Sourced by run.sh and diff.sh: builds the adapter (its own Cargo project and Cargo.lock;
# MANABREW_PROFILE=release for an optimised build, default dev) and sets `here`, `root` and
# `bin`, the adapter binary. Leaves the shell in the repository root.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

profile="${MANABREW_PROFILE:-dev}"
# MANABREW_VERSION (run.sh/diff.sh `--version V`): another manabrew-engine release, built from
# versions/V/ (its manifest and lockfile: the adapter's sources against that release and the
# card-data and foundation crates it was published with) in a target directory of its own.
manifest="$here/Cargo.toml"
target_dir="${CARGO_TARGET_DIR:-$here/target}"
if [ -n "${MANABREW_VERSION:-}" ] && [ "$MANABREW_VERSION" != "0.13.1" ]; then
  manifest="$here/versions/$MANABREW_VERSION/Cargo.toml"
  if [ ! -f "$manifest" ]; then
    echo "manabrew: no release $MANABREW_VERSION here; the ones that build: 0.13.1 $(ls "$here/versions" | tr '\n' ' ')(adapters/manabrew/REPORT.md says why the others don't)" >&2
    exit 2
  fi
  target_dir="$here/target/versions/$MANABREW_VERSION"
fi
export MANABREW_ENGINE_VERSION="${MANABREW_VERSION:-0.13.1}"
echo "building adapters/manabrew $MANABREW_ENGINE_VERSION ($profile profile)" >&2
cargo build --manifest-path "$manifest" --locked --profile "$profile" \
  --target-dir "$target_dir" >&2
case "$profile" in
  dev) bin="$target_dir/debug/manabrew-adapter" ;;
  *) bin="$target_dir/$profile/manabrew-adapter" ;;
esac
