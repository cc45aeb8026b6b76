//! mtg-conformance: the case model, corpus loader, linter, runner, judge and reports of the
//! ruling-by-ruling conformance suite for Magic: The Gathering rules engines.
//!
//! ```no_run
//! use mtg_conformance::{corpus::Corpus, reference::ReferenceEngine, runner::Runner};
//! let loaded = Corpus::load("rulings").expect("corpus");
//! let summary = Runner::new(&loaded.corpus).filter("cr-107.5").run(&mut ReferenceEngine::new());
//! println!("{}", summary.closing_line());
//! ```
#![forbid(unsafe_code)]

pub mod case;
pub mod cli;
pub mod corpus;
pub mod coverage;
// The observation enums are plain serde data shared with the JSON-lines protocol.
#[allow(clippy::large_enum_variant)]
pub mod engine;
pub mod expectations;
pub mod export;
#[cfg(feature = "arbitrary")]
pub mod generate;
/// Invariants checked after every step by the property tests and the fuzz targets.
pub mod invariants;
pub mod judge;
pub mod lint;
pub mod protocol;
pub mod reference;
pub mod report;
pub mod runner;
pub mod schema;
pub mod testing;
