#!/usr/bin/env bash
# Sourced by run.sh and diff.sh: creates adapters/phase/.venv (Python >= 3.11), installs
# phase-python (PHASE_VERSION, default below), and builds phase's card data from rulings/cards.toml into adapters/phase/build/.
# Sets $engine, the command that starts the adapter.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

# The release to run: run.sh and diff.sh take `--version V` (PHASE_VERSION here). The default
# has its virtual environment in .venv; another release in .venv-V, with its own card data.
PHASE_DEFAULT="0.103.0"
PHASE_VERSION="${PHASE_VERSION:-$PHASE_DEFAULT}"
if [ "$PHASE_VERSION" = "$PHASE_DEFAULT" ]; then
  venv="$here/.venv"
  build="$here/build"
else
  case "$PHASE_VERSION" in
    *[!0-9.]* | "") echo "phase: --version takes a release number such as 0.83.0, not '$PHASE_VERSION'" >&2; exit 2 ;;
  esac
  venv="$here/.venv-$PHASE_VERSION"
  build="$here/build-$PHASE_VERSION"
fi
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
