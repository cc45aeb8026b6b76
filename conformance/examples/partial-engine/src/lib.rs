//! A deliberately partial engine, standing for a third party's engine under development: it
//! knows a handful of cards and skips every case that uses another, and it has a known bug (it
//! ignores summoning sickness, CR 302.6), listed as expected failures in its expectations file.
//! For the rules it does know it defers to the reference engine, so the example stays small;
//! a real engine puts its own game here.

use mtg_conformance::run::protocol::CaseView;
use mtg_conformance::run::engine::{CaseReply, Engine, EngineInfo, StepReply};
use mtg_conformance::ReferenceEngine;

/// The cards this engine implements; a case with any other card is skipped.
pub const CARDS: &[&str] = &[
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Reflecting Pool",
    "Exotic Orchard",
    "Vivid Crag",
    "Ancient Tomb",
    "Fellwar Stone",
    "Llanowar Elves",
    "Grizzly Bears",
    "Raging Goblin",
    "Fires of Yavimaya",
    "Lightning Bolt",
    "Giant Growth",
];

/// The engine: a game per case.
pub struct PartialEngine {
    rules: ReferenceEngine,
}

impl PartialEngine {
    pub fn new() -> PartialEngine {
        PartialEngine {
            rules: ReferenceEngine::new(),
        }
    }
}

impl Default for PartialEngine {
    fn default() -> Self {
        PartialEngine::new()
    }
}

impl Engine for PartialEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: env!("CARGO_PKG_NAME").into(),
            version: env!("CARGO_PKG_VERSION").into(),
            features: Vec::new(),
        }
    }

    fn run_case(&mut self, case: &CaseView) -> CaseReply {
        if let Some(card) = unknown_card(case) {
            return CaseReply::Skipped {
                reason: format!("card `{card}` is not implemented"),
            };
        }
        match self.rules.run_case(case) {
            CaseReply::Ran { steps } => CaseReply::Ran {
                steps: steps.into_iter().map(forget_summoning_sickness).collect(),
            },
            other => other,
        }
    }
}

/// The first card of the case's setup this engine does not implement.
fn unknown_card(case: &CaseView) -> Option<String> {
    let setup = serde_json::to_value(&case.setup).ok()?;
    let mut names = Vec::new();
    card_names(&setup, &mut names);
    names.into_iter().find(|n| !CARDS.contains(&n.as_str()))
}

/// Every `card = "..."` in a setup (battlefield, hands, libraries, ...).
fn card_names(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                match (key.as_str(), v) {
                    ("card", serde_json::Value::String(name)) => out.push(name.clone()),
                    _ => card_names(v, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| card_names(v, out)),
        _ => {}
    }
}

/// The deliberate bug: an action rejected for summoning sickness is carried out anyway.
fn forget_summoning_sickness(step: StepReply) -> StepReply {
    match step {
        StepReply::Rejected {
            class: Some(class), ..
        } if class == "summoning_sickness" => StepReply::Done,
        other => other,
    }
}
