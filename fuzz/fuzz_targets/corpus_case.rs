//! Arbitrary text through the corpus parser and linter and, when it parses, through the runner
//! against the reference engine. Nothing may panic; every load problem must carry a position.
#![no_main]

use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;
use mtg_conformance::{corpus::lint::lint, run::runner::run_case, Corpus, ReferenceEngine};

fuzz_target!(|text: &str| {
    let loaded = Corpus::from_texts("fuzz", [(PathBuf::from("rules/fuzz.toml"), text.to_string())]);
    for problem in loaded.problems.iter().chain(lint(&loaded).iter()) {
        assert!(problem.line >= 1 && problem.col >= 1, "problem without a position: {problem:?}");
    }
    let mut engine = ReferenceEngine::new();
    for case in &loaded.corpus.cases {
        let _verdict = run_case(&mut engine, &case.item);
    }
});
