//! What a `run` request shows an engine of a case (protocol version 2): the setup, the actions
//! without their expected outcome, and the subject of each observation, nothing of what the case
//! expects. The runner judges; an engine that echoed its request would have nothing to echo.
//!
//! Left out, each because it states or hints at an outcome: every `expect` step's fields and
//! patterns (values, `one_of`, `unordered`, `contains`, `at_least`, ...), the number of stack items
//! a stack expectation lists, an action's `expect_illegal` (that it must be rejected, and its
//! class), and the case's `title`, `note`, `covers` (source ids) and `features` (tags partly
//! derived from what the steps check). Kept: the `id` (the reply echoes it and logs need it; see
//! rulings/PROTOCOL.md, "What a run request carries", for why), the setup, and every input a
//! player gives (targets, X, mana, payments, choices, replacement and trigger order).

use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};

use crate::corpus::case::{Action, Case, Expect, Player, Setup, Step, Zone};

/// A case as a `run` request carries it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaseView {
    /// The case's id, which the reply echoes.
    pub id: String,
    pub setup: Setup,
    /// The `step` array, in order.
    #[serde(rename = "step")]
    pub steps: Vec<StepView>,
}

/// One step as sent: an action without `expect_illegal`, or the subject of an observation.
#[derive(Clone, Debug, PartialEq)]
// An action is bigger than a subject; a case has a handful of steps.
#[allow(clippy::large_enum_variant)]
pub enum StepView {
    Action(Action),
    Observe(Subject),
}

/// What an `expect` step observes. The engine reports every field it can observe of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "subject", rename_all = "snake_case", deny_unknown_fields)]
pub enum Subject {
    /// The object a ref names now (CR 400.7: the card's current object).
    Object { object: String },
    Player { player: Player },
    /// The whole stack, top first.
    Stack {},
    /// The objects in a zone owned (or, on the battlefield, controlled) by a player.
    Zone {
        zone: Zone,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner: Option<Player>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        controller: Option<Player>,
    },
}

impl Subject {
    /// The subject of an expectation, without its fields.
    pub fn of(expect: &Expect) -> Subject {
        match expect {
            Expect::Object { object, .. } => Subject::Object {
                object: object.clone(),
            },
            Expect::Player { player, .. } => Subject::Player { player: *player },
            Expect::Stack { .. } => Subject::Stack {},
            Expect::Zone(q) => Subject::Zone {
                zone: q.zone,
                owner: q.owner,
                controller: q.controller,
            },
        }
    }
}

impl CaseView {
    /// What an engine is shown of `case`.
    pub fn of(case: &Case) -> CaseView {
        CaseView {
            id: case.id.clone(),
            setup: case.setup.clone(),
            steps: case
                .steps
                .iter()
                .map(|step| match step {
                    Step::Action(a) => StepView::Action(Action {
                        expect_illegal: None,
                        ..a.clone()
                    }),
                    Step::Expect(e) => StepView::Observe(Subject::of(e)),
                })
                .collect(),
        }
    }
}

impl Serialize for StepView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            StepView::Action(a) if a.expect_illegal.is_some() => Action {
                expect_illegal: None,
                ..a.clone()
            }
            .to_lit()
            .serialize(s),
            StepView::Action(a) => a.to_lit().serialize(s),
            StepView::Observe(subject) => {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("expect", subject)?;
                m.end()
            }
        }
    }
}

/// Why a step of a `run` request is not a protocol-2 step.
struct NotAStep(String);

impl fmt::Display for NotAStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for StepView {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        let fail = |m: String| de::Error::custom(NotAStep(m));
        let serde_json::Value::Object(map) = &value else {
            return Err(fail("a step is an object".into()));
        };
        if let Some(subject) = map.get("expect") {
            if let Some(other) = map.keys().find(|k| *k != "expect") {
                return Err(fail(format!("an `expect` step has no other keys; found `{other}`")));
            }
            return Subject::deserialize(subject)
                .map(StepView::Observe)
                .map_err(|e| fail(format!("in `expect`: {e}")));
        }
        if map.contains_key("expect_illegal") {
            return Err(fail(
                "`expect_illegal` is not part of protocol 2: an action is sent without its expected outcome"
                    .into(),
            ));
        }
        match Step::deserialize(&value) {
            Ok(Step::Action(a)) => Ok(StepView::Action(a)),
            Ok(Step::Expect(_)) => Err(fail("an `expect` step is `{\"expect\": subject}`".into())),
            Err(e) => Err(fail(e.to_string())),
        }
    }
}
