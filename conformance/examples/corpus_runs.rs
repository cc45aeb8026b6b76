//! Runs the whole corpus in process against the reference engine, parsed once, for profiling
//! what `corpus/in_process` measures (criterion can't run under callgrind):
//! `cargo build --release -p mtg-conformance --example corpus_runs && valgrind --tool=callgrind
//! --toggle-collect='*Runner*run*' target/release/examples/corpus_runs 3`.

use std::path::Path;
use std::time::Instant;

use mtg_conformance::corpus::Corpus;
use mtg_conformance::run::reference::ReferenceEngine;
use mtg_conformance::run::runner::Runner;

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.parent().unwrap_or(manifest).join("rulings");
    let corpus = match Corpus::load(&dir) {
        Ok(loaded) => loaded.corpus,
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            std::process::exit(1);
        }
    };
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20).max(1);
    let runner = Runner::new(&corpus);
    let start = Instant::now();
    let mut passed = 0;
    for _ in 0..n {
        passed = runner.run(&mut ReferenceEngine::new()).counts().passed;
    }
    let per = start.elapsed() / n;
    let cases = corpus.cases.len();
    println!("{cases} cases ({passed} passed), {per:?} a pass, {:.0} cases/s", cases as f64 / per.as_secs_f64());
}
