#!/usr/bin/env python3
"""Writes a Cargo manifest that builds the adapter against any published manabrew-engine release.

    release-manifest.py VERSION OUT_DIR

Used by build.sh for a release that has no folder in versions/. The adapter uses two of the
engine's own crates directly (forge-carddb parses the card scripts, forge-foundation has the
zones, phases and mana atoms), so it must depend on the very versions the engine resolves to, or
Cargo builds two copies and the types don't match. The crates.io sparse index says which
requirements the release was published with: forge-carddb is pinned to the lowest version its
requirement allows (a later one may already need a newer forge-foundation; this is what every
folder in versions/ does), forge-foundation keeps the release's requirement.

Exit status 2, with the published releases listed, when VERSION isn't one; 1 when the index
can't be read.
"""

import json
import os
import sys
import urllib.error
import urllib.request

INDEX = "https://index.crates.io/ma/na/manabrew-engine"


def lowest(req):
    """The lowest version a caret requirement such as '^0.3.2' or '0.3.2' allows."""
    return req.lstrip("^=~ ")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    version, out_dir = sys.argv[1], sys.argv[2]
    try:
        with urllib.request.urlopen(INDEX, timeout=30) as response:
            lines = response.read().decode("utf-8").splitlines()
    except (urllib.error.URLError, OSError) as error:
        print(f"manabrew: can't read the crates.io index ({INDEX}): {error}", file=sys.stderr)
        return 1
    releases = [json.loads(line) for line in lines if line.strip()]
    entry = next((r for r in releases if r["vers"] == version), None)
    if entry is None:
        published = " ".join(r["vers"] for r in releases)
        print(f"manabrew: {version} is not a manabrew-engine release; published: {published}",
              file=sys.stderr)
        return 2
    if entry.get("yanked"):
        print(f"manabrew: {version} was yanked from crates.io", file=sys.stderr)
        return 2
    reqs = {d["name"]: d["req"] for d in entry["deps"] if d.get("kind", "normal") == "normal"}
    missing = [c for c in ("forge-carddb", "forge-foundation") if c not in reqs]
    if missing:
        print(f"manabrew: release {version} doesn't depend on {', '.join(missing)}; the adapter "
              "needs both", file=sys.stderr)
        return 2
    adapter = os.path.dirname(os.path.abspath(__file__))
    main_rs = json.dumps(os.path.join(adapter, "src", "main.rs"))
    os.makedirs(out_dir, exist_ok=True)
    manifest = f"""# Written by adapters/manabrew/release-manifest.py for manabrew-engine {version}
# (requirements from the crates.io index); not checked in.
[package]
name = "manabrew-adapter"
version = "0.1.0"
edition = "2021"
license = "AGPL-3.0-or-later"
publish = false

[workspace]

[[bin]]
name = "manabrew-adapter"
path = {main_rs}

[dependencies]
manabrew-engine = "={version}"
serde = {{ version = "1", features = ["derive"] }}
serde_json = "1"
forge-carddb = "={lowest(reqs['forge-carddb'])}"
forge-foundation = "{reqs['forge-foundation'].lstrip('^')}"
"""
    path = os.path.join(out_dir, "Cargo.toml")
    # Rewritten only when different, so an unchanged release keeps its build fresh.
    try:
        with open(path, encoding="utf-8") as existing:
            if existing.read() == manifest:
                return 0
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as file:
        file.write(manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
