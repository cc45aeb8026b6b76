//! `run --jobs J`: the selected cases on J engines at once (J processes for an external
//! engine), each case judged as by [`Runner::run_with`]; outcomes come back in corpus order, so
//! the report is the same as with one engine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::run::engine::Engine;
use crate::run::judge::Verdict;
use crate::run::runner::{run_case, CaseOutcome, RunSummary, Runner};

/// Makes one engine per worker.
pub type EngineFactory = dyn Fn() -> Box<dyn Engine + Send> + Sync;

/// Runs the runner's selected cases on `jobs` engines from `factory`; `on_case` is called in
/// corpus order once all are done.
pub fn run_parallel<'f>(
    runner: &Runner,
    jobs: usize,
    factory: &(dyn Fn() -> Box<dyn Engine + Send> + Sync + 'f),
    on_case: &mut dyn FnMut(&CaseOutcome),
) -> RunSummary {
    let start = Instant::now();
    let selected = runner.selected();
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<CaseOutcome>> = Mutex::new(Vec::with_capacity(selected.len()));
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, selected.len().max(1)) {
            scope.spawn(|| {
                let mut engine: Option<Box<dyn Engine + Send>> = None;
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&index) = selected.get(k) else { break };
                    let case = runner.case(index);
                    let t = Instant::now();
                    let verdict = match runner.skip_reason(case) {
                        Some(reason) => Verdict::Skipped { reason },
                        // Started on first use: a worker whose cases are all skipped starts nothing.
                        None => run_case(engine.get_or_insert_with(factory).as_mut(), case),
                    };
                    let outcome = CaseOutcome { index, id: case.id.clone(), verdict, elapsed: t.elapsed() };
                    if let Ok(mut v) = outcomes.lock() {
                        v.push(outcome);
                    }
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap_or_else(|e| e.into_inner());
    outcomes.sort_by_key(|o| o.index);
    for o in &outcomes {
        on_case(o);
    }
    RunSummary { outcomes, elapsed: start.elapsed() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Corpus;
    use crate::run::reference::ReferenceEngine;

    #[test]
    fn two_jobs_give_the_same_verdicts_in_the_same_order_as_one() {
        let loaded = Corpus::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../rulings")).expect("corpus");
        let runner = Runner::new(&loaded.corpus);
        let one = runner.run(&mut ReferenceEngine::new());
        let factory: &EngineFactory = &|| Box::new(ReferenceEngine::new());
        let mut seen = Vec::new();
        let two = run_parallel(&runner, 2, factory, &mut |o| seen.push(o.index));
        let strip = |s: &RunSummary| s.outcomes.iter().map(|o| (o.index, o.verdict.clone())).collect::<Vec<_>>();
        assert_eq!(strip(&one), strip(&two));
        assert_eq!(seen, runner.selected());
    }
}
