//! J engine processes in parallel: each worker owns one engine under test (and one in-process
//! reference) and takes the next index from a shared counter; results are put back in index
//! order, so a run gives the same results with any number of workers.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::corpus::case::Case;
use crate::run::engine::{CaseReply, Engine};
use crate::run::reference::ReferenceEngine;

/// Makes one engine under test per worker (an `ExternalEngine` starts its own process).
pub type EngineFactory = dyn Fn() -> Box<dyn Engine + Send> + Sync;

/// How often the progress callback runs.
const TICK: Duration = Duration::from_secs(5);

/// Runs a case, turning a panic of the engine into an `errored` reply.
pub fn guarded(engine: &mut dyn Engine, case: &Case) -> CaseReply {
    // The engine is shown the case without its expectations (protocol 2).
    let view = crate::run::protocol::CaseView::of(case);
    catch_unwind(AssertUnwindSafe(|| engine.run_case(&view))).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        CaseReply::Errored { message: format!("the engine panicked: {message}") }
    })
}

/// The number of workers `--jobs` defaults to: the number of cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// `work(reference, engine, i)` for `i` in `0..limit` (fewer if `deadline` passes first: no index
/// is started after it, every started one finishes), on `jobs` workers; results in index order.
/// `tick` is called with the elapsed time every few seconds while the workers run.
pub fn run_indexed<R: Send>(
    jobs: usize,
    limit: usize,
    deadline: Option<Instant>,
    factory: &EngineFactory,
    work: impl Fn(&mut dyn Engine, &mut dyn Engine, usize) -> R + Sync,
    tick: &(dyn Fn(Duration) + Sync),
) -> Vec<R> {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let running = AtomicUsize::new(jobs.max(1));
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut reference = ReferenceEngine::new();
                let mut engine = factory();
                loop {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= limit {
                        break;
                    }
                    let r = work(&mut reference, engine.as_mut(), i);
                    if let Ok(mut v) = results.lock() {
                        v.push((i, r));
                    }
                }
                running.fetch_sub(1, Ordering::SeqCst);
            });
        }
        let mut last = Instant::now();
        while running.load(Ordering::SeqCst) > 0 {
            std::thread::sleep(Duration::from_millis(50));
            if last.elapsed() >= TICK {
                last = Instant::now();
                tick(start.elapsed());
            }
        }
    });
    let mut v = results.into_inner().unwrap_or_else(|e| e.into_inner());
    v.sort_by_key(|(i, _)| *i);
    v.into_iter().map(|(_, r)| r).collect()
}

/// `work` on every item, on `jobs` workers; results in item order.
pub fn map<T: Send, R: Send>(
    jobs: usize,
    items: Vec<T>,
    factory: &EngineFactory,
    work: impl Fn(&mut dyn Engine, &mut dyn Engine, T) -> R + Sync,
) -> Vec<R> {
    let n = items.len();
    let slots: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    run_indexed(
        jobs.min(n.max(1)),
        n,
        None,
        factory,
        |reference, engine, i| {
            let item = slots.get(i).and_then(|s| s.lock().ok().and_then(|mut g| g.take()));
            item.map(|t| work(reference, engine, t))
        },
        &|_| {},
    )
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_index_order_with_any_number_of_workers() {
        let factory: &EngineFactory = &|| Box::new(ReferenceEngine::new());
        for jobs in [1, 2, 5] {
            let v = run_indexed(jobs, 40, None, factory, |_, _, i| i * 3, &|_| {});
            assert_eq!(v, (0..40).map(|i| i * 3).collect::<Vec<_>>(), "jobs {jobs}");
        }
        let m = map(3, vec!["a", "bb", "ccc"], factory, |_, _, s| s.len());
        assert_eq!(m, vec![1, 2, 3]);
    }
}
