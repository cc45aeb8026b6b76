//! Differential testing (`mtg-conformance diff`): generated scenarios run on the reference engine
//! in process and on another engine through the protocol, and compared step by step — as
//! wasmtime's differential fuzzing runs one module on two WebAssembly engines, or Csmith one
//! program on two C compilers. The corpus finds a divergence only where a case was written; this
//! finds them on boards nobody wrote.
//!
//! Each scenario (the shared generator, [`crate::fuzzing::generate`]) becomes a case in the corpus
//! format ([`script`]); both replies are compared ([`compare`]); a disagreement is shrunk while
//! the same difference about the same card remains ([`minimize`]), grouped by a signature, and
//! written as one triage file per signature ([`triage`]) — a *candidate* for the corpus that
//! names no rule: whoever adds it must cite the rule that decides it. Nothing is written into
//! `rulings/`.

pub mod command;
pub mod compare;
pub mod minimize;
pub mod pool;
pub mod script;
pub mod triage;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::fuzzing::generate::scenario_from_bytes;
use crate::run::engine::Engine;
use crate::run::reference::ReferenceEngine;

pub use compare::{compare, Mismatch, Outcome};
pub use pool::EngineFactory;
pub use script::Script;

/// What `diff` runs.
#[derive(Clone, Debug)]
pub struct DiffConfig {
    /// Stop after this many scenarios (default 1000 without `time`).
    pub scenarios: Option<usize>,
    /// Stop starting scenarios after this long.
    pub time: Option<Duration>,
    pub seed: u64,
    pub jobs: usize,
    /// Where triage files go (none written without it).
    pub out: Option<PathBuf>,
    /// Engine runs each minimization may spend.
    pub minimize_budget: usize,
}

impl Default for DiffConfig {
    fn default() -> Self {
        DiffConfig { scenarios: None, time: None, seed: 0, jobs: 1, out: None, minimize_budget: 200 }
    }
}

/// One distinct difference: its signature, the minimized script, both answers, and how many
/// scenarios showed it.
#[derive(Clone, Debug)]
pub struct Finding {
    pub signature: String,
    pub mismatch: Mismatch,
    pub script: Script,
    /// Scenario indexes that showed it (before minimization), first one minimized.
    pub scenarios: Vec<usize>,
    /// Whether it is an acceptance difference (counted as `rejected`) rather than an observation.
    pub rejected: bool,
}

/// What a diff run found.
#[derive(Clone, Debug, Default)]
pub struct DiffSummary {
    pub scenarios: usize,
    pub compared: usize,
    pub disagreements: usize,
    pub rejected: usize,
    pub skipped: usize,
    pub crashed: usize,
    /// The reference could not run a generated case: a bug of this harness.
    pub harness_errors: Vec<String>,
    /// Why cases were skipped, with counts.
    pub skip_reasons: BTreeMap<String, usize>,
    pub findings: Vec<Finding>,
    pub elapsed: Duration,
}

impl DiffSummary {
    /// Distinct observation disagreements.
    pub fn distinct(&self) -> usize {
        self.findings.iter().filter(|f| !f.rejected).count()
    }

    /// `N scenarios, N compared, N disagreements, N distinct (N skipped, N rejected, N crashed)`.
    pub fn closing_line(&self) -> String {
        format!(
            "{} scenarios, {} compared, {} disagreements, {} distinct ({} skipped, {} rejected, {} crashed)",
            self.scenarios,
            self.compared,
            self.disagreements,
            self.distinct(),
            self.skipped,
            self.rejected,
            self.crashed
        )
    }
}

/// Scenario `index` of a run with `seed`: bytes from SplitMix64, of a length that gives boards
/// of every size and scripts up to the generator's cap.
pub fn scenario_bytes(seed: u64, index: usize) -> Vec<u8> {
    let mut state = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let len = 64 + (next() % 900) as usize;
    let mut bytes = Vec::with_capacity(len + 8);
    while bytes.len() < len {
        bytes.extend_from_slice(&next().to_le_bytes());
    }
    bytes.truncate(len);
    bytes
}

/// Runs a script's case on both engines and compares.
pub fn diff_script(reference: &mut dyn Engine, engine: &mut dyn Engine, script: &Script, id: &str) -> Outcome {
    let case = script.to_case(id);
    let r = pool::guarded(reference, &case);
    let e = pool::guarded(engine, &case);
    compare(&case, &r, &e)
}

/// Progress on standard error, about every few seconds.
pub struct Progress {
    pub done: AtomicUsize,
    pub differing: AtomicUsize,
}

