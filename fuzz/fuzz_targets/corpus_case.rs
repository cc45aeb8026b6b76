//! An arbitrary case, in its smallest form — the case model as JSON, one case per input (what
//! `mtg-conformance export` writes for each case) — run through the reference engine and judged.
//! Nothing may panic. Parsing JSON costs a fraction of what the TOML loader does, so the time goes
//! to the engine, the reference adapter and the judge; the text format has the `lint` target.
#![no_main]

// The fast build's allocator; the AddressSanitizer build leaves it out (fuzz/Cargo.toml).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use libfuzzer_sys::fuzz_target;
use mtg_conformance::corpus::case::Case;
use mtg_conformance::{run::runner::run_case, ReferenceEngine};

fuzz_target!(|data: &[u8]| {
    if let Ok(case) = serde_json::from_slice::<Case>(data) {
        let mut engine = ReferenceEngine::new();
        let _verdict = run_case(&mut engine, &case);
    }
});
