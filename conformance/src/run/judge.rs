//! The judge: compares what an engine answered for a case ([`CaseReply`]) with what the case
//! expects, step by step. The first step that does not pass decides the verdict.
//!
//! An action passes if it was done, or rejected when `expect_illegal` says so (and, with a
//! class, the engine's class matches when it reported one). An expectation compares only the
//! fields it names: sets (`types`, `keywords`, `colors`, ...) ignore order, `counters` is an exact
//! table (kinds not named must be absent), `mana_pool` is a multiset of symbols, and a field the
//! engine did not observe is a mismatch.

use std::collections::BTreeMap;

use crate::corpus::case::{
    Action, Case, Check, Expect, Expected, Illegal, Mana, ObjectField, PlayerField, Shape,
    StackField, StackItemExpect, Step, TextKind, Value, COUNT_SHAPE, NAMES_SHAPE,
};
use crate::run::engine::{
    CaseReply, Fault, ObjectObservation, Observation, PlayerObservation, StackItemObservation,
    StepReply,
};

/// The outcome of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed(Failure),
    /// The engine said it can't express the case.
    Skipped {
        reason: String,
    },
    /// The engine errored, stopped early, or answered out of turn; `step` is 0-based when known.
    Errored {
        step: Option<usize>,
        message: String,
    },
    /// The engine process crashed, hung or broke the protocol (out-of-process engines only);
    /// `stderr` is the bounded end of what it wrote on its standard error.
    Faulted {
        fault: Fault,
        message: String,
        stderr: String,
    },
}

impl Verdict {
    /// `passed`, `failed`, `skipped`, `errored`, or the fault: `crash`, `timeout`, `protocol`.
    /// These are also the classes an expectations file names.
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed(_) => "failed",
            Verdict::Skipped { .. } => "skipped",
            Verdict::Errored { .. } => "errored",
            Verdict::Faulted { fault, .. } => fault.as_str(),
        }
    }
}

/// Why a case failed: the step (0-based), a sentence, and the compared fields as lines, expected
/// and observed (a field that matched reads the same on both sides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub step: usize,
    pub reason: String,
    pub expected: Vec<String>,
    pub observed: Vec<String>,
}

enum StepVerdict {
    Pass,
    Fail {
        reason: String,
        expected: Vec<String>,
        observed: Vec<String>,
    },
    Error(String),
}

/// Judges an engine's reply to `case`.
pub fn judge(case: &Case, reply: &CaseReply) -> Verdict {
    let replies = match reply {
        CaseReply::Skipped { reason } => {
            return Verdict::Skipped {
                reason: reason.clone(),
            }
        }
        CaseReply::Errored { message } => {
            return Verdict::Errored {
                step: None,
                message: message.clone(),
            }
        }
        CaseReply::Faulted {
            fault,
            message,
            stderr,
        } => {
            return Verdict::Faulted {
                fault: *fault,
                message: message.clone(),
                stderr: stderr.clone(),
            }
        }
        CaseReply::Ran { steps } => steps,
    };
    for (i, step) in case.steps.iter().enumerate() {
        let Some(reply) = replies.get(i) else {
            return Verdict::Errored {
                step: Some(i),
                message: format!(
                    "the engine stopped after {} of {}",
                    replies.len(),
                    crate::report::count(case.steps.len(), "step", "steps")
                ),
            };
        };
        let verdict = match (step, reply) {
            (_, StepReply::Failed { message }) => StepVerdict::Error(format!(
                "the engine could not carry out the step: {message}"
            )),
            (Step::Action(a), reply) => judge_action(a, reply),
            (Step::Expect(e), StepReply::Observed { observation }) => judge_expect(e, observation),
            (Step::Expect(_), _) => {
                StepVerdict::Error("the engine answered an action result to an expectation".into())
            }
        };
        match verdict {
            StepVerdict::Pass => {}
            StepVerdict::Fail {
                reason,
                expected,
                observed,
            } => {
                return Verdict::Failed(Failure {
                    step: i,
                    reason,
                    expected,
                    observed,
                })
            }
            StepVerdict::Error(message) => {
                return Verdict::Errored {
                    step: Some(i),
                    message,
                }
            }
        }
    }
    if replies.len() > case.steps.len() {
        return Verdict::Errored {
            step: None,
            message: format!(
                "the engine answered {}; the case has {}",
                crate::report::count(replies.len(), "step", "steps"),
                case.steps.len()
            ),
        };
    }
    Verdict::Passed
}

