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
pub mod known;
pub mod minimize;
pub mod pool;
pub mod record;
pub mod script;
pub mod triage;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
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
    /// The whole run's time: scenarios start during its first three quarters, minimization
    /// runs start until it ends (a run under way finishes, within the engine's timeout).
    pub time: Option<Duration>,
    pub seed: u64,
    pub jobs: usize,
    /// Where triage files go (none written without it), each as soon as it is minimized.
    pub out: Option<PathBuf>,
    /// Engine runs each minimization may spend.
    pub minimize_budget: usize,
    /// The engine's name and version, for the triage files.
    pub engine_name: String,
    /// Run only this shard's scenarios (`--shard K/N`: indices `K - 1 mod N`); `diff merge`
    /// joins the shards' directories into what one run writes.
    pub shard: crate::shard::Shard,
    /// Differences to look past (`--ignore`), to the next one in the same scenario.
    pub ignore: Vec<known::Pattern>,
    /// Classified differences (`--known`): reported apart, and (unless `write_known`) given
    /// no triage file.
    pub known: known::Known,
    pub write_known: bool,
}

impl Default for DiffConfig {
    fn default() -> Self {
        DiffConfig {
            scenarios: None,
            time: None,
            seed: 0,
            jobs: 1,
            out: None,
            minimize_budget: 200,
            engine_name: "engine".into(),
            shard: crate::shard::Shard::ALL,
            ignore: Vec::new(),
            known: known::Known::default(),
            write_known: false,
        }
    }
}

/// The most distinct differences a run keeps, each with one scenario's script (about 20 KB);
/// differing scenarios past it are counted (`unkept`), not kept. With the skip reasons and harness
/// errors capped too, a run's memory is bounded whatever the engine answers and however long it
/// runs.
pub const MAX_GROUPS: usize = 256;
/// The most distinct skip reasons counted apart (each at most 90 characters); the rest are
/// counted under [`OTHER_REASONS`].
pub const MAX_REASONS: usize = 64;
/// What the skip reasons past [`MAX_REASONS`] are counted as.
pub const OTHER_REASONS: &str = "(other reasons)";
/// The harness errors kept (the first by scenario index); all are counted.
pub const MAX_HARNESS_ERRORS: usize = 10;

/// One distinct difference: its signature, the minimized script, both answers, and how many
/// scenarios showed it.
#[derive(Clone, Debug)]
pub struct Finding {
    pub signature: String,
    pub mismatch: Mismatch,
    pub script: Script,
    /// How many scenarios showed it (before minimization).
    pub scenarios: usize,
    /// The first of them (the one minimized).
    pub first: usize,
    /// Whether it is an acceptance difference (counted as `rejected`) rather than an observation.
    pub rejected: bool,
    /// False when the run's time ran out before or during its minimization.
    pub minimized: bool,
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
    /// The reference could not run a generated case: a bug of this harness. The first
    /// [`MAX_HARNESS_ERRORS`] are kept, all counted in `harness_error_count`.
    pub harness_errors: Vec<String>,
    pub harness_error_count: usize,
    /// Why cases were skipped, with counts.
    pub skip_reasons: BTreeMap<String, usize>,
    /// Differing scenarios whose difference came after [`MAX_GROUPS`] others.
    pub unkept: usize,
    pub findings: Vec<Finding>,
    /// The triage files written.
    pub written: Vec<PathBuf>,
    /// Why a triage file could not be written (the run stops writing then).
    pub write_error: Option<String>,
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

/// Runs a script's case on both engines and compares, looking past the differences `ignore`
/// matches ([`compare::compare_ignoring`]).
pub fn diff_script(reference: &mut dyn Engine, engine: &mut dyn Engine, script: &Script, id: &str, ignore: &[known::Pattern]) -> Outcome {
    let case = script.to_case(id);
    let r = pool::guarded(reference, &case);
    let e = pool::guarded(engine, &case);
    compare::compare_ignoring(&case, &r, &e, ignore)
}

/// Progress on standard error, about every few seconds.
pub struct Progress {
    pub done: AtomicUsize,
    pub differing: AtomicUsize,
}

/// A difference before minimization: the first scenario that showed it (its mismatch and
/// script) and how many did.
struct Group {
    first: usize,
    mismatch: Mismatch,
    script: Script,
    count: usize,
}

/// Every scenario's result folded in as it comes: counts, capped reasons, one script per
/// difference. Folding commutes (the first scenario of a group is the lowest index), so `--jobs`
/// doesn't change the result while the caps aren't reached.
#[derive(Default)]
struct Fold {
    summary: DiffSummary,
    groups: BTreeMap<(bool, String), Group>,
    harness: BTreeMap<usize, String>,
}

impl Fold {
    fn reason(&mut self, why: &str) {
        let class = reason_class(why);
        let reasons = &mut self.summary.skip_reasons;
        let key = if reasons.contains_key(&class) || reasons.len() < MAX_REASONS { class } else { OTHER_REASONS.to_string() };
        *reasons.entry(key).or_default() += 1;
    }

