//! Shrinking a disagreeing scenario while the same difference about the same card remains
//! (the `key` of a [`Mismatch`]), greedily as C-Reduce does: cut the actions after the
//! difference, drop actions (halves, then one by one), drop cards (with the actions that name
//! them), then simplify what is left (counters, tapped, sick, commander, attachments, pools,
//! life). Every candidate is run on both engines; a budget bounds the runs.

use std::time::Instant;

use crate::corpus::case::{Action, CardEntry, PerPlayer, Setup, Step};
use crate::run::engine::Engine;

use super::compare::{Mismatch, Outcome};
use super::script::{refs, Script};

/// The smallest script found (within `budget` runs of both engines, none started after
/// `deadline`) that still shows a difference with `found`'s key, and that difference.
pub fn minimize(
    reference: &mut dyn Engine,
    engine: &mut dyn Engine,
    script: Script,
    found: Mismatch,
    budget: usize,
    deadline: Option<Instant>,
    ignore: &[super::known::Pattern],
) -> (Script, Mismatch) {
    let key = found.key();
    let runs = std::cell::Cell::new(0usize);
    let out_of_time = || deadline.is_some_and(|d| Instant::now() >= d);
    let mut check = |s: &Script| -> Option<Mismatch> {
        if runs.get() >= budget || out_of_time() {
            return None;
        }
        runs.set(runs.get() + 1);
        match super::diff_script(reference, engine, s, "diff/minimize", ignore) {
            Outcome::Disagreed(m) | Outcome::Rejected(m) if m.key() == key => Some(m),
            _ => None,
        }
    };
    let mut best = script;
    let mut best_m = found;
    // The actions after the difference play no part in it.
    let upto = actions_before(&best, best_m.step);
    if upto < best.actions.len() {
        let mut cut = best.clone();
        cut.actions.truncate(upto);
        if let Some(m) = check(&cut) {
            best = cut;
            best_m = m;
        }
    }
    loop {
        let mut improved = false;
        for candidate in candidates(&best) {
            if let Some(m) = check(&candidate) {
                best = candidate;
                best_m = m;
                improved = true;
                break;
            }
        }
        if !improved || runs.get() >= budget || out_of_time() {
            break;
        }
    }
    (best, best_m)
}

/// How many actions come before (or are) step `step` of the script's case.
fn actions_before(s: &Script, step: usize) -> usize {
    s.to_case("x").steps.iter().take(step + 1).filter(|st| matches!(st, Step::Action(_))).count()
}

fn mentions(a: &Action, r: &str) -> bool {
    format!("{a:?}").contains(&format!("{r:?}"))
}

fn zones_mut(s: &mut Setup) -> [&mut PerPlayer<Vec<CardEntry>>; 5] {
    [&mut s.hand, &mut s.library, &mut s.graveyard, &mut s.exile, &mut s.command]
}

fn without_card(s: &Script, r: &str) -> Script {
    let mut out = s.clone();
    out.setup.battlefield.retain(|p| p.ref_name.as_deref() != Some(r));
    for p in &mut out.setup.battlefield {
        if p.attached_to.as_deref() == Some(r) {
            p.attached_to = None;
        }
    }
    for z in zones_mut(&mut out.setup) {
        for v in [&mut z.alice, &mut z.bob].into_iter().flatten() {
            v.retain(|e| e.ref_name.as_deref() != Some(r));
        }
        if z.alice.as_ref().is_some_and(Vec::is_empty) {
            z.alice = None;
        }
        if z.bob.as_ref().is_some_and(Vec::is_empty) {
            z.bob = None;
        }
    }
    out.actions.retain(|a| !mentions(a, r));
    out
}

/// One simplification of a setup.
type Edit = Box<dyn Fn(&mut Setup)>;

/// Smaller or simpler scripts, biggest cuts first.
fn candidates(s: &Script) -> Vec<Script> {
    let mut out = Vec::new();
    let n = s.actions.len();
    // Halves, quarters, ... of the actions, then each action.
    let mut chunk = n / 2;
    while chunk >= 1 {
        for start in (0..n).step_by(chunk) {
            let mut c = s.clone();
            c.actions.drain(start..(start + chunk).min(n));
            out.push(c);
        }
        if chunk == 1 {
            break;
        }
        chunk /= 2;
    }
    for r in refs(&s.setup) {
        out.push(without_card(s, &r));
    }
    for i in 0..s.setup.battlefield.len() {
        let p = &s.setup.battlefield[i];
        let mut edits: Vec<Edit> = Vec::new();
        if !p.counters.is_empty() {
            for k in p.counters.keys() {
                let k = k.clone();
                edits.push(Box::new(move |s: &mut Setup| {
                    s.battlefield[i].counters.remove(&k);
                }));
            }
        }
        if p.tapped {
            edits.push(Box::new(move |s: &mut Setup| s.battlefield[i].tapped = false));
        }
        if p.sick {
            edits.push(Box::new(move |s: &mut Setup| s.battlefield[i].sick = false));
        }
        if p.commander {
            edits.push(Box::new(move |s: &mut Setup| s.battlefield[i].commander = false));
        }
        if p.attached_to.is_some() {
            edits.push(Box::new(move |s: &mut Setup| s.battlefield[i].attached_to = None));
        }
        if p.owner_override.is_some() {
            edits.push(Box::new(move |s: &mut Setup| s.battlefield[i].owner_override = None));
        }
        for e in edits {
            let mut c = s.clone();
            e(&mut c.setup);
            out.push(c);
        }
    }
    for z in 0..5 {
        for who in 0..2 {
            let mut probe = s.setup.clone();
            let len = {
                let t = &mut zones_mut(&mut probe)[z];
                if who == 0 { t.alice.as_ref() } else { t.bob.as_ref() }.map_or(0, Vec::len)
            };
            for i in 0..len {
                let mut c = s.clone();
                let t = &mut zones_mut(&mut c.setup)[z];
                let slot = if who == 0 { &mut t.alice } else { &mut t.bob };
                if let Some(e) = slot.as_mut().and_then(|v| v.get_mut(i)) {
                    if e.counters.is_empty() && !e.commander {
                        continue;
                    }
                    e.counters.clear();
                    e.commander = false;
                }
                out.push(c);
            }
        }
    }
    if s.setup.mana_pool != PerPlayer::default() {
        let mut c = s.clone();
        c.setup.mana_pool = PerPlayer::default();
        out.push(c);
    }
    if s.setup.life.iter().any(|(_, l)| *l != 20) {
        let mut c = s.clone();
        c.setup.life = PerPlayer::default();
        out.push(c);
    }
    out
}
