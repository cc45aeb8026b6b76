//! The save/load cost class on the scenarios `board_actions` plays (same decoder, so the two
//! targets share corpora): after every step the game is saved as JSON and loaded back, the loaded
//! game must equal it, and the board the engine keeps must equal a fresh computation.
#![no_main]

// The fast build's allocator; the AddressSanitizer build leaves it out (fuzz/Cargo.toml).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use libfuzzer_sys::fuzz_target;
use mtg_conformance::fuzzing::generate::{check_save_load, describe, scenario_from_bytes};

fuzz_target!(|data: &[u8]| {
    let scenario = scenario_from_bytes(data);
    if let Err(violation) = check_save_load(&scenario) {
        panic!("{violation}\nboard: {:#?}\npicks: {:#?}", describe(&scenario.board.to_setup()), scenario.picks);
    }
});
