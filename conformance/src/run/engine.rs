//! The engine-neutral interface: what an engine under test is given and what it answers.
//!
//! An engine receives a case as a [`CaseView`] (its setup and steps, nothing of what it expects)
//! and answers one [`StepReply`] per step: for an action whether it was accepted or rejected, for
//! an observation everything it observed of the subject. The engine never sees an expectation or
//! a verdict and never judges; the runner compares observations with expectations.
//! The same shapes travel over the JSON-lines protocol, so they are plain serde data.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::run::protocol::CaseView;

/// Who an engine is and what it supports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EngineInfo {
    pub name: String,
    pub version: String,
    /// Feature tags (as used in a case's `features`) the engine claims to support.
    #[serde(default)]
    pub features: Vec<String>,
}

/// An engine under test, in process.
pub trait Engine {
    fn info(&self) -> EngineInfo;
    /// Runs every step of `case` from its setup and reports what happened at each step. The
    /// case is shown as protocol 2 shows it ([`CaseView::of`]): no expected values.
    fn run_case(&mut self, case: &CaseView) -> CaseReply;

    /// [`Engine::run_case`], answering `errored` instead once the step replies would take more
    /// than `max_bytes` as JSON: `serve` answers a case on one line of at most 4 MiB
    /// (rulings/PROTOCOL.md, "Memory bounds"), so a reply any longer is never sent, and an engine
    /// whose replies grow with what a request asks (observations of a large board, many times)
    /// stops building one there instead of holding it whole. The default runs the case: `serve`
    /// still refuses to send an over-long reply, but the engine holds it first.
    fn run_case_within(&mut self, case: &CaseView, max_bytes: usize) -> CaseReply {
        let _ = max_bytes;
        self.run_case(case)
    }
}

/// The engine's answer for one case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case", deny_unknown_fields)]
pub enum CaseReply {
    /// One reply per step, in order. Fewer replies than steps means the engine stopped early.
    Ran { steps: Vec<StepReply> },
    /// The engine cannot express this case (a card or verb it doesn't support).
    Skipped { reason: String },
    /// The engine failed in a way that is not a rules answer (setup it could not build, a bug).
    Errored { message: String },
    /// The runner gave up on the engine process: it crashed, hung or broke the protocol. Only
    /// the runner records this (an engine that sends it breaks the protocol); `stderr` is the
    /// end of what the engine wrote on its standard error, bounded.
    Faulted {
        fault: Fault,
        message: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        stderr: String,
    },
}

/// How an out-of-process engine failed a case, as opposed to answering it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// The process exited, or closed its output, before answering.
    Crash,
    /// No answer within the per-case timeout.
    Timeout,
    /// It answered something that is not a valid reply to the request: not JSON, the wrong
    /// shape, the wrong sequence number or case, or a line over the length limit.
    Protocol,
}

impl Fault {
    /// `crash`, `timeout` or `protocol`, as in reports and expectations files.
    pub fn as_str(self) -> &'static str {
        match self {
            Fault::Crash => "crash",
            Fault::Timeout => "timeout",
            Fault::Protocol => "protocol",
        }
    }
}

/// The engine's answer for one step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(
    tag = "result",
    rename_all = "snake_case",
    deny_unknown_fields,
    from = "wire::StepReply"
)]
pub enum StepReply {
    /// The action was performed.
    Done,
    /// The action was rejected and the game left unchanged.
    Rejected {
        /// A rejection class from `rulings/README.md` (`cost`, `timing`, ...), if the engine has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        class: Option<String>,
        message: String,
    },
    /// What the engine observed for an `expect` step.
    Observed { observation: Observation },
    /// The engine could not carry out this step at all (unsupported, or an internal error).
    Failed { message: String },
}

/// How a [`StepReply`] is read. serde lets any key through beside the tag of a unit variant
/// (`{"result":"done","why":1}` would read as `done`), and unknown keys are errors
/// (rulings/PROTOCOL.md), so `done` is read as an empty struct and then converted; the schema of
/// a step reply is this type's.
mod wire {
    use schemars::JsonSchema;
    use serde::Deserialize;

    use super::Observation;

    /// The engine's answer for one step.
    #[derive(Deserialize, JsonSchema)]
    #[serde(tag = "result", rename_all = "snake_case", deny_unknown_fields)]
    pub enum StepReply {
        /// The action was performed.
        Done {},
        /// The action was rejected and the game left unchanged.
        Rejected {
            /// A rejection class from `rulings/README.md` (`cost`, `timing`, ...), if the engine has one.
            #[serde(default)]
            class: Option<String>,
            message: String,
        },
        /// What the engine observed for an `expect` step.
        Observed { observation: Observation },
        /// The engine could not carry out this step at all (unsupported, or an internal error).
        Failed { message: String },
    }

    impl From<StepReply> for super::StepReply {
        fn from(wire: StepReply) -> Self {
            match wire {
                StepReply::Done {} => super::StepReply::Done,
                StepReply::Rejected { class, message } => super::StepReply::Rejected { class, message },
                StepReply::Observed { observation } => super::StepReply::Observed { observation },
                StepReply::Failed { message } => super::StepReply::Failed { message },
            }
        }
    }
}

/// An observation of one subject. Engines fill in every field they can; the runner compares
/// only the fields the expectation names, and a field the engine left out counts as a mismatch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "subject", rename_all = "snake_case", deny_unknown_fields)]
pub enum Observation {
    Object(ObjectObservation),
    Player(PlayerObservation),
    Stack { items: Vec<StackItemObservation> },
    Zone { objects: Vec<ObjectObservation> },
}

/// Observable state of one object. `None` means "not observed" (not "absent"): an engine that
/// knows a creature has no counters reports `Some(empty map)`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectObservation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Zone name as in the corpus format (`battlefield`, `graveyard`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// `"alice"` or `"bob"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tapped: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub types: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtypes: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supertypes: Option<Vec<String>>,
    /// Color letters, `W U B R G`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<String>>,
    /// Keyword abilities, capitalised as in Oracle text (`Flying`, `First strike`, `Haste`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keywords: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<BTreeMap<String, i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana_value: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<i64>,
    /// The ref of the object this is attached to; `Some("")` for none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<bool>,
    /// The card's color identity (CR 903.4), color letters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color_identity: Option<Vec<String>>,
    /// Whether the card, in a hand, is revealed to all players (CR 701.20a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerObservation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<i64>,
    /// The pool as mana symbols, e.g. `"{G}{G}{C}"`; the runner compares it as a multiset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana_pool: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_size: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_size: Option<i64>,
    /// Whether the player has lost the game (CR 104.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost: Option<bool>,
    /// The player's poison counters (CR 122.1f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poison: Option<i64>,
    /// How many times the player's library has been shuffled since the case's setup (CR
    /// 701.24a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuffles: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackItemObservation {
    /// `"spell"` or `"ability"`.
    pub kind: String,
    /// The ref of the spell's card or of the ability's source, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default)]
    pub targets: Vec<String>,
}
