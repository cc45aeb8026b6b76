//! Priority (CR 117): state-based actions and waiting triggers before a player receives
//! priority (CR 704.3, 117.5), passing, and what happens when all players pass in succession
//! (CR 117.4): the top of the stack resolves, or the step ends.

use crate::actions::Answers;
use crate::events::Event;
use crate::ids::PlayerId;
use crate::rejection::Rejection;
use crate::state::GameState;
use crate::{combat, sba, stack, triggers, turn};

/// Bound on SBA/trigger rounds: each round removes objects or counters or empties the trigger
/// list, so real games settle in a few rounds; the bound protects against fuzzed states.
const MAX_SETTLE_ROUNDS: u32 = 1000;

/// CR 704.3: SBAs until none apply, then triggers on the stack, repeated. Returns whether
/// anything happened.
pub(crate) fn settle(state: &mut GameState, ev: &mut Vec<Event>) -> bool {
    let mut any = false;
    for _ in 0..MAX_SETTLE_ROUNDS {
        if sba::check(state, ev) {
            any = true;
            continue;
        }
        if state.is_over() {
            break;
        }
        if triggers::put_on_stack(state, ev) {
            any = true;
            continue;
        }
        break;
    }
    any
}

/// `player` receives priority (after SBAs and triggers); nobody does once the game is over.
pub(crate) fn give_priority(state: &mut GameState, player: PlayerId, ev: &mut Vec<Event>) {
    settle(state, ev);
    state.passes = 0;
    state.priority = if state.is_over() { None } else { Some(player) };
}

/// `player` passes priority (CR 117.3d). The last pass of a round resolves the top of the
/// stack or ends the step, using `answers` for the choices that needs.
pub(crate) fn pass(
    state: &mut GameState,
    player: PlayerId,
    answers: &Answers,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if state.combat.awaiting_declaration {
        // Passing instead of declaring attackers declares none (CR 508.1a allows none).
        combat::declare(state, player, Vec::new(), ev)?;
    }
    ev.push(Event::PriorityPassed { player });
    state.passes = state.passes.saturating_add(1);
    let everyone = u32::try_from(state.players.len()).unwrap_or(u32::MAX);
    if state.passes < everyone {
        state.priority = Some(player.opponent());
        return Ok(());
    }
    state.passes = 0;
    if state.stack.is_empty() {
        turn::end_step(state, answers, ev)
    } else {
        stack::resolve_top(state, answers, ev)?;
        // CR 117.3b: the active player receives priority after resolution.
        let active = state.active;
        give_priority(state, active, ev);
        Ok(())
    }
}
