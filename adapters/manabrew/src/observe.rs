//! Observations: what an `expect` step asks, read back from the engine's `GameState` in the
//! corpus's field names and value forms (rulings/README.md, "Observations").

use std::collections::HashMap;

use forge_foundation::ZoneType;
use manabrew_engine::card::{Card, CounterType};
use manabrew_engine::game::GameState;
use manabrew_engine::ids::CardId;
use manabrew_engine::keyword::keyword_instance::Keyword as Kw;
use manabrew_engine::mana::ManaPool;
use serde_json::{json, Map, Value};

use crate::driver::{player_name, player_of};

/// Keyword abilities the corpus observes, as the corpus spells them.
const KEYWORDS: &[&str] = &[
    "Flying",
    "First strike",
    "Double strike",
    "Deathtouch",
    "Hexproof",
    "Lifelink",
    "Menace",
    "Reach",
    "Trample",
    "Vigilance",
    "Haste",
    "Defender",
    "Indestructible",
];

/// Keyword abilities with a parameter or a cost ("Cycling {2}", "Enchant land", "Cumulative
/// upkeep {2}"): manabrew stores them as "Cycling:2" and the like, which the name alone doesn't
/// match, so they are found by manabrew's keyword enum and named as the corpus spells them.
const KEYWORD_ABILITIES: &[(Kw, &str)] = &[
    (Kw::Cycling, "Cycling"),
    (Kw::Enchant, "Enchant"),
    (Kw::CumulativeUpkeep, "Cumulative upkeep"),
    (Kw::Partner, "Partner"),
];

pub fn zone_name(z: ZoneType) -> &'static str {
    match z {
        ZoneType::Library => "library",
        ZoneType::Hand => "hand",
        ZoneType::Battlefield => "battlefield",
        ZoneType::Graveyard => "graveyard",
        ZoneType::Stack => "stack",
        ZoneType::Exile => "exile",
        ZoneType::Command => "command",
        _ => "other",
    }
}

fn zone_of(name: &str) -> Option<ZoneType> {
    Some(match name {
        "library" => ZoneType::Library,
        "hand" => ZoneType::Hand,
        "battlefield" => ZoneType::Battlefield,
        "graveyard" => ZoneType::Graveyard,
        "stack" => ZoneType::Stack,
        "exile" => ZoneType::Exile,
        "command" => ZoneType::Command,
        _ => return None,
    })
}

pub fn counter_name(c: &CounterType) -> String {
    match c {
        CounterType::P1P1 => "+1/+1".into(),
        CounterType::M1M1 => "-1/-1".into(),
        CounterType::Named(n) => n.to_lowercase().replace('_', " "),
        other => other.to_string().to_lowercase(),
    }
}

fn mana_symbol(atom: u16) -> &'static str {
    use forge_foundation::mana::ManaAtom;
    match atom & ManaAtom::ALL_MANA_TYPES {
        ManaAtom::WHITE => "{W}",
        ManaAtom::BLUE => "{U}",
        ManaAtom::BLACK => "{B}",
        ManaAtom::RED => "{R}",
        ManaAtom::GREEN => "{G}",
        ManaAtom::COLORLESS => "{C}",
        _ => "{?}",
    }
}

fn ref_of(refs: &HashMap<String, CardId>, id: CardId) -> Value {
    refs.iter()
        .find(|(_, v)| **v == id)
        .map(|(k, _)| json!(k))
        .unwrap_or_else(|| json!(format!("#{}", id.0)))
}

