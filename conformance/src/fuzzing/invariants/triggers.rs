//! Triggered abilities trigger once per event (CR 603.2c: "once for each" time the event
//! occurs) and leaves-the-battlefield abilities look back in time (CR 603.10a): a permanent whose
//! only triggered ability is "whenever a creature dies" gets exactly one trigger per creature
//! that died while it stayed on the battlefield; if it left during the step, at least one (its
//! own death, or the deaths it left with, CR 603.10a) and at most one per death.
//!
//! Likewise a permanent whose only triggered ability is "when this dies" triggers once if it
//! died in the step and never otherwise.
//!
//! Armed by a step in which a creature died with such a permanent on the battlefield before it
//! (the mutant `DiesTriggersForgetLeavers` drops the triggers of watchers that left).

use mtg_engine::abilities::{Ability, Trigger};
use mtg_engine::{Action, Event, ObjectId, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

/// Whether `id`'s only triggered ability, as `board` shows it, is `trigger`.
fn only_trigger(board: &mtg_engine::layers::Board, id: ObjectId, trigger: Trigger) -> bool {
    let Some(ch) = board.get(&id) else { return false };
    let mut triggers = ch.abilities.iter().filter_map(|a| match &*a.ability {
        Ability::Triggered(t) => Some(t.trigger),
        _ => None,
    });
    triggers.next() == Some(trigger) && triggers.next().is_none()
}

/// Whether `id`'s only triggered ability, as `board` shows it, is "whenever a creature dies".
pub(super) fn only_dies_watcher(board: &mtg_engine::layers::Board, id: ObjectId) -> bool {
    only_trigger(board, id, Trigger::ACreatureDies)
}

/// Whether `id`'s only triggered ability is "when this dies", with no condition of its own:
/// undying's "if it had no +1/+1 counters on it" is an intervening "if" (CR 702.93a, 603.4), so
/// a death with a +1/+1 counter rightly triggers nothing, which this count can't tell.
fn only_this_dies(board: &mtg_engine::layers::Board, id: ObjectId) -> bool {
    let conditional = board.get(&id).is_some_and(|ch| {
        ch.abilities.iter().any(|a| match &*a.ability {
            Ability::Triggered(t) => t.condition.is_some() || t.effect == mtg_engine::abilities::Effect::ReturnDiedWithCounter,
            _ => false,
        })
    });
    !conditional && only_trigger(board, id, Trigger::Dies)
}

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let Ok(events) = t.outcome else { return Ok(false) };
    let (b, a) = (t.before.state(), t.after.state());
    // Triggers already waiting, or being put on the stack, are not this step's.
    if !b.pending_triggers.is_empty() || matches!(t.action, Action::PutTriggers { .. }) {
        return Ok(false);
    }
    let on_battlefield_before: Vec<ObjectId> = b.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| o.id).collect();
    // Every permanent leaving must be one the step started with, so its kind is known.
    let mut deaths = 0u32;
    for e in events {
        if let Event::ZoneChanged { old, from: ZoneKind::Battlefield, to, .. } = e {
            if !on_battlefield_before.contains(old) {
                return Ok(false);
            }
            let creature = t.before_board.get(old).is_some_and(|c| c.is(mtg_engine::types::CardType::Creature));
            if *to == ZoneKind::Graveyard && creature {
                deaths = deaths.saturating_add(1);
            }
        }
    }
    if deaths == 0 {
        return Ok(false);
    }
    let mut armed = false;
    let died = |id: &ObjectId| {
        events.iter().any(|e| matches!(e, Event::ZoneChanged { old, from: ZoneKind::Battlefield, to: ZoneKind::Graveyard, .. } if old == id))
            && t.before_board.get(id).is_some_and(|c| c.is(mtg_engine::types::CardType::Creature))
    };
    let fired_by = |w: &ObjectId| {
        let n = events
            .iter()
            .filter(|e| matches!(e, Event::AbilityTriggered { source, .. } | Event::TriggerRemoved { source, .. } if source == w))
            .count()
            .saturating_add(a.pending_triggers.iter().filter(|p| p.source == *w).count());
        u32::try_from(n).unwrap_or(u32::MAX)
    };
    for w in on_battlefield_before.iter().filter(|id| only_this_dies(t.before_board, **id)) {
        armed = true;
        let (fired, expected) = (fired_by(w), u32::from(died(w)));
        if fired != expected {
            return Err(Broken::new(
                Invariant::TriggersOncePerEvent,
                format!("{w:?} (\"when this dies\") triggered {fired} time(s); it died {expected} time(s)"),
            ));
        }
    }
    for w in on_battlefield_before.iter().filter(|id| only_dies_watcher(t.before_board, **id)) {
        armed = true;
        let fired = fired_by(w);
        let stayed = a.object(*w).is_some_and(|o| o.zone == ZoneKind::Battlefield);
        let ok = if stayed { fired == deaths } else { (1..=deaths).contains(&fired) };
        if !ok {
            return Err(Broken::new(
                Invariant::TriggersOncePerEvent,
                format!(
                    "{w:?} (\"whenever a creature dies\") triggered {fired} time(s) for {deaths} creature death(s){}",
                    if stayed { "" } else { ", leaving the battlefield itself during the step" }
                ),
            ));
        }
    }
    Ok(armed)
}
