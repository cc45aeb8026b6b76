#!/usr/bin/env bash
# Builds the seed corpus of a fuzz target under fuzz/corpus/<target>/ from the rulings corpus.
# corpus_case: every case file of rulings/ as text. board_actions: starts from libFuzzer's own
# inputs (its bytes are a recipe, not text), so the directory is only created.
set -euo pipefail
cd "$(dirname "$0")"
target="${1:?usage: seed-corpus.sh <target>}"
mkdir -p "corpus/$target"
case "$target" in
  corpus_case)
    find ../rulings -name '*.toml' ! -name 'cards.toml' -path '*/rulings/*' | while read -r f; do
      cp "$f" "corpus/$target/seed-$(echo "$f" | tr '/.' '__')"
    done
    ;;
esac
