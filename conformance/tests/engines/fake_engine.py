#!/usr/bin/env python3
"""A misbehaving engine for the runner's robustness tests (conformance/tests/protocol.rs).

Usage: fake_engine.py MODE. It speaks the protocol of rulings/PROTOCOL.md correctly, answering
`skipped` (with its pid in the reason, so a test can tell processes apart), except where MODE
says otherwise: most modes misbehave on the second `run` request each process receives.
"""
import json
import os
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def skipped(seq, case_id):
    return {"type": "case", "seq": seq, "id": case_id,
            "reply": {"status": "skipped", "reason": "fake pid %d" % os.getpid()}}


if MODE == "crash-at-start":
    sys.stderr.write("boom at start\n")
    sys.stderr.flush()
    sys.exit(3)

runs = 0
for line in sys.stdin:
    request = json.loads(line)
    seq = request["seq"]
    kind = request["type"]
    if kind == "start":
        if MODE == "slow-start":
            # Longer than a case's timeout in the tests, far shorter than the start allowance.
            time.sleep(2)
        if MODE == "v1-refuses":
            # A protocol-1 engine that checks the version it is asked for.
            send({"type": "error", "seq": seq,
                  "message": "protocol version %s is not supported; this engine speaks 1" % request["protocol"]})
            continue
        protocol = {"wrong-protocol": 99, "protocol-1": 1}.get(MODE, request["protocol"])
        send({"type": "started", "seq": seq, "protocol": protocol,
              "name": "fake-" + MODE, "version": "0", "features": []})
        continue
    if kind == "stop":
        if MODE == "ignore-stop":
            time.sleep(3600)
        send({"type": "stopped", "seq": seq})
        sys.exit(0)
    runs += 1
    case_id = request["case"]["id"]
    if runs != 2:
        if MODE == "stderr-spam":
            sys.stderr.write("spam " * 200000 + "\n")
            sys.stderr.flush()
        if MODE == "blank-lines":
            sys.stdout.write("\n\n")
        send(skipped(seq, case_id))
        continue
    # The second case of this process: misbehave.
    if MODE == "crash-mid-run":
        sys.stderr.write("dying on " + case_id + "\n")
        sys.stderr.flush()
        sys.exit(1)
    elif MODE == "spam-then-crash":
        sys.stderr.write("spam " * 200000 + "\nlast words\n")
        sys.stderr.flush()
        sys.exit(1)
    elif MODE == "hang":
        time.sleep(3600)
    elif MODE == "close-stdout":
        sys.stdout.close()
        os.close(1)
        time.sleep(3600)
    elif MODE == "garbage":
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
    elif MODE == "wrong-seq":
        send(skipped(seq + 7, case_id))
    elif MODE == "wrong-id":
        send(skipped(seq, "no-such-case"))
    elif MODE == "huge-line":
        sys.stdout.write("x" * (5 << 20) + "\n")
        sys.stdout.flush()
    elif MODE == "huge-no-newline":
        sys.stdout.write("x" * (5 << 20))
        sys.stdout.flush()
        time.sleep(3600)
    elif MODE == "error-reply":
        send({"type": "error", "seq": seq, "message": "cannot read this case"})
    elif MODE == "faulted-reply":
        send({"type": "case", "seq": seq, "id": case_id,
              "reply": {"status": "faulted", "fault": "crash", "message": "self-diagnosed"}})
    elif MODE == "xml-hostile":
        send({"type": "case", "seq": seq, "id": case_id,
              "reply": {"status": "errored", "message": "<&>\"' \x01\x02 \x1b[31m ]]> \ufffe"}})
    else:
        send(skipped(seq, case_id))
