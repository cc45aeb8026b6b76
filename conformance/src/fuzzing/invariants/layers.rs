//! The layer system (CR 613) as an invariant of every position: within a layer, effects apply in
//! timestamp order (CR 613.7) or as dependency orders them (CR 613.8), so an object's
//! characteristics don't depend on the order in which the game happens to list its continuous
//! effects. Checked by listing the effects in reverse and asking the engine again about every
//! object on the battlefield.
//!
//! Armed when two effects apply to one object with parts in one layer (where their order could
//! matter); the mutant `EffectsInListOrder` applies them in the order they are listed.

use mtg_engine::state::{ContinuousEffect, Effects};
use mtg_engine::{GameState, ObjectId, ZoneKind};

use super::{Broken, Invariant, RulesGame};

/// Whether two effects apply to a common object with parts in a common layer.
fn overlap(a: &ContinuousEffect, b: &ContinuousEffect) -> bool {
    let layers = |e: &ContinuousEffect| -> Vec<mtg_engine::abilities::Layer> {
        e.modifications.iter().flat_map(|m| m.parts().iter().map(|p| p.layer(false))).collect()
    };
    let (la, lb) = (layers(a), layers(b));
    a.affected.iter().any(|o| b.affected.contains(o)) && la.iter().any(|l| lb.contains(l))
}

/// `state` with its continuous effects listed in reverse.
fn reversed(state: &GameState) -> GameState {
    let mut s = state.clone();
    let mut list: Vec<ContinuousEffect> = state.effects.to_vec();
    list.reverse();
    s.effects = Effects::from(list);
    s
}

/// Returns whether the check was armed.
pub(super) fn listing_order<G: RulesGame>(game: &G) -> Result<bool, Broken> {
    let state = game.state();
    let effects: &[ContinuousEffect] = &state.effects;
    if effects.len() < 2 {
        return Ok(false);
    }
    let armed = effects.iter().enumerate().any(|(i, a)| effects.iter().skip(i + 1).any(|b| overlap(a, b)));
    let other = G::from_state(reversed(state));
    let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| o.id).collect();
    for id in ids {
        let (listed, reversed) = (game.object_view(id), other.object_view(id));
        if listed != reversed {
            return Err(Broken::new(
                Invariant::EffectsListingOrder,
                format!(
                    "{id:?}'s characteristics change when its continuous effects are listed in reverse: {listed:?} as listed, {reversed:?} reversed"
                ),
            ));
        }
    }
    Ok(armed)
}
