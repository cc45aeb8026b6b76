//! Comparing two engines' replies to one generated case, step by step, up to the first
//! difference (after it the games have diverged and later differences say nothing new).
//!
//! Observations compare on the fields both engines report (a field one engine doesn't observe
//! is not a disagreement: engines differ in what they can see, not only in what they decide);
//! lists that are sets (types, keywords, colors) compare as sets, counters without zero counts,
//! mana pools as multisets.

use serde_json::Value;

use crate::corpus::case::{Case, Expect, Step, Zone};
use crate::run::engine::{CaseReply, StepReply};

use super::known::Pattern;

/// How the engine under test fared on one case, against the reference.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Every step agreed.
    Agreed,
    /// The engine skipped the case, errored, or could not carry out a step the reference did
    /// (an adapter's limit, not a rules answer).
    Skipped(String),
    /// The engine process crashed, hung or broke the protocol.
    Crashed(String),
    /// One engine accepted an action the other rejected.
    Rejected(Mismatch),
    /// An observation differs.
    Disagreed(Mismatch),
    /// The reference itself could not run the generated case: a harness error.
    Harness(String),
}

/// The first difference between the two engines on a case.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mismatch {
    /// Index in the case's steps.
    pub step: usize,
    /// `object.power`, `player.mana_pool`, `stack.items`, `zone.objects.name`; for actions
    /// `accepted-by-reference-only` or `accepted-by-engine-only`, with the verb.
    pub kind: String,
    /// The card (or player) the step is about; `""` for the stack and zones.
    pub subject: String,
    /// What kind of difference, without the card: for an object, the zone it is in and, for
    /// sets and small value ranges, what kind of difference (`in graveyard: reference only values`).
    pub detail: String,
    /// What each engine answered, as JSON.
    pub reference: String,
    pub engine: String,
}

impl Mismatch {
    /// What minimization keeps and scenarios are grouped by: the same kind of difference
    /// (field, zone, what differs), whichever card shows it.
    pub fn key(&self) -> String {
        format!("{} {}", self.kind, self.detail)
    }
}

/// Compares the replies of the reference (`reference`) and the engine under test (`engine`).
pub fn compare(case: &Case, reference: &CaseReply, engine: &CaseReply) -> Outcome {
    compare_ignoring(case, reference, engine, &[])
}

/// [`compare`], looking past every observation difference whose difference text
/// ([`super::triage::difference`]) an `ignore` pattern matches, to the next one in the same
/// case (a later field of the observation, or a later step). An acceptance difference is never
/// looked past: after it the two games have diverged.
pub fn compare_ignoring(case: &Case, reference: &CaseReply, engine: &CaseReply, ignore: &[Pattern]) -> Outcome {
    let ref_steps = match reference {
        CaseReply::Ran { steps } => steps,
        other => return Outcome::Harness(format!("the reference did not run the case: {other:?}")),
    };
    let eng_steps = match engine {
        CaseReply::Ran { steps } => steps,
        CaseReply::Skipped { reason } => return Outcome::Skipped(format!("skipped: {reason}")),
        CaseReply::Errored { message } => return Outcome::Skipped(format!("errored: {message}")),
        CaseReply::Faulted { fault, message, .. } => return Outcome::Crashed(format!("{}: {message}", fault.as_str())),
    };
    for (i, step) in case.steps.iter().enumerate() {
        let Some(r) = ref_steps.get(i) else { return Outcome::Harness(format!("the reference stopped before step {}", i + 1)) };
        let Some(e) = eng_steps.get(i) else { return Outcome::Skipped(format!("the engine stopped before step {}", i + 1)) };
        let mismatch = |kind: String, subject: String, detail: String| Mismatch {
            step: i,
            kind,
            subject,
            detail,
            reference: clipped(json(r)),
            engine: clipped(json(e)),
        };
        match (r, e) {
            (StepReply::Failed { message }, _) if message.starts_with(crate::run::reference::LIMIT_PREFIX) => {
                return Outcome::Skipped(format!("the reference at step {}: {message}", i + 1))
            }
            (StepReply::Failed { message }, _) => return Outcome::Harness(format!("the reference failed step {}: {message}", i + 1)),
            (_, StepReply::Failed { message }) => return Outcome::Skipped(format!("failed step {}: {message}", i + 1)),
            (StepReply::Done, StepReply::Done) | (StepReply::Rejected { .. }, StepReply::Rejected { .. }) => {}
            (StepReply::Done, StepReply::Rejected { .. }) => {
                return Outcome::Rejected(mismatch(format!("accepted-by-reference-only {}", verb(step)), actor_subject(case, step), String::new()))
            }
            (StepReply::Rejected { .. }, StepReply::Done) => {
                return Outcome::Rejected(mismatch(format!("accepted-by-engine-only {}", verb(step)), actor_subject(case, step), String::new()))
            }
            (StepReply::Observed { observation: a }, StepReply::Observed { observation: b }) => {
                let (mut a, mut b) = (normalize(serde_json::to_value(a).unwrap_or(Value::Null)), normalize(serde_json::to_value(b).unwrap_or(Value::Null)));
                if let Step::Expect(Expect::Zone(q)) = step {
                    if !matches!(q.zone, Zone::Library | Zone::Graveyard) {
                        sort_by_name(&mut a);
                        sort_by_name(&mut b);
                    }
                }
                let mut paths = Vec::new();
                differences(&a, &b, String::new(), &mut paths);
                let subject_kind = a.get("subject").and_then(Value::as_str).unwrap_or("?");
                let first = paths.into_iter().map(|path| (format!("{subject_kind}{path}"), detail(&a, &b, &path))).find(|(kind, detail)| {
                    let text = super::triage::difference_text(kind, detail);
                    !ignore.iter().any(|p| p.matches(&text))
                });
                if let Some((kind, detail)) = first {
                    return Outcome::Disagreed(mismatch(kind, expect_subject(case, step), detail));
                }
            }
            _ => return Outcome::Harness(format!("step {}: replies of different shapes", i + 1)),
        }
    }
    // More step replies than steps is no rules answer: `run` errors it, and so does `diff`
    // (an error is counted with the skips, as an `errored` reply is).
    if eng_steps.len() > case.steps.len() {
        return Outcome::Skipped(format!(
            "errored: the engine answered {}; the case has {}",
            crate::report::count(eng_steps.len(), "step", "steps"),
            case.steps.len()
        ));
    }
    Outcome::Agreed
}

