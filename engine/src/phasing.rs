//! Phasing (CR 702.26): a permanent phases out without leaving the battlefield and is treated as
//! though it doesn't exist until it phases in. `Object::on_battlefield` and
//! `GameState::zone_objects` are how the rest of the engine doesn't see it (CR 702.26b); this
//! module changes the status, in the untap step (CR 502.1) and for "phases out" effects.
use crate::abilities::Keyword;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::state::{GameState, PhasedOut, ZoneKind};

/// `id` phases out under its controller's control (CR 702.26b), and with it, indirectly, what is
/// attached to it (CR 702.26g-h); each leaves combat (CR 506.4). A permanent already phased out
/// is left as it is.
pub(crate) fn phase_out(state: &mut GameState, id: ObjectId, ev: &mut Vec<Event>) {
    let Some(under) = state.object(id).filter(|o| o.on_battlefield()).map(|o| o.controller) else { return };
    let mut all = vec![(id, false)];
    // What is attached, and what is attached to that (an Aura on an Equipment), each indirectly.
    let mut i = 0;
    while let Some(&(holder, _)) = all.get(i) {
        for o in state.objects.values() {
            if o.attached_to == Some(holder) && o.on_battlefield() && !all.iter().any(|(x, _)| *x == o.id) {
                all.push((o.id, true));
            }
        }
        i += 1;
    }
    for (object, indirectly) in all {
        if let Some(o) = state.object_mut(object) {
            o.phased_out = Some(PhasedOut { under, indirectly });
        }
        remove_from_combat(state, object);
        ev.push(Event::PhasedOut { object });
    }
}

/// CR 506.4: a permanent that phases out is removed from combat; an attacker it blocked stays
/// blocked (CR 509.1h).
fn remove_from_combat(state: &mut GameState, id: ObjectId) {
    state.combat.attackers.retain(|a| *a != id);
    state.combat.blocks.retain(|(b, a)| *b != id && *a != id);
    state.combat.struck_first.retain(|c| *c != id);
}

/// CR 502.1, 702.26a: in `active`'s untap step, all at once, the phased-in permanents with
/// phasing they control phase out and the permanents that phased out directly under their
/// control phase in, each with what phased out indirectly with it (CR 702.26g).
pub(crate) fn untap_step(state: &mut GameState, active: PlayerId, ev: &mut Vec<Event>) {
    let board = crate::layers::board_of(state);
    let going: Vec<ObjectId> = state
        .zone_objects(ZoneKind::Battlefield, Some(active))
        .iter()
        .filter(|o| board.get(&o.id).is_some_and(|c| c.has_keyword(Keyword::Phasing)))
        .map(|o| o.id)
        .collect();
    let coming: Vec<ObjectId> = state
        .objects
        .values()
        .filter(|o| o.zone == ZoneKind::Battlefield)
        .filter(|o| o.phased_out.is_some_and(|p| p.under == active && !p.indirectly))
        .map(|o| o.id)
        .collect();
    for id in coming {
        phase_in(state, id, ev);
    }
    for id in going {
        phase_out(state, id, ev);
    }
}

/// `id` phases in (CR 702.26c), with what phased out indirectly attached to it (CR 702.26g).
fn phase_in(state: &mut GameState, id: ObjectId, ev: &mut Vec<Event>) {
    let mut all = vec![id];
    let mut i = 0;
    while let Some(&holder) = all.get(i) {
        for o in state.objects.values() {
            let indirect = o.phased_out.is_some_and(|p| p.indirectly);
            if o.attached_to == Some(holder) && indirect && !all.contains(&o.id) {
                all.push(o.id);
            }
        }
        i += 1;
    }
    for object in all {
        if let Some(o) = state.object_mut(object) {
            o.phased_out = None;
        }
        ev.push(Event::PhasedIn { object });
    }
}
