#!/usr/bin/env bash
# Builds the compliance matrix: runs the corpus against every engine this repository has an
# adapter for, each as a JSON report in OUT_DIR-reports/, then `mtg-conformance report --html`;
# the reports are then copied into OUT_DIR/reports/. OUT_DIR must be new, empty or a site built before (`report --html`
# writes only into a directory it owns).
#   conformance/site/build.sh [OUT_DIR]          (default target/site)
# Engines: the reference engine; phase.rs (adapters/phase/run.sh, three releases); manabrew when
# adapters/manabrew/run.sh exists (0.2.0, its releases in adapters/manabrew/versions/ and 0.13.1). An engine's failures don't stop the build (they are what the
# matrix shows); a report cut short does. Extra `report` options (e.g. --source-url URL) go in
# SITE_REPORT_ARGS.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out="${1:-target/site}"
# The reports are written beside the site (OUT_DIR-reports/) and copied in after it is built:
# `report --html` takes only a new, empty or earlier site's directory.
reports="${out%/}-reports"
mkdir -p "$reports"
rm -f "$reports"/*.jsonl
bin="${MTG_CONFORMANCE:-}"
if [ -z "$bin" ]; then
  cargo build --release -q -p mtg-conformance
  bin="$root/target/release/mtg-conformance"
fi
export MTG_CONFORMANCE="$bin"

names=()
# run NAME COMMAND...: the report of one engine; exit 1 (failures) is a result, not an error.
run() {
  local name="$1"; shift
  echo "==> $name" >&2
  local status=0
  "$@" --format json > "$reports/$name.jsonl" || status=$?
  if [ "$status" -gt 1 ] || ! tail -n 1 "$reports/$name.jsonl" | grep -q '"type":"footer"'; then
    echo "error: the $name run did not finish (exit $status); see above" >&2
    exit 1
  fi
  tail -n 1 "$reports/$name.jsonl" >&2
  names+=("$reports/$name.jsonl")
}

run reference "$bin" run
# Every installable phase-python release, and every manabrew-engine release the adapter builds
# against (adapters/manabrew/versions/): the versions page shows each engine release by release.
# Older releases run with the newest one's expectations, so their known failures may differ.
for v in 0.77.0 0.83.0; do
  run "phase-$v" adapters/phase/run.sh --version "$v"
done
run phase adapters/phase/run.sh
if [ -x adapters/manabrew/run.sh ]; then
  # 0.2.0, the first release, is kept in no folder: its manifest comes from the crates.io index,
  # the way `run.sh --version V` builds any release, so that way is exercised on every build.
  for v in 0.2.0 $(ls adapters/manabrew/versions 2>/dev/null | sort -V); do
    run "manabrew-$v" adapters/manabrew/run.sh --version "$v"
  done
  run manabrew adapters/manabrew/run.sh
fi

# shellcheck disable=SC2086 # SITE_REPORT_ARGS is a list of options.
"$bin" report --html "$out" ${SITE_REPORT_ARGS:-} "${names[@]}"
# The CR coverage the site shows, as `coverage` computes it, for test.sh to compare with (written
# after the site: `report --html` writes only into a new, empty or earlier site's directory).
"$bin" coverage --format json > "$out/coverage.json"
mkdir -p "$out/reports"
rm -f "$out/reports"/*.jsonl
cp "${names[@]}" "$out/reports/"
