//! Chimeric Mass rulings (2011-01-01) as invariants of every position:
//! - 2011-01-01-3: while it is a creature, its power and toughness are the number of charge
//!   counters on it, changing as the counters change. Checked when nothing else could apply to
//!   its P/T: no +1/+1 or -1/-1 counters (CR 613.4c), no continuous effect from a resolved spell
//!   or ability affecting it other than its own animation, and no static P/T effect of another
//!   permanent;
//! - 2011-01-01-4 with CR 704.5f: animated with no charge counters it is a 0/0 creature and is
//!   put into the graveyard as a state-based action, so no player ever has priority while it is
//!   on the battlefield that way.
//!
//! Observed through `object_view`, the engine's answer to "what are its P/T".

use mtg_engine::abilities::{Ability, Modification, StaticAbility};
use mtg_engine::layers::Board;
use mtg_engine::{GameState, ObjectId, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};
use crate::fuzzing::reach::Reach;

pub const CHIMERIC_MASS: &str = "Chimeric Mass";

/// A modification that sets or changes P/T (layer 7).
fn touches_pt(m: &Modification) -> bool {
    match m {
        Modification::SetPt { .. }
        | Modification::ModifyPt { .. }
        | Modification::SwitchPt
        | Modification::SetPtToCounters { .. } => true,
        Modification::AddAbility(a) => matches!(&**a, Ability::Static(StaticAbility::Continuous { modification, .. }) if touches_pt(modification)),
        _ => false,
    }
}

/// Only its own animation (types + the granted "P/T equal to charge counters") applies to the
/// P/T of `id`.
fn nothing_else_applies(state: &GameState, board: &Board, id: ObjectId) -> bool {
    let Some(obj) = state.object(id) else { return false };
    if ["+1/+1", "-1/-1"].iter().any(|k| obj.counters.get(*k).copied().unwrap_or(0) > 0) {
        return false;
    }
    let own_animation = |m: &Modification| match m {
        Modification::SetTypes { .. } => true,
        Modification::AddAbility(a) => matches!(
            &**a,
            Ability::Static(StaticAbility::Continuous { modification: Modification::SetPtToCounters { kind }, .. }) if kind == "charge"
        ),
        _ => false,
    };
    let effects_ok = state
        .effects
        .iter()
        .filter(|e| e.affected.contains(&id))
        .all(|e| e.modifications.iter().all(own_animation));
    let statics_ok = state.zone_objects(ZoneKind::Battlefield, None).iter().filter(|o| o.id != id).all(|o| {
        board.get(&o.id).is_none_or(|ch| {
            ch.statics().all(|(s, _)| !matches!(s, StaticAbility::Continuous { modification, .. } if touches_pt(modification)))
        })
    });
    effects_ok && statics_ok
}

/// Whether a P/T-setting effect other than its own animation (layer 7b) and a P/T-modifying
/// effect or P/T counters (layer 7c) both apply to `id`: the layered case of the ruling.
fn set_and_modified(state: &GameState, id: ObjectId) -> bool {
    let mods = || state.effects.iter().filter(|e| e.affected.contains(&id)).flat_map(|e| e.modifications.iter());
    let set = mods().any(|m| matches!(m, Modification::SetPt { .. }));
    let counters = state.object(id).is_some_and(|o| ["+1/+1", "-1/-1"].iter().any(|k| o.counters.get(*k).copied().unwrap_or(0) > 0));
    let modified = counters || mods().any(|m| matches!(m, Modification::ModifyPt { .. }));
    set && modified
}

/// Returns whether the P/T half was armed: an animated Mass with nothing else applying was
/// compared with its charge counters.
pub(super) fn check<G: RulesGame>(game: &G, board: &Board, pt: bool, dies: bool, reach: &mut Reach) -> Result<bool, Broken> {
    let state = game.state();
    let mut armed = false;
    for obj in state.zone_objects(ZoneKind::Battlefield, None) {
        if obj.def != CHIMERIC_MASS {
            continue;
        }
        let Some(view) = game.object_view(obj.id) else { continue };
        if !view.types.iter().any(|t| t == "Creature") {
            continue;
        }
        reach.mass_animated = reach.mass_animated.saturating_add(1);
        if set_and_modified(state, obj.id) {
            reach.mass_set_and_modified = reach.mass_set_and_modified.saturating_add(1);
        }
        if !nothing_else_applies(state, board, obj.id) {
            continue;
        }
        armed = true;
        let charge = i32::try_from(obj.counters.get("charge").copied().unwrap_or(0)).unwrap_or(i32::MAX);
        if pt && (view.power != Some(charge) || view.toughness != Some(charge)) {
            return Err(Broken::new(
                Invariant::ChimericMassPt,
                format!("animated Chimeric Mass ({:?}) with {charge} charge counter(s) is {:?}/{:?}", obj.id, view.power, view.toughness),
            ));
        }
        if dies && charge == 0 && state.priority.is_some() && !state.is_over() && !state.combat.awaiting_declaration {
            return Err(Broken::new(
                Invariant::ChimericMassDies,
                format!("animated Chimeric Mass ({:?}) with no charge counters is on the battlefield while a player has priority", obj.id),
            ));
        }
    }
    Ok(armed)
}

/// The "dies" half is armed by a step after which an animated Mass with no charge counters is
/// on the battlefield (the check then requires that no one has priority) or after which a Mass
/// with no charge counters went from the battlefield to the graveyard without being sacrificed
/// (the state-based action the ruling describes).
pub(super) fn dies_armed<G: RulesGame>(t: &Transition<'_, G>) -> bool {
    let Ok(events) = t.outcome else { return false };
    let zero = |o: &mtg_engine::state::Object| o.counters.get("charge").copied().unwrap_or(0) == 0;
    let died = events.iter().any(|e| match e {
        mtg_engine::Event::ZoneChanged { old, from: ZoneKind::Battlefield, to: ZoneKind::Graveyard, .. } => {
            t.before.state().object(*old).is_some_and(|o| o.def == CHIMERIC_MASS && zero(o))
                && !events.iter().any(|x| matches!(x, mtg_engine::Event::Sacrificed { object } if object == old))
        }
        _ => false,
    });
    let stays = t.after.state().zone_objects(ZoneKind::Battlefield, None).into_iter().any(|o| {
        o.def == CHIMERIC_MASS && zero(o) && t.after_board.get(&o.id).is_some_and(|c| c.is(mtg_engine::types::CardType::Creature))
    });
    died || stays
}
