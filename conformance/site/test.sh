#!/usr/bin/env bash
# The compliance matrix in headless Chromium (Debian's chromium + chromium-driver, driven by
# Selenium): loads SITE_DIR/index.html from file://, checks its counts against the reports in
# SITE_DIR/reports/, follows a failing case to its diff, filters, and saves a screenshot.
#   conformance/site/test.sh [SITE_DIR] [SCREENSHOT]   (default target/site, SITE_DIR/matrix.png)
# Needs `apt-get install chromium chromium-driver` (.ci/run does it); installs Selenium and pytest
# from PyPI into target/site-venv.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/conformance/site"
site="$(cd "${1:-$root/target/site}" && pwd)"
shot="${2:-$site/matrix.png}"
case "$shot" in /*) ;; *) shot="$PWD/$shot" ;; esac
venv="$root/target/site-venv"
for tool in chromium chromedriver; do
  command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install chromium chromium-driver)" >&2; exit 1; }
done
if ! "$venv/bin/python" -c 'import selenium, pytest' 2>/dev/null; then
  "${PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi
reports=("$site"/reports/*.jsonl)
[ -e "${reports[0]}" ] || { echo "error: no report in $site/reports/ (run conformance/site/build.sh)" >&2; exit 1; }
MATRIX_SITE="$site" MATRIX_REPORTS="$(IFS=:; echo "${reports[*]}")" MATRIX_SCREENSHOT="$shot" \
  CHROMIUM="$(command -v chromium)" CHROMEDRIVER="$(command -v chromedriver)" \
  "$venv/bin/python" -m pytest -p no:cacheprovider -v "$here/test_matrix.py"