/// `mtg-conformance diff`: runs, minimizes, dedupes and (with `out`) writes triage files.
pub fn run(config: &DiffConfig, factory: &EngineFactory, progress: bool) -> DiffSummary {
    let start = Instant::now();
    let limit = config.scenarios.unwrap_or(if config.time.is_some() { usize::MAX } else { 1000 });
    let deadline = config.time.map(|t| start + t);
    let seed = config.seed;
    let counters = Progress { done: AtomicUsize::new(0), differing: AtomicUsize::new(0) };
    let outcomes: Vec<(usize, Option<Script>, Outcome)> = pool::run_indexed(
        config.jobs,
        limit,
        deadline,
        factory,
        |reference, engine, index| {
            let scenario = scenario_from_bytes(&scenario_bytes(seed, index));
            let out = match script::script(&scenario) {
                Ok(s) => {
                    let o = diff_script(reference, engine, &s, &format!("diff/{seed}-{index}"));
                    (index, Some(s), o)
                }
                Err(e) => (index, None, Outcome::Harness(format!("scenario {index}: {e}"))),
            };
            counters.done.fetch_add(1, Ordering::Relaxed);
            if matches!(out.2, Outcome::Disagreed(_) | Outcome::Rejected(_)) {
                counters.differing.fetch_add(1, Ordering::Relaxed);
            }
            out
        },
        &|elapsed| {
            if progress {
                let done = counters.done.load(Ordering::Relaxed);
                eprintln!(
                    "diff: {done} scenarios, {} differing, {:.1}/s, {:.0}s",
                    counters.differing.load(Ordering::Relaxed),
                    done as f64 / elapsed.as_secs_f64().max(0.001),
                    elapsed.as_secs_f64()
                );
            }
        },
    );
    let mut summary = DiffSummary { scenarios: outcomes.len(), ..DiffSummary::default() };
    // Group by the difference before minimizing, in scenario order (so --jobs doesn't change it).
    let mut groups: BTreeMap<(bool, String), (Mismatch, Script, Vec<usize>)> = BTreeMap::new();
    let mut order: Vec<(bool, String)> = Vec::new();
    for (index, script, outcome) in outcomes {
        match outcome {
            Outcome::Agreed => summary.compared += 1,
            Outcome::Skipped(why) => {
                summary.skipped += 1;
                *summary.skip_reasons.entry(reason_class(&why)).or_default() += 1;
            }
            Outcome::Crashed(why) => {
                summary.crashed += 1;
                *summary.skip_reasons.entry(reason_class(&why)).or_default() += 1;
            }
            Outcome::Harness(why) => summary.harness_errors.push(why),
            Outcome::Rejected(m) | Outcome::Disagreed(m) => {
                let rejected = m.kind.starts_with("accepted-by");
                summary.compared += 1;
                if rejected {
                    summary.rejected += 1;
                } else {
                    summary.disagreements += 1;
                }
                let key = (rejected, m.key());
                match groups.get_mut(&key) {
                    Some(g) => g.2.push(index),
                    None => {
                        order.push(key.clone());
                        if let Some(s) = script {
                            groups.insert(key, (m, s, vec![index]));
                        }
                    }
                }
            }
        }
    }
    let todo: Vec<Group> =
        order.into_iter().filter_map(|k| groups.remove(&k).map(|(m, s, i)| (k, m, s, i))).collect();
    if progress && !todo.is_empty() {
        eprintln!("diff: minimizing {}", crate::report::count(todo.len(), "difference", "differences"));
    }
    let budget = config.minimize_budget;
    let minimized: Vec<Finding> = pool::map(config.jobs, todo, factory, |reference, engine, ((rejected, _), m, s, indexes)| {
        let (script, mismatch) = minimize::minimize(reference, engine, s, m, budget);
        Finding { signature: triage::signature(&mismatch, &script), mismatch, script, scenarios: indexes, rejected }
    });
    // Dedupe by the signature of the minimized scenario.
    for f in minimized {
        match summary.findings.iter_mut().find(|g| g.signature == f.signature) {
            Some(g) => g.scenarios.extend(f.scenarios),
            None => summary.findings.push(f),
        }
    }
    summary.elapsed = start.elapsed();
    summary
}

/// A difference to minimize: its group key, the first mismatch, its script, the scenarios.
type Group = ((bool, String), Mismatch, Script, Vec<usize>);

/// A skip reason without its details (numbers, refs), to count alike reasons together.
fn reason_class(why: &str) -> String {
    let short: String = why.chars().take(90).collect();
    short.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect()
}

/// The in-process reference as a factory (tests; and `diff` against itself).
pub fn reference_factory() -> Box<dyn Engine + Send> {
    Box::new(ReferenceEngine::new())
}

#[cfg(test)]
mod tests;
