//! State-based actions (CR 704), checked whenever a player would receive priority (CR 704.3):
//! 704.5a life, 704.5b empty library draw (a loss of the game, which `game_loss` replaces or
//! carries out), 704.5d tokens off the battlefield, 704.5f toughness,
//! 704.5g lethal damage, 704.5h damage from a deathtouch source (neither destroys an
//! indestructible creature, CR 702.12b), 704.5i loyalty, 704.5j the legend rule (the player chooses which to
//! keep: `Answers::keep` on the pass that led here; where no answers can travel — after
//! casting, activating or putting triggers on the stack, which in this card pool never lead
//! to it — the newest is kept), 704.5m Auras attached illegally or not at all
//! (CR 303.4c, 303.4d), 704.5n Equipment attached illegally (CR 301.5c), 704.5p other
//! permanents that can't be attached, 704.5q +1/+1 and -1/-1 counters.

use crate::actions::Answers;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::rejection::Rejection;
use crate::casting::{enchant_specs, is_aura};
use crate::layers::{board_of, Board, Characteristics};
use crate::targets::{self, Target};
use crate::state::{GameState, ZoneKind};
use crate::types::CardType;
use crate::zones;

/// Performs every applicable state-based action once, as one event; returns whether any was.
/// Fails only when `answers` are given and the legend rule's choice among them is missing or
/// not allowed.
pub(crate) fn check(state: &mut GameState, answers: Option<&Answers>, ev: &mut Vec<Event>) -> Result<bool, Rejection> {
    let mut any = false;
    let board = board_of(state);
    let legend_losers = legend_rule(state, &board, answers)?;
    // CR 704.5a-b: who would lose; the loss itself (or its replacement) happens with the rest
    // of this event, below.
    let losers = crate::game_loss::would_lose(state);
    let gone: Vec<ObjectId> = state
        .objects
        .values()
        .filter(|o| o.is_token && o.zone != ZoneKind::Battlefield)
        .map(|o| o.id)
        .collect();
    for id in gone {
        state.objects.remove(&id);
        ev.push(Event::TokenCeasedToExist { object: id });
        any = true;
    }
    // CR 707.10a: a copy of a spell anywhere but on the stack ceases to exist.
    let copies: Vec<ObjectId> =
        state.objects.values().filter(|o| o.spell_copy && o.zone != ZoneKind::Stack).map(|o| o.id).collect();
    for id in copies {
        state.objects.remove(&id);
        ev.push(Event::SpellCopyCeasedToExist { object: id });
        any = true;
    }
    let mut to_graveyard = Vec::new();
    let mut annihilate = Vec::new();
    let mut unattach = Vec::new();
    for obj in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&obj.id) else { continue };
        if ch.is(CardType::Creature) {
            let t = ch.toughness.unwrap_or(0);
            let lethal = u32::try_from(t).map(|t| obj.damage >= t).unwrap_or(false);
            // Any damage counts, wither's -1/-1 counters too: nothing need be marked (CR 120.3d).
            let deathtouch = obj.deathtouch_damage;
            let destroyed = (lethal || deathtouch) && !ch.has_keyword(crate::abilities::Keyword::Indestructible);
            if t <= 0 || destroyed {
                to_graveyard.push(obj.id);
                continue;
            }
        }
        if ch.is(CardType::Planeswalker) && ch.loyalty.unwrap_or(0) <= 0 {
            to_graveyard.push(obj.id);
            continue;
        }
        if is_aura(ch) && !aura_attachment_legal(state, &board, obj.id, ch) {
            to_graveyard.push(obj.id);
            continue;
        }
        if !is_aura(ch) && obj.attached_to.is_some() && !equipment_attachment_legal(state, &board, obj.id, ch) {
            unattach.push(obj.id);
        }
        let plus = obj.counters.get("+1/+1").copied().unwrap_or(0);
        let minus = obj.counters.get("-1/-1").copied().unwrap_or(0);
        if plus > 0 && minus > 0 {
            annihilate.push((obj.id, plus.min(minus)));
        }
    }
    // CR 704.5h looks at deathtouch damage dealt since the last check only.
    for o in state.objects.values_mut() {
        o.deathtouch_damage = false;
    }
    if !losers.is_empty() {
        crate::game_loss::lose(state, &board, &losers, ev)?;
        any = true;
    }
    for id in unattach {
        if let Some(o) = state.object_mut(id) {
            o.attached_to = None;
            ev.push(Event::Unattached { object: id });
            any = true;
        }
    }
    for (id, n) in annihilate {
        for kind in ["+1/+1", "-1/-1"] {
            zones::remove_counters(state, id, kind, n, ev);
        }
        any = true;
    }
    for id in legend_losers {
        if !to_graveyard.contains(&id) {
            to_graveyard.push(id);
        }
    }
    // CR 704.3: one simultaneous event, so replacement effects on the moves see them together
    // (CR 701.24g: a library shuffled as another card is put on top of it).
    if zones::move_batch(state, &to_graveyard, ZoneKind::Graveyard, None, &[], ev).iter().any(Option::is_some) {
        any = true;
    }
    Ok(any)
}