/// Everything the engine shows of the step's subject (protocol 2 sends the subject only:
/// `{"subject": "object", "object": ref}`, `player`, `stack`, or `zone` with its owner/controller).
pub fn observe(game: &GameState, pools: &[ManaPool], refs: &HashMap<String, CardId>, ex: &Value) -> Value {
    let subject = ex.get("subject").and_then(Value::as_str);
    if let (Some("object"), Some(r)) = (subject, ex.get("object").and_then(Value::as_str)) {
        return match refs.get(r) {
            Some(&id) => object(game, refs, game.card(id)),
            None => json!({"subject": "object"}),
        };
    }
    if let (Some("player"), Some(p)) = (subject, ex.get("player").and_then(Value::as_str).and_then(player_of)) {
        let pool = pools
            .get(p.index())
            .map(|pool| pool.mana_entries().iter().map(|m| mana_symbol(m.color)).collect::<String>())
            .unwrap_or_default();
        return json!({"subject": "player", "life": game.player(p).life, "mana_pool": pool,
                      "hand_size": game.cards_in_zone(ZoneType::Hand, p).len(),
                      "library_size": game.cards_in_zone(ZoneType::Library, p).len(),
                      "lost": game.player(p).has_lost,
                      "poison": game.player(p).poison_counters});
    }
    if subject == Some("stack") {
        // The engine's stack iterates bottom first; the corpus lists the top first.
        let mut items: Vec<Value> = game
            .stack
            .iter()
            .filter(|e| !e.is_pending_cast)
            .map(|e| {
                let sa = &e.spell_ability;
                let mut targets = Vec::new();
                let mut node = Some(sa);
                while let Some(n) = node {
                    if let Some(p) = n.target_chosen.target_player {
                        targets.push(json!(player_name(p)));
                    }
                    if let Some(c) = n.target_chosen.target_card {
                        targets.push(ref_of(refs, c));
                    }
                    node = n.sub_ability.as_deref();
                }
                json!({"kind": if sa.is_spell { "spell" } else { "ability" },
                       "source": sa.source.map(|s| ref_of(refs, s)).unwrap_or(Value::Null),
                       "targets": targets})
            })
            .collect();
        items.reverse();
        return json!({"subject": "stack", "items": items});
    }
    if let (Some("zone"), Some(z)) = (subject, ex.get("zone").and_then(Value::as_str).and_then(zone_of)) {
        let key = if ex.get("controller").is_some() { "controller" } else { "owner" };
        let who = ex.get(key).and_then(Value::as_str).and_then(player_of);
        let mut objects = Vec::new();
        let players = match who {
            Some(p) => vec![p],
            None => game.player_order.clone(),
        };
        for p in players {
            // Zones are kept per owner; a battlefield query by controller looks at every side.
            let ids: Vec<CardId> = if z == ZoneType::Battlefield {
                game.player_order
                    .iter()
                    .flat_map(|o| game.cards_in_zone(z, *o).to_vec())
                    .filter(|id| if key == "controller" { game.card(*id).controller == p } else { game.card(*id).owner == p })
                    .collect()
            } else {
                let mut ids = game.cards_in_zone(z, p).to_vec();
                if z == ZoneType::Library {
                    ids.reverse(); // top first
                }
                ids
            };
            for id in ids {
                objects.push(json!({"name": game.card(id).card_name}));
            }
        }
        return json!({"subject": "zone", "objects": objects});
    }
    json!({"subject": "object"})
}

fn object(game: &GameState, refs: &HashMap<String, CardId>, c: &Card) -> Value {
    let mut o = Map::new();
    o.insert("subject".into(), json!("object"));
    o.insert("zone".into(), json!(zone_name(c.zone)));
    o.insert("controller".into(), json!(player_name(c.controller)));
    o.insert("owner".into(), json!(player_name(c.owner)));
    o.insert("tapped".into(), json!(c.tapped));
    o.insert("name".into(), json!(c.card_name));
    let tl = &c.type_line;
    o.insert("types".into(), json!(tl.core_types.iter().map(|t| t.to_string()).collect::<Vec<_>>()));
    o.insert("subtypes".into(), json!(tl.subtypes.clone()));
    o.insert("supertypes".into(), json!(tl.supertypes.iter().map(|t| t.to_string()).collect::<Vec<_>>()));
    let colors: Vec<&str> = [(1u8, "W"), (2, "U"), (4, "B"), (8, "R"), (16, "G")]
        .iter()
        .filter(|(bit, _)| c.color.mask() & bit != 0)
        .map(|(_, l)| *l)
        .collect();
    o.insert("colors".into(), json!(colors));
    let keywords: Vec<&str> = KEYWORDS
        .iter()
        .copied()
        .filter(|k| c.has_keyword(k))
        .chain(KEYWORD_ABILITIES.iter().filter(|(kw, _)| c.has_keyword_enum(*kw)).map(|(_, name)| *name))
        .collect();
    o.insert("keywords".into(), json!(keywords));
    let counters: Map<String, Value> = c
        .counters
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| (counter_name(k), json!(n)))
        .collect();
    o.insert("counters".into(), Value::Object(counters));
    if c.is_creature() || c.base_power.is_some() {
        o.insert("power".into(), json!(c.power()));
        o.insert("toughness".into(), json!(c.toughness()));
    }
    if tl.core_types.iter().any(|t| t.to_string() == "Planeswalker") {
        o.insert("loyalty".into(), json!(c.counter_count(&CounterType::Loyalty)));
    }
    o.insert("damage".into(), json!(c.damage));
    o.insert(
        "attached_to".into(),
        c.attached_to.map(|a| ref_of(refs, a)).unwrap_or(json!("")),
    );
    o.insert("commander".into(), json!(c.is_commander));
    // On the stack, X is the announced value (CR 202.3e); everywhere else X is 0.
    let mut mana_value = c.mana_value();
    if c.zone == ZoneType::Stack {
        if let Some(e) = game.stack.iter().find(|e| e.spell_ability.is_spell && e.spell_ability.source == Some(c.id)) {
            mana_value += e.spell_ability.x_mana_cost_paid as i32 * c.mana_cost.count_x() as i32;
        }
    }
    o.insert("mana_value".into(), json!(mana_value));
    Value::Object(o)
}
