//! Sacrificing (CR 701.21): a player moves a permanent they control to its owner's graveyard.
//! It isn't destroyed, so indestructible and regeneration don't apply (CR 701.21a). "Each
//! player sacrifices a [type] of their choice" (CR 101.4): the active player chooses first,
//! then each other player in turn order, and then all the chosen permanents are sacrificed at
//! the same time (one event, CR 603.10a).

use crate::actions::Answers;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{board_of, Board};
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};
use crate::types::CardType;
use crate::zones;

/// The permanents of any of `types` that `player` controls: what they may sacrifice.
pub(crate) fn candidates(state: &GameState, board: &Board, player: PlayerId, types: &[CardType]) -> Vec<ObjectId> {
    state
        .zone_objects(ZoneKind::Battlefield, Some(player))
        .iter()
        .filter(|o| board.get(&o.id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
        .map(|o| o.id)
        .collect()
}

/// CR 101.4, 701.21a: each player, in APNAP order, sacrifices one of their permanents of
/// `types`; `answers.sacrifice` names every chosen permanent (in any order). A player with
/// no such permanent sacrifices nothing; a player with exactly one has no choice to make.
/// Fails (class `choice`) when a player with a choice has none named, or a named permanent
/// isn't one a player may choose, or a player is named twice.
pub(crate) fn each_player_sacrifices(
    state: &mut GameState,
    types: &[CardType],
    answers: &Answers,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let board = board_of(state);
    let named: &[ObjectId] = answers.sacrifice.as_deref().unwrap_or(&[]);
    let mut chosen = Vec::new();
    let mut used = 0usize;
    for p in state.apnap() {
        let options = candidates(state, &board, p, types);
        let picks: Vec<ObjectId> = named.iter().copied().filter(|id| options.contains(id)).collect();
        used = used.saturating_add(picks.len());
        match (options.len(), picks.as_slice()) {
            (0, _) => {}
            (_, [one]) => chosen.push(*one),
            (1, []) => chosen.extend(options.first().copied()),
            (_, []) => {
                return Err(Rejection::MissingChoice(format!(
                    "which permanent {p:?} sacrifices (CR 101.4)"
                )))
            }
            (_, _) => {
                return Err(Rejection::InvalidChoice(format!(
                    "{p:?} sacrifices exactly one permanent (CR 101.4)"
                )))
            }
        }
    }
    if used != named.len() {
        return Err(Rejection::InvalidChoice(
            "a permanent named to sacrifice is not one its controller may choose (CR 101.4)".into(),
        ));
    }
    for id in &chosen {
        ev.push(Event::Sacrificed { object: *id });
    }
    zones::move_batch(state, &chosen, ZoneKind::Graveyard, None, &[], ev);
    Ok(())
}

/// The answers `legal_actions` offers for a resolving "each player sacrifices": every
/// combination of one choice per player who has one (at most `limit` of them).
pub(crate) fn choice_answers(state: &GameState, board: &Board, effect_parts: &[&crate::abilities::Effect], limit: usize) -> Vec<Answers> {
    let mut out = Vec::new();
    for e in effect_parts {
        let crate::abilities::Effect::EachPlayerSacrifices { types } = e else { continue };
        let mut combos: Vec<Vec<ObjectId>> = vec![Vec::new()];
        for p in state.apnap() {
            let options = candidates(state, board, p, types);
            if options.len() < 2 {
                continue;
            }
            let mut next = Vec::new();
            for c in &combos {
                for id in &options {
                    let mut c2 = c.clone();
                    c2.push(*id);
                    next.push(c2);
                }
            }
            next.truncate(limit);
            combos = next;
        }
        out.extend(combos.into_iter().filter(|c| !c.is_empty()).map(|c| Answers { sacrifice: Some(c), ..Answers::default() }));
    }
    out.truncate(limit);
    out
}
