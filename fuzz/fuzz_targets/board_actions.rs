//! An arbitrary board and an arbitrary script of picks, decoded from the raw input by the same
//! generator the property tests use (`generate::scenario_from_bytes`); every rules invariant of
//! `mtg_conformance::fuzzing::invariants` is checked after each step (all but the save/load cost
//! class, which the `save_load` target checks). A violation panics, so libFuzzer keeps the input
//! as an artifact; `mtg-conformance regress <artifact>` turns it into a corpus case.
#![no_main]

// The fast build's allocator; the AddressSanitizer build leaves it out (fuzz/Cargo.toml).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use libfuzzer_sys::fuzz_target;
use mtg_conformance::fuzzing::generate::{check_rules, describe, scenario_from_bytes};

fuzz_target!(|data: &[u8]| {
    let scenario = scenario_from_bytes(data);
    if let Err(violation) = check_rules(&scenario) {
        panic!("{violation}\nboard: {:#?}\npicks: {:#?}", describe(&scenario.board.to_setup()), scenario.picks);
    }
});
