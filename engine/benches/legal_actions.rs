//! `legal_actions` on a 20-object board, "enumerate + apply a pseudo-random legal action", and
//! `Game::new` from a setup, a CR 106.7 query. Figures are in BENCHMARKS.md ("Engine"); run
//! with `cargo bench -p mtg-engine --features bench --bench legal_actions`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use mtg_engine::Game;

/// The allocator of the `mtg-conformance` binary (which runs this engine), as in its benches.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "support/board.rs"]
mod board;
use board::board;

fn benches(c: &mut Criterion) {
    let Ok(game) = Game::new(board()) else { panic!("the bench board is a legal setup") };
    assert_eq!(game.state().objects.len(), 20);
    // Cold: a copy that keeps no board (`layers::board_of`), as after any change to the objects
    // or effects; warm: the same game asked again, its board kept.
    // The copy is made and dropped outside the timing (`iter_batched_ref`).
    let cold = || Game::from_state(game.state().clone_without_board());
    c.bench_function("legal_actions/20_objects", |b| {
        b.iter_batched_ref(cold, |g| g.legal_actions(), criterion::BatchSize::SmallInput)
    });
    let warm = game.clone();
    warm.legal_actions();
    c.bench_function("legal_actions_warm/20_objects", |b| b.iter(|| black_box(&warm).legal_actions()));
    // One step of a random walk: enumerate, apply one listed action (restarting when the game
    // ends); the walk is deterministic, so every run measures the same sequence of positions.
    c.bench_function("enumerate_apply/20_objects", |b| {
        let mut g = game.clone();
        let mut i = 0usize;
        b.iter(|| {
            let legal = g.legal_actions();
            i = i.wrapping_add(1);
            if let Some(a) = legal.get(i.wrapping_mul(7) % legal.len().max(1)).cloned() {
                assert!(g.apply(a).is_ok(), "a listed action was rejected");
            }
            if g.is_over() || legal.is_empty() || i % 64 == 0 {
                g = game.clone();
            }
        })
    });
    c.bench_function("game_new/20_objects", |b| b.iter(|| Game::new(black_box(board()))));
    // CR 106.7: what Reflecting Pool could produce (a fixpoint over the lands it refers to).
    let pool = game
        .state()
        .objects
        .values()
        .find(|o| o.def == "Reflecting Pool")
        .map(|o| o.id)
        .unwrap_or_else(|| panic!("the bench board has a Reflecting Pool"));
    c.bench_function("could_produce/reflecting_pool", |b| b.iter(|| black_box(&game).could_produce(pool)));
}

criterion_group! {
    name = engine;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = benches
}
criterion_main!(engine);
