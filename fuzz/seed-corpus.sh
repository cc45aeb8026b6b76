#!/usr/bin/env bash
# Builds the seed corpus of a fuzz target under fuzz/corpus/<target>/ from the rulings corpus.
# lint: every item of rulings/ as text, one `[[...]]` item per seed (from its header to the next):
#   small inputs run many times faster than whole files and give libFuzzer's mutations one item
#   to work on.
# corpus_case: every case as the JSON the target reads (the `case` of each `mtg-conformance
#   export` line), one per seed.
# board_actions, save_load: start from libFuzzer's own inputs (their bytes are a recipe, not
#   text), so the directory is only created.
set -euo pipefail
cd "$(dirname "$0")"
target="${1:?usage: seed-corpus.sh <target>}"
mkdir -p "corpus/$target"
case "$target" in
  lint)
    find ../rulings -name '*.toml' ! -name 'cards.toml' ! -name 'Cargo.toml' -path '*/rulings/*' | while read -r f; do
      prefix="corpus/$target/seed-$(echo "$f" | tr '/.' '__')-"
      awk -v prefix="$prefix" '
        /^\[\[/ { if (out != "") close(out); n++; out = sprintf("%s%03d", prefix, n) }
        out != "" { print > out }
      ' "$f"
    done
    ;;
  corpus_case)
    # The export of the embedded corpus (the crate's own copy of rulings/), split into one case
    # per file; python3 only to split JSON lines.
    (cd .. && cargo run --quiet --release -p mtg-conformance -- export) | python3 -c '
import json, sys
out = sys.argv[1]
n = 0
for line in sys.stdin:
    record = json.loads(line)
    if record.get("type") != "case":
        continue
    n += 1
    with open(f"{out}/seed-{n:04d}.json", "w", encoding="utf-8") as f:
        json.dump(record["case"], f, ensure_ascii=False, separators=(",", ":"))
print(f"seed-corpus.sh: {n} corpus_case seeds in {out}", file=sys.stderr)
' "corpus/$target"
    ;;
esac
