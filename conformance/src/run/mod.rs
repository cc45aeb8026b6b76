//! Running and judging: the `Engine` trait an engine implements, the reference engine's adapter,
//! external engines over the JSON-lines protocol, the runner, the judge that compares
//! observations with expectations, and an engine's expectations file.

// The observation enums are plain serde data shared with the JSON-lines protocol.
#[allow(clippy::large_enum_variant)]
pub mod engine;
pub mod expectations;
pub mod harness;
pub mod judge;
pub mod listing_check;
pub mod parallel;
pub mod protocol;
pub mod reference;
pub mod runner;
pub mod testing;
