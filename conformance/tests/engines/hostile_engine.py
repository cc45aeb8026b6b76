#!/usr/bin/env python3
"""A hostile engine for conformance/tests/hostile.rs: it speaks the protocol's framing (echoing
the version it is asked for) but fills every text it sends with what a terminal or a page must
not take raw.

Usage: hostile_engine.py MODE
  escapes  its name, and the reason it skips every case, hold escape sequences, a bell and NUL.
  errored  answers every case `errored` (a run whose every case fails).
"""
import json
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "escapes"
NASTY = "\x1b]0;owned\x07\x1b[2J\x00\u202e"


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    seq = request["seq"]
    kind = request["type"]
    if kind == "start":
        send({"type": "started", "seq": seq, "protocol": request["protocol"],
              "name": "hostile" + NASTY, "version": "0", "features": []})
    elif kind == "stop":
        send({"type": "stopped", "seq": seq})
        sys.exit(0)
    elif MODE == "errored":
        send({"type": "case", "seq": seq, "id": request["case"]["id"],
              "reply": {"status": "errored", "message": "no rules here"}})
    else:
        send({"type": "case", "seq": seq, "id": request["case"]["id"],
              "reply": {"status": "skipped", "reason": "nope" + NASTY}})