fn q(s: &str) -> String {
    crate::corpus::case::Value::Text(s.to_string()).to_string()
}

fn judge_action(a: &Action, reply: &StepReply) -> StepVerdict {
    let done = || vec!["result = \"done\"".to_string()];
    let rejected = |class: Option<&str>| match class {
        Some(c) => format!("result = \"rejected\", class = {}", q(c)),
        None => "result = \"rejected\"".to_string(),
    };
    match (a.expect_illegal, reply) {
        (None, StepReply::Done) => StepVerdict::Pass,
        (Some(ill), StepReply::Done) => StepVerdict::Fail {
            reason: "the engine accepted an action that must be rejected".into(),
            expected: vec![rejected(ill.class().map(|c| c.as_str()))],
            observed: done(),
        },
        (None, StepReply::Rejected { class, message }) => StepVerdict::Fail {
            reason: format!("the engine rejected a legal action: {message}"),
            expected: done(),
            observed: vec![rejected(class.as_deref())],
        },
        (
            Some(Illegal::Class(want)),
            StepReply::Rejected {
                class: Some(got),
                message,
            },
        ) if got != want.as_str() => StepVerdict::Fail {
            reason: format!("the engine rejected the action for another reason: {message}"),
            expected: vec![rejected(Some(want.as_str()))],
            observed: vec![rejected(Some(got))],
        },
        (Some(_), StepReply::Rejected { .. }) => StepVerdict::Pass,
        (_, StepReply::Observed { .. }) => {
            StepVerdict::Error("the engine answered an observation to an action".into())
        }
        (_, StepReply::Failed { message }) => StepVerdict::Error(format!(
            "the engine could not carry out the step: {message}"
        )),
    }
}

/// Compares named fields: `(label, shape, expected, observed)`. The lines of the diff are
/// written only when a field differs: a passing step formats nothing.
struct Lines<'a> {
    fields: Vec<(&'a str, &'a Expected, Option<Value>, bool)>,
}

impl<'a> Lines<'a> {
    fn new() -> Lines<'a> {
        Lines { fields: Vec::new() }
    }

    fn field(&mut self, label: &'a str, shape: Shape, expected: &'a Expected, observed: Option<Value>) {
        let same = observed.as_ref().is_some_and(|v| matches(shape, expected, v));
        self.fields.push((label, expected, observed, same));
    }

    /// `subject`: the first line of both sides; `what`: what the reason names.
    fn verdict(self, subject: impl FnOnce() -> String, what: impl FnOnce() -> String) -> StepVerdict {
        if self.fields.iter().all(|(.., same)| *same) {
            return StepVerdict::Pass;
        }
        let subject = subject();
        let (mut expected, mut observed, mut mismatched) = (vec![subject.clone()], vec![subject], Vec::new());
        for (label, want, got, same) in self.fields {
            let want = format!("{label} = {want}");
            match got {
                _ if same => {
                    expected.push(want.clone());
                    observed.push(want);
                }
                Some(v) => {
                    expected.push(want);
                    observed.push(format!("{label} = {v}"));
                    mismatched.push(label);
                }
                None => {
                    expected.push(want);
                    observed.push(format!("{label} = <not observed>"));
                    mismatched.push(label);
                }
            }
        }
        StepVerdict::Fail { reason: format!("{}: {} differ", what(), mismatched.join(", ")), expected, observed }
    }
}

