//! Running cases against an engine: pick cases with a filter, hand each to the engine, judge its
//! reply. A panicking engine is recorded as an error, and the run goes on. Cases can also be
//! selected by feature, and skipped (without reaching the engine) by an expectations file.
//!
//! ```no_run
//! # use mtg_conformance::{Corpus, ReferenceEngine, Runner};
//! # let corpus = Corpus::load("rulings").unwrap().corpus;
//! let summary = Runner::new(&corpus).filter("crystalline-giant").run(&mut ReferenceEngine::new());
//! assert!(summary.success());
//! ```

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crate::corpus::case::Case;
use crate::corpus::Corpus;
use crate::run::engine::{Engine, Fault};
use crate::run::expectations::Expectations;
use crate::run::judge::{judge, Verdict};

/// Runs the cases of a corpus (all, or those a filter selects).
#[derive(Clone, Debug)]
pub struct Runner<'c> {
    corpus: &'c Corpus,
    filter: Option<String>,
    /// Non-empty: only cases with at least one of these features.
    features: Vec<String>,
    expectations: Option<&'c Expectations>,
    shard: crate::shard::Shard,
}

/// One case's outcome. `index` is the case's index in `corpus.cases`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseOutcome {
    pub index: usize,
    pub id: String,
    pub verdict: Verdict,
    pub elapsed: Duration,
}

/// Verdict counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    pub errored: usize,
    /// Out-of-process engines only: cases the engine crashed on, timed out on, or answered
    /// outside the protocol.
    pub crashed: usize,
    pub timed_out: usize,
    pub protocol: usize,
}

impl Counts {
    pub fn total(&self) -> usize {
        self.passed
            + self.failed
            + self.skipped
            + self.errored
            + self.crashed
            + self.timed_out
            + self.protocol
    }

    pub fn add(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Passed => self.passed += 1,
            Verdict::Failed(_) => self.failed += 1,
            Verdict::Skipped { .. } => self.skipped += 1,
            Verdict::Errored { .. } => self.errored += 1,
            Verdict::Faulted { fault, .. } => match fault {
                Fault::Crash => self.crashed += 1,
                Fault::Timeout => self.timed_out += 1,
                Fault::Protocol => self.protocol += 1,
            },
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    pub outcomes: Vec<CaseOutcome>,
    pub elapsed: Duration,
}

impl RunSummary {
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for o in &self.outcomes {
            counts.add(&o.verdict);
        }
        counts
    }

    /// Nothing failed, errored or faulted (see [`Expectations::run_ok`] for a run with an
    /// expectations file).
    pub fn success(&self) -> bool {
        let c = self.counts();
        c.total() == c.passed + c.skipped
    }

    /// `N passed, N failed, N skipped, N errored (N cases in X.XXs)`.
    pub fn closing_line(&self) -> String {
        crate::report::closing_line(&self.counts(), self.elapsed)
    }
}

/// Runs one case, turning a panic of the engine into an error verdict.
pub fn run_case(engine: &mut dyn Engine, case: &Case) -> Verdict {
    // The engine is shown the case without its expectations (protocol 2); the judge has them.
    let view = crate::run::protocol::CaseView::of(case);
    match catch_unwind(AssertUnwindSafe(|| engine.run_case(&view))) {
        Ok(reply) => judge(case, &reply),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            Verdict::Errored {
                step: None,
                message: format!("the engine panicked: {message}"),
            }
        }
    }
}

impl<'c> Runner<'c> {
    pub fn new(corpus: &'c Corpus) -> Runner<'c> {
        Runner {
            corpus,
            filter: None,
            features: Vec::new(),
            expectations: None,
            shard: crate::shard::Shard::ALL,
        }
    }

    /// Keeps only the cases of shard K of N (`--shard`; by a hash of the id, `crate::shard`).
    pub fn shard(mut self, shard: crate::shard::Shard) -> Runner<'c> {
        self.shard = shard;
        self
    }

    /// Keeps only the cases tagged with at least one of `features` (none given: no effect).
    pub fn features<S: Into<String>>(
        mut self,
        features: impl IntoIterator<Item = S>,
    ) -> Runner<'c> {
        self.features = features.into_iter().map(Into::into).collect();
        self
    }

    /// Skips, without running them, the cases the expectations' `[[skip]]` entries name.
    pub fn expectations(mut self, expectations: &'c Expectations) -> Runner<'c> {
        self.expectations = Some(expectations);
        self
    }

    /// Selects cases: the case whose id is exactly `filter` if there is one, else every case
    /// whose id contains it (so an id prefix works). An empty filter selects everything.
    pub fn filter(mut self, filter: impl Into<String>) -> Runner<'c> {
        let filter = filter.into();
        self.filter = (!filter.is_empty()).then_some(filter);
        self
    }

    /// The indices (in `corpus.cases`) of the selected cases, in corpus order.
    pub fn selected(&self) -> Vec<usize> {
        let cases = &self.corpus.cases;
        let mut selected = self.selected_by_id();
        selected.retain(|i| self.shard.has_id(&cases[*i].item.id));
        if !self.features.is_empty() {
            selected.retain(|i| {
                cases[*i]
                    .item
                    .features
                    .iter()
                    .any(|f| self.features.contains(f))
            });
        }
        selected
    }

    fn selected_by_id(&self) -> Vec<usize> {
        let cases = &self.corpus.cases;
        match &self.filter {
            None => (0..cases.len()).collect(),
            Some(f) => {
                let exact: Vec<usize> = (0..cases.len())
                    .filter(|i| cases[*i].item.id == *f)
                    .collect();
                if !exact.is_empty() {
                    return exact;
                }
                (0..cases.len())
                    .filter(|i| cases[*i].item.id.contains(f.as_str()))
                    .collect()
            }
        }
    }

    /// The case at `index` in the corpus.
    pub fn case(&self, index: usize) -> &'c Case {
        &self.corpus.cases[index].item
    }

    /// Why the expectations file skips `case`, if it does.
    pub fn skip_reason(&self, case: &Case) -> Option<String> {
        self.expectations.and_then(|e| e.skip_reason(case))
    }

    /// Runs the selected cases.
    pub fn run(&self, engine: &mut dyn Engine) -> RunSummary {
        self.run_with(engine, &mut |_| {})
    }

    /// Runs the selected cases, calling `on_case` after each.
    pub fn run_with(
        &self,
        engine: &mut dyn Engine,
        on_case: &mut dyn FnMut(&CaseOutcome),
    ) -> RunSummary {
        let start = Instant::now();
        let mut outcomes = Vec::new();
        for index in self.selected() {
            let case = &self.corpus.cases[index].item;
            let t = Instant::now();
            let skip = self.expectations.and_then(|e| e.skip_reason(case));
            let verdict = match skip {
                Some(reason) => Verdict::Skipped { reason },
                None => run_case(engine, case),
            };
            let outcome = CaseOutcome {
                index,
                id: case.id.clone(),
                verdict,
                elapsed: t.elapsed(),
            };
            on_case(&outcome);
            outcomes.push(outcome);
        }
        RunSummary {
            outcomes,
            elapsed: start.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests;
