//! The layer system (CR 613) as an invariant of every position: within a layer, effects apply in
//! timestamp order (CR 613.7) or as dependency orders them (CR 613.8), so an object's
//! characteristics don't depend on the order in which the game happens to list its continuous
//! effects. Checked by listing the effects in reverse and asking the engine again about every
//! object on the battlefield.
//!
//! Armed when two effects apply to one object with parts in one layer (where their order could
//! matter); the mutant `EffectsInListOrder` applies them in the order they are listed.
//!
//! And CR 613.6 ([`same_objects`]): an effect of a static ability that applies in several layers
//! applies to the same objects in each, the set decided in its first layer, as the engine's
//! trace of the computation shows. Armed when such an effect applied in two layers or more to
//! some object; the mutant `FilterReadAgain` reads the ability's text again in its later
//! layers.

use mtg_engine::abilities::{Ability, StaticAbility};
use mtg_engine::layers::Board;
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

/// Whether some static ability on `board` has an effect with parts in two layers or more (so
/// the trace is worth computing).
fn spans_layers(board: &Board) -> bool {
    board.values().any(|c| {
        c.abilities.iter().any(|a| match &*a.ability {
            Ability::Static(StaticAbility::Continuous { modification, cda, .. }) => {
                modification.parts().windows(2).any(|w| w[0].layer(*cda) != w[1].layer(*cda))
            }
            _ => false,
        })
    })
}

/// CR 613.6 on the engine's trace: every application of a static ability's effect after its
/// first is to the set of objects its first was to. Returns whether the check was armed.
pub(super) fn same_objects<G: RulesGame>(game: &G, board: &Board) -> Result<bool, Broken> {
    if !spans_layers(board) {
        return Ok(false);
    }
    let trace = game.layer_trace();
    let mut armed = false;
    for e in &trace.effects {
        let Some(((first_layer, first), rest)) = e.layers.split_first() else { continue };
        let sorted = |v: &[ObjectId]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v.dedup();
            v
        };
        let want = sorted(first);
        for (layer, objects) in rest {
            if *layer != *first_layer && !want.is_empty() {
                armed = true;
            }
            let got = sorted(objects);
            if got != want {
                return Err(Broken::new(
                    Invariant::SameObjectsAcrossLayers,
                    format!(
                        "the effect of {:?}'s static ability applied to {want:?} in layer {first_layer:?} and to {got:?} in layer {layer:?}",
                        e.source
                    ),
                ));
            }
        }
    }
    Ok(armed)
}
