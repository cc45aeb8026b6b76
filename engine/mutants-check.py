#!/usr/bin/env python3
"""Compare the mutants a run missed with the checked-in baseline of known survivors.

    engine/mutants-check.py BASELINE OUT... [--write NEW_BASELINE]

OUT is the --out of an `engine/mutants.sh` run (or of one shard: the nightly workflow passes
every shard's). A mutant is named without its line and column, so edits elsewhere in a file
don't change it; names repeat, so the lists are compared as multisets. The baseline's
`# measured:` line lists the modules whose survivors it records: a survivor of a measured module
that the baseline doesn't list is a regression (exit 1); survivors of other modules are reported
only, until a measured run adds them. A baseline survivor now caught is reported, to be removed.
--write writes the run's survivors as a new baseline (measured: every module the run tested).
"""
import collections
import json
import os
import re
import sys

POSITION = re.compile(r"^(\S+?):\d+:\d+: ")


def module_of(name):
    m = re.match(r"engine/src/([^/.:]+)", name)
    return m.group(1) if m else name.split(":", 1)[0]


def read_baseline(path):
    measured, missed = set(), collections.Counter()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# measured:"):
                measured.update(line.split(":", 1)[1].split())
            elif line and not line.startswith("#"):
                missed[POSITION.sub(r"\1: ", line)] += 1
    return measured, missed


def read_run(out):
    """(survivors, modules tested) of one run's mutants.out."""
    d = os.path.join(out, "mutants.out")
    with open(os.path.join(d, "outcomes.json"), encoding="utf-8") as f:
        lab = json.load(f)
    survivors, tested = collections.Counter(), set()
    for o in lab["outcomes"]:
        s = o["scenario"]
        if isinstance(s, dict) and "Mutant" in s:
            name = POSITION.sub(r"\1: ", s["Mutant"]["name"])
            tested.add(module_of(name))
            if o["summary"] == "MissedMutant":
                survivors[name] += 1
    return survivors, tested


def main(argv):
    args = [a for a in argv[1:] if a != "--write"]
    write = None
    if "--write" in argv:
        i = argv.index("--write")
        write = argv[i + 1] if i + 1 < len(argv) else sys.exit("--write needs a file")
        args.remove(write)
    if len(args) < 2:
        sys.exit(__doc__)
    measured, known = read_baseline(args[0])
    survivors, tested = collections.Counter(), set()
    for out in args[1:]:
        s, t = read_run(out)
        survivors += s
        tested |= t
    new = survivors - known
    regressions = sorted(n for n in new.elements() if module_of(n) in measured)
    unmeasured = sorted(n for n in new.elements() if module_of(n) not in measured)
    fixed = sorted(n for n in (known - survivors).elements() if module_of(n) in tested)
    for n in fixed:
        print(f"now caught (remove it from {args[0]}): {n}")
    for n in unmeasured:
        print(f"survivor of a module the baseline hasn't measured: {n}")
    for n in regressions:
        print(f"REGRESSION, a new survivor: {n}")
    total = sum(survivors.values())
    print(f"{total} survivors in {len(tested)} modules; {len(regressions)} new in measured modules")
    if write:
        with open(write, "w", encoding="utf-8") as f:
            f.write("# Mutants the corpus doesn't catch (engine/mutants-check.py; BENCHMARKS.md).\n")
            f.write("# measured: " + " ".join(sorted(tested | measured)) + "\n")
            # This run's survivors, and the baseline's of the modules it didn't test.
            kept = collections.Counter({k: v for k, v in known.items() if module_of(k) not in tested})
            for n in sorted((survivors + kept).elements()):
                f.write(n + "\n")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
