#!/usr/bin/env python3
"""Per-module table of a cargo-mutants run (engine/mutants.sh): caught, missed, unviable, timeouts.

    engine/mutants-summary.py OUT/mutants.out [--missed]

A module is an engine source file (engine/src/mana.rs -> mana) or folder (engine/src/cards/ ->
cards). The score is (caught + timeouts) / viable, viable = caught + missed + timeouts: a mutant
whose tests hang has been noticed. outcomes.json is rewritten after every mutant, so this also
reads a run still in progress. After `--tests all` (an engine-tests pass with --iterate whose
mutants.out.old is the corpus pass), each row shows the corpus alone and all tests.
"""
import json
import os
import re
import sys

KINDS = {"CaughtMutant": "caught", "MissedMutant": "missed", "Unviable": "unviable", "Timeout": "timeout"}


def outcomes(path):
    """{mutant name: (module, kind)} of one outcomes.json."""
    with open(os.path.join(path, "outcomes.json"), encoding="utf-8") as f:
        lab = json.load(f)
    found = {}
    for o in lab["outcomes"]:
        scenario = o["scenario"]
        if not isinstance(scenario, dict) or "Mutant" not in scenario:
            continue  # the baseline
        mutant = scenario["Mutant"]
        kind = KINDS.get(o["summary"])
        if kind is None:
            continue
        m = re.match(r"engine/src/([^/.]+)", mutant["file"])
        module = m.group(1) if m else mutant["file"]
        found[mutant["name"]] = (module, kind)
    return found


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    out = argv[1].rstrip("/")
    show_missed = "--missed" in argv[2:]
    new = outcomes(out)
    old_dir = out + ".old"
    combined = os.path.exists(os.path.join(out, "previously_caught.txt")) and os.path.exists(
        os.path.join(old_dir, "outcomes.json")
    )
    if combined:
        corpus = outcomes(old_dir)
        # All tests: the corpus pass's outcome, unless the engine's tests caught what it missed.
        every = dict(corpus)
        for name, (module, kind) in new.items():
            if name in every and every[name][1] in ("missed", "timeout") and kind in ("caught", "timeout"):
                every[name] = (module, kind)
        passes = [("corpus", corpus), ("all", every)]
    else:
        passes = [("", new)]

    modules = sorted({module for _, found in passes for module, _ in found.values()})

    def tally(found, module):
        t = {k: 0 for k in KINDS.values()}
        for mod, kind in found.values():
            if module is None or mod == module:
                t[kind] += 1
        viable = t["caught"] + t["missed"] + t["timeout"]
        score = f"{100 * (t['caught'] + t['timeout']) / viable:.0f}%" if viable else "-"
        return t, viable, score

    header = "| module | mutants |"
    rule = "|---|---:|"
    for label, _ in passes:
        p = f" ({label})" if label else ""
        header += f" caught{p} | missed{p} | unviable | timeouts{p} | score{p} |"
        rule += "---:|---:|---:|---:|---:|"
    print(header)
    print(rule)
    for module in modules + [None]:
        name = module if module is not None else "**all**"
        row = f"| {name} |"
        for i, (_, found) in enumerate(passes):
            t, viable, score = tally(found, module)
            if i == 0:
                row += f" {sum(t.values())} |"
            row += f" {t['caught']} | {t['missed']} | {t['unviable']} | {t['timeout']} | {score} |"
        print(row)
    if show_missed:
        last = passes[-1][1]
        missed = sorted(n for n, (_, kind) in last.items() if kind == "missed")
        print(f"\nmissed ({len(missed)}):")
        for n in missed:
            print(n)


if __name__ == "__main__":
    main(sys.argv)
