//! Throughput of the whole corpus: in process against the reference engine, and through the
//! JSON-lines protocol against `mtg-conformance serve` (one long-lived child process); parsing
//! the corpus, apart; one case end to end. Figures are in BENCHMARKS.md; run with
//! `cargo bench -p mtg-conformance --features bench --bench protocol`.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use mtg_conformance::corpus::Corpus;
use mtg_conformance::run::protocol::{ExternalConfig, ExternalEngine};
use mtg_conformance::run::reference::ReferenceEngine;
use mtg_conformance::run::runner::Runner;

/// The allocator of the `mtg-conformance` binary, so the in-process figures are what `run` does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn corpus() -> Corpus {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.parent().unwrap_or(manifest).join("rulings");
    match Corpus::load(&dir) {
        Ok(loaded) => loaded.corpus,
        Err(e) => panic!("{}: {e}", dir.display()),
    }
}

fn whole_corpus(c: &mut Criterion) {
    let corpus = corpus();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.parent().unwrap_or(manifest).join("rulings");
    let mut parse = c.benchmark_group("parse");
    parse.throughput(Throughput::Elements(corpus.cases.len() as u64));
    // Reading, parsing and locating every file of the corpus (what `run` does before running).
    parse.bench_function("whole_corpus", |b| b.iter(|| Corpus::load(&dir).map(|l| l.corpus.cases.len())));
    parse.finish();
    // One case end to end (board set up, every step, judged): the first case of the corpus.
    if let Some(first) = corpus.cases.first() {
        let one = Runner::new(&corpus).filter(first.item.id.clone());
        c.bench_function("case/one_in_process", |b| b.iter(|| one.run(&mut ReferenceEngine::new())));
    }
    let runner = Runner::new(&corpus);
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Elements(corpus.cases.len() as u64));
    group.bench_function("in_process", |b| {
        b.iter(|| runner.run(&mut ReferenceEngine::new()))
    });
    let command = format!("exec {} serve", env!("CARGO_BIN_EXE_mtg-conformance"));
    let mut engine = ExternalEngine::new(ExternalConfig::new(command));
    if let Err(reply) = engine.start() {
        panic!("mtg-conformance serve did not start: {reply:?}");
    }
    group.bench_function("protocol_serve", |b| {
        b.iter(|| {
            let summary = runner.run(&mut engine);
            // A fault would make the figure meaningless (and restart the child).
            assert_eq!(summary.counts().crashed + summary.counts().timed_out, 0);
            summary
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = whole_corpus
}
criterion_main!(benches);
