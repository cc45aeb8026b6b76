#!/usr/bin/env bash
# Sourced by run.sh and diff.sh: creates adapters/phase/.venv (Python >= 3.11), installs
# phase-python, and builds phase's card data from rulings/cards.toml into adapters/phase/build/.
# Sets $engine, the command that starts the adapter.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
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

engine="exec '$venv/bin/python' '$here/adapter.py' --cards '$build/card-data.json'"
