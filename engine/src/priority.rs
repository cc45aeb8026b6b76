//! Priority (CR 117): state-based actions and waiting triggers before a player receives
//! priority (CR 704.3, 117.5), passing, and what happens when all players pass in succession
//! (CR 117.4): the top of the stack resolves, or the step ends.

use crate::actions::Answers;
use crate::events::Event;
use crate::ids::PlayerId;
use crate::rejection::Rejection;
use crate::state::{GameState, TriggerWait};
use crate::{combat, sba, stack, triggers, turn};

/// Bound on SBA/trigger rounds: each round removes objects or counters or empties the trigger
/// list, so real games settle in a few rounds; the bound protects against fuzzed states.
const MAX_SETTLE_ROUNDS: u32 = 1000;

/// CR 704.3: SBAs until none apply, then triggers on the stack, repeated. Returns whether
/// anything happened, and the player whose triggers wait for a decision, if any. `answers`
/// carries the choices of the pass that led here (the legend rule's, CR 704.5j); without
/// them the engine chooses (see `sba::check`), so it can't fail.
fn settle_inner(
    state: &mut GameState,
    answers: Option<&Answers>,
    ev: &mut Vec<Event>,
) -> Result<(bool, Option<PlayerId>), Rejection> {
    let mut any = false;
    let mut settled = false;
    for _ in 0..MAX_SETTLE_ROUNDS {
        let ended = crate::layers::end_control_durations(state);
        if ended > 0 {
            // Neither a state-based action nor a trigger: alone, it gives no priority in the
            // cleanup step (CR 514.3a); what the control change causes is counted below.
            ev.push(Event::EffectsEnded { count: ended });
        }
        if sba::check(state, answers, ev)? {
            any = true;
            continue;
        }
        if state.is_over() {
            settled = true;
            break;
        }
        // Events seen as the game looks (CR 603.7a: losing control of an object).
        triggers::control_lost(state);
        match triggers::put_on_stack(state, ev) {
            triggers::Placement::Progress => {
                any = true;
                continue;
            }
            triggers::Placement::Wait(p) => return Ok((true, Some(p))),
            triggers::Placement::Nothing => {
                settled = true;
                break;
            }
        }
    }
    if !settled {
        // State-based actions (or triggers) that never stop: a loop of mandatory actions, so
        // the game is a draw (CR 104.4b), e.g. a loss of the game replaced again at every check.
        crate::game_loss::draw(state, ev);
    }
    Ok((any, None))
}

/// `settle_inner` without answers. Returns whether anything happened (a wait included).
pub(crate) fn settle(state: &mut GameState, ev: &mut Vec<Event>) -> bool {
    settle_inner(state, None, ev).map(|(any, _)| any).unwrap_or(true)
}

/// `player` receives priority (after SBAs and triggers); nobody does once the game is over.
/// If a player must first put triggered abilities on the stack, they get to act first.
pub(crate) fn give_priority(state: &mut GameState, player: PlayerId, ev: &mut Vec<Event>) {
    // Without answers the engine makes every choice itself, so this can't fail.
    let _ = give_priority_with(state, player, None, ev);
}

pub(crate) fn give_priority_with(
    state: &mut GameState,
    player: PlayerId,
    answers: Option<&Answers>,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let (_, wait) = settle_inner(state, answers, ev)?;
    state.passes = 0;
    state.trigger_wait = None;
    state.priority = if state.is_over() {
        None
    } else if let Some(w) = wait {
        state.trigger_wait = Some(TriggerWait { player: w, then: player });
        Some(w)
    } else {
        Some(player)
    };
    Ok(())
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
        // Passing while the declaration is due declares no attackers (CR 508.1a allows none).
        // That is the turn-based action, not a pass of priority: afterwards the active player
        // receives priority (CR 508.1m, 117.3a), once waiting triggers are on the stack.
        return combat::declare(state, player, Vec::new(), ev);
    }
    if state.combat.awaiting_blocks {
        // Likewise, passing while blockers are due declares none (CR 509.1a).
        return combat::declare_blockers(state, player, Vec::new(), ev);
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
        // The legend to keep (CR 704.5j) may be named as the object that becomes it (the spell,
        // or a card the resolution puts onto the battlefield): once there it is a new object
        // (CR 400.7), the one its card now is.
        let card = answers.keep.and_then(|k| state.object(k)).and_then(|o| o.card);
        stack::resolve_top(state, answers, ev)?;
        let now = card.and_then(|c| state.cards.get(usize::try_from(c.0).ok()?)).and_then(|r| r.object);
        let followed;
        let answers = match (answers.keep, now) {
            (Some(k), Some(n)) if n != k => {
                followed = Answers { keep: Some(n), ..answers.clone() };
                &followed
            }
            _ => answers,
        };
        // CR 117.3b: the active player receives priority after resolution.
        let active = state.active;
        give_priority_with(state, active, Some(answers), ev)
    }
}
