//! "Whenever this deals damage" triggers only on damage dealt (CR 603.2g: damage that is all
//! prevented isn't dealt, so it triggers nothing), once per damage event, for that much: a
//! permanent whose only triggered ability is "whenever this deals damage" triggers in a step
//! exactly when it dealt damage in it, at most once per damage event it dealt, and its
//! triggers' amounts add up to the damage it dealt.
//!
//! Armed by a step in which such a permanent dealt damage, or was attacking as the combat
//! damage step began (its damage dealt, or prevented).

use mtg_engine::abilities::{Ability, Trigger};
use mtg_engine::{Action, Event, ObjectId, Step, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

/// Whether `id`'s only triggered ability, as `board` shows it, is "whenever this deals damage".
pub(crate) fn only_damage_trigger(board: &mtg_engine::layers::Board, id: ObjectId) -> bool {
    let Some(ch) = board.get(&id) else { return false };
    let mut triggers = ch.abilities.iter().filter_map(|a| match &*a.ability {
        Ability::Triggered(t) => Some(t.trigger),
        _ => None,
    });
    triggers.next() == Some(Trigger::ThisDealsDamage) && triggers.next().is_none()
}

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let Ok(events) = t.outcome else { return Ok(false) };
    let (b, a) = (t.before.state(), t.after.state());
    if !b.pending_triggers.is_empty() || matches!(t.action, Action::PutTriggers { .. }) {
        return Ok(false);
    }
    let combat_damage_began = events.iter().any(|e| matches!(e, Event::StepBegan { step: Step::CombatDamage, .. }));
    let mut armed = false;
    for w in b.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| o.id) {
        if !only_damage_trigger(t.before_board, w) {
            continue;
        }
        let dealt: Vec<u32> = events
            .iter()
            .filter_map(|e| match e {
                Event::DamageDealt { source: Some(s), amount, .. } if *s == w => Some(*amount),
                _ => None,
            })
            .collect();
        let total: u32 = dealt.iter().fold(0u32, |x, y| x.saturating_add(*y));
        let attacking = b.combat.attackers.contains(&w) && combat_damage_began;
        if total == 0 && !attacking {
            continue;
        }
        armed = true;
        // This step's triggers of `w`: on the stack now (put there in the step) or waiting.
        let on_stack: Vec<u32> = a
            .stack
            .iter()
            .filter(|s| !b.stack.iter().any(|o| o.id == s.id))
            .filter_map(|s| match &s.kind {
                mtg_engine::state::StackEntryKind::Ability { source, event, .. } if *source == w => Some(event.amount),
                _ => None,
            })
            .collect();
        let waiting: Vec<u32> = a.pending_triggers.iter().filter(|p| p.source == w).map(|p| p.event.amount).collect();
        let amounts: Vec<u32> = on_stack.into_iter().chain(waiting).collect();
        let triggered: u32 = amounts.iter().fold(0u32, |x, y| x.saturating_add(*y));
        let fired = amounts.len();
        let ok = if total == 0 { fired == 0 } else { fired >= 1 && fired <= dealt.len() && triggered == total };
        if !ok {
            return Err(Broken::new(
                Invariant::DamageTriggersOnDealtDamage,
                format!(
                    "{w:?} (\"whenever this deals damage\") triggered {fired} time(s) for {triggered} damage; it dealt {total} in {} event(s) (CR 603.2g)",
                    dealt.len()
                ),
            ));
        }
    }
    Ok(armed)
}
