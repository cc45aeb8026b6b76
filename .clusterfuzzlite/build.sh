#!/bin/bash -eu
# Builds every cargo-fuzz target with the sanitizer flags ClusterFuzzLite sets, copies the
# binaries to $OUT, and ships the seed corpora built from rulings/.
cd "$SRC/mtg-conformance/fuzz"
# ClusterFuzzLite picks the sanitizer; the system allocator (no default features) lets it see
# every allocation.
cargo fuzz build -O --debug-assertions --no-default-features
for target in $(cargo fuzz list); do
  cp "target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  ./seed-corpus.sh "$target"
  if [ -n "$(ls -A "corpus/$target" 2>/dev/null)" ]; then
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
