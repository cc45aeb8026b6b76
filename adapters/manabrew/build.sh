#!/usr/bin/env bash
# Sourced by run.sh and diff.sh: builds the adapter (its own Cargo project and Cargo.lock;
# MANABREW_PROFILE=release for an optimised build, default dev) and sets `here`, `root` and
# `bin`, the adapter binary. Leaves the shell in the repository root.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

profile="${MANABREW_PROFILE:-dev}"
target_dir="${CARGO_TARGET_DIR:-$here/target}"
echo "building adapters/manabrew ($profile profile)" >&2
cargo build --manifest-path "$here/Cargo.toml" --locked --profile "$profile" \
  --target-dir "$target_dir" >&2
case "$profile" in
  dev) bin="$target_dir/debug/manabrew-adapter" ;;
  *) bin="$target_dir/$profile/manabrew-adapter" ;;
esac