fn judge_expect(e: &Expect, observation: &Observation) -> StepVerdict {
    match (e, observation) {
        (Expect::Object { object, checks }, Observation::Object(o)) => {
            let mut lines = Lines::new();
            for Check { field, expected } in checks {
                lines.field(
                    field.as_str(),
                    field.shape(),
                    expected,
                    object_value(o, *field),
                );
            }
            lines.verdict(|| format!("object = {}", q(object)), || format!("object `{object}`"))
        }
        (Expect::Player { player, checks }, Observation::Player(p)) => {
            let mut lines = Lines::new();
            for Check { field, expected } in checks {
                lines.field(
                    field.as_str(),
                    field.shape(),
                    expected,
                    player_value(p, *field),
                );
            }
            lines.verdict(|| format!("player = {}", q(player.as_str())), || format!("player `{player}`"))
        }
        (Expect::Zone(query), Observation::Zone { objects }) => {
            let mut lines = Lines::new();
            if let Some(expected) = &query.names {
                let names: Option<Vec<String>> = objects.iter().map(|o| o.name.clone()).collect();
                lines.field("names", NAMES_SHAPE, expected, names.map(Value::List));
            }
            if let Some(expected) = &query.count {
                lines.field(
                    "count",
                    COUNT_SHAPE,
                    expected,
                    Some(Value::Int(objects.len() as i64)),
                );
            }
            let subject = || {
                let selector = match (query.owner, query.controller) {
                    (Some(p), _) => format!(", owner = {}", q(p.as_str())),
                    (None, Some(p)) => format!(", controller = {}", q(p.as_str())),
                    (None, None) => String::new(),
                };
                format!("zone = {}{selector}", q(query.zone.as_str()))
            };
            lines.verdict(subject, || {
                format!("{} of {}", query.zone, query.owner.or(query.controller).map_or("?", |p| p.as_str()))
            })
        }
        (Expect::Stack { items }, Observation::Stack { items: observed }) => {
            judge_stack(items, observed)
        }
        (_, observation) => {
            let (want, got) = (subject_name(e), observation_name(observation));
            StepVerdict::Error(format!(
                "the engine answered {got} observation to {want} expectation"
            ))
        }
    }
}

fn subject_name(e: &Expect) -> &'static str {
    match e {
        Expect::Object { .. } => "an object",
        Expect::Player { .. } => "a player",
        Expect::Stack { .. } => "a stack",
        Expect::Zone(_) => "a zone",
    }
}

fn observation_name(o: &Observation) -> &'static str {
    match o {
        Observation::Object(_) => "an object",
        Observation::Player(_) => "a player",
        Observation::Stack { .. } => "a stack",
        Observation::Zone { .. } => "a zone",
    }
}

fn stack_value(o: &StackItemObservation, field: StackField) -> Option<Value> {
    match field {
        StackField::Kind => Some(Value::Text(o.kind.clone())),
        StackField::Source => o.source.clone().map(Value::Text),
        StackField::Targets => Some(Value::List(o.targets.clone())),
    }
}

fn render_observed_item(o: &StackItemObservation, fields: &[StackField]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|f| match stack_value(o, *f) {
            Some(v) => format!("{} = {v}", f.as_str()),
            None => format!("{} = <not observed>", f.as_str()),
        })
        .collect();
    if parts.is_empty() {
        "{}".into()
    } else {
        format!("{{ {} }}", parts.join(", "))
    }
}

fn judge_stack(items: &[StackItemExpect], observed: &[StackItemObservation]) -> StepVerdict {
    let all = [StackField::Kind, StackField::Source, StackField::Targets];
    let mut expected_lines = vec!["stack (top first) = [".to_string()];
    let mut observed_lines = expected_lines.clone();
    let mut ok = items.len() == observed.len();
    for i in 0..items.len().max(observed.len()) {
        match (items.get(i), observed.get(i)) {
            (Some(want), Some(got)) => {
                let want_line = format!("  {},", want.to_lit());
                let fields: Vec<StackField> = want.checks.iter().map(|c| c.field).collect();
                let same = want.checks.iter().all(|c| {
                    stack_value(got, c.field)
                        .is_some_and(|v| matches(c.field.shape(), &c.expected, &v))
                });
                ok &= same;
                observed_lines.push(if same {
                    want_line.clone()
                } else {
                    format!("  {},", render_observed_item(got, &fields))
                });
                expected_lines.push(want_line);
            }
            (Some(want), None) => expected_lines.push(format!("  {},", want.to_lit())),
            (None, Some(got)) => {
                observed_lines.push(format!("  {},", render_observed_item(got, &all)))
            }
            (None, None) => {}
        }
    }
    if ok {
        return StepVerdict::Pass;
    }
    expected_lines.push("]".into());
    observed_lines.push("]".into());
    StepVerdict::Fail {
        reason: format!(
            "the stack differs (expected {}, observed {})",
            crate::report::count(items.len(), "item", "items"),
            observed.len()
        ),
        expected: expected_lines,
        observed: observed_lines,
    }
}

