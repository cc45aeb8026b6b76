#!/usr/bin/env python3
"""A minimal adapter for `mtg-conformance run --engine`: start from here to plug in your engine.

Run it with:
    mtg-conformance run --engine "python3 conformance/examples/skeleton.py"

It speaks the JSON-lines protocol of rulings/PROTOCOL.md on stdin/stdout (standard library
only) and answers `skipped` for every case, so the run reports every case skipped and exits 0.
Replace `run_case` with code that builds the case's setup in your engine, performs each step,
and reports what happened; the runner does all the judging. Write logs to stderr, never stdout.
"""
import json
import sys

PROTOCOL_VERSION = 2
CORPUS_FORMAT = 1

ENGINE_NAME = "my-engine"
ENGINE_VERSION = "0.0.0"
# Feature tags (as in the cases' `features`) your engine supports; informational.
FEATURES = []


def run_case(case):
    """Returns the reply to one case: `ran`, `skipped` or `errored`.

    `case` is what the `run` request shows of a corpus case (rulings/PROTOCOL.md, protocol 2;
    its schema is in rulings/schema/protocol-request.schema.json): its `id`, its `setup` as in
    the corpus, and its `step` array, where an action is as in the corpus (without
    `expect_illegal`: whether it is legal is for your engine to say) and an observation is only
    its subject, e.g. {"expect": {"subject": "object", "object": "forest"}}. Nothing says what
    the case expects: the runner judges. When your engine can run it, answer one step reply per
    step, in order:

        {"status": "ran", "steps": [
            {"result": "done"},                                  # an action was performed
            {"result": "rejected", "class": "cost", "message": "already tapped"},
            {"result": "observed", "observation": {"subject": "object", "tapped": True}},
            {"result": "failed", "message": "unsupported verb"},  # could not carry out the step
        ]}

    An observation answers an `expect` step with the subject it names (`object`, `player`,
    `stack` with `items`, or `zone` with `objects`); fill in every field you can observe of it
    (for an object: zone, controller, owner, tapped, power, toughness, ..., counters), since
    the request doesn't say which ones the case checks.
    """
    return {"status": "skipped", "reason": "not implemented yet"}


def reply_to(request):
    kind = request.get("type")
    seq = request.get("seq")
    if kind == "start":
        if request.get("protocol") != PROTOCOL_VERSION or request.get("corpus_format") != CORPUS_FORMAT:
            return {"type": "error", "seq": seq,
                    "message": "protocol %s, corpus format %s: this adapter speaks protocol %d, corpus format %d"
                               % (request.get("protocol"), request.get("corpus_format"),
                                  PROTOCOL_VERSION, CORPUS_FORMAT)}
        return {"type": "started", "seq": seq, "protocol": PROTOCOL_VERSION,
                "name": ENGINE_NAME, "version": ENGINE_VERSION, "features": FEATURES}
    if kind == "run":
        case = request["case"]
        try:
            reply = run_case(case)
        except Exception as e:  # a bug in the adapter is an error on this case, not a crash
            reply = {"status": "errored", "message": "%s: %s" % (type(e).__name__, e)}
        return {"type": "case", "seq": seq, "id": case["id"], "reply": reply}
    if kind == "stop":
        return {"type": "stopped", "seq": seq}
    return {"type": "error", "seq": seq, "message": "unknown request type %r" % kind}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as e:
            reply = {"type": "error", "message": "not JSON: %s" % e}
        else:
            reply = reply_to(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()  # the runner waits for each reply
        if reply.get("type") == "stopped":
            return


if __name__ == "__main__":
    main()
