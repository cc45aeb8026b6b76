//! "Whenever a [land type] [an opponent] controls becomes tapped" triggers once for each
//! permanent of that kind that was on the battlefield untapped and became tapped (CR 603.2e);
//! a permanent entering the battlefield tapped never "becomes tapped" (Kismet's ruling), and
//! untapped permanents that stay untapped trigger nothing.
//!
//! Armed by a step in which, with such a watcher on the battlefield, a permanent it watches
//! became tapped or entered tapped.

use mtg_engine::abilities::{Ability, Relation, Trigger};
use mtg_engine::{Action, Event, ObjectId, PlayerId, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

/// `id`'s only triggered ability, as `board` shows it, if it is a "becomes tapped" one.
pub(crate) fn only_tapped_watcher(board: &mtg_engine::layers::Board, id: ObjectId) -> Option<Trigger> {
    let ch = board.get(&id)?;
    let mut triggers = ch.abilities.iter().filter_map(|a| match &*a.ability {
        Ability::Triggered(t) => Some(t.trigger),
        _ => None,
    });
    let first = triggers.next()?;
    (matches!(first, Trigger::BecomesTapped { .. }) && triggers.next().is_none()).then_some(first)
}

/// Whether the permanent `id` (as `board` shows it, controlled by `controller`) is one the
/// watcher's `trigger`, controlled by `watcher`, looks at.
pub(crate) fn watched(
    board: &mtg_engine::layers::Board,
    trigger: Trigger,
    watcher: PlayerId,
    id: ObjectId,
    controller: PlayerId,
) -> bool {
    let Trigger::BecomesTapped { land_type, controller: rel } = trigger else { return false };
    let related = match rel {
        Relation::You => controller == watcher,
        Relation::Opponent => controller != watcher,
        Relation::Any => true,
    };
    related
        && board.get(&id).is_some_and(|c| land_type.is_none_or(|lt| c.subtypes.iter().any(|s| s == lt.subtype())))
}

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let Ok(events) = t.outcome else { return Ok(false) };
    let (b, a) = (t.before.state(), t.after.state());
    if !b.pending_triggers.is_empty() || matches!(t.action, Action::PutTriggers { .. }) {
        return Ok(false);
    }
    let mut armed = false;
    for w in b.zone_objects(ZoneKind::Battlefield, None) {
        let Some(trigger) = only_tapped_watcher(t.before_board, w.id) else { continue };
        // Permanents that were on the battlefield untapped and were tapped in the step.
        let mut expected = 0usize;
        for e in events {
            let Event::Tapped { object } = e else { continue };
            let Some(o) = b.object(*object) else { continue };
            if o.zone == ZoneKind::Battlefield && !o.tapped && watched(t.before_board, trigger, w.controller, *object, o.controller) {
                expected = expected.saturating_add(1);
            }
        }
        // Permanents that entered tapped: watched, but they never became tapped.
        let entered_tapped = a.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
            b.object(o.id).is_none() && o.tapped && watched(t.after_board, trigger, w.controller, o.id, o.controller)
        });
        if expected == 0 && !entered_tapped {
            continue;
        }
        armed = true;
        let fired = events
            .iter()
            .filter(|e| matches!(e, Event::AbilityTriggered { source, .. } | Event::TriggerRemoved { source, .. } if *source == w.id))
            .count()
            .saturating_add(a.pending_triggers.iter().filter(|p| p.source == w.id).count());
        if fired != expected {
            return Err(Broken::new(
                Invariant::BecomesTappedTriggers,
                format!(
                    "{:?} (\"becomes tapped\") triggered {fired} time(s); {expected} permanent(s) it watches became tapped (CR 603.2e){}",
                    w.id,
                    if entered_tapped { ", one entering tapped" } else { "" }
                ),
            ));
        }
    }
    Ok(armed)
}
