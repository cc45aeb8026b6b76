#!/usr/bin/env python3
"""An engine that knows no rules and echoes whatever its requests give it (issue 24, item 1).

Each action is answered `rejected` if the request marks it as one to reject (`expect_illegal`,
with its class), else `done`. Each `expect` step is answered with an observation made of the
fields the request carries: an object's or a player's expected values (the first of a `one_of`,
the elements of an `unordered` or `contains`), a stack's items, a zone's `names` or `count`.
Under protocol 1, which sent all of that, this passed every case of the corpus; under protocol
2 a `run` request carries no expected value, so all it can answer is the bare subject and every
action accepted. conformance/tests/protocol.rs runs the corpus against it.
"""
import json
import sys


def value(v):
    """An expected value or pattern, as the value it most likely stands for."""
    if isinstance(v, dict):
        if "one_of" in v and v["one_of"]:
            return v["one_of"][0]
        for key in ("unordered", "contains"):
            if key in v:
                return v[key]
        for key in ("at_least", "at_most"):
            if key in v:
                return v[key]
        if "excludes" in v:
            return []
        return {k: value(x) for k, x in v.items()}
    return v


def observe(ex):
    ex = dict(ex)
    subject = ex.pop("subject", None)
    if "object" in ex or subject == "object":
        ex.pop("object", None)
        return dict({"subject": "object"}, **{k: value(v) for k, v in ex.items()})
    if "player" in ex or subject == "player":
        ex.pop("player", None)
        return dict({"subject": "player"}, **{k: value(v) for k, v in ex.items()})
    if "stack" in ex or subject == "stack":
        items = []
        for item in ex.get("stack") or []:
            it = {k: value(v) for k, v in item.items()}
            it.setdefault("kind", "spell")
            items.append(it)
        return {"subject": "stack", "items": items}
    names = value(ex.get("names", []))
    count = value(ex.get("count", len(names)))
    objects = [{"name": n} for n in names] + [{} for _ in range(max(0, count - len(names)))]
    return {"subject": "zone", "objects": objects}


def step_reply(step):
    if "expect" in step:
        return {"result": "observed", "observation": observe(step["expect"])}
    illegal = step.get("expect_illegal")
    if illegal:
        reply = {"result": "rejected", "message": "echoed"}
        if isinstance(illegal, str):
            reply["class"] = illegal
        return reply
    return {"result": "done"}


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    seq = request.get("seq")
    kind = request.get("type")
    if kind == "start":
        reply = {"type": "started", "seq": seq, "protocol": request.get("protocol"),
                 "name": "echo", "version": "0", "features": []}
    elif kind == "run":
        case = request["case"]
        steps = [step_reply(s) for s in case.get("step", [])]
        reply = {"type": "case", "seq": seq, "id": case.get("id", ""),
                 "reply": {"status": "ran", "steps": steps}}
    elif kind == "stop":
        sys.stdout.write(json.dumps({"type": "stopped", "seq": seq}) + "\n")
        sys.stdout.flush()
        break
    else:
        reply = {"type": "error", "seq": seq, "message": "unknown request"}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
