#!/usr/bin/env python3
"""mtg-conformance adapter for phase.rs, through its Python bindings (`phase-python`, import `phase`).

Speaks the JSON-lines protocol of rulings/PROTOCOL.md on stdin/stdout. Each case is run in a
worker process (so that a phase call that never returns can be killed); the adapter only reports
what phase did, the runner judges.

    python adapter.py --cards build/card-data.json [--case-timeout 8]

How a case is mapped (see REPORT.md for the full story):
- setup: a new two-player game whose decks hold every card of the case (alice = seat 0, bob =
  seat 1), both players keep, then debug mode is switched on in the saved state and debug actions
  (MoveToZone, SetController, SetTapped, SetSummoningSickness, ModifyCounters, Attach, SetLife,
  AddMana, SetPhase, RemoveObject) build the board. Turn number, priority and library order are
  written into the saved state, which is loaded again.
- actions: `activate` -> ActivateAbility (ability N = the N-th ability of kind Activated),
  `cast` -> CastSpell, `play_land` -> PlayLand, `pass`/`resolve`/`advance` -> PassPriority
  loops, `attack` -> DeclareAttackers; the prompts phase raises on the way (mana colour, X,
  targets, optional effects, distributions, ...) are answered from the step's keys.
- observations: read back from game.object / game.player / game.stack / the saved state.
"""
import argparse
import json
import multiprocessing as mp
import os
import re
import sys
import time
import traceback

PROTOCOL_VERSION = 2
CORPUS_FORMAT = 1
ENGINE_NAME = "phase.rs (phase-python)"

SEATS = {"alice": 0, "bob": 1}
PLAYERS = {0: "alice", 1: "bob"}
STEP_TO_PHASE = {
    "untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "precombat_main": "PreCombatMain",
    "beginning_of_combat": "BeginCombat", "declare_attackers": "DeclareAttackers",
    "declare_blockers": "DeclareBlockers", "combat_damage": "CombatDamage",
    "end_of_combat": "EndCombat", "postcombat_main": "PostCombatMain", "end": "End",
    "cleanup": "Cleanup",
}
ZONE_TO_PHASE = {"library": "Library", "hand": "Hand", "battlefield": "Battlefield",
                 "graveyard": "Graveyard", "stack": "Stack", "exile": "Exile", "command": "Command"}
PHASE_TO_ZONE = {v: k for k, v in ZONE_TO_PHASE.items()}
COLOR_TO_LETTER = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
LETTER_TO_COLOR = {v: k for k, v in COLOR_TO_LETTER.items()}
MANA_TO_SYMBOL = dict(COLOR_TO_LETTER, Colorless="C")
SYMBOL_TO_MANA = {v: k for k, v in MANA_TO_SYMBOL.items()}
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
COUNTER_FROM_PHASE = {v: k for k, v in COUNTER_TO_PHASE.items()}
FILLER = "Plains"          # one card for a seat whose deck would be empty; removed at once

MAX_PASSES = 60            # bound of every pass loop (resolve, advance)
MAX_PROMPTS = 30           # bound of the prompts answered for one action


class StepFailed(Exception):
    """The step could not be carried out (answered as `failed`)."""


class Skip(Exception):
    """The case can't be expressed through phase's Python API (answered as `skipped`)."""


def mana_list(s):
    syms = re.findall(r"\{([^}]*)\}", s or "")
    out = []
    for sym in syms:
        if sym not in SYMBOL_TO_MANA:
            raise Skip("mana symbol {%s} has no phase mana type" % sym)
        out.append(SYMBOL_TO_MANA[sym])
    return out


def keyword_name(k):
    """phase keyword (a string like "FirstStrike", or a tagged dict) -> corpus name ("First strike")."""
    if isinstance(k, dict):
        if "type" in k:
            k = k["type"]
        else:
            k = next(iter(k))
    words = re.findall(r"[A-Z][a-z]*|[a-z]+", str(k))
    if not words:
        return str(k)
    s = " ".join(w.lower() for w in words)
    return s[0].upper() + s[1:]


def strings(v):
    """Every string in a JSON value (a step's refs among them)."""
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


# --- static checks: what this adapter can't map, decided before anything runs ------------------

SUPPORTED_VERBS = {"activate", "cast", "play_land", "pass", "resolve", "advance", "attack", "block", "choose"}
SUPPORTED_CHOOSE = {"may", "distribute", "keep", "copy", "pay", "mana", "counter", "sacrifice", "color", "damage",
                    "creature_type", "keep_tapped", "colors", "kicked", "modes", "exile"}


def static_skip(case):
    for step in case["step"]:
        if "do" in step:
            if step["do"] not in SUPPORTED_VERBS:
                return "verb %r is not mapped onto phase" % step["do"]
            ch = step.get("choose") or {}
            if "random" in ch:
                return ("choose.random: phase draws random outcomes from its own seeded RNG; the "
                        "Python API offers no way to script one")
            for k in ch:
                if k not in SUPPORTED_CHOOSE:
                    return "choice %r is not mapped onto phase" % k
            if isinstance(ch.get("kicked"), list):
                return "choose.kicked naming kicker costs (a card with two, CR 702.33b) is not mapped onto phase"
    return None


# --- one case ------------------------------------------------------------------------------------