fn object_value(o: &ObjectObservation, field: ObjectField) -> Option<Value> {
    use ObjectField as F;
    let text = |s: &Option<String>| s.clone().map(Value::Text);
    let int = |n: &Option<i64>| n.map(Value::Int);
    let list = |l: &Option<Vec<String>>| l.clone().map(Value::List);
    match field {
        F::Zone => text(&o.zone),
        F::Controller => text(&o.controller),
        F::Owner => text(&o.owner),
        F::Tapped => o.tapped.map(Value::Bool),
        F::Power => int(&o.power),
        F::Toughness => int(&o.toughness),
        F::Loyalty => int(&o.loyalty),
        F::Types => list(&o.types),
        F::Subtypes => list(&o.subtypes),
        F::Supertypes => list(&o.supertypes),
        F::Colors => list(&o.colors),
        F::ColorIdentity => list(&o.color_identity),
        F::Keywords => list(&o.keywords),
        F::Counters => o.counters.clone().map(Value::Counters),
        F::ManaValue => int(&o.mana_value),
        F::Damage => int(&o.damage),
        F::AttachedTo => text(&o.attached_to),
        F::Commander => o.commander.map(Value::Bool),
        F::Revealed => o.revealed.map(Value::Bool),
        F::Name => text(&o.name),
    }
}

fn player_value(p: &PlayerObservation, field: PlayerField) -> Option<Value> {
    match field {
        PlayerField::Life => p.life.map(Value::Int),
        PlayerField::ManaPool => p.mana_pool.clone().map(Value::Text),
        PlayerField::HandSize => p.hand_size.map(Value::Int),
        PlayerField::LibrarySize => p.library_size.map(Value::Int),
        PlayerField::Lost => p.lost.map(Value::Bool),
        PlayerField::Poison => p.poison.map(Value::Int),
        PlayerField::Shuffles => p.shuffles.map(Value::Int),
    }
}

fn sorted(xs: &[String], dedup: bool) -> Vec<&str> {
    let mut out: Vec<&str> = xs.iter().map(String::as_str).collect();
    out.sort_unstable();
    if dedup {
        out.dedup();
    }
    out
}

fn nonzero(m: &BTreeMap<String, i64>) -> BTreeMap<&str, i64> {
    m.iter()
        .filter(|(_, n)| **n != 0)
        .map(|(k, n)| (k.as_str(), *n))
        .collect()
}

/// Whether two values are equal for a field of `shape`.
fn equal(shape: Shape, want: &Value, got: &Value) -> bool {
    match (shape, want, got) {
        (Shape::Set(_), Value::List(a), Value::List(b)) => sorted(a, true) == sorted(b, true),
        (Shape::Text(TextKind::Mana), Value::Text(a), Value::Text(b)) => {
            match (Mana::parse(a), Mana::parse(b)) {
                (Ok(a), Ok(b)) => a.types() == b.types(),
                _ => false,
            }
        }
        (Shape::Counters, Value::Counters(a), Value::Counters(b)) => nonzero(a) == nonzero(b),
        _ => want == got,
    }
}

/// Whether the observed value satisfies the expected value or pattern, for a field of `shape`.
pub fn matches(shape: Shape, expected: &Expected, observed: &Value) -> bool {
    match (expected, observed) {
        (Expected::Is(want), got) => equal(shape, want, got),
        (Expected::OneOf(wants), got) => wants.iter().any(|want| equal(shape, want, got)),
        (Expected::Unordered(want), Value::List(got)) => {
            let set = matches!(shape, Shape::Set(_));
            sorted(want, set) == sorted(got, set)
        }
        (Expected::Contains(want), Value::List(got)) => {
            let mut pool: Vec<&str> = got.iter().map(String::as_str).collect();
            want.iter().all(|w| match pool.iter().position(|g| g == w) {
                Some(i) => {
                    if !matches!(shape, Shape::Set(_)) {
                        pool.swap_remove(i);
                    }
                    true
                }
                None => false,
            })
        }
        (Expected::Excludes(want), Value::List(got)) => want.iter().all(|w| !got.contains(w)),
        (Expected::Contains(kinds), Value::Counters(got)) => {
            kinds.iter().all(|k| got.get(k).is_some_and(|n| *n != 0))
        }
        (Expected::Excludes(kinds), Value::Counters(got)) => kinds
            .iter()
            .all(|k| !matches!(got.get(k), Some(n) if *n != 0)),
        (Expected::AtLeast(n), Value::Int(got)) => got >= n,
        (Expected::AtMost(n), Value::Int(got)) => got <= n,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
