//! Test doubles: an [`Engine`] that answers canned replies, so the runner, judge and reports can
//! be tested without a rules engine.

use std::collections::HashMap;

use crate::run::protocol::CaseView;
use crate::run::engine::{CaseReply, Engine, EngineInfo};

/// Answers each case with the reply registered for its id; other cases error.
#[derive(Clone, Debug, Default)]
pub struct CannedEngine {
    replies: HashMap<String, CaseReply>,
    /// Case ids in the order they were run.
    pub seen: Vec<String>,
    /// Panic (instead of answering) on this case id.
    pub panic_on: Option<String>,
}

impl CannedEngine {
    pub fn new() -> CannedEngine {
        CannedEngine::default()
    }

    /// Registers the reply to the case `id`.
    pub fn reply(mut self, id: &str, reply: CaseReply) -> CannedEngine {
        self.replies.insert(id.to_string(), reply);
        self
    }
}

impl Engine for CannedEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: "canned".into(),
            version: "0".into(),
            features: vec![],
        }
    }

    fn run_case(&mut self, case: &CaseView) -> CaseReply {
        self.seen.push(case.id.clone());
        if self.panic_on.as_deref() == Some(case.id.as_str()) {
            panic!("canned panic on {}", case.id);
        }
        self.replies
            .get(&case.id)
            .cloned()
            .unwrap_or_else(|| CaseReply::Errored {
                message: format!("no canned reply for {}", case.id),
            })
    }
}
