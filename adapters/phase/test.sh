#!/usr/bin/env bash
# Tests of the adapter's own behaviour (test_adapter.py) against phase itself.
#   adapters/phase/test.sh
# Same set-up as run.sh (setup.sh: the venv with phase-python, phase's card data).
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/setup.sh"

exec "$venv/bin/python" -m unittest -v "$here/test_adapter.py"
