//! Feature tags: the areas of the rules a case needs an engine to implement, so that a partial
//! engine can select or skip cases by area (`run --feature`, `[[skip]] feature = ...`).
//!
//! The list is documented in `rulings/README.md` ("Feature tags"); lint requires every case to
//! carry at least one tag, only tags of this list, and every tag [`implied`] by what the case
//! writes (a case with counters in its setup needs an engine with counters, whatever its author
//! thought it was about).

use std::collections::BTreeSet;

use crate::corpus::case::{
    AbilityKind, Action, Case, Expect, Expected, ObjectField, PlayerField, StackField, StackItemExpect, Step,
    Target, Value, Verb,
};

/// Every feature tag, with what it means (the same text as `rulings/README.md`).
pub const FEATURES: &[(&str, &str)] = &[
    ("mana", "mana abilities, mana pools, paying and producing mana (CR 106, 605)"),
    ("costs", "activation costs: {T}, {Q}, summoning sickness, sacrifice (CR 107.5, 107.6, 302.6, 602)"),
    ("stack", "casting spells, resolving spells and abilities (CR 601, 608)"),
    ("triggers", "triggered abilities (CR 603)"),
    ("x", "X in costs and on permanents (CR 107.3)"),
    ("counters", "counters on objects (CR 122)"),
    ("layers", "continuous effects on characteristics, in layer order (CR 613)"),
    ("copy", "copy effects (CR 707)"),
    ("cycling", "cycling (CR 702.29)"),
    ("combat", "declaring attackers and blockers, combat damage (CR 506-511)"),
    ("commander", "commanders (CR 903)"),
    ("planeswalkers", "planeswalkers and loyalty abilities (CR 306, 606)"),
    ("sba", "state-based actions (CR 704)"),
];

/// Whether `tag` is one of [`FEATURES`].
pub fn is_known(tag: &str) -> bool {
    FEATURES.iter().any(|(name, _)| *name == tag)
}

/// The tags a case needs by what it writes: counters anywhere → `counters`, an `x` → `x`, a
/// commander → `commander`, casting, resolving or a stack expectation → `stack`, an attack →
/// `combat`, a mana pool or mana chosen or paid → `mana`, trigger targets or order →
/// `triggers`.
pub fn implied(case: &Case) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    let setup = &case.setup;
    if setup.battlefield.iter().any(|p| !p.counters.is_empty()) {
        out.insert("counters");
    }
    // Loyalty counters are a planeswalker's (CR 306.5b).
    if setup.battlefield.iter().any(|p| p.counters.contains_key("loyalty")) {
        out.insert("planeswalkers");
    }
    // An ability on the stack whose source no step activates was triggered (CR 603.3).
    let activated: BTreeSet<&str> = case
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Action(Action { verb: Verb::Activate { source, .. }, .. }) => Some(source.as_str()),
            _ => None,
        })
        .collect();
    if setup.battlefield.iter().any(|p| p.commander) {
        out.insert("commander");
    }
    for (_, table) in [
        ("hand", &setup.hand),
        ("library", &setup.library),
        ("graveyard", &setup.graveyard),
        ("exile", &setup.exile),
        ("command", &setup.command),
    ] {
        for (_, entries) in table.iter() {
            for e in entries {
                if !e.counters.is_empty() {
                    out.insert("counters");
                }
                if e.commander {
                    out.insert("commander");
                }
            }
        }
    }
    if setup.mana_pool.iter().next().is_some() {
        out.insert("mana");
    }
    for step in &case.steps {
        match step {
            Step::Action(a) => {
                if a.x.is_some() {
                    out.insert("x");
                }
                if a.mana.is_some() || a.pay.is_some() {
                    out.insert("mana");
                }
                if !a.triggers.is_empty() || !a.trigger_order.is_empty() {
                    out.insert("triggers");
                }
                if a.targets.iter().any(|t| matches!(t, Target::Ability { kind: Some(AbilityKind::Triggered), .. })) {
                    out.insert("triggers");
                }
                if a.choose.as_ref().is_some_and(|c| c.copy.is_some()) {
                    out.insert("copy");
                }
                match a.verb {
                    Verb::Cast { .. } | Verb::Resolve => {
                        out.insert("stack");
                    }
                    Verb::Attack { .. } | Verb::Block { .. } => {
                        out.insert("combat");
                    }
                    _ => {}
                }
            }
            Step::Expect(Expect::Stack { items }) => {
                out.insert("stack");
                if items.iter().any(|item| triggered_item(item, &activated)) {
                    out.insert("triggers");
                }
            }
            Step::Expect(Expect::Object { checks, .. }) => {
                for c in checks {
                    match c.field {
                        ObjectField::Counters => {
                            out.insert("counters");
                        }
                        ObjectField::Commander => {
                            out.insert("commander");
                        }
                        ObjectField::Loyalty => {
                            out.insert("planeswalkers");
                        }
                        _ => {}
                    }
                }
            }
            Step::Expect(Expect::Player { checks, .. }) => {
                if checks.iter().any(|c| c.field == PlayerField::ManaPool) {
                    out.insert("mana");
                }
            }
            Step::Expect(Expect::Zone(_)) => {}
        }
    }
    out
}

/// Whether an expected stack item is an ability whose source (a ref) no step of the case
/// activates: then it was triggered.
fn triggered_item(item: &StackItemExpect, activated: &BTreeSet<&str>) -> bool {
    let text = |field: StackField| {
        item.checks.iter().find(|c| c.field == field).and_then(|c| match &c.expected {
            Expected::Is(Value::Text(s)) => Some(s.as_str()),
            _ => None,
        })
    };
    text(StackField::Kind) == Some("ability") && text(StackField::Source).is_some_and(|s| !activated.contains(s))
}

/// The tags implied by the cards a case uses, beyond [`implied`]: a permanent on the battlefield
/// with a triggered mana ability ("Whenever ... for mana", CR 605.1b), while the case activates
/// an ability of another object, needs `triggers`. `oracle` gives a card's Oracle text.
pub fn implied_with_cards<'c>(case: &Case, oracle: impl Fn(&str) -> Option<&'c str>) -> BTreeSet<&'static str> {
    let mut out = implied(case);
    let mana_trigger = |card: &str| {
        oracle(card).is_some_and(|o| o.lines().any(|l| l.starts_with("Whenever") && l.contains("for mana")))
    };
    let triggering: BTreeSet<&str> = case
        .setup
        .battlefield
        .iter()
        .filter(|p| mana_trigger(&p.card))
        .filter_map(|p| p.ref_name.as_deref())
        .collect();
    let any_trigger_card = case.setup.battlefield.iter().any(|p| mana_trigger(&p.card));
    let activates_other = case.steps.iter().any(|s| {
        matches!(s, Step::Action(Action { verb: Verb::Activate { source, .. }, .. }) if !triggering.contains(source.as_str()))
    });
    if any_trigger_card && activates_other {
        out.insert("triggers");
    }
    out
}
