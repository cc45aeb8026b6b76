//! The JSON-lines protocol between the runner and an out-of-process engine, specified in
//! `rulings/PROTOCOL.md` (protocol version [`PROTOCOL_VERSION`]).
//!
//! The runner writes one [`Request`] per line on the engine's standard input; the engine writes
//! one [`Reply`] per line on its standard output, echoing the request's `seq`. The engine only
//! observes (a [`CaseReply`] per case, with a [`crate::run::engine::StepReply`] per step); the runner
//! judges, so an adapter is a thin loop. [`serve`] is the engine side (the reference engine is
//! served by `mtg-conformance serve`), [`ExternalEngine`] the runner side.

mod external;
mod lines;
mod process;
mod serve;
mod view;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::run::engine::{CaseReply, EngineInfo};

pub use external::{start_failure_cause, ExternalConfig, ExternalEngine};
#[cfg(test)]
use external::run_line;
pub use lines::{read_line_bounded, read_line_or_overflow, Line};
pub use serve::{serve, ServeError};
pub use view::{CaseView, StepView, Subject};

/// The protocol version this crate speaks. A change an existing adapter would misread bumps it.
pub const PROTOCOL_VERSION: u32 = 2;

/// The longest line either side accepts, in bytes (without the newline). A longer line is a
/// protocol error, never an allocation of whatever size the peer chose.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// Room for a `case` reply line's envelope (`{"type":"case","seq":N,"id":...,"reply":{"status":
/// "ran","steps":[...]}}`) besides its id and step replies.
const ENVELOPE_BYTES: usize = 96;

/// The most bytes the step replies of a `case` reply to the case `id` may take as JSON (with
/// their commas) for the reply line to fit in [`MAX_LINE_BYTES`].
pub fn reply_budget(id: &str) -> usize {
    MAX_LINE_BYTES.saturating_sub(ENVELOPE_BYTES.saturating_add(json_len(id)))
}

/// The length of `value` as JSON, counted without building the text.
pub fn json_len<T: Serialize + ?Sized>(value: &T) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 = self.0.saturating_add(bytes.len());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Serializing plain data into a counter can't fail; a failure would only undercount.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

/// A message from the runner to the engine. Every request carries a `seq` (increasing from 1
/// for each process) that the reply must echo.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
// `Run` carries a whole case; requests are built one at a time, so boxing buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum Request {
    /// The first request to a new process: the versions the runner speaks. The engine answers
    /// [`Reply::Started`] (or [`Reply::Error`] if it can't speak this protocol version).
    Start {
        seq: u64,
        /// The protocol version ([`PROTOCOL_VERSION`]).
        protocol: u32,
        /// The corpus format version the cases are written in (`format` in `rulings/README.md`).
        corpus_format: u32,
    },
    /// Run one case from its setup; the engine answers [`Reply::Case`]. The case is shown as a
    /// [`CaseView`]: nothing of what it expects.
    Run { seq: u64, case: CaseView },
    /// The run is over: the engine answers [`Reply::Stopped`] and exits.
    Stop { seq: u64 },
}

impl Request {
    pub fn seq(&self) -> u64 {
        match self {
            Request::Start { seq, .. } | Request::Run { seq, .. } | Request::Stop { seq } => *seq,
        }
    }
}

/// A message from the engine to the runner, answering the request with the same `seq`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Reply {
    /// Answers `start`: who the engine is.
    Started {
        seq: u64,
        /// The protocol version the engine speaks; must equal the runner's.
        protocol: u32,
        name: String,
        version: String,
        /// Feature tags (as in a case's `features`) the engine supports; informational.
        #[serde(default)]
        features: Vec<String>,
    },
    /// Answers `run`: the case's id and what the engine observed (`ran`, `skipped`, `errored`).
    Case {
        seq: u64,
        id: String,
        reply: CaseReply,
    },
    /// Answers `stop`, just before the engine exits.
    Stopped { seq: u64 },
    /// The engine could not understand a request (not JSON, unknown type, another protocol
    /// version). `seq` is the request's when it could be read.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
        message: String,
    },
}

impl Reply {
    /// The engine's identity, from a `started` reply.
    pub fn engine_info(&self) -> Option<EngineInfo> {
        match self {
            Reply::Started {
                name,
                version,
                features,
                ..
            } => Some(EngineInfo {
                name: name.clone(),
                version: version.clone(),
                features: features.clone(),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