/// The zone of the subject and what kind of difference it is: for sets and counters which side
/// has more (not which values: the keyword lists of a hundred cards in hand are one difference,
/// not a hundred), for numbers which is higher, for fields with a fixed vocabulary (zones,
/// players, booleans) both values, an engine's value outside it being "another" one. So the
/// detail, part of the key scenarios are grouped by, never holds an engine-supplied name or
/// value.
fn detail(a: &Value, b: &Value, path: &str) -> String {
    let zone = a.get("zone").and_then(Value::as_str).map(|z| format!("in {z}")).unwrap_or_default();
    let field = path.trim_start_matches('.');
    let (x, y) = (a.get(field), b.get(field));
    let what: String = match (field, x, y) {
        (f, Some(Value::Array(x)), Some(Value::Array(y))) if SET_FIELDS.contains(&f) => {
            let ours = x.iter().any(|v| !y.contains(v));
            let others = y.iter().any(|v| !x.contains(v));
            sides(ours, others, "values").to_string()
        }
        ("counters", Some(Value::Object(x)), Some(Value::Object(y))) => {
            let ours = x.keys().any(|k| !y.contains_key(k));
            let others = y.keys().any(|k| !x.contains_key(k));
            if ours || others {
                sides(ours, others, "kinds").to_string()
            } else {
                "amounts differ".to_string()
            }
        }
        ("zone" | "tapped" | "controller" | "owner" | "commander", Some(x), Some(y)) => {
            format!("reference {x}, engine {}", known_value(field, y))
        }
        (_, Some(Value::Number(x)), Some(Value::Number(y))) => {
            let (x, y) = (x.as_f64().unwrap_or(0.0), y.as_f64().unwrap_or(0.0));
            if x > y { "reference higher" } else { "reference lower" }.to_string()
        }
        _ => String::new(),
    };
    [zone, what].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(": ")
}

/// Which side has what the other lacks, without naming it: a signature holds no value (which
/// keywords or counter kinds differ is in the triage file, not in what groups scenarios).
fn sides(reference: bool, engine: bool, what: &str) -> String {
    match (reference, engine) {
        (true, true) => format!("{what} on each side the other lacks"),
        (true, false) => format!("reference only {what}"),
        _ => format!("engine only {what}"),
    }
}

/// An engine's value of a field with a fixed vocabulary, or `another` when it is none of it.
fn known_value(field: &str, v: &Value) -> String {
    let known = match (field, v) {
        (_, Value::Bool(_) | Value::Null) => true,
        ("zone", Value::String(z)) => crate::corpus::case::Zone::parse(z).is_some(),
        ("controller" | "owner", Value::String(p)) => crate::corpus::case::Player::parse(p).is_some(),
        _ => false,
    };
    if known { v.to_string() } else { "another".into() }
}

/// The most of one engine's answer a mismatch keeps (a reply line may be 4 MiB, and a run keeps
/// a mismatch per distinct difference).
pub const MAX_ANSWER: usize = 4096;

fn clipped(mut text: String) -> String {
    if text.len() > MAX_ANSWER {
        let mut end = MAX_ANSWER;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let more = text.len() - end;
        text.truncate(end);
        text.push_str(&format!("… ({more} more bytes)"));
    }
    text
}

fn json(r: &StepReply) -> String {
    serde_json::to_string(r).unwrap_or_default()
}

fn verb(step: &Step) -> String {
    match step {
        Step::Action(a) => a.verb.name().as_str().to_string(),
        Step::Expect(_) => "expect".into(),
    }
}

