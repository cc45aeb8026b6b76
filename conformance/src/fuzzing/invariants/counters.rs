//! Counters put by the rules, as invariants:
//! - Crystalline Giant (rulings 2020-04-17): its trigger chooses at random a kind of counter it
//!   doesn't have among ten, and puts one counter of that kind on it; with all ten kinds it puts
//!   none. So resolving it adds nothing with all ten, and otherwise exactly one counter, of a
//!   kind among the ten it didn't have (three checks, each with its mutant).
//! - CR 107.3m: a permanent that "enters with X counters" gets the X of the spell it was.
//!
//! The Giant is recognized by name (the conformance suite's view of the card) and its trigger by
//! the effect on the stack.

use std::collections::BTreeMap;

use mtg_engine::abilities::{Ability, Amount, Effect, StaticAbility};
use mtg_engine::state::StackEntryKind;
use mtg_engine::{cards, Event, GameState, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};
use crate::fuzzing::reach::Reach;

pub const CRYSTALLINE_GIANT: &str = "Crystalline Giant";

/// The ten kinds Crystalline Giant chooses among.
pub const GIANT_KINDS: [&str; 10] =
    ["flying", "first strike", "deathtouch", "hexproof", "lifelink", "menace", "reach", "trample", "vigilance", "+1/+1"];

/// Counters of the ten kinds on an object.
fn giant_kinds(counters: &mtg_engine::Counters<u32>) -> BTreeMap<&'static str, u32> {
    GIANT_KINDS.iter().filter_map(|k| counters.get(*k).filter(|n| **n > 0).map(|n| (*k, *n))).collect()
}

/// Records the most kinds among the ten that a Giant on the battlefield has.
pub(super) fn giant_depth(state: &GameState, reach: &mut Reach) {
    for o in state.zone_objects(ZoneKind::Battlefield, None) {
        if o.def == CRYSTALLINE_GIANT {
            reach.giant_max_kinds = reach.giant_max_kinds.max(giant_kinds(&o.counters).len());
        }
    }
}

/// After the Giant's trigger resolved (armed): with all ten kinds, nothing was added; otherwise
/// exactly one counter, of a kind among the ten it had none of. A +1/+1 counter that met a
/// -1/-1 counter (both removed by CR 704.5q in the same step) counts as added.
pub(super) fn crystalline_giant<G: RulesGame>(t: &Transition<'_, G>, reach: &mut Reach) -> Result<bool, Broken> {
    let (b, a) = (t.before.state(), t.after.state());
    // The top of the stack resolved in this step if it is gone afterwards.
    let Some(top) = b.stack.last() else { return Ok(false) };
    let StackEntryKind::Ability { source, effect, .. } = &top.kind else { return Ok(false) };
    if !matches!(effect, Effect::PutCounterOfRandomAbsentKind { .. }) || a.stack.iter().any(|e| e.id == top.id) {
        return Ok(false);
    }
    let (Some(old), Some(new)) = (b.object(*source), a.object(*source)) else { return Ok(false) };
    if old.def != CRYSTALLINE_GIANT || old.zone != ZoneKind::Battlefield || new.zone != ZoneKind::Battlefield {
        return Ok(false);
    }
    let (had, has) = (giant_kinds(&old.counters), giant_kinds(&new.counters));
    if let Some(n) = reach.giant_resolved_with.get_mut(had.len()) {
        *n = n.saturating_add(1);
    }
    let minus = |o: &mtg_engine::state::Object| o.counters.get("-1/-1").copied().unwrap_or(0);
    let mut grown: Vec<(&str, u32)> = has
        .iter()
        .filter_map(|(k, n)| {
            let before = had.get(k).copied().unwrap_or(0);
            (*n > before).then(|| (*k, n - before))
        })
        .collect();
    let annihilated = minus(new) < minus(old) && !had.contains_key("+1/+1") && !has.contains_key("+1/+1");
    if annihilated {
        grown.push(("+1/+1", minus(old) - minus(new)));
    }
    let added: u32 = grown.iter().map(|(_, n)| n).sum();
    if had.len() == GIANT_KINDS.len() {
        if added > 0 {
            return Err(Broken::new(
                Invariant::CrystallineGiant,
                format!("with all ten kinds its trigger still added {added} counter(s): {grown:?}; none with all ten"),
            ));
        }
        return Ok(true);
    }
    let repeated: Vec<&str> = grown.iter().filter(|(k, _)| had.contains_key(k)).map(|(k, _)| *k).collect();
    if !repeated.is_empty() {
        return Err(Broken::new(
            Invariant::CrystallineGiant,
            format!("its trigger added a kind it already had: {repeated:?} (before {had:?}, after {has:?})"),
        ));
    }
    if added != 1 {
        return Err(Broken::new(
            Invariant::CrystallineGiant,
            format!("its trigger added {added} counters (before {had:?}, after {has:?}); exactly one with fewer than ten kinds"),
        ));
    }
    Ok(true)
}

/// CR 107.3m: when a spell with X resolves into a permanent with "enters with X [kind] counters",
/// the permanent has exactly X counters of that kind right after it entered (nothing else in the
/// same step adds or removes counters of the kind on an object that just entered, unless it left).
pub(super) fn enters_with_x<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let Ok(events) = t.outcome else { return Ok(false) };
    let mut armed = false;
    for e in events {
        let Event::ZoneChanged { old, new, from: ZoneKind::Stack, to: ZoneKind::Battlefield, .. } = e else { continue };
        let Some(x) = t.before.state().object(*old).and_then(|o| o.x) else { continue };
        let Some(obj) = t.after.state().object(*new).filter(|o| o.zone == ZoneKind::Battlefield) else { continue };
        let Some(def) = cards::card_def(&obj.def) else { continue };
        // Only if the permanent, as it is on the battlefield, has the ability (CR 614.12: a
        // copy of something else, or one whose abilities are gone, doesn't).
        let keeps = |kind: &str| {
            t.after_board.get(new).is_some_and(|c| {
                c.statics().any(|(st, _)| matches!(st, StaticAbility::EntersWithCounters { kind: k, amount: Amount::X } if k == kind))
            })
        };
        for ability in &def.abilities {
            let Ability::Static(StaticAbility::EntersWithCounters { kind, amount: Amount::X }) = ability else { continue };
            if !keeps(kind) {
                continue;
            }
            let has = obj.counters.get(kind).copied().unwrap_or(0);
            armed = true;
            if has != x {
                return Err(Broken::new(
                    Invariant::EntersWithX,
                    format!("{} ({new:?}) cast with X = {x} entered with {has} {kind} counter(s)", obj.def),
                ));
            }
        }
    }
    Ok(armed)
}
