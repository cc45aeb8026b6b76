//! A replacement effect applies at most once to an event (CR 614.5; CR 616.1: each one chosen
//! is applied, then only the others are checked again): checked on every transition that
//! begins a combat damage step, with the damage doublers ("if a creature you control would deal
//! damage to a permanent or player, it deals double that damage instead"). An attacking
//! creature with power P under k such effects of its controller deals at most P × 2^k combat
//! damage in the step, and exactly that when nothing may prevent some of it (CR 614.5 Example:
//! two of them make 2 damage 8).
//!
//! Armed by an attacking creature dealing combat damage under at least one doubler.

use mtg_engine::abilities::StaticAbility;
use mtg_engine::layers::Board;
use mtg_engine::{Event, GameState, ObjectId, ZoneKind};

use super::combat::{began_combat_damage, prevention_possible};
use super::{Broken, Invariant, RulesGame, Transition};

/// How many damage doublers apply to the damage `creature` would deal: those on the battlefield
/// under its controller's control.
pub(crate) fn doublers(state: &GameState, board: &Board, creature: ObjectId) -> u32 {
    let Some(controller) = state.object(creature).filter(|o| o.zone == ZoneKind::Battlefield).map(|o| o.controller) else {
        return 0;
    };
    let mut n = 0u32;
    for o in state.zone_objects(ZoneKind::Battlefield, Some(controller)) {
        let Some(ch) = board.get(&o.id) else { continue };
        n = n.saturating_add(
            u32::try_from(ch.statics().filter(|(st, _)| matches!(st, StaticAbility::DoubleDamageFromCreaturesYouControl)).count())
                .unwrap_or(u32::MAX),
        );
    }
    n
}

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let Ok(events) = t.outcome else { return Ok(false) };
    if !began_combat_damage(events) {
        return Ok(false);
    }
    let before = t.before.state();
    let mut armed = false;
    for a in &before.combat.attackers {
        let k = doublers(before, t.before_board, *a);
        let dealt: u32 = events
            .iter()
            .filter_map(|e| match e {
                Event::DamageDealt { source: Some(s), amount, .. } if s == a => Some(*amount),
                _ => None,
            })
            .sum();
        if k == 0 || dealt == 0 {
            continue;
        }
        armed = true;
        let power = super::combat::assigns(before, t.before_board, *a);
        let bound = power.saturating_mul(2u32.saturating_pow(k));
        if dealt > bound || (dealt != bound && !prevention_possible(t)) {
            return Err(Broken::new(
                Invariant::ReplacementOnce,
                format!(
                    "attacking creature {a:?} with power {power} under {k} damage doubler(s) dealt {dealt} combat damage in one step, not {bound}"
                ),
            ));
        }
    }
    Ok(armed)
}
