#!/usr/bin/env bash
# Runs the whole mtg-conformance corpus against phase.rs through its Python bindings.
#   adapters/phase/run.sh [extra mtg-conformance run args, e.g. --format json, a FILTER]
# Creates adapters/phase/.venv (Python >= 3.11), installs phase-python 0.103.0, builds phase's
# card data from rulings/cards.toml into adapters/phase/build/, and runs the corpus with
# adapters/phase/expectations.toml. The exit status is the runner's.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

PHASE_VERSION="0.103.0"
venv="$here/.venv"
build="$here/build"
python_bin="${PYTHON:-python3}"

if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('phase-python') != '$PHASE_VERSION')" 2>/dev/null; then
  "$python_bin" -c 'import sys; assert sys.version_info >= (3, 11), "Python >= 3.11 needed (tomllib)"'
  "$python_bin" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "phase-python==$PHASE_VERSION"
fi

mkdir -p "$build"
"$venv/bin/python" "$here/cards_to_mtgjson.py" rulings/cards.toml "$build/AtomicCards.json"
rm -f "$build/card-data.json"
"$venv/bin/python" -c 'import sys; from phase.gen import process_cards; process_cards(sys.argv[1], sys.argv[2])' \
  "$build/AtomicCards.json" "$build/card-data.json" >&2
if [ ! -s "$build/card-data.json" ]; then
  echo "phase could not convert every card of rulings/cards.toml (see above)" >&2
  exit 1
fi

exec ${MTG_CONFORMANCE:-cargo run --release -q -p mtg-conformance --} run \
  --engine "exec '$venv/bin/python' '$here/adapter.py' --cards '$build/card-data.json'" \
  --timeout 10 \
  --expectations "$here/expectations.toml" \
  "$@"
