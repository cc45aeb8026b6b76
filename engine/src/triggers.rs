//! Triggered abilities (CR 603): they trigger on events, wait, and are put on the stack the next
//! time a player would receive priority, in APNAP order (CR 603.3b). Within one player's
//! triggers the engine uses timestamp order (the player's choice is not asked yet).

use crate::abilities::{Ability, Trigger};
use crate::events::Event;
use crate::layers::compute_all;
use crate::state::{GameState, PendingTrigger, StackEntry, StackEntryKind, ZoneKind};

/// "At the beginning of your upkeep" (CR 503.1a) or "of combat on your turn" (CR 507.1):
/// abilities of the active player's permanents with that trigger.
pub(crate) fn beginning_of_step(state: &mut GameState, trigger: Trigger) {
    let board = compute_all(state);
    let active = state.active;
    let mut found = Vec::new();
    for obj in state.zone_objects(ZoneKind::Battlefield, Some(active)) {
        let Some(ch) = board.get(&obj.id) else { continue };
        for a in &ch.abilities {
            if let Ability::Triggered(t) = &a.ability {
                if t.trigger == trigger {
                    found.push((obj.id, obj.card, obj.controller, t.effect.clone(), obj.counters.clone()));
                }
            }
        }
    }
    for (source, source_card, controller, effect, source_counters) in found {
        let timestamp = state.new_timestamp();
        state.pending_triggers.push(PendingTrigger {
            source,
            source_card,
            controller,
            effect,
            source_counters,
            timestamp,
            x: None,
        });
    }
}

/// Puts waiting triggers on the stack; returns whether there were any.
pub(crate) fn put_on_stack(state: &mut GameState, ev: &mut Vec<Event>) -> bool {
    if state.pending_triggers.is_empty() {
        return false;
    }
    let mut pending = std::mem::take(&mut state.pending_triggers);
    pending.sort_by_key(|t| t.timestamp);
    for player in state.apnap() {
        for t in pending.iter().filter(|t| t.controller == player) {
            let id = state.new_object_id();
            state.stack.push(StackEntry {
                id,
                controller: t.controller,
                targets: Vec::new(),
                x: t.x,
                kind: StackEntryKind::Ability {
                    source: t.source,
                    source_card: t.source_card,
                    effect: t.effect.clone(),
                    target_specs: Vec::new(),
                    source_counters: t.source_counters.clone(),
                },
            });
            ev.push(Event::AbilityTriggered { source: t.source, controller: t.controller, stack_id: Some(id) });
        }
    }
    true
}
