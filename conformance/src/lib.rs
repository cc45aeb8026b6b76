//! mtg-conformance: the case model, corpus loader, linter, runner, judge and reports of the
//! ruling-by-ruling conformance suite for Magic: The Gathering rules engines.
//!
//! ```no_run
//! use mtg_conformance::{Corpus, ReferenceEngine, Runner};
//! let loaded = Corpus::load("rulings").expect("corpus");
//! let summary = Runner::new(&loaded.corpus).filter("cr-107.5").run(&mut ReferenceEngine::new());
//! println!("{}", summary.closing_line());
//! ```
#![forbid(unsafe_code)]

// Grouped by concern, so the folders show the architecture (see ARCHITECTURE.md).
pub mod cli;
/// The corpus: case model, loading, lint, coverage, export.
pub mod corpus;
/// Generators and invariants for property tests and fuzzing.
pub mod fuzzing;
/// Reading the files a user hands the tools: regular files only, with a size cap.
pub mod files;
/// Directories the tools own and write into.
pub mod outdir;
/// Human, JSON-lines and JUnit reports.
pub mod report;
/// Engines, the protocol, the runner and the judge.
pub mod run;
pub mod schema;
/// `--shard K/N`: campaigns split deterministically over machines.
pub mod shard;

pub use corpus::Corpus;
pub use run::engine::Engine;
pub use run::reference::ReferenceEngine;
pub use run::runner::Runner;
