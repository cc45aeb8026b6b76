//! An arbitrary board and an arbitrary script of picks; the invariants are checked after each one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mtg_conformance::generate::{check_scenario, Scenario};

fuzz_target!(|scenario: Scenario| {
    if let Err(violation) = check_scenario(&scenario) {
        panic!("{violation}\nboard: {:#?}", scenario.board);
    }
});
