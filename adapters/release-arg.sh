#!/usr/bin/env bash
# Sourced first by the adapters' run.sh and diff.sh (with no arguments, so it sees and edits
# theirs): takes `--version V` (or `--version=V`) out of the arguments into $release, the engine
# release to run; the other arguments stay, in order, for mtg-conformance.
release=""
release_rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --version) [ $# -ge 2 ] || { echo "--version needs a release, e.g. 0.83.0" >&2; exit 2; }; release="$2"; shift 2 ;;
    --version=*) release="${1#--version=}"; shift ;;
    *) release_rest+=("$1"); shift ;;
  esac
done
set -- ${release_rest[@]+"${release_rest[@]}"}
unset release_rest
