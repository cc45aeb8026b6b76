//! Combat, as far as the pool needs it (CR 506-511): declaring attackers (CR 508.1) with the
//! summoning sickness rule (CR 302.6) and haste (CR 702.10), skipping blockers and damage when
//! nobody attacks (CR 508.8), and unblocked attackers dealing damage (CR 510). Blocking is not
//! modelled yet: every attacker is unblocked.

use std::collections::BTreeSet;

use crate::abilities::Keyword;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{board_of, Board};
use crate::priority::give_priority;
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};
use crate::types::CardType;

/// Why `id` can't attack for `player` now, if it can't (CR 508.1a).
pub(crate) fn check_attacker(state: &GameState, board: &Board, player: PlayerId, id: ObjectId) -> Result<(), Rejection> {
    let obj = state.object(id).ok_or(Rejection::NoSuchObject(id))?;
    let ch = board.get(&id).ok_or(Rejection::NoSuchObject(id))?;
    if obj.zone != ZoneKind::Battlefield || obj.controller != player || !ch.is(CardType::Creature) {
        return Err(Rejection::WrongObject { object: id, reason: "not a creature you control".into() });
    }
    if obj.tapped {
        return Err(Rejection::AlreadyTapped(id));
    }
    if obj.summoning_sick && !ch.has_keyword(Keyword::Haste) {
        return Err(Rejection::SummoningSick(id));
    }
    Ok(())
}

/// Whether `apply` accepts the declaration (CR 508.1, 508.1a), carrying nothing out: it is due
/// and made by the active player, no creature twice, each one able to attack. `board`: the
/// characteristics now. Once this is `Ok`, `declare` can't fail.
pub(crate) fn check_declaration(state: &GameState, board: &Board, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Rejection> {
    if !state.combat.awaiting_declaration || player != state.active {
        return Err(Rejection::WrongTiming("attackers are declared by the active player at the start of the declare attackers step".into()));
    }
    let unique: BTreeSet<ObjectId> = attackers.iter().copied().collect();
    if unique.len() != attackers.len() {
        return Err(Rejection::InvalidChoice("a creature can attack only once".into()));
    }
    for id in attackers {
        check_attacker(state, board, player, *id)?;
    }
    Ok(())
}

/// Creatures that could attack for the active player.
pub(crate) fn possible_attackers(state: &GameState) -> Vec<ObjectId> {
    let board = board_of(state);
    state
        .zone_objects(ZoneKind::Battlefield, Some(state.active))
        .iter()
        .map(|o| o.id)
        .filter(|id| check_attacker(state, &board, state.active, *id).is_ok())
        .collect()
}

/// Beginning of the declare attackers step: the active player's declaration is due (CR 508.1);
/// it may be empty, and passing priority instead declares none.
pub(crate) fn begin_declare_attackers(state: &mut GameState, _ev: &mut [Event]) {
    state.combat = Default::default();
    state.combat.awaiting_declaration = true;
    state.passes = 0;
    state.priority = Some(state.active);
}

/// The declaration (a turn-based action, CR 508.1): attackers become tapped (CR 508.1f).
pub(crate) fn declare(state: &mut GameState, player: PlayerId, attackers: Vec<ObjectId>, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    let board = board_of(state);
    check_declaration(state, &board, player, &attackers)?;
    for id in &attackers {
        let vigilance = board.get(id).is_some_and(|c| c.has_keyword(Keyword::Vigilance));
        if let Some(o) = state.object_mut(*id) {
            if !vigilance {
                o.tapped = true;
                ev.push(Event::Tapped { object: *id });
            }
        }
    }
    state.combat.awaiting_declaration = false;
    state.combat.declared = true;
    state.combat.attackers = attackers.clone();
    ev.push(Event::AttackersDeclared { player, attackers });
    give_priority(state, player, ev);
    Ok(())
}

/// CR 510.1: each attacking creature still on the battlefield deals damage equal to its power
/// to the defending player (no blockers yet), with lifelink if it has it (CR 702.15b).
pub(crate) fn combat_damage(state: &mut GameState, ev: &mut Vec<Event>) {
    let board = board_of(state);
    let defender = state.active.opponent();
    let attackers = state.combat.attackers.clone();
    for id in attackers {
        let on_battlefield = state.object(id).is_some_and(|o| o.zone == ZoneKind::Battlefield);
        let Some(ch) = board.get(&id) else { continue };
        if !on_battlefield || !ch.is(CardType::Creature) {
            continue;
        }
        let power = u32::try_from(ch.power.unwrap_or(0)).unwrap_or(0);
        crate::damage::deal_as(state, &board, Some(id), crate::targets::Target::Player(defender), power, true, ev);
    }
}
