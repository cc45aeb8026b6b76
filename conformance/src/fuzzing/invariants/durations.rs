//! Durations of continuous effects (CR 611.2a), as the engine exposes them:
//! - "until end of turn" effects end in the cleanup step (CR 514.2), so none created in a turn
//!   is still there once the next turn has begun;
//! - copy effects that last "until your next turn" (Layer 1, CR 707) end before their
//!   controller's next turn. The engine's `Duration` has no such variant yet, so that half is
//!   vacuous for now: it is written against the serialized duration's name (any variant whose
//!   name mentions "NextTurn"), so it starts checking when the engine adds one, without a code
//!   change here.

use mtg_engine::state::{ContinuousEffect, Duration};

use super::{Broken, Invariant, RulesGame, Transition};

fn ends_at_next_turn(e: &ContinuousEffect) -> bool {
    serde_json::to_string(&e.duration).map(|s| s.contains("NextTurn")).unwrap_or(false)
}

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<(), Broken> {
    let (b, a) = (t.before.state(), t.after.state());
    if a.turn == b.turn {
        return Ok(());
    }
    for e in &a.effects {
        let existed = b.effects.iter().any(|old| old.timestamp == e.timestamp);
        if !existed {
            continue;
        }
        if e.duration == Duration::EndOfTurn {
            return Err(Broken::new(
                Invariant::Durations,
                format!("an \"until end of turn\" effect (timestamp {}) survived into turn {}", e.timestamp, a.turn),
            ));
        }
        let controller = e.source.and_then(|s| b.object(s)).map(|o| o.controller);
        if ends_at_next_turn(e) && controller == Some(a.active) {
            return Err(Broken::new(
                Invariant::Durations,
                format!("an \"until your next turn\" effect (timestamp {}) survived into its controller's turn {}", e.timestamp, a.turn),
            ));
        }
    }
    Ok(())
}
