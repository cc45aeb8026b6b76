//! The tap and untap symbols and summoning sickness, as invariants on activations:
//! CR 107.5 (a tapped permanent can't pay {T}), CR 107.6 (an untapped permanent can't pay {Q}),
//! CR 302.6 (a creature without haste that came under its controller's control since their most
//! recent turn began can't pay {T} or {Q}). Checked on every action `legal_actions` lists and on
//! every accepted activation, against the state *before* the action.

use mtg_engine::abilities::Keyword;
use mtg_engine::layers::Board;
use mtg_engine::types::CardType;
use mtg_engine::{Action, GameState, ZoneKind};

use super::{Broken, Invariant};

/// The three rules' preconditions for one activation: the permanent is tapped and the cost has
/// {T} (107.5); untapped and {Q} (107.6); a summoning-sick creature without haste and {T} or {Q}
/// (302.6). Empty when `action` is not an activation of a permanent's ability.
pub(super) fn armed(state: &GameState, board: &Board, action: &Action) -> Vec<(Invariant, bool)> {
    let Action::ActivateAbility { source, ability, .. } = action else { return Vec::new() };
    let Some(obj) = state.object(*source).filter(|o| o.zone == ZoneKind::Battlefield) else { return Vec::new() };
    let Some(ch) = board.get(source) else { return Vec::new() };
    let Some(cost) = ch.activated().get(*ability).map(|a| a.cost.clone()) else { return Vec::new() };
    let sick = cost.has_tap_or_untap() && ch.is(CardType::Creature) && obj.summoning_sick && !ch.has_keyword(Keyword::Haste);
    vec![
        (Invariant::TapSymbol, cost.tap && obj.tapped),
        (Invariant::UntapSymbol, cost.untap && !obj.tapped),
        (Invariant::SummoningSickness, sick),
    ]
}

/// The same preconditions for a list of legal actions: some permanent of the player with
/// priority can't pay its {T} (tapped), {Q} (untapped) or either (sick), so the list must leave
/// those activations out.
pub(super) fn exposed(state: &GameState, board: &Board) -> Vec<(Invariant, bool)> {
    let Some(player) = state.priority else { return Vec::new() };
    let (mut tap, mut untap, mut sick) = (false, false, false);
    for obj in state.zone_objects(ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&obj.id) else { continue };
        for ab in ch.activated() {
            tap |= ab.cost.tap && obj.tapped;
            untap |= ab.cost.untap && !obj.tapped;
            sick |= ab.cost.has_tap_or_untap() && ch.is(CardType::Creature) && obj.summoning_sick && !ch.has_keyword(Keyword::Haste);
        }
    }
    vec![(Invariant::TapSymbol, tap), (Invariant::UntapSymbol, untap), (Invariant::SummoningSickness, sick)]
}

/// Which of the three rules `action` would break if it were carried out in `state`; `None` when
/// it is not an activation with {T} or {Q}, or none is broken.
pub(super) fn unpayable(state: &GameState, board: &Board, action: &Action) -> Option<Broken> {
    let Action::ActivateAbility { source, ability, .. } = action else { return None };
    let obj = state.object(*source)?;
    // {T} and {Q} mean "this permanent": off the battlefield they can't be paid at all, which is
    // the engine's `object` rejection, not these rules.
    if obj.zone != ZoneKind::Battlefield {
        return None;
    }
    let ch = board.get(source)?;
    let cost = &ch.activated().get(*ability)?.cost;
    let name = &ch.name;
    if cost.tap && obj.tapped {
        return Some(Broken::new(Invariant::TapSymbol, format!("tapped {name} ({source:?}) pays {{T}} of ability {ability}")));
    }
    if cost.untap && !obj.tapped {
        return Some(Broken::new(Invariant::UntapSymbol, format!("untapped {name} ({source:?}) pays {{Q}} of ability {ability}")));
    }
    if cost.has_tap_or_untap() && ch.is(CardType::Creature) && obj.summoning_sick && !ch.has_keyword(Keyword::Haste) {
        return Some(Broken::new(
            Invariant::SummoningSickness,
            format!("{name} ({source:?}), a creature under its controller's control only since this turn began and without haste, pays {{T}}/{{Q}} of ability {ability}"),
        ));
    }
    None
}
