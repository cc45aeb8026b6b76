//! Arbitrary text as a corpus case file through the TOML parser, the loader and the linter.
//! Nothing may panic, and every problem carries a line and column. (Running a case is
//! `corpus_case`'s job, on the case model directly, so this target's time goes to the text.)
#![no_main]

// The fast build's allocator; the AddressSanitizer build leaves it out (fuzz/Cargo.toml).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;
use mtg_conformance::{corpus::lint::lint, Corpus};

fuzz_target!(|text: &str| {
    let loaded = Corpus::from_texts("fuzz", [(PathBuf::from("rules/fuzz.toml"), text.to_string())]);
    for problem in loaded.problems.iter().chain(lint(&loaded).iter()) {
        assert!(problem.line >= 1 && problem.col >= 1, "problem without a position: {problem:?}");
    }
});
