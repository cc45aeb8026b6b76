//! Prevention shields (CR 615.7): "prevent the next N damage that would be dealt to [it]" is
//! used up by the next damage that would be dealt to it, so damage is never dealt to a
//! permanent or player while a shield on it stays untouched; and damage that is all prevented
//! is not dealt at all, so no damage event of 0 exists for abilities to trigger on (CR 603.2g).
//!
//! Armed by a step dealing damage to something that had a shield before it.

use mtg_engine::prevention::ShieldScope;
use mtg_engine::Event;

use super::{Broken, Invariant, RulesGame, Transition};

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let Ok(events) = t.outcome else { return Ok(false) };
    let (b, a) = (t.before.state(), t.after.state());
    let mut armed = false;
    for e in events {
        let Event::DamageDealt { target, amount, .. } = e else { continue };
        if *amount == 0 {
            return Err(Broken::new(Invariant::PreventionShieldUsed, format!("a damage event of 0 to {target:?} (CR 603.2g)")));
        }
        for s in &b.shields {
            if s.scope != ShieldScope::To(*target) || s.remaining == Some(0) {
                continue;
            }
            armed = true;
            if a.shields.iter().any(|n| n.timestamp == s.timestamp && n.remaining == s.remaining) {
                return Err(Broken::new(
                    Invariant::PreventionShieldUsed,
                    format!("{amount} damage was dealt to {target:?} while its shield (timestamp {}) stayed unused", s.timestamp),
                ));
            }
        }
    }
    Ok(armed)
}