    fn add(&mut self, index: usize, script: Option<Script>, outcome: Outcome) {
        let s = &mut self.summary;
        s.scenarios += 1;
        match outcome {
            Outcome::Agreed => s.compared += 1,
            Outcome::Skipped(why) => {
                s.skipped += 1;
                self.reason(&why);
            }
            Outcome::Crashed(why) => {
                s.crashed += 1;
                self.reason(&why);
            }
            Outcome::Harness(why) => {
                s.harness_error_count += 1;
                self.harness.insert(index, why);
                if self.harness.len() > MAX_HARNESS_ERRORS {
                    self.harness.pop_last();
                }
            }
            Outcome::Rejected(m) | Outcome::Disagreed(m) => {
                let rejected = m.kind.starts_with("accepted-by");
                s.compared += 1;
                if rejected {
                    s.rejected += 1;
                } else {
                    s.disagreements += 1;
                }
                let key = (rejected, m.key());
                let full = self.groups.len() >= MAX_GROUPS;
                match (self.groups.get_mut(&key), script) {
                    (Some(g), script) => {
                        g.count += 1;
                        if let (true, Some(script)) = (index < g.first, script) {
                            (g.first, g.mismatch, g.script) = (index, m, script);
                        }
                    }
                    (None, Some(script)) if !full => {
                        self.groups.insert(key, Group { first: index, mismatch: m, script, count: 1 });
                    }
                    (None, _) => s.unkept += 1,
                }
            }
        }
    }
}

/// Where the minimized findings go as each is ready: merged by signature, written out.
struct Findings<'a> {
    config: &'a DiffConfig,
    /// Each finding with its rank (its group's place, largest first).
    found: Vec<(usize, Finding)>,
    /// Every group's finding before the merge by signature (with `--out`: the run record).
    groups: Vec<record::GroupRecord>,
    written: Vec<PathBuf>,
    write_error: Option<String>,
    done: usize,
}

impl Findings<'_> {
    fn add(&mut self, rank: usize, f: Finding) -> &Finding {
        let at = match self.found.iter().position(|(_, g)| g.signature == f.signature) {
            Some(i) => {
                let (r, g) = &mut self.found[i];
                let total = g.scenarios + f.scenarios;
                if rank < *r {
                    (*r, *g) = (rank, f);
                }
                g.scenarios = total;
                i
            }
            None => {
                self.found.push((rank, f));
                self.found.len() - 1
            }
        };
        let finding = &self.found[at].1;
        // A known difference gets no triage file unless asked for (`--write-known`).
        let wanted = self.config.write_known || self.config.known.classify(finding).is_none();
        if let (Some(dir), None, true) = (&self.config.out, &self.write_error, wanted) {
            match triage::write(dir, finding, &self.config.engine_name, self.config.seed) {
                Ok(path) => {
                    if !self.written.contains(&path) {
                        self.written.push(path);
                    }
                }
                Err(e) => self.write_error = Some(e.to_string()),
            }
        }
        &self.found[at].1
    }
}

