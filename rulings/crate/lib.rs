//! The mtg-conformance rulings corpus as data: every file of the corpus (`cards.toml`,
//! `sources/`, `rules/`, `cards/`, `regressions/`), embedded at build time. The format is
//! specified in this crate's `README.md` (the corpus's own); `mtg-conformance` reads it with
//! `Corpus::embedded()` and runs it against an engine (`mtg_conformance::run::harness`).
//!
//! ```
//! let cases = mtg_rulings::FILES.iter().filter(|f| f.path.starts_with("rules/")).count();
//! assert!(cases > 0);
//! assert!(mtg_rulings::FILES.iter().any(|f| f.path == "cards.toml"));
//! ```
#![forbid(unsafe_code)]
#![no_std]

/// One corpus file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File {
    /// Relative to the corpus root, `/`-separated: `rules/107.5-tap-symbol.toml`.
    pub path: &'static str,
    /// Its text (corpus files are UTF-8).
    pub text: &'static str,
}

/// Every data file of the corpus, sorted by path.
pub static FILES: &[File] = include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// The version of the corpus format these files are written in (`rulings/README.md`). A reader
/// refuses a format it does not know rather than misreading it.
pub const FORMAT_VERSION: u32 = 1;

/// The corpus release: this crate's version. Each release that adds or changes cases bumps the
/// minor version (`CHANGELOG.md` says what changed, and lists removed or renamed case ids).
pub const RELEASE: &str = env!("CARGO_PKG_VERSION");