/// CR 704.5j: of two or more legendary permanents with the same name controlled by one player,
/// that player keeps one; the rest go to their owners' graveyards. Returns those that go.
fn legend_rule(state: &GameState, board: &Board, answers: Option<&Answers>) -> Result<Vec<ObjectId>, Rejection> {
    let mut groups: std::collections::BTreeMap<(PlayerId, String), Vec<ObjectId>> = Default::default();
    for obj in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&obj.id) else { continue };
        if ch.supertypes.iter().any(|s| s == "Legendary") {
            // Zone order is timestamp order, so the last of a group is the newest.
            groups.entry((obj.controller, ch.name.to_string())).or_default().push(obj.id);
        }
    }
    let mut losers = Vec::new();
    for ((_, name), ids) in groups {
        if ids.len() < 2 {
            continue;
        }
        let keep = match answers {
            None => ids.last().copied(),
            Some(a) => match a.keep {
                Some(k) if ids.contains(&k) => Some(k),
                Some(k) => {
                    return Err(Rejection::InvalidChoice(format!(
                        "{k:?} is not one of the legendary permanents named {name} (CR 704.5j)"
                    )))
                }
                None => {
                    return Err(Rejection::MissingChoice(format!(
                        "which legendary {name} to keep (CR 704.5j)"
                    )))
                }
            },
        };
        losers.extend(ids.into_iter().filter(|id| Some(*id) != keep));
    }
    Ok(losers)
}

/// CR 704.5m, 303.4c-d: an Aura must be attached to another object on the battlefield that
/// every one of its enchant abilities allows (CR 702.5c), and must not be a creature. Hexproof
/// doesn't matter: enchanting is not targeting (CR 702.11b).
fn aura_attachment_legal(state: &GameState, board: &Board, id: ObjectId, ch: &Characteristics) -> bool {
    let Some(target) = state.object(id).and_then(|o| o.attached_to) else { return false };
    let on_battlefield = state.object(target).is_some_and(|o| o.on_battlefield());
    let controller = state.object(id).map(|o| o.controller).unwrap_or(state.active);
    // CR 702.16c: not to a permanent with protection from a quality the Aura has.
    target != id
        && on_battlefield
        && !ch.is(CardType::Creature)
        && !crate::protection::protected_from(state, board, target, id)
        && enchant_specs(ch)
            .iter()
            .all(|spec| targets::matches(state, board, spec, &Target::Object(target), controller))
}

/// CR 301.5c, 704.5n, 704.5p: only a noncreature Equipment may stay attached, and only to
/// another creature on the battlefield.
fn equipment_attachment_legal(state: &GameState, board: &Board, id: ObjectId, ch: &Characteristics) -> bool {
    let Some(target) = state.object(id).and_then(|o| o.attached_to) else { return true };
    let is_equipment = ch.is(CardType::Artifact) && ch.subtypes.iter().any(|s| s == "Equipment");
    let target_ok = state.object(target).is_some_and(|o| o.on_battlefield())
        && board.get(&target).is_some_and(|c| c.is(CardType::Creature));
    // CR 702.16d: nor to one with protection from a quality the Equipment has.
    let protected = crate::protection::protected_from(state, board, target, id);
    is_equipment && !ch.is(CardType::Creature) && target != id && target_ok && !protected
}
