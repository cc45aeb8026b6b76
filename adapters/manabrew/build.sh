#!/usr/bin/env bash
# Sourced by run.sh and diff.sh: builds the adapter (its own Cargo project and Cargo.lock;
# MANABREW_PROFILE=release for an optimised build, default dev) and sets `here`, `root` and
# `bin`, the adapter binary. Leaves the shell in the repository root.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

profile="${MANABREW_PROFILE:-dev}"
# MANABREW_VERSION (run.sh/diff.sh `--version V`): another manabrew-engine release, built in a
# target directory of its own. The releases in versions/V/ are kept with their manifest and
# lockfile (the adapter's sources against that release and the card-data and foundation crates it
# was published with; CI's site build runs each). Any other published release gets a manifest
# written by release-manifest.py from the crates.io index, and a lockfile resolved on its first
# build, both under target/versions/V/.
manifest="$here/Cargo.toml"
target_dir="${CARGO_TARGET_DIR:-$here/target}"
locked=(--locked)
if [ -n "${MANABREW_VERSION:-}" ] && [ "$MANABREW_VERSION" != "0.13.1" ]; then
  target_dir="$here/target/versions/$MANABREW_VERSION"
  manifest="$here/versions/$MANABREW_VERSION/Cargo.toml"
  if [ ! -f "$manifest" ]; then
    manifest="$target_dir/manifest/Cargo.toml"
    # A published release never changes, so a manifest written once stays right.
    if [ ! -f "$manifest" ]; then
      python3 "$here/release-manifest.py" "$MANABREW_VERSION" "$target_dir/manifest" || exit $?
    fi
    # Its lockfile is this machine's resolution, kept beside the manifest for the next run.
    locked=()
  fi
fi
export MANABREW_ENGINE_VERSION="${MANABREW_VERSION:-0.13.1}"
echo "building adapters/manabrew $MANABREW_ENGINE_VERSION ($profile profile)" >&2
cargo build --manifest-path "$manifest" ${locked[@]+"${locked[@]}"} --profile "$profile" \
  --target-dir "$target_dir" >&2
case "$profile" in
  dev) bin="$target_dir/debug/manabrew-adapter" ;;
  *) bin="$target_dir/$profile/manabrew-adapter" ;;
esac
