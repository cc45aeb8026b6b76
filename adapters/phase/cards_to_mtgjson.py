#!/usr/bin/env python3
"""Converts rulings/cards.toml into an MTGJSON "AtomicCards"-style JSON file for `phase-gen -i`.

    python cards_to_mtgjson.py rulings/cards.toml build/AtomicCards.json

Per face: name, colors, colorIdentity, layout, manaValue, identifiers, manaCost, text, type,
types, subtypes, supertypes, power, toughness, loyalty, and keywords. MTGJSON lists a card's
keyword abilities in `keywords`; here they are read off the Oracle lines that consist of keyword
abilities only ("Haste", "Cycling {2} (...)", "Enchant land", "Equip {2}", ...), which is what
MTGJSON's field holds for these cards.
"""
import json
import re
import sys
import tomllib

# Keyword abilities (CR 702) that may start a keyword line of a card in the corpus.
KEYWORDS = [
    "Cumulative upkeep", "First strike", "Double strike", "Flying", "Haste", "Vigilance",
    "Trample", "Reach", "Deathtouch", "Lifelink", "Menace", "Hexproof", "Defender", "Flash",
    "Partner", "Cycling", "Enchant", "Equip", "Indestructible",
]


def mana_value(cost):
    n = 0
    for sym in re.findall(r"\{([^}]*)\}", cost or ""):
        if sym.isdigit():
            n += int(sym)
        elif sym != "X":
            n += 1
    return n


def colors_of(cost):
    syms = re.findall(r"\{([^}]*)\}", cost or "")
    return [c for c in "WUBRG" if any(c in s.split("/") for s in syms)]


def keywords_of(text):
    found = []
    for line in (text or "").split("\n"):
        body = re.sub(r"\s*\([^)]*\)\s*$", "", line).strip()   # drop reminder text
        if not body:
            continue
        parts = [p.strip() for p in body.split(",")]
        line_kws = []
        for p in parts:
            kw = next((k for k in KEYWORDS if p == k or p.startswith(k + " ")), None)
            if kw is None:
                line_kws = []
                break
            line_kws.append(kw)
        for kw in line_kws:
            if kw not in found:
                found.append(kw)
    return found


def face(card):
    cost = card.get("mana_cost")
    colors = card.get("colors", colors_of(cost))
    supers, types, subs = card.get("supertypes", []), card["types"], card.get("subtypes", [])
    type_line = " ".join(supers + types) + (" — " + " ".join(subs) if subs else "")
    f = {
        "name": card["name"], "colors": colors, "colorIdentity": colors, "layout": "normal",
        "manaValue": float(mana_value(cost)), "identifiers": {}, "text": card.get("oracle", ""),
        "type": type_line, "types": types, "subtypes": subs, "supertypes": supers,
        "keywords": keywords_of(card.get("oracle", "")),
    }
    if cost:
        f["manaCost"] = cost
    for k in ("power", "toughness", "loyalty"):
        if k in card:
            f[k] = str(card[k])
    return f


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, "rb") as fh:
        cards = tomllib.load(fh)["card"]
    data = {c["name"]: [face(c)] for c in cards}
    with open(dst, "w", encoding="utf-8") as fh:
        json.dump({"meta": {"version": "mtg-conformance rulings/cards.toml"}, "data": data}, fh,
                  ensure_ascii=False, indent=1)
    print("wrote %d cards to %s" % (len(data), dst), file=sys.stderr)


if __name__ == "__main__":
    main()
