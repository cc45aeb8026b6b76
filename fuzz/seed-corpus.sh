#!/usr/bin/env bash
# Builds the seed corpus of a fuzz target under fuzz/corpus/<target>/ from the rulings corpus.
# corpus_case: every case of rulings/ as text, one `[[case]]` item per seed (from its header to
# the next): small inputs run many times faster than whole files and give libFuzzer's mutations
# one case to work on. board_actions: starts from libFuzzer's own inputs (its bytes are a recipe,
# not text), so the directory is only created.
set -euo pipefail
cd "$(dirname "$0")"
target="${1:?usage: seed-corpus.sh <target>}"
mkdir -p "corpus/$target"
case "$target" in
  corpus_case)
    find ../rulings -name '*.toml' ! -name 'cards.toml' -path '*/rulings/*' | while read -r f; do
      prefix="corpus/$target/seed-$(echo "$f" | tr '/.' '__')-"
      awk -v prefix="$prefix" '
        /^\[\[/ { if (out != "") close(out); n++; out = sprintf("%s%03d", prefix, n) }
        out != "" { print > out }
      ' "$f"
    done
    ;;
esac