/// `mtg-conformance diff`: runs, minimizes (largest differences first), dedupes and (with `out`)
/// writes a triage file as each finding is ready.
pub fn run(config: &DiffConfig, factory: &EngineFactory, progress: bool) -> DiffSummary {
    let start = Instant::now();
    let limit = config.scenarios.unwrap_or(if config.time.is_some() { usize::MAX } else { 1000 });
    // A time too large for the clock is no deadline.
    let deadline = config.time.and_then(|t| start.checked_add(t));
    let scenario_deadline = config.time.and_then(|t| start.checked_add(t.mul_f64(0.75)));
    let seed = config.seed;
    let shard = config.shard;
    // This shard's j-th scenario is the campaign's `shard.global(j)`: indices (and so the
    // scenarios, the groups' first scenarios and the triage files) are the campaign's.
    let local = usize::try_from(shard.len_below(limit as u64)).unwrap_or(usize::MAX);
    let counters = Progress { done: AtomicUsize::new(0), differing: AtomicUsize::new(0) };
    let fold = Mutex::new(Fold::default());
    pool::run_indexed(
        config.jobs,
        local,
        scenario_deadline,
        factory,
        |reference, engine, j| {
            let Some(index) = shard.global(j as u64).and_then(|i| usize::try_from(i).ok()) else { return };
            let scenario = scenario_from_bytes(&scenario_bytes(seed, index));
            let (script, outcome) = match script::script(&scenario) {
                Ok(s) => {
                    let o = diff_script(reference, engine, &s, &format!("diff/{seed}-{index}"), &config.ignore);
                    (Some(s), o)
                }
                Err(e) => (None, Outcome::Harness(format!("scenario {index}: {e}"))),
            };
            counters.done.fetch_add(1, Ordering::Relaxed);
            if matches!(outcome, Outcome::Disagreed(_) | Outcome::Rejected(_)) {
                counters.differing.fetch_add(1, Ordering::Relaxed);
            }
            if let Ok(mut f) = fold.lock() {
                f.add(index, script, outcome);
            }
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
    let Fold { mut summary, groups, harness } = fold.into_inner().unwrap_or_else(|e| e.into_inner());
    summary.harness_errors = harness.into_values().collect();
    // The largest differences first, so that what the time allows goes where most scenarios are.
    let mut todo: Vec<(bool, String, Group)> = groups.into_iter().map(|((rejected, key), g)| (rejected, key, g)).collect();
    todo.sort_by_key(|(_, _, g)| (std::cmp::Reverse(g.count), g.first));
    let total = todo.len();
    if progress && total > 0 {
        eprintln!("diff: minimizing {}, largest first", crate::report::count(total, "difference", "differences"));
    }
    let budget = config.minimize_budget;
    // `command` claimed it before anything ran; a caller of this function may not have.
    let write_error = config.out.as_deref().and_then(|dir| crate::outdir::claim(dir, "diff --out").err()).map(|e| e.to_string());
    let sink = Mutex::new(Findings { config, found: Vec::new(), groups: Vec::new(), written: Vec::new(), write_error, done: 0 });
    let ranked: Vec<(usize, (bool, String, Group))> = todo.into_iter().enumerate().collect();
    pool::map(config.jobs, ranked, factory, |reference, engine, (rank, (rejected, key, g))| {
        let (script, mismatch) = minimize::minimize(reference, engine, g.script, g.mismatch, budget, deadline, &config.ignore);
        let minimized = deadline.is_none_or(|d| Instant::now() < d);
        let f = Finding { signature: triage::signature(&mismatch, &script), mismatch, script, scenarios: g.count, first: g.first, rejected, minimized };
        if let Ok(mut sink) = sink.lock() {
            if config.out.is_some() {
                sink.groups.push(record::GroupRecord::new(key, &f));
            }
            sink.done += 1;
            let done = sink.done;
            let f = sink.add(rank, f);
            if progress {
                eprintln!(
                    "diff: {} {done} of {total}, {:.0}s: {}",
                    if f.minimized { "minimized" } else { "out of time, kept unminimized" },
                    start.elapsed().as_secs_f64(),
                    crate::report::printable(&f.signature)
                );
            }
        }
    });
    let sink = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut found = sink.found;
    found.sort_by_key(|(rank, _)| *rank);
    summary.findings = found.into_iter().map(|(_, f)| f).collect();
    summary.written = sink.written;
    summary.write_error = sink.write_error;
    if let (Some(dir), None) = (&config.out, &summary.write_error) {
        // The groups before the merge by signature, for `diff merge` of a campaign's shards.
        let record = record::RunRecord::of(config, &summary, sink.groups);
        let written = record.to_toml().map_err(|e| format!("{}: {e}", record::RECORD)).and_then(|text| {
            crate::outdir::write_file(&dir.join(record::RECORD), text.as_bytes()).map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            summary.write_error = Some(e);
        }
    }
    summary.elapsed = start.elapsed();
    summary
}

/// `diff merge`: writes into `out` (claimed as `diff --out` claims it) the triage files and the
/// record one run would have written for the campaign whose shards' `--out` directories are
/// `dirs`; returns the merged summary and the files written.
pub fn merge_into(dirs: &[PathBuf], out: &std::path::Path, known: &known::Known, write_known: bool) -> Result<DiffSummary, String> {
    let merged = record::merge(dirs).map_err(|e| e.to_string())?;
    crate::outdir::claim(out, "diff --out").map_err(|e| e.to_string())?;
    let mut summary = merged.summary();
    for f in summary.findings.iter().filter(|f| write_known || known.classify(f).is_none()) {
        let path = triage::write(out, f, &merged.engine, merged.seed).map_err(|e| e.to_string())?;
        summary.written.push(path);
    }
    let text = merged.to_toml().map_err(|e| format!("{}: {e}", record::RECORD))?;
    crate::outdir::write_file(&out.join(record::RECORD), text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(summary)
}

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
