//! Durations of continuous effects (CR 611.2a), checked whenever a turn ends:
//! - "until end of turn" effects end in the cleanup step (CR 514.2), so none that existed when a
//!   turn was under way is still there once the next turn has begun;
//! - "until your next turn" effects (Crystalline Resonance's copy effect) end as that player's
//!   next turn begins (CR 611.2a; Crystalline Resonance ruling 2020-04-17-2), so none is still
//!   there once a turn of that player has begun after it was created.
//!
//! Armed by a turn change with such an effect to end (each has a mutant that keeps it).

use mtg_engine::state::{ContinuousEffect, Duration, GameState};

use super::{Broken, Invariant, RulesGame, Transition};
use crate::fuzzing::reach::Reach;

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>, reach: &mut Reach) -> Result<bool, Broken> {
    let (b, a) = (t.before.state(), t.after.state());
    if a.turn == b.turn {
        return Ok(false);
    }
    let mut armed = false;
    for e in &b.effects {
        if !ends(e, a) {
            continue;
        }
        armed = true;
        if a.effects.iter().any(|n| n.timestamp == e.timestamp) {
            let what = match e.duration {
                Duration::EndOfTurn => "an \"until end of turn\" effect".to_string(),
                _ => format!("an \"until your next turn\" effect of {:?}", a.active),
            };
            return Err(Broken::new(
                Invariant::Durations,
                format!("{what} (timestamp {}) survived into turn {}", e.timestamp, a.turn),
            ));
        }
        match e.duration {
            Duration::EndOfTurn => reach.end_of_turn_ended = reach.end_of_turn_ended.saturating_add(1),
            _ => reach.next_turn_ended = reach.next_turn_ended.saturating_add(1),
        }
    }
    Ok(armed)
}

/// Whether effect `e` must have ended once the game is in `after`, a turn later (CR 611.2a).
pub(super) fn ends(e: &ContinuousEffect, after: &GameState) -> bool {
    match e.duration {
        Duration::EndOfTurn => true,
        Duration::UntilNextTurnOf(p) => p == after.active,
        // Not tied to turns: it ends when its source changes controller or leaves (CR 611.2b).
        Duration::Indefinite | Duration::WhileControls { .. } => false,
    }
}