/// The card an action is about (its source, card, or first attacker).
fn actor_subject(case: &Case, step: &Step) -> String {
    use crate::corpus::case::Verb;
    let Step::Action(a) = step else { return String::new() };
    let r = match &a.verb {
        Verb::Activate { source, .. } => Some(source),
        Verb::Cast { card } | Verb::PlayLand { card } => Some(card),
        Verb::Attack { attackers } => attackers.first(),
        _ => None,
    };
    r.map(|r| card_of(case, r)).unwrap_or_default()
}

fn expect_subject(case: &Case, step: &Step) -> String {
    match step {
        Step::Expect(Expect::Object { object, .. }) => card_of(case, object),
        Step::Expect(Expect::Player { player, .. }) => player.as_str().to_string(),
        Step::Expect(Expect::Zone(q)) => q.zone.as_str().to_string(),
        _ => String::new(),
    }
}

/// The card name behind a ref of the case's setup.
pub fn card_of(case: &Case, r: &str) -> String {
    case.setup
        .entries()
        .into_iter()
        .find(|(_, _, name, _)| *name == Some(r))
        .map(|(_, _, _, card)| card.to_string())
        .unwrap_or_else(|| r.to_string())
}

const SET_FIELDS: [&str; 5] = ["types", "subtypes", "supertypes", "colors", "keywords"];

/// Sets sorted, zero counters dropped, mana pools sorted by symbol.
fn normalize(v: Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let v = match (k.as_str(), v) {
                        (f, Value::Array(mut xs)) if SET_FIELDS.contains(&f) => {
                            xs.sort_by_key(|x| x.to_string());
                            xs.dedup();
                            Value::Array(xs)
                        }
                        ("counters", Value::Object(c)) => Value::Object(c.into_iter().filter(|(_, n)| n.as_i64() != Some(0)).collect()),
                        ("mana_pool", Value::String(s)) => {
                            let mut syms: Vec<&str> = s.split_inclusive('}').collect();
                            syms.sort_unstable();
                            Value::String(syms.concat())
                        }
                        (_, v) => normalize(v),
                    };
                    (k, v)
                })
                .collect(),
        ),
        Value::Array(xs) => Value::Array(xs.into_iter().map(normalize).collect()),
        v => v,
    }
}

/// A zone's objects in name order (ties by the rest): only a library's and a graveyard's order is part of the game
/// state (CR 401.2, 404.2); a battlefield, hand or exile has none, and engines list it in
/// different orders.
fn sort_by_name(v: &mut Value) {
    if let Some(Value::Array(objects)) = v.get_mut("objects") {
        // By name, then (two objects of one name) by everything else the engine reports.
        objects.sort_by_cached_key(|o| (o.get("name").map(Value::to_string), o.to_string()));
    }
}

/// The path of the first difference, comparing only object keys both sides have.
#[cfg(test)]
fn first_difference(a: &Value, b: &Value, path: String) -> Option<String> {
    let mut paths = Vec::new();
    differences(a, b, path, &mut paths);
    paths.into_iter().next()
}

/// The paths of every difference, in order, comparing only object keys both sides have (a path
/// met twice, in two objects of a list, once).
fn differences(a: &Value, b: &Value, path: String, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va, vb) in x.iter().filter_map(|(k, va)| y.get(k).map(|vb| (k, va, vb))) {
                // Counters are one value: a kind only one side has is a difference.
                if k == "counters" {
                    if va != vb && !out.contains(&format!("{path}.{k}")) {
                        out.push(format!("{path}.{k}"));
                    }
                } else {
                    differences(va, vb, format!("{path}.{k}"), out);
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() && x.iter().all(Value::is_object) => {
            for (va, vb) in x.iter().zip(y) {
                differences(va, vb, path.clone(), out);
            }
        }
        (a, b) if a != b && !out.contains(&path) => out.push(path),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_fields_both_report_are_compared_and_sets_are_sets() {
        let a = normalize(json!({"subject": "object", "power": 2, "keywords": ["Flying", "Haste"], "damage": 1}));
        let b = normalize(json!({"subject": "object", "power": 2, "keywords": ["Haste", "Flying"]}));
        assert_eq!(first_difference(&a, &b, String::new()), None);
        let c = normalize(json!({"subject": "object", "power": 3}));
        assert_eq!(first_difference(&a, &c, String::new()).as_deref(), Some(".power"));
    }

    #[test]
    fn zero_counters_and_pool_order_do_not_count() {
        let a = normalize(json!({"counters": {"charge": 0, "+1/+1": 2}, "mana_pool": "{G}{C}{G}"}));
        let b = normalize(json!({"counters": {"+1/+1": 2}, "mana_pool": "{C}{G}{G}"}));
        assert_eq!(first_difference(&a, &b, String::new()), None);
        let c = normalize(json!({"counters": {"+1/+1": 1}, "mana_pool": "{C}{G}{G}"}));
        assert_eq!(first_difference(&a, &c, String::new()).as_deref(), Some(".counters"));
    }

    #[test]
    fn zone_lists_of_different_lengths_differ() {
        let a = json!({"subject": "zone", "objects": [{"name": "A"}]});
        let b = json!({"subject": "zone", "objects": [{"name": "A"}, {"name": "B"}]});
        assert_eq!(first_difference(&a, &b, String::new()).as_deref(), Some(".objects"));
    }
}