class CaseRun:
    def __init__(self, engine, case):
        self.engine = engine
        self.case = case
        self.setup = case["setup"]
        self.g = None
        self.refs = {}        # ref -> phase object id (card_id; phase keeps ids across zones)
        self.names = {}       # object id -> ref
        self.shuffles = {}    # seat -> shuffles of that library since the setup

    # -- helpers
    def dbg(self, kind, data):
        return self.g.apply(0, {"type": "Debug", "data": {"type": kind, "data": data}})

    def state(self):
        return self.g.state()["state"]

    def obj(self, oid):
        try:
            return self.g.object(oid)
        except Exception:
            return None

    def oid(self, ref):
        if ref not in self.refs:
            raise StepFailed("unknown ref %r" % ref)
        oid = self.refs[ref]
        if self.obj(oid) is not None:
            return oid
        # the card became a new object: look it up by its card id
        for k, o in self.state()["objects"].items():
            if o.get("card_id") == oid:
                return int(k)
        return oid

    def ref_of(self, oid):
        if oid is None:
            return None
        o = self.obj(oid)
        if o is not None and o.get("card_id") in self.names:
            return self.names[o["card_id"]]
        return self.names.get(oid, "#%s" % oid)

    def waiting(self):
        return self.g.waiting_for() or {}

    def priority_seat(self):
        w = self.waiting()
        if w.get("type") == "Priority":
            return w["data"]["player"]
        d = w.get("data") or {}
        if isinstance(d, dict) and isinstance(d.get("player"), int):
            return d["player"]
        return self.g.priority_player()

    # -- setup
    def build(self):
        s = self.setup
        zones = ("battlefield", "hand", "library", "graveyard", "exile", "command")
        entries = []   # (zone, owner seat, entry)
        for e in s.get("battlefield", []):
            owner = e.get("owner", e["controller"])
            entries.append(("battlefield", SEATS[owner], e))
        for z in zones[1:]:
            for player, lst in (s.get(z) or {}).items():
                for e in lst:
                    entries.append((z, SEATS[player], e))
        decks = {0: [], 1: []}
        for z, seat, e in entries:
            decks[seat].append(e["card"])
        fillers = {seat: not decks[seat] for seat in (0, 1)}
        for seat in (0, 1):
            if fillers[seat]:
                decks[seat].append(FILLER)
        active = SEATS[s["active"]]
        g = self.engine.new_game(player=decks[0], opponent=decks[1], seed=int(s.get("seed", 0)),
                                 first_player=active)
        for _ in range(16):
            w = g.waiting_for()
            if w.get("type") == "MulliganDecision":
                seat = w["data"]["pending"][0]["player"]
                g.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
            elif w.get("type") == "OptionalEffectChoice":
                # An opening-hand ability ("you may begin the game with it on the battlefield",
                # Leyline of Abundance) asks as the game begins (CR 103.6). A case's setup is a
                # game in progress that puts every card where it says, so the adapter declines;
                # leaving the prompt open would make phase's later state inconsistent.
                decline = [a for a in g.actions() if a.kind == "DecideOptionalEffect"
                           and (a.to_dict().get("data") or {}).get("accept") is False]
                if not decline:
                    raise StepFailed("setup: phase offers no way to decline %r" % w["data"].get("description"))
                g.apply(w["data"]["player"], decline[0])
            else:
                break
        st = g.state()
        st["state"]["debug_mode"] = True
        st["state"]["debug_permitted"] = [0, 1]
        self.g = self.engine.load_game(st)

        # assign the deck objects to the case's entries by name and owner
        pool = {}
        for k, o in sorted(self.state()["objects"].items(), key=lambda kv: int(kv[0])):
            pool.setdefault((o["owner"], o["name"]), []).append(int(k))
        placed = []
        for z, seat, e in entries:
            lst = pool.get((seat, e["card"]))
            if not lst:
                raise Skip("card %r did not load into phase's deck (not in its card data?)" % e["card"])
            oid = lst.pop(0)
            placed.append((z, seat, e, oid))
            if "ref" in e:
                self.refs[e["ref"]] = oid
                self.names[oid] = e["ref"]
        self.placed = placed
        for lst in pool.values():       # the fillers
            for oid in lst:
                self.dbg("RemoveObject", {"object_id": oid})

        # A case that starts in the declare attackers step starts as the declaration is due
        # (CR 508.1). phase computes the attackers it offers as the step begins, so the board
        # is built in the beginning of combat step and both players pass into it (below).
        into_attackers = s["step"] == "declare_attackers"
        phase_step = "BeginCombat" if into_attackers else STEP_TO_PHASE[s["step"]]
        self.dbg("SetPhase", {"phase": phase_step, "active_player": active})
        # zones
        # Each object enters in the setup's order with its counters already on it, so the
        # timestamps are the ones the format states (rulings/README.md, "Setup"; CR 613.7c-d):
        # Humility listed after a creature with a flying counter removes the flying.
        for z, seat, e, oid in placed:
            if self.obj(oid)["zone"] != ZONE_TO_PHASE[z]:
                self.dbg("MoveToZone", {"object_id": oid, "to_zone": ZONE_TO_PHASE[z]})
            want = {COUNTER_TO_PHASE.get(k, k): v for k, v in (e.get("counters") or {}).items()}
            have = dict(self.obj(oid).get("counters") or {})
            for k in set(want) | set(have):
                delta = want.get(k, 0) - have.get(k, 0)
                if delta:
                    self.dbg("ModifyCounters", {"object_id": oid, "counter_type": k, "delta": delta})
        for z, seat, e, oid in placed:
            got = self.obj(oid)["zone"]
            if got != ZONE_TO_PHASE[z]:
                # e.g. a card that is not a commander sent to the command zone lands in exile
                raise Skip("phase's debug MoveToZone can't put %s in the %s zone (it went to %s)"
                           % (e["card"], z, PHASE_TO_ZONE.get(got, got)))
        for z, seat, e, oid in placed:
            o = self.obj(oid)
            if z == "battlefield":
                ctrl = SEATS[e["controller"]]
                if o["controller"] != ctrl:
                    self.dbg("SetController", {"object_id": oid, "controller": ctrl})
                if bool(o.get("tapped")) != bool(e.get("tapped", False)):
                    self.dbg("SetTapped", {"object_id": oid, "tapped": bool(e.get("tapped", False))})
                self.dbg("SetSummoningSickness", {"object_id": oid, "sick": bool(e.get("sick", False))})
        for z, seat, e, oid in placed:
            if e.get("attached_to"):
                self.dbg("Attach", {"object_id": oid,
                                    "target": {"type": "Object", "data": self.refs[e["attached_to"]]}})
        for player, life in (s.get("life") or {}).items():
            self.dbg("SetLife", {"player_id": SEATS[player], "life": int(life)})
        if not into_attackers:
            self.add_setup_mana()

        # state edits: turn number, priority, library order (first entry = top), commanders
        st = self.g.state()
        gs = st["state"]
        gs["turn_number"] = int(s.get("turn", 2))
        prio = SEATS[s.get("priority", s["active"])]
        gs["priority_player"] = prio
        gs["waiting_for"] = {"type": "Priority", "data": {"player": prio}}
        gs["active_player"] = active
        for seat in (0, 1):
            lib = [oid for z, se, e, oid in placed if z == "library" and se == seat]
            gs["players"][seat]["library"] = lib
            gs["players"][seat]["turns_taken"] = max(1, gs["turn_number"] // 2)
        for z, seat, e, oid in placed:
            o = gs["objects"][str(oid)]
            if z == "battlefield" and e.get("sick", False):
                o["entered_battlefield_turn"] = gs["turn_number"]
            elif z == "battlefield":
                o["entered_battlefield_turn"] = max(0, gs["turn_number"] - 1)
            if e.get("commander"):
                o["is_commander"] = True
        self.g = self.engine.load_game(st)
        self.skip_open_legend_rule()
        # a player is about to get priority: phase performs its state-based actions (CR 117.5)
        self.g.apply(0, {"type": "Debug", "data": {"type": "RunStateBasedActions"}})
        for _ in range(4):
            w = self.waiting()
            if w.get("type") != "ChooseLegend":
                break
            # identical legends no step names (skip_open_legend_rule): any choice looks the same
            self.apply(w["data"]["player"], self.g.actions()[0])
        if self.waiting().get("type") != "Priority":
            raise StepFailed("setup: phase waits for %s after the board was built" % self.waiting().get("type"))
        if self.g.stack():
            raise StepFailed("setup left objects on phase's stack: %s" % self.describe_stack())
        if into_attackers:
            for _ in range(2):
                w = self.waiting()
                if w.get("type") != "Priority":
                    break
                if self.g.stack():
                    raise Skip("setup: phase put %s on the stack at the beginning of combat, which "
                               "the case's setup (already in the declare attackers step) skips"
                               % self.describe_stack())
                self.note_no_attackers(self.apply(w["data"]["player"], {"type": "PassPriority"}))
            if self.g.stack():
                raise Skip("setup: phase put %s on the stack on the way into the declare attackers step"
                           % self.describe_stack())
            # mana pools empty as the beginning of combat step ends (CR 106.4): the setup's pools
            # are the declare attackers step's
            self.add_setup_mana()

    def add_setup_mana(self):
        for player, pool_s in (self.setup.get("mana_pool") or {}).items():
            m = mana_list(pool_s)
            if m:
                self.dbg("AddMana", {"player_id": SEATS[player], "mana": m})

    def skip_open_legend_rule(self):
        """Two legendary permanents with one name under one controller: the legend rule (CR 704.5j)
        makes that player choose which one stays, and a setup has no key to name the choice. phase
        asks for it (ChooseLegend) while the reference keeps one of its own. When the case can
        tell them apart (their setup entries differ beyond the ref, or a step names one of them)
        neither answer is the case's word, so the case is skipped; when it can't, the first is
        kept (`build`), as any choice gives the same observations."""
        groups = {}
        for z, seat, e, oid in self.placed:
            o = self.obj(oid) or {}
            supertypes = (o.get("card_types") or {}).get("supertypes") or []
            if o.get("zone") == "Battlefield" and "Legendary" in supertypes:
                groups.setdefault((o.get("controller"), o.get("name")), []).append(e)
        named = set(strings(self.case["step"]))
        for (ctrl, name), entries in groups.items():
            if len(entries) < 2:
                continue
            bare = [{k: v for k, v in e.items() if k != "ref"} for e in entries]
            if any(b != bare[0] for b in bare) or any(e.get("ref") in named for e in entries):
                raise Skip("the setup gives %s two legendary permanents named %r that the case tells "
                           "apart: the legend rule (CR 704.5j) leaves a choice to that player which "
                           "a setup can't name" % (PLAYERS.get(ctrl, ctrl), name))

    def describe_stack(self):
        return json.dumps(self.observe_stack())

    # -- observations
    def observe(self, ex):
        """Everything phase shows of the step's subject (protocol 2 names the subject only)."""
        subject = ex.get("subject")
        if subject == "object":
            return self.observe_object(ex["object"])
        if subject == "player":
            return self.observe_player(ex["player"])
        if subject == "stack":
            return {"subject": "stack", "items": self.observe_stack()}
        if subject == "zone":
            return self.observe_zone(ex)
        raise StepFailed("unknown observation subject %r" % subject)

    def observe_object(self, ref):
        oid = self.oid(ref)
        o = self.obj(oid)
        obs = {"subject": "object"}
        if o is None:
            # phase removed the object: the card is nowhere we can read
            return obs
        obs["zone"] = PHASE_TO_ZONE.get(o.get("zone"), str(o.get("zone")).lower())
        obs["controller"] = PLAYERS.get(o.get("controller"))
        obs["owner"] = PLAYERS.get(o.get("owner"))
        obs["tapped"] = bool(o.get("tapped"))
        obs["name"] = o.get("name")
        ct = o.get("card_types") or {}
        obs["types"] = list(ct.get("core_types") or [])
        obs["subtypes"] = list(ct.get("subtypes") or [])
        obs["supertypes"] = list(ct.get("supertypes") or [])
        obs["colors"] = [COLOR_TO_LETTER[c] for c in (o.get("color") or []) if c in COLOR_TO_LETTER]
        obs["keywords"] = [keyword_name(k) for k in (o.get("keywords") or [])]
        obs["counters"] = {COUNTER_FROM_PHASE.get(k, k): v for k, v in (o.get("counters") or {}).items() if v}
        if o.get("power") is not None:
            obs["power"] = o["power"]
        if o.get("toughness") is not None:
            obs["toughness"] = o["toughness"]
        if o.get("loyalty") is not None:
            obs["loyalty"] = o["loyalty"]
        obs["damage"] = o.get("damage_marked", 0)
        at = o.get("attached_to")
        if isinstance(at, dict) and at.get("type") == "Object":
            obs["attached_to"] = self.ref_of(at["data"])
        elif at is None:
            obs["attached_to"] = ""
        obs["commander"] = bool(o.get("is_commander", False))
        mv = self.mana_value(oid, o)
        if mv is not None:
            obs["mana_value"] = mv
        return obs

    def mana_value(self, oid, o):
        mc = o.get("mana_cost") or {}
        if mc.get("type") == "NoCost":
            return 0
        if mc.get("type") != "Cost":
            return None
        shards = mc.get("shards") or []
        xs = sum(1 for sh in shards if sh == "X")
        x = 0
        if xs and o.get("zone") == "Stack":
            raw = self.state()["objects"].get(str(oid), {})
            x = raw.get("cost_x_paid") or 0
        return int(mc.get("generic", 0)) + (len(shards) - xs) + xs * int(x)

    def observe_player(self, name):
        p = self.g.player(SEATS[name])
        pool = "".join("{%s}" % MANA_TO_SYMBOL.get(m["color"], "?") for m in p["mana_pool"]["mana"])
        return {"subject": "player", "life": p["life"], "mana_pool": pool,
                "hand_size": len(p["hand"]), "library_size": len(p["library"]),
                "lost": bool(p.get("is_eliminated")),
                "poison": int(p.get("poison_counters") or 0),
                "shuffles": self.shuffles.get(SEATS[name], 0)}

    def observe_stack(self):
        items = []
        for entry in reversed(self.g.stack() or []):    # phase lists the stack bottom first
            kind = (entry.get("kind") or {}).get("type")
            data = (entry.get("kind") or {}).get("data") or {}
            item = {"kind": "spell" if kind == "Spell" else "ability",
                    "source": self.ref_of(entry.get("source_id"))}
            targets = []
            ab = data.get("ability") if isinstance(data, dict) else None
            for t in ((ab or {}).get("targets") or []) + (data.get("targets") or [] if isinstance(data, dict) else []):
                targets.append(self.target_ref(t))
            item["targets"] = targets
            items.append(item)
        return items

    def target_ref(self, t):
        if isinstance(t, dict):
            ty, d = t.get("type"), t.get("data")
            if ty == "Object":
                return self.ref_of(d)
            if ty == "Player":
                return PLAYERS.get(d, str(d))
            if "Object" in t:
                return self.ref_of(t["Object"])
            if "Player" in t:
                return PLAYERS.get(t["Player"])
        return str(t)

    def observe_zone(self, ex):
        zone = ZONE_TO_PHASE[ex["zone"]]
        who = ex.get("owner", ex.get("controller"))
        key = "controller" if "controller" in ex else "owner"
        objs = []
        for k, o in sorted(self.state()["objects"].items(), key=lambda kv: int(kv[0])):
            if o.get("zone") != zone:
                continue
            if who is not None and o.get(key) != SEATS[who]:
                continue
            objs.append({"name": o.get("name")})
        if zone == "Library" and who is not None:   # library order: the player's list, top first
            lib = self.g.player(SEATS[who])["library"]
            objs = [{"name": (self.obj(i) or {}).get("name")} for i in lib]
        return {"subject": "zone", "objects": objs}

    # -- actions
    def apply(self, seat, action):
        res = self.g.apply(seat, action)
        # a shuffle leaves no trace in the state: count phase's "shuffled library" events
        # (the player field `shuffles`, CR 701.24a)
        for ev in res.events or []:
            d = ev.get("data")
            if ev.get("type") == "PlayerPerformedAction" and isinstance(d, dict) and d.get("action") == "ShuffledLibrary":
                self.shuffles[d.get("player_id")] = self.shuffles.get(d.get("player_id"), 0) + 1
        return res

    def snapshot(self):
        """The game and the shuffles counted so far, to go back to when an action is rejected."""
        return (self.g.state(), dict(self.shuffles))

    def restore(self, snap):
        self.g = self.engine.load_game(snap[0])
        self.shuffles = dict(snap[1])

    def activated_index(self, oid, n):
        o = self.obj(oid)
        abilities = o.get("abilities") or []
        act = [i for i, a in enumerate(abilities) if a.get("kind") == "Activated"]
        if n < 1 or n > len(act):
            raise Rejected("object", "phase lists %d activated abilities on %s" % (len(act), o.get("name")))
        return act[n - 1]

    def do(self, step):
        verb = step["do"]
        by = SEATS.get(step.get("by")) if step.get("by") else None
        if verb == "pass":
            seat = self.priority_seat()
            if by is not None and by != seat:
                raise Rejected("priority", "player %s does not have priority" % step["by"])
            w = self.waiting()
            if w.get("type") in ("DeclareAttackers", "DeclareBlockers"):
                # passing while a declaration is due declares none (CR 508.1a, 509.1a)
                key = "attacks" if w["type"] == "DeclareAttackers" else "assignments"
                try:
                    self.note_no_attackers(self.apply(seat, {"type": w["type"], "data": {key: []}}))
                except ValueError as e:
                    raise Rejected(classify(str(e)), str(e))
                self.answer_prompts(step)
                return
            self.note_no_attackers(self.apply(seat, {"type": "PassPriority"}))
            self.answer_prompts(step)
            return
        if verb in ("resolve", "choose"):
            before = self.snapshot()
            try:
                if verb == "resolve":
                    self.resolve(step)
                else:
                    self.answer_prompts(step, choose_step=True)
                colors = (step.get("choose") or {}).get("colors")
                used = self._used.get("colors", 0) if getattr(self, "_used_step", None) is step else 0
                if colors and used != len(colors):
                    # choose.colors is one color per permanent entering (rulings/README.md): a
                    # longer list is a choice the rules don't allow, and the game is left as it was
                    raise Rejected("choice", "phase asked for %d color(s); the step names %d" % (used, len(colors)))
            except Rejected:
                self.restore(before)
                raise
            self.check_consumed(step)
            return
        if verb == "advance":
            return self.advance(step)
        seat = self.priority_seat() if by is None else by
        if verb == "activate":
            oid = self.oid(step["source"])
            idx = self.activated_index(oid, int(step["ability"]))
            self.try_apply(seat, {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": idx}}, step)
        elif verb == "cast":
            oid = self.oid(step["card"])
            o = self.obj(oid)
            self.try_apply(seat, {"type": "CastSpell", "data": {
                "object_id": oid, "card_id": o.get("card_id", oid), "targets": [],
                "payment_mode": {"type": "Auto"}}}, step)
        elif verb == "play_land":
            oid = self.oid(step["card"])
            o = self.obj(oid)
            self.try_apply(seat, {"type": "PlayLand", "data": {"object_id": oid, "card_id": o.get("card_id", oid)}}, step)
        elif verb == "attack":
            self.attack(seat, step)
        elif verb == "block":
            self.block(step)
        else:
            raise StepFailed("verb %r not mapped" % verb)

    def try_apply(self, seat, action, step):
        before = self.snapshot()
        try:
            res = self.apply(seat, action)
        except ValueError as e:
            raise Rejected(classify(str(e)), str(e))
        self._events = list(res.events or [])
        try:
            self.answer_prompts(step)
        except Rejected:
            # phase refused a choice after it began the action: the action is not possible, so
            # the game goes back to where it was (the protocol's "rejected, game unchanged")
            self.restore(before)
            raise
        if "mana" in step and "_mana" not in self._asked:
            made = [ev["data"]["mana_type"] for ev in self._events
                    if ev.get("type") == "ManaAdded" and ev["data"].get("source_id") == action["data"].get("source_id")]
            want = mana_list(step["mana"])
            if made[:1] != want[:1]:
                self.restore(before)
                raise Rejected("choice", "phase offered no choice of mana: this activation adds %s, not %s"
                               % ("".join("{%s}" % MANA_TO_SYMBOL.get(m, m) for m in made) or "nothing", step["mana"]))
        if (step.get("choose") or {}).get("kicked") and "kicked" not in self._asked:
            # phase offers the kicker only when the pool pays it too: a kicked cast it never
            # asked about couldn't pay the total cost (CR 601.2f-h), so it didn't happen
            self.restore(before)
            raise Rejected("cost", "phase did not offer the kicker: the total cost with it can't be paid")
        self.check_consumed(step)

    def check_consumed(self, step):
        for k in (step.get("choose") or {}):
            # a counter kind is only asked for when there is more than one to choose from; the
            # observations show which one phase moved
            # kicked = false is the cast phase makes when it doesn't ask (no kicker it can pay)
            if k == "kicked" and not step["choose"][k]:
                continue
            if k not in self._asked and k not in ("counter",):
                raise StepFailed("phase never asked for the step's choice %s = %s (it went on without it)"
                                 % (k, json.dumps(step["choose"][k])))

    def resolve(self, step):
        stack = self.g.stack() or []
        if not stack:
            raise StepFailed("resolve: phase's stack is empty")
        top = stack[-1]["id"]
        for _ in range(MAX_PASSES):
            ids = [e["id"] for e in (self.g.stack() or [])]
            if top not in ids:
                self.answer_prompts(step)
                return
            w = self.waiting()
            if w.get("type") != "Priority":
                self.answer_prompts(step)
                continue
            self.apply(w["data"]["player"], {"type": "PassPriority"})
        raise StepFailed("resolve: the top of phase's stack did not resolve after %d passes" % MAX_PASSES)

    def advance(self, step):
        target = STEP_TO_PHASE[step["to"]]
        turn_of = SEATS.get(step.get("turn")) if step.get("turn") else None
        for _ in range(MAX_PASSES):
            w = self.waiting()
            ty = w.get("type")
            if ty == "Priority":
                if self.g.stack():
                    raise StepFailed("advance: something was put on phase's stack on the way: %s"
                                     % self.describe_stack())
                res = self.apply(w["data"]["player"], {"type": "PassPriority"})
            elif ty == "DeclareAttackers":
                res = self.apply(w["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": []}})
            elif ty == "DeclareBlockers":
                res = self.apply(w["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})
            elif ty == "GameOver":
                raise StepFailed("advance: the game ended (%s)" % json.dumps(w.get("data"))[:200])
            else:
                self.answer_prompts(step)
                st = self.state()
                if ty == "UntapChoice" and st.get("phase") == target and (turn_of is None or turn_of == st.get("active_player")):
                    # the untap step's choice (CR 502.3) was the last thing before the step began
                    return
                continue
            active = self.state()["active_player"]
            reached = False
            self.note_no_attackers(res)
            for ev in res.events or []:
                if ev.get("type") == "TurnStarted":
                    active = ev["data"]["player_id"]
                if ev.get("type") == "PhaseChanged" and ev["data"].get("phase") == target and \
                        (turn_of is None or turn_of == active):
                    reached = True
            if reached:
                if self.waiting().get("type") == "AssignCombatDamage":
                    # the combat damage step begins with its turn-based action (CR 510.1): the
                    # assignment the step's `damage` table gives
                    self.answer_prompts(step)
                return
        raise StepFailed("advance: phase did not reach %s within %d passes" % (target, MAX_PASSES))

    def note_no_attackers(self, res):
        """phase declares "no attackers" by itself when it finds no creature able to attack, and
        goes on to the end of combat: remember it for the turn (an `attack` step then finds no
        declaration to make)."""
        if any(ev.get("type") == "AttackersDeclared" and not ev["data"].get("attacks")
               for ev in (res.events or []) if isinstance(ev.get("data"), dict)):
            self.auto_no_attack = (self.g.turn, self.state()["active_player"])

    def attack(self, seat, step):
        w = self.waiting()
        if w.get("type") != "DeclareAttackers" and getattr(self, "auto_no_attack", None) == (
                self.g.turn, self.state()["active_player"]) and self.state()["phase"] in (
                "DeclareAttackers", "EndCombat"):
            # phase declared "no attackers" by itself (it does when no creature can attack)
            if step.get("attackers"):
                raise Rejected(None, "phase gave no declare-attackers choice: it declared no attackers "
                                     "itself, as it found no creature able to attack")
            return
        # players pass until phase asks the active player for attackers, within this turn's
        # combat: passing on would play out the rest of the turn (untap steps, draws) where the
        # reference is declaring attackers
        turn = self.g.turn
        for _ in range(MAX_PASSES):
            if w.get("type") == "DeclareAttackers":
                break
            if self.g.turn != turn or self._phase_index(self.state()["phase"]) > self._phase_index("DeclareAttackers"):
                raise StepFailed("attack: phase went past this turn's declare attackers step without "
                                 "asking for attackers (now in %s of turn %s)" % (self.state()["phase"], self.g.turn))
            if w.get("type") == "Priority" and not self.g.stack():
                res = self.apply(w["data"]["player"], {"type": "PassPriority"})
                self.note_no_attackers(res)
                w = self.waiting()
                if getattr(self, "auto_no_attack", None) == (turn, self.state()["active_player"]) \
                        and w.get("type") != "DeclareAttackers":
                    return self.attack(seat, step)
                continue
            raise StepFailed("attack: phase is not asking for attackers (waiting for %s)" % w.get("type"))
        else:
            raise StepFailed("attack: phase never asked for attackers")
        defender = 1 - w["data"]["player"]
        attacks = [[self.oid(r), {"type": "Player", "data": defender}] for r in step.get("attackers", [])]
        try:
            self.apply(w["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": attacks}})
        except ValueError as e:
            raise Rejected(classify(str(e)), str(e))
        self.answer_prompts(step)

    def block(self, step):
        """`block` -> phase's DeclareBlockers: (blocker, attacker) pairs, a list of attackers for
        a creature blocking several. The defending player declares; `by`, when given, must be
        that player."""
        w = self.waiting()
        if w.get("type") != "DeclareBlockers":
            raise StepFailed("block: phase is not asking for blockers (waiting for %s)" % w.get("type"))
        seat = w["data"]["player"]
        if step.get("by") and SEATS.get(step["by"]) != seat:
            raise Rejected("priority", "phase asks %s for blockers, not %s" % (seat, step["by"]))
        pairs = []
        for b, a in (step.get("blockers") or {}).items():
            for x in (a if isinstance(a, list) else [a]):
                pairs.append([self.oid(b), self.oid(x)])
        before = self.snapshot()
        try:
            self.apply(seat, {"type": "DeclareBlockers", "data": {"assignments": pairs}})
        except ValueError as e:
            self.restore(before)
            raise Rejected(classify(str(e)), str(e))
        self.answer_prompts(step)

    @staticmethod
    def _phase_index(name):
        order = list(STEP_TO_PHASE.values())
        return order.index(name) if name in order else -1

    def cancel(self, before):
        w = self.waiting()
        if w.get("type") in (None, "Priority"):
            return
        seat = self.priority_seat()
        for a in self.g.actions():
            if a.kind == "CancelCast":
                try:
                    self.apply(seat, a)
                    return
                except Exception:
                    pass

    # -- prompts phase raises while an action is made or resolves
    def answer_prompts(self, step, choose_step=False):
        ch = dict(step.get("choose") or {})
        if getattr(self, "_used_step", None) is not step:
            self._used, self._asked = {}, set()
        self._used_step = step
        if "mana" in step:
            ch.setdefault("_mana", step["mana"])
        for _ in range(MAX_PROMPTS):
            w = self.waiting()
            ty = w.get("type")
            if ty in ("Priority", None, "GameOver"):
                return
            if ty in ("DeclareAttackers", "DeclareBlockers") and step.get("do") == "pass":
                # the passes reached the declaration; the case's next step is its `attack` or
                # `block`
                return
            if not self.answer(w, step, ch):
                if ty == "OrderTriggers" and "trigger_order" not in step:
                    # the case leaves the order open (any order is allowed): take phase's first
                    self.apply(self.priority_seat(), self.g.actions()[0])
                    continue
                raise StepFailed("phase asks for %s, which this step does not answer: %s"
                                 % (ty, json.dumps(w.get("data"))[:300]))
        raise StepFailed("phase kept asking for choices (more than %d prompts)" % MAX_PROMPTS)

    def pick(self, seat, acts, pred, what, choice_desc, cls="choice"):
        for a in acts:
            d = a.to_dict()
            if pred(d.get("data") or {}):
                self.apply(seat, a)
                return True
        raise Rejected(cls, "phase does not offer %s here (its options: %s)" % (
            choice_desc, "; ".join(json.dumps(a.to_dict().get("data")) for a in acts
                                   if a.kind != "CancelCast")[:400]))

    def _legend_pick(self, d, keep):
        for k in ("keep", "kept", "object_id", "choice", "keep_id"):
            if d.get(k) == keep:
                return True
        return False

    def target_value(self, t):
        """corpus target -> phase TargetRef"""
        if isinstance(t, dict) and "ability" in t:
            want_kind = t.get("kind")
            src = self.oid(t["ability"])
            for entry in reversed(self.g.stack() or []):
                kind = (entry.get("kind") or {}).get("type")
                if entry.get("source_id") != src or kind == "Spell":
                    continue
                if want_kind == "activated" and kind != "ActivatedAbility":
                    continue
                if want_kind == "triggered" and kind != "TriggeredAbility":
                    continue
                return {"Object": entry["id"]}
            raise Rejected("target", "no ability of %s on phase's stack" % t["ability"])
        if t in SEATS:
            return {"Player": SEATS[t]}
        return {"Object": self.oid(t)}

    def answer(self, w, step, ch):
        ty = w["type"]
        data = w.get("data") or {}
        seat = data.get("player", self.priority_seat()) if isinstance(data, dict) else self.priority_seat()
        acts = self.g.actions()
        if ty == "OptionalCostChoice" and (data.get("cost") or {}).get("type") == "Kicker":
            # kicker (CR 702.33a): paid as the spell is cast when the step says choose.kicked
            kicked = bool(ch.get("kicked", False))
            self._asked.add("kicked")
            return self.pick(seat, [a for a in acts if a.kind == "DecideOptionalCost"],
                             lambda d: d.get("pay") == kicked, "DecideOptionalCost", "kicked = %s" % kicked)
        if ty == "ModeChoice":
            # a modal spell's modes (CR 700.2a): choose.modes numbers them from 1, phase from 0
            if "modes" not in ch:
                return False
            want = [int(m) - 1 for m in ch["modes"]]
            self._asked.add("modes")
            return self.pick(seat, [a for a in acts if a.kind == "SelectModes"],
                             lambda d: list(d.get("indices") or []) == want, "SelectModes",
                             "modes = %s" % json.dumps(ch["modes"]))
        if ty == "ChooseXValue":
            if "x" not in step:
                return False
            x = int(step["x"])
            if data.get("max") is not None and x > int(data["max"]):
                raise Rejected("cost", "phase offers X only up to %s, what the mana available pays for"
                               % data["max"])
            return self.pick(seat, acts, lambda d: d.get("value") == x, "ChooseX", "X = %d" % x)
        if ty == "TargetSelection":
            if "targets" not in step:
                return False
            i = self._used.get("targets", 0)
            if i >= len(step["targets"]):
                # "Any number of targets" (CR 601.2c): every target the step names is chosen,
                # and phase asks for more; ending the selection is the choice of no further one.
                done = [a for a in acts if a.kind == "ChooseTarget" and (a.to_dict().get("data") or {}).get("target") is None]
                if not done:
                    raise Rejected("target", "phase asks for a target after the step's %d: %s" % (
                        i, "; ".join(a.kind + json.dumps(a.to_dict().get("data")) for a in acts)[:600]))
                self.apply(seat, done[0])
                return True
            want = self.target_value(step["targets"][i])
            self._used["targets"] = i + 1
            return self.pick(seat, [a for a in acts if a.kind == "ChooseTarget"],
                             lambda d: d.get("target") == want, "ChooseTarget",
                             "target %s" % json.dumps(step["targets"][i]), cls="target")
        if ty == "TriggerTargetSelection":
            ref = self.ref_of(data.get("source_id"))
            trig = step.get("triggers") or {}
            if ref not in trig:
                return False
            key = "trigger:" + ref
            i = self._used.get(key, 0)
            lst = trig[ref]
            if i >= len(lst):
                return False
            want = self.target_value(lst[i])
            self._used[key] = i + 1
            return self.pick(seat, [a for a in acts if a.kind == "ChooseTarget"],
                             lambda d: d.get("target") == want, "ChooseTarget",
                             "trigger target %s" % json.dumps(lst[i]), cls="target")
        if ty == "ChooseLegend":
            if "keep" not in ch:
                return False
            self._asked.add("keep")
            keep = self.oid(ch["keep"])
            return self.pick(seat, acts, lambda d: d.get("keep") == keep, "ChooseLegend",
                             "keep %s" % ch["keep"])
        if ty == "CopyTargetChoice":
            if "copy" not in ch:
                return False
            self._asked.add("copy")
            want = {"Object": self.oid(ch["copy"])}
            return self.pick(seat, [a for a in acts if a.kind == "ChooseTarget"],
                             lambda d: d.get("target") == want, "ChooseTarget", "copy %s" % ch["copy"])
        if ty == "ReplacementChoice":
            kind = (data.get("kind") or {}).get("type")
            cands = data.get("candidates") or []
            if kind == "OptionalBranch":
                accept = None
                if "copy" in ch:
                    accept = True
                    self._asked.add("copy")
                elif "may" in ch:
                    accept = bool(ch["may"])
                    self._asked.add("may")
                elif isinstance(ch.get("pay"), bool):
                    # "As this land enters, you may pay 2 life" (CR 614.1c): the play's choose.pay
                    accept = ch["pay"]
                    self._asked.add("pay")
                if accept is None:
                    return False
                idx = 0 if accept else next((i for i, c in enumerate(cands) if c.get("description") == "Decline"), 1)
                return self.pick(seat, acts, lambda d: d.get("index") == idx, "ChooseReplacement", "branch %d" % idx)
            order = step.get("order")
            if not order:
                return False
            i = self._used.get("order", 0)
            self._used["order"] = i + 1
            if i >= len(order):
                return False
            want = self.oid(order[i])
            idx = next((j for j, c in enumerate(cands) if c.get("source_id") == want), None)
            if idx is None:
                raise Rejected("choice", "phase does not offer %s's replacement here" % order[i])
            return self.pick(seat, acts, lambda d: d.get("index") == idx, "ChooseReplacement", order[i])
        if ty == "OrderTriggers":
            if "trigger_order" not in step:
                return False
            trig = data.get("triggers") or []
            refs = [self.ref_of(t.get("source_id")) for t in trig]
            wanted = list(step["trigger_order"])           # top of the stack first
            try:
                top_first = [refs.index(r) for r in wanted]
            except ValueError:
                raise Rejected("choice", "trigger_order %s does not match phase's triggers %s" % (wanted, refs))
            # phase's order lists the triggers in the order they are put on the stack (last = top)
            order = list(reversed(top_first))
            return self.pick(seat, acts, lambda d: d.get("order") == order, "OrderTriggers", str(wanted))
        if ty == "AssignCombatDamage":
            # combat damage assignment (CR 510.1): the step's `damage` table for this attacker,
            # blockers by ref and the defending player by name (trample, CR 702.19b)
            table = ch.get("damage") or {}
            ref = self.ref_of(data.get("attacker_id"))
            if ref not in table:
                if len(data.get("blockers") or []) >= 2 or data.get("trample"):
                    # the corpus requires the division to be given (rulings/README.md,
                    # choose.damage): a pass without it is rejected, the game left as it was
                    raise Rejected("choice", "phase asks for %s's combat damage assignment; the step "
                                             "gives none" % ref)
                return False
            self._asked.add("damage")
            assignments, to_player = [], 0
            defending = 1 - self.state()["active_player"]
            for to, n in table[ref].items():
                if to in SEATS and SEATS[to] != defending:
                    # phase's assignment names only damage to the player attacked
                    # (trample_damage): one to any other player can't be sent
                    raise Skip("phase's AssignCombatDamage can't assign damage to %s, who isn't "
                               "the player attacked" % to)
                if to in SEATS:
                    to_player += int(n)
                else:
                    assignments.append([self.oid(to), int(n)])
            action = {"type": "AssignCombatDamage",
                      "data": {"mode": "Normal", "assignments": assignments,
                               "trample_damage": to_player, "controller_damage": 0}}
            try:
                self.apply(seat, action)
            except Exception as e:  # phase refuses a division the rules don't allow
                raise Rejected("choice", "phase refuses the damage assignment %s: %s"
                               % (json.dumps(table[ref]), e))
            return True
        if ty == "EffectZoneChoice" and data.get("effect_kind") == "Sacrifice":
            # "each player sacrifices" (CR 101.4): phase asks each player in turn; the step
            # names every player's choice in one `sacrifice` list
            if "sacrifice" not in ch:
                return False
            self._asked.add("sacrifice")
            offered = data.get("cards") or []
            want = [self.oid(r) for r in ch["sacrifice"] if self.refs.get(r) in offered]
            return self.pick(seat, [a for a in acts if a.kind == "SelectCards"],
                             lambda d: sorted(d.get("cards") or []) == sorted(want), "SelectCards",
                             "sacrifice %s" % json.dumps(ch["sacrifice"]))
        if ty == "UnlessPayment" and (data.get("cost") or {}).get("type") == "Sacrifice":
            # "... unless that player sacrifices a creature" (CR 608.2d): the step's `sacrifice`
            # names the permanent (an empty list: none); phase asks first whether to pay at all,
            # then, if so, which permanent
            types = set((data.get("cost") or {}).get("target", {}).get("type_filters") or [])
            mine = [o.get("id") for o in (self.g.battlefield() or []) if o.get("controller") == seat
                    and types <= set((o.get("card_types") or {}).get("core_types") or [])]
            if "sacrifice" not in ch:
                if mine:
                    return False
                # nothing to sacrifice: the corpus leaves the impossible option unanswered
                return self.pick(seat, [a for a in acts if a.kind == "PayUnlessCost"],
                                 lambda d: d.get("pay") is False, "PayUnlessCost", "no sacrifice")
            want = [self.oid(r) for r in ch["sacrifice"]]
            if len(want) > 1 or any(w not in mine for w in want):
                raise Rejected("choice", "the player asked controls no %s named %s"
                               % ("/".join(sorted(types)), json.dumps(ch["sacrifice"])))
            self._asked.add("sacrifice")
            if want:
                self._unless_sacrifice = want[0]
            return self.pick(seat, [a for a in acts if a.kind == "PayUnlessCost"],
                             lambda d: d.get("pay") == bool(want), "PayUnlessCost",
                             "sacrifice %s" % json.dumps(ch["sacrifice"]))
        if ty == "WardSacrificeChoice" and getattr(self, "_unless_sacrifice", None) is not None:
            # the permanent the step's `sacrifice` names, for the "unless" cost phase asked about
            want, self._unless_sacrifice = self._unless_sacrifice, None
            return self.pick(seat, [a for a in acts if a.kind == "SelectCards"],
                             lambda d: (d.get("cards") or []) == [want], "SelectCards", "sacrifice %s" % want)
        if ty == "UntapChoice":
            # "you may choose not to untap this" (CR 502.3): the step's `keep_tapped` refs stay
            # tapped, every other candidate untaps (the corpus's default); phase asks per object
            keep = [self.oid(r) for r in ch.get("keep_tapped") or []]
            if "keep_tapped" in ch:
                self._asked.add("keep_tapped")
            cands = data.get("candidates") or []
            if not cands:
                return False
            self.apply(seat, {"type": "ChooseUntap", "data": {"object_id": cands[0], "untap": cands[0] not in keep}})
            return True
        if ty == "OptionalEffectChoice":
            if "may" not in ch:
                return False
            may = bool(ch["may"])
            self._asked.add("may")
            return self.pick(seat, [a for a in acts if a.kind == "DecideOptionalEffect"],
                             lambda d: d.get("accept") == may, "DecideOptionalEffect", "may = %s" % may)
        if ty == "NamedChoice" and data.get("choice_type") == "Color":
            # "as this enters, choose a color" (CR 614.1c): the corpus names it by its letter;
            # several permanents entering at once (tokens, CR 616.1g) take choose.colors in order
            if "color" not in ch and ch.get("colors"):
                i = self._used.get("colors", 0)
                if i >= len(ch["colors"]):
                    raise Rejected("choice", "phase asks for a color for more permanents than the step's "
                                   "%d colors" % len(ch["colors"]))
                self._used["colors"] = i + 1
                self._asked.add("colors")
                name = LETTER_TO_COLOR.get(ch["colors"][i])
                if name not in (data.get("options") or []):
                    raise Rejected("choice", "phase does not offer the color %s here (options %s)"
                                   % (ch["colors"][i], json.dumps(data.get("options"))))
                return self.pick(seat, acts, lambda d: d.get("choice") == name, "NamedChoice",
                                 "color %s" % ch["colors"][i])
            if "color" not in ch:
                # the corpus requires the color to be named (rulings/README.md, choose.color):
                # a step that names none can't be carried out, and the game is left as it was
                raise Rejected("choice", "phase asks for a color as %s enters; the step names none"
                               % ((data.get("source") or {}).get("prompt") or {}).get("display_name", "the permanent"))
            self._asked.add("color")
            name = LETTER_TO_COLOR.get(ch["color"])
            if name not in (data.get("options") or []):
                raise Rejected("choice", "phase does not offer the color %s here (options %s)"
                               % (ch["color"], json.dumps(data.get("options"))))
            return self.pick(seat, acts, lambda d: d.get("choice") == name, "NamedChoice",
                             "color %s" % ch["color"])
        if ty == "NamedChoice" and data.get("choice_type") == "CreatureType":
            # "as this enters, choose a creature type" (CR 614.1c, 205.3e): named by the corpus
            if "creature_type" not in ch:
                raise Rejected("choice", "phase asks for a creature type as %s enters; the step names none"
                               % ((data.get("source") or {}).get("prompt") or {}).get("display_name", "the permanent"))
            self._asked.add("creature_type")
            want = ch["creature_type"]
            if want not in (data.get("options") or []):
                raise Rejected("choice", "phase does not offer the creature type %r here" % want)
            return self.pick(seat, acts, lambda d: d.get("choice") == want, "NamedChoice",
                             "creature type %s" % want)
        if ty == "ChooseManaColor":
            want = ch.get("_mana") or ch.get("mana")
            if not want:
                # phase asks for the color as the ability resolves (CR 608.2d); a step that
                # names none leaves the choice unanswered, which the corpus takes as refused
                # (rulings/README.md), and the game is left as it was
                raise Rejected("choice", "phase asks for the mana color; the step names none")
            self._asked.add("_mana" if "_mana" in ch else "mana")
            color = mana_list(want)[0]
            for a in acts:
                c = ((a.to_dict().get("data") or {}).get("choice") or {})
                if c.get("data") == color:
                    self.apply(seat, a)
                    return True
            raise Rejected("choice", "phase does not offer %s here (options %s)" % (
                want, json.dumps((data.get("choice") or {}).get("data"))))
        return False


class Rejected(Exception):
    def __init__(self, cls, message):
        super().__init__(message)
        self.cls = cls
        self.message = message


REJECT_CLASSES = [
    (r"permanent is tapped|already tapped|is untapped|not enough mana|cannot pay|can't pay|"
     r"insufficient|no counters? to remove|cannot afford|unpayable", "cost"),
    (r"summoning sick", "summoning_sickness"),
    (r"not your priority|wrong player", "priority"),
    (r"sorcery|timing|stack is not empty|no land plays|land play", "timing"),
    (r"target", "target"),
]


def classify(msg):
    m = msg.lower()
    for pat, cls in REJECT_CLASSES:
        if re.search(pat, m):
            return cls
    return None


def run_case(engine, case, emit):
    """Runs one case; calls emit(step_reply) after each step. Returns the final status."""
    why = static_skip(case)
    if why:
        return {"status": "skipped", "reason": why}
    r = CaseRun(engine, case)
    try:
        r.build()
    except Skip as e:
        return {"status": "skipped", "reason": str(e)}
    except StepFailed as e:
        return {"status": "errored", "message": "setup: %s" % e}
    except Exception as e:
        return {"status": "errored", "message": "setup: %s: %s" % (type(e).__name__, e)}
    r.shuffles = {}    # the setup's own shuffles (if any) are not the case's
    for step in case["step"]:
        if "expect" in step:
            try:
                emit({"result": "observed", "observation": r.observe(step["expect"])})
            except Exception as e:
                emit({"result": "failed", "message": "observation: %s: %s" % (type(e).__name__, e)})
                return None
            continue
        try:
            r.do(step)
            emit({"result": "done"})
        except Rejected as e:
            rep = {"result": "rejected", "message": e.message[:500]}
            if e.cls:
                rep["class"] = e.cls
            emit(rep)
        except Skip as e:
            return {"status": "skipped", "reason": str(e)}
        except StepFailed as e:
            emit({"result": "failed", "message": str(e)[:1000]})
            return None
        except Exception as e:
            emit({"result": "failed", "message": ("%s: %s" % (type(e).__name__, e))[:1000]})
            return None
    return None


# --- worker process: runs cases, can be killed when a phase call does not return -----------------

def worker_main(conn, cards):
    import phase
    engine = phase.Engine.from_path(cards)
    conn.send(("ready", phase.__name__))
    while True:
        msg = conn.recv()
        if msg is None:
            return
        case = msg
        try:
            status = run_case(engine, case, lambda rep: conn.send(("step", rep)))
        except Exception as e:
            status = {"status": "errored", "message": "adapter: %s: %s" % (type(e).__name__, e)}
            traceback.print_exc(file=sys.stderr)
        conn.send(("end", status))


class Worker:
    def __init__(self, cards):
        self.cards = cards
        self.proc = None
        self.conn = None

    def start(self, timeout):
        ctx = mp.get_context("fork")
        parent, child = ctx.Pipe()
        self.proc = ctx.Process(target=worker_main, args=(child, self.cards), daemon=True)
        self.proc.start()
        self.conn = parent
        if not parent.poll(timeout):
            self.kill()
            raise RuntimeError("phase did not load the card data within %ss" % timeout)
        parent.recv()

    def kill(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.join(1)
        self.proc = None

    def run(self, case, timeout):
        if self.proc is None or not self.proc.is_alive():
            self.start(timeout)
        self.conn.send(case)
        steps = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                ready = left > 0 and self.conn.poll(left)
            except (EOFError, OSError):
                ready = False
            if not ready:
                # poll() returns False both when the time is up and when the pipe closed: tell
                # them apart by the clock, not by the time left before the poll.
                timed_out = time.monotonic() >= deadline
                self.kill()
                steps.append({"result": "failed", "message":
                              ("phase did not return within %ss (the call was killed)" % timeout
                               if timed_out else "phase's process died")})
                return {"status": "ran", "steps": steps[:len(case["step"])]}
            try:
                kind, payload = self.conn.recv()
            except (EOFError, OSError):
                self.kill()
                steps.append({"result": "failed", "message": "phase's process died (crash in the engine)"})
                return {"status": "ran", "steps": steps[:len(case["step"])]}
            if kind == "step":
                steps.append(payload)
            else:
                if payload is not None:
                    return payload
                return {"status": "ran", "steps": steps}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", required=True, help="phase card-data.json built from rulings/cards.toml")
    ap.add_argument("--case-timeout", type=float, default=8.0,
                    help="seconds a case may take inside phase before it is killed (below the "
                         "runner's --timeout 10 of run.sh/diff.sh, above a slow case on a busy machine)")
    args = ap.parse_args()
    try:
        from importlib.metadata import version
        engine_version = version("phase-python")
    except Exception:
        engine_version = "unknown"
    worker = Worker(os.path.abspath(args.cards))

    def write(obj):
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            write({"type": "error", "message": "not JSON: %s" % e})
            continue
        kind, seq = req.get("type"), req.get("seq")
        if kind == "start":
            if req.get("protocol") != PROTOCOL_VERSION or req.get("corpus_format") != CORPUS_FORMAT:
                write({"type": "error", "seq": seq,
                       "message": "protocol %s, corpus format %s: this adapter speaks protocol %d, corpus format %d"
                                  % (req.get("protocol"), req.get("corpus_format"), PROTOCOL_VERSION, CORPUS_FORMAT)})
                continue
            write({"type": "started", "seq": seq, "protocol": PROTOCOL_VERSION, "name": ENGINE_NAME,
                   "version": engine_version, "features": []})
        elif kind == "run":
            case = req.get("case") or {}
            try:
                reply = worker.run(case, args.case_timeout)
            except Exception as e:
                reply = {"status": "errored", "message": "adapter: %s: %s" % (type(e).__name__, e)}
            write({"type": "case", "seq": seq, "id": case.get("id", ""), "reply": reply})
        elif kind == "stop":
            worker.kill()
            write({"type": "stopped", "seq": seq})
            return
        else:
            write({"type": "error", "seq": seq, "message": "unknown request type %r" % kind})
    worker.kill()


if __name__ == "__main__":
    main()
