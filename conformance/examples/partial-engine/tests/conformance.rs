//! Every case of the embedded corpus as its own test: `cargo test --test conformance`, filtered
//! like any test (`cargo test --test conformance -- cr-302.6/`); `-- --ignored` runs the expected
//! failures listed in `tests/expectations.toml`.

use mtg_conformance::run::harness::{self, Options};
use partial_engine::PartialEngine;

fn main() {
    harness::main(
        PartialEngine::new,
        Options::default().expectations("tests/expectations.toml"),
    );
}
