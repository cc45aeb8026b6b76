//! Copy effects (CR 707.2, 707.9) as an invariant of every step: a copy's copiable values (its
//! layer-1 characteristics) are the original's copiable values as the copy effect began (the
//! printed values as other copy effects modified them, so a copy of a copy gets what the copied
//! object copies, CR 707.3) with exactly the exceptions the copy effect states applied (CR
//! 707.9a-b, 707.9d, 707.9f); nothing else of the original — counters, type-changing effects,
//! a layer-7 P/T change — is copied (CR 707.2).
//!
//! The engine records on each copy effect what it copies and its exceptions (`copy_of`); the
//! check recomputes the original's copiable values in the state before the step. Armed when a
//! step began a copy effect; the mutant `CopiesCurrentCharacteristics` copies the original's
//! characteristics as every layer left them, exceptions not applied.

use mtg_engine::abilities::Modification;
use mtg_engine::layers::{apply_exceptions, copiable_values};
use mtg_engine::state::ContinuousEffect;
use mtg_engine::GameState;

use super::{Broken, Invariant, RulesGame, Transition};

/// Whether `e` is a copy effect.
fn is_copy(e: &ContinuousEffect) -> bool {
    e.modifications.iter().any(|m| matches!(m, Modification::BecomeCopy(_)))
}

/// The copy effects `after` has that `before` didn't (by timestamp: each effect has its own).
pub(super) fn begun<'a>(before: &GameState, after: &'a GameState) -> Vec<&'a ContinuousEffect> {
    after
        .effects
        .iter()
        .filter(|e| is_copy(e) && e.copy_of.is_some() && !before.effects.iter().any(|b| b.timestamp == e.timestamp))
        .collect()
}

/// Returns whether the check was armed.
pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let (before, after) = (t.before.state(), t.after.state());
    let mut armed = false;
    for e in begun(before, after) {
        let Some(origin) = &e.copy_of else { continue };
        for &copy in &e.affected {
            // The copy's layer 1 is this effect's only if no later copy effect applies to it.
            let later = after.effects.iter().any(|x| x.timestamp > e.timestamp && is_copy(x) && x.affected.contains(&copy));
            if later {
                continue;
            }
            // The original as the step began (CR 707.2b: what it is after doesn't matter).
            let Some(mut want) = copiable_values(before, origin.original).or_else(|| copiable_values(after, origin.original)) else {
                continue;
            };
            apply_exceptions(&mut want, &origin.exceptions, 0);
            let Some(got) = copiable_values(after, copy) else { continue };
            armed = true;
            if got != want {
                return Err(Broken::new(
                    Invariant::CopiableValuesCopied,
                    format!(
                        "{copy:?}, a copy of {:?} with {} exception(s), has copiable values {got:?}; the original's copiable values with the exceptions are {want:?}",
                        origin.original,
                        origin.exceptions.len()
                    ),
                ));
            }
        }
    }
    Ok(armed)
}
