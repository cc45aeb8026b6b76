//! An arbitrary board and an arbitrary script of picks, decoded from the raw input by the same
//! generator the property tests use (`generate::scenario_from_bytes`); every invariant of
//! `mtg_conformance::fuzzing::invariants` is checked after each step. A violation panics, so libFuzzer
//! keeps the input as an artifact; `mtg-conformance regress <artifact>` turns it into a corpus
//! case.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mtg_conformance::fuzzing::generate::{check_scenario, describe, scenario_from_bytes};

fuzz_target!(|data: &[u8]| {
    let scenario = scenario_from_bytes(data);
    if let Err(violation) = check_scenario(&scenario) {
        panic!("{violation}\nboard: {:#?}\npicks: {:#?}", describe(&scenario.board.to_setup()), scenario.picks);
    }
});
