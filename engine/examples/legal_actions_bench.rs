//! Measures `legal_actions` and "enumerate + apply" on a 20-object board.
//! Run: `cargo run --release -p mtg-engine --example legal_actions_bench [iterations] [cold|walk]`
//! (200 by default; fewer for `valgrind --tool=callgrind`; `cold` or `walk` runs only that half,
//! so a profile can be read for each).

use std::time::Instant;

use mtg_engine::Game;

#[path = "../benches/support/board.rs"]
mod board;
use board::board;

fn main() {
    let Ok(game) = Game::new(board()) else { return };
    println!("objects: {}", game.state().objects.len());
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200).max(1);
    let only = std::env::args().nth(2);
    if only.as_deref() != Some("walk") {
        cold(&game, n);
    }
    if only.as_deref() != Some("cold") {
        walk(&game, n);
    }
}

fn cold(game: &Game, n: u32) {
    // Each call on a copy that keeps no board, as after any change to the objects or effects,
    // so repeated calls don't measure the kept board (`layers::board_of`).
    let start = Instant::now();
    let mut count = 0usize;
    for _ in 0..n {
        count = Game::from_state(game.state().clone_without_board()).legal_actions().len();
    }
    let per = start.elapsed() / n;
    println!("legal_actions: {count} actions, {per:?} per call");
}

fn walk(game: &Game, n: u32) {
    // Enumerate + apply: walk a deterministic game, taking the middle legal action each time.
    let start = Instant::now();
    let mut g = game.clone();
    let mut steps = 0u32;
    for i in 0..n {
        let legal = g.legal_actions();
        let Some(a) = legal.get((i as usize * 7) % legal.len().max(1)).cloned() else { break };
        if g.apply(a).is_err() {
            println!("a listed action was rejected");
            return;
        }
        steps += 1;
        if g.is_over() {
            g = game.clone();
        }
    }
    let per = start.elapsed() / steps.max(1);
    println!("enumerate + apply: {steps} steps, {per:?} per step");
}
