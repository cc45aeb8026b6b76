//! Counters put by the rules, as invariants:
//! - Crystalline Giant (rulings 2020-04-17): its trigger chooses at random a kind of counter it
//!   doesn't have among ten, and puts one counter of that kind on it; with all ten kinds it puts
//!   none. So resolving it adds at most one counter, of a kind among the ten it didn't have, and
//!   the Giant never has more than ten kinds among those ten.
//! - CR 107.3m: a permanent that "enters with X counters" gets the X of the spell it was.
//!
//! Vacuous while the engine's card pool has no Crystalline Giant (it is checked by name, the
//! conformance suite's view of the card, so it starts checking as soon as the card exists).

use std::collections::BTreeMap;

use mtg_engine::abilities::{Ability, Amount, StaticAbility};
use mtg_engine::state::StackEntryKind;
use mtg_engine::{cards, Event, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

pub const CRYSTALLINE_GIANT: &str = "Crystalline Giant";

/// The ten kinds Crystalline Giant chooses among.
pub const GIANT_KINDS: [&str; 10] =
    ["flying", "first strike", "deathtouch", "hexproof", "lifelink", "menace", "reach", "trample", "vigilance", "+1/+1"];

/// Counters of the ten kinds on an object.
fn giant_kinds(counters: &mtg_engine::Counters<u32>) -> BTreeMap<&'static str, u32> {
    GIANT_KINDS.iter().filter_map(|k| counters.get(*k).filter(|n| **n > 0).map(|n| (*k, *n))).collect()
}

pub(super) fn crystalline_giant<G: RulesGame>(t: &Transition<'_, G>) -> Result<(), Broken> {
    let (b, a) = (t.before.state(), t.after.state());
    // The top of the stack resolved in this step if it is gone afterwards.
    let Some(top) = b.stack.last() else { return Ok(()) };
    let StackEntryKind::Ability { source, .. } = &top.kind else { return Ok(()) };
    if a.stack.iter().any(|e| e.id == top.id) {
        return Ok(());
    }
    let (Some(old), Some(new)) = (b.object(*source), a.object(*source)) else { return Ok(()) };
    if old.def != CRYSTALLINE_GIANT || new.zone != ZoneKind::Battlefield {
        return Ok(());
    }
    let (had, has) = (giant_kinds(&old.counters), giant_kinds(&new.counters));
    if has.len() > GIANT_KINDS.len() {
        return Err(Broken::new(Invariant::CrystallineGiant, format!("{} kinds of counters among the ten: {has:?}", has.len())));
    }
    let grown: Vec<(&str, u32)> = has
        .iter()
        .filter_map(|(k, n)| {
            let before = had.get(k).copied().unwrap_or(0);
            (*n > before).then(|| (*k, n - before))
        })
        .collect();
    let repeated: Vec<&str> = grown.iter().filter(|(k, _)| had.contains_key(k)).map(|(k, _)| *k).collect();
    if !repeated.is_empty() {
        return Err(Broken::new(
            Invariant::CrystallineGiant,
            format!("its trigger added a kind it already had: {repeated:?} (before {had:?}, after {has:?})"),
        ));
    }
    let added: u32 = grown.iter().map(|(_, n)| n).sum();
    if added > 1 || (had.len() == GIANT_KINDS.len() && added > 0) {
        return Err(Broken::new(
            Invariant::CrystallineGiant,
            format!("its trigger added {added} counters (before {had:?}, after {has:?}); at most one, none with all ten"),
        ));
    }
    Ok(())
}

/// CR 107.3m: when a spell with X resolves into a permanent with "enters with X [kind] counters",
/// the permanent has exactly X counters of that kind right after it entered (nothing else in the
/// same step adds or removes counters of the kind on an object that just entered, unless it left).
pub(super) fn enters_with_x<G: RulesGame>(t: &Transition<'_, G>) -> Result<(), Broken> {
    let Ok(events) = t.outcome else { return Ok(()) };
    for e in events {
        let Event::ZoneChanged { old, new, from: ZoneKind::Stack, to: ZoneKind::Battlefield, .. } = e else { continue };
        let Some(x) = t.before.state().object(*old).and_then(|o| o.x) else { continue };
        let Some(obj) = t.after.state().object(*new).filter(|o| o.zone == ZoneKind::Battlefield) else { continue };
        let Some(def) = cards::card_def(&obj.def) else { continue };
        for ability in &def.abilities {
            let Ability::Static(StaticAbility::EntersWithCounters { kind, amount: Amount::X }) = ability else { continue };
            let has = obj.counters.get(kind).copied().unwrap_or(0);
            if has != x {
                return Err(Broken::new(
                    Invariant::EntersWithX,
                    format!("{} ({new:?}) cast with X = {x} entered with {has} {kind} counter(s)", obj.def),
                ));
            }
        }
    }
    Ok(())
}
