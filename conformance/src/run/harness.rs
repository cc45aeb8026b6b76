//! Every corpus case as its own `cargo test` test, for an engine written in Rust: the engine's
//! crate adds `mtg-conformance` as a dev-dependency and one test file run with `harness = false`,
//! and `cargo test` runs the embedded corpus (libtest-mimic), with filtering, `--list`,
//! `--ignored` and the same report of a failing case as `mtg-conformance run`.
//!
//! ```no_run
//! // tests/conformance.rs, with `[[test]] name = "conformance"`, `harness = false` in Cargo.toml
//! use mtg_conformance::run::harness::{self, Options};
//! # use mtg_conformance::ReferenceEngine as MyEngine;
//! fn main() {
//!     harness::main(MyEngine::new, Options::default().expectations("tests/expectations.toml"));
//! }
//! ```
//!
//! - A case the engine skips (`CaseReply::Skipped`), or that a `[[skip]]` entry of the
//!   expectations file names, is reported `ignored`, with the reason.
//! - A case an `[[xfail]]` entry names is an ignored test of kind `xfail`: `cargo test -- --ignored`
//!   runs the expected failures (each fails with its report; one that passes is an entry to
//!   remove), `--include-ignored` runs everything.
//! - The first line says which corpus release and format ran, and against which engine.
//! - A corpus that loads with problems, or an expectations file that can't be read or names a
//!   case the corpus does not have (renamed or removed ids are listed in `CHANGELOG.md`), is a
//!   failing test of its own (`corpus`, `expectations`); the cases still run.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use libtest_mimic::{Arguments, Completion, Failed, Trial};

use crate::corpus::{Corpus, Loaded};
use crate::report::case_report;
use crate::run::engine::Engine;
use crate::run::expectations::Expectations;
use crate::run::judge::Verdict;
use crate::run::runner::{run_case, CaseOutcome};

/// What to run: the embedded corpus (or a corpus directory), under an expectations file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The engine's expectations file (`mtg-conformance run --expectations`), relative to the
    /// crate's root (where `cargo test` runs a test binary).
    pub expectations: Option<PathBuf>,
    /// A corpus directory to run instead of the embedded corpus (a checkout of `rulings/`).
    pub corpus: Option<PathBuf>,
}

impl Options {
    /// Reads the skips and expected failures from this file.
    pub fn expectations(mut self, path: impl Into<PathBuf>) -> Options {
        self.expectations = Some(path.into());
        self
    }

    /// Runs the corpus in this directory instead of the embedded one.
    pub fn corpus(mut self, dir: impl Into<PathBuf>) -> Options {
        self.corpus = Some(dir.into());
        self
    }
}

/// Runs every case as a test of the command-line arguments (`cargo test -- <filter> --ignored`
/// ...), each against a fresh engine from `new_engine`, then exits with the tests' status.
pub fn main<E, F>(new_engine: F, options: Options) -> !
where
    E: Engine,
    F: Fn() -> E + Send + Sync + 'static,
{
    let args = Arguments::from_args();
    let suite = Suite::new(new_engine, &options);
    let json = matches!(args.format, Some(libtest_mimic::FormatSetting::Json));
    if !args.list && !json && args.logfile.is_none() {
        // Not with `--list` or `--format json`: tools parse that output line by line.
        println!("{}", suite.header());
    }
    libtest_mimic::run(&args, suite.trials()).exit()
}

