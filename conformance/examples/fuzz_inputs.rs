//! What each fuzz target's checks cost on the same inputs: plays every file of a directory of
//! `board_actions` inputs (a grown fuzz corpus) through the generator and the invariants, once per
//! cost class, without fuzzing instrumentation, and prints the time per input of each; run it under
//! callgrind (`--toggle-collect='*invariants*check*'`) for instruction counts:
//! `cargo run --release -p mtg-conformance --example fuzz_inputs -- fuzz/corpus/board_actions [ROUNDS [CLASS]]`
//! (CLASS: the index of one class to play alone, for `perf stat -e instructions:u`).

use std::time::{Duration, Instant};

use mtg_conformance::fuzzing::generate::{scenario_from_bytes, Scenario};
use mtg_conformance::fuzzing::invariants::{check, Invariant, Selection};
use mtg_engine::Game;

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: fuzz_inputs DIR [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: u32 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(3).max(1);
    let mut scenarios: Vec<Scenario> = Vec::new();
    match std::fs::read_dir(&dir) {
        Ok(entries) => {
            for e in entries.flatten() {
                if let Ok(bytes) = std::fs::read(e.path()) {
                    scenarios.push(scenario_from_bytes(&bytes));
                }
            }
        }
        Err(e) => {
            eprintln!("{dir}: {e}");
            std::process::exit(2);
        }
    }
    let classes: [(&str, Selection); 4] = [
        ("every invariant (board_actions before the split)", Selection::all()),
        ("board_actions (all but the save/load class)", Selection::all_but(Invariant::SAVE_LOAD)),
        ("save_load (the save/load class)", Selection::only(Invariant::SAVE_LOAD)),
        ("no invariant (the engine's own steps and the script)", Selection::only(&[])),
    ];
    // An optional third argument plays one class alone (for `perf stat` or callgrind).
    let only: Option<usize> = std::env::args().nth(3).and_then(|a| a.parse().ok());
    let mut totals = vec![Duration::ZERO; classes.len()];
    // Rounds interleave the classes, so a load that changes during the run affects them alike.
    for _ in 0..rounds {
        for (i, (_, selection)) in classes.iter().enumerate() {
            if only.is_some_and(|o| o != i) {
                continue;
            }
            let start = Instant::now();
            for s in &scenarios {
                let _ = check::<Game>(s, selection);
            }
            totals[i] += start.elapsed();
        }
    }
    let n = (scenarios.len().max(1) as u32) * rounds;
    println!("{} inputs from {dir}, {rounds} rounds", scenarios.len());
    for (i, ((name, _), total)) in classes.iter().zip(&totals).enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let per = *total / n;
        println!("{:>10.1} µs/input {:>8.0} inputs/s  {name}", per.as_secs_f64() * 1e6, 1.0 / per.as_secs_f64().max(1e-12));
    }
}