/// The tests of one run, before libtest-mimic runs them.
pub struct Suite<F> {
    shared: Arc<Shared<F>>,
    /// Problems that are tests of their own (`corpus`, `expectations`).
    problems: Vec<(&'static str, String)>,
    corpus_name: String,
    engine: String,
    expectations_note: String,
}

struct Shared<F> {
    loaded: Loaded,
    expectations: Expectations,
    new_engine: F,
    /// The test binary's name, for the rerun command.
    binary: String,
}

impl<E, F> Suite<F>
where
    E: Engine,
    F: Fn() -> E + Send + Sync + 'static,
{
    /// Loads the corpus and the expectations file of `options`.
    pub fn new(new_engine: F, options: &Options) -> Suite<F> {
        let mut problems = Vec::new();
        let (loaded, corpus_name) = match &options.corpus {
            None => (Corpus::embedded(), Corpus::embedded_version().to_string()),
            Some(dir) => {
                let name = format!(
                    "corpus {} (format {})",
                    dir.display(),
                    crate::corpus::case::FORMAT_VERSION
                );
                match Corpus::load(dir) {
                    Ok(loaded) => (loaded, name),
                    Err(e) => {
                        problems.push(("corpus", e.to_string()));
                        (Loaded::default(), name)
                    }
                }
            }
        };
        if !loaded.problems.is_empty() {
            let lines: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
            problems.push(("corpus", lines.join("\n")));
        }
        let (expectations, expectations_note) = match &options.expectations {
            None => (Expectations::default(), String::new()),
            Some(path) => match read_expectations(path, &loaded.corpus) {
                Ok((e, unknown)) => {
                    if !unknown.is_empty() {
                        problems.push((
                            "expectations",
                            format!(
                                "{}: {}\n(renamed and removed case ids are listed in mtg-conformance's CHANGELOG.md)",
                                path.display(),
                                unknown.join("\n")
                            ),
                        ));
                    }
                    let note = format!(
                        "; expectations {} ({} skip, {} xfail)",
                        path.display(),
                        e.skip.len(),
                        e.xfail.len()
                    );
                    (e, note)
                }
                Err(message) => {
                    problems.push(("expectations", message));
                    (Expectations::default(), String::new())
                }
            },
        };
        let info = new_engine().info();
        let binary = std::env::args()
            .next()
            .map(|a| test_target_name(&a))
            .unwrap_or_default();
        Suite {
            shared: Arc::new(Shared {
                loaded,
                expectations,
                new_engine,
                binary,
            }),
            problems,
            corpus_name,
            engine: format!("{} {}", info.name, info.version),
            expectations_note,
        }
    }

    /// `mtg-conformance 0.1.0: corpus 0.1.0 (format 1), 185 cases; engine NAME VERSION; ...`.
    pub fn header(&self) -> String {
        format!(
            "mtg-conformance {}: {}, {}; engine {}{}",
            env!("CARGO_PKG_VERSION"),
            self.corpus_name,
            crate::report::count(self.shared.loaded.corpus.cases.len(), "case", "cases"),
            self.engine,
            self.expectations_note
        )
    }

    /// One test per problem, then one per case, in corpus order.
    pub fn trials(&self) -> Vec<Trial> {
        let mut trials: Vec<Trial> = self
            .problems
            .iter()
            .map(|(name, message)| {
                let message = message.clone();
                Trial::test(*name, move || Err(Failed::from(message)))
            })
            .collect();
        trials.extend(
            (0..self.shared.loaded.corpus.cases.len())
                .map(|index| case_trial(Arc::clone(&self.shared), index)),
        );
        trials
    }
}

/// Reads an expectations file: the entries, and those that name nothing in `corpus`.
fn read_expectations(
    path: &std::path::Path,
    corpus: &Corpus,
) -> Result<(Expectations, Vec<String>), String> {
    let text = crate::files::read_regular_text(path, crate::files::MAX_EXPECTATIONS_FILE).map_err(|e| format!("{}: {e}", path.display()))?;
    let expectations =
        Expectations::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let unknown = expectations.check(corpus);
    Ok((expectations, unknown))
}

fn case_trial<E, F>(shared: Arc<Shared<F>>, index: usize) -> Trial
where
    E: Engine,
    F: Fn() -> E + Send + Sync + 'static,
{
    let case = &shared.loaded.corpus.cases[index].item;
    let id = case.id.clone();
    if let Some(reason) = shared.expectations.skip_reason(case) {
        return Trial::ignorable_test(id, move || Ok(Completion::ignored_with(reason)));
    }
    let xfail = shared
        .expectations
        .xfail
        .iter()
        .find(|x| x.id == id)
        .map(|x| {
            format!(
                "expected to end `{}` (expectations): {}\n",
                x.class, x.reason
            )
        });
    let is_xfail = xfail.is_some();
    let trial = Trial::ignorable_test(id.clone(), move || {
        let corpus = &shared.loaded.corpus;
        let mut engine = (shared.new_engine)();
        let start = Instant::now();
        let verdict = run_case(&mut engine, &corpus.cases[index].item);
        let outcome = CaseOutcome {
            index,
            id,
            verdict,
            elapsed: start.elapsed(),
        };
        match &outcome.verdict {
            Verdict::Passed => Ok(Completion::Completed),
            Verdict::Skipped { reason } => Ok(Completion::ignored_with(reason)),
            _ => {
                let report = case_report(corpus, &outcome, false);
                let report = with_rerun(&report, &shared.binary, &outcome.id, is_xfail);
                Err(Failed::from(format!(
                    "{}{report}",
                    xfail.unwrap_or_default()
                )))
            }
        }
    });
    if is_xfail {
        trial.with_kind("xfail").with_ignored_flag(true)
    } else {
        trial
    }
}

/// The test target's name from the test binary's path: `target/debug/deps/conformance-0a1b2c`
/// is `conformance`.
fn test_target_name(arg0: &str) -> String {
    let stem = std::path::Path::new(arg0)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    match stem.rsplit_once('-') {
        Some((name, hash)) if !hash.is_empty() && hash.chars().all(|c| c.is_ascii_hexdigit()) => {
            name.to_string()
        }
        _ => stem.to_string(),
    }
}

/// The report with its rerun line as a `cargo test` command instead of `mtg-conformance run`.
fn with_rerun(report: &str, binary: &str, id: &str, ignored: bool) -> String {
    let quoted = if id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._/+-:=@".contains(c))
    {
        id.to_string()
    } else {
        format!("'{}'", id.replace('\'', "'\\''"))
    };
    let target = if binary.is_empty() {
        String::new()
    } else {
        format!(" --test {binary}")
    };
    let flag = if ignored { " --ignored" } else { "" };
    let command = format!("cargo test{target} -- --exact {quoted}{flag}");
    let mut out = String::new();
    for line in report.lines() {
        if line.starts_with("  rerun: ") {
            out.push_str(&format!("  rerun: {command}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests;
