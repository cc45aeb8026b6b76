//! `legal_actions` on a 20-object board, "enumerate + apply a pseudo-random legal action", and
//! `Game::new` from a setup. Figures are in BENCHMARKS.md ("Engine"); run with
//! `cargo bench -p mtg-engine --bench legal_actions`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use mtg_engine::{CardSetup, Game, GameSetup, ManaPool, PlayerId, PlayerSetup, Step, ZoneKind};

/// The board of `examples/legal_actions_bench.rs`: 20 objects, a main phase with mana floating.
fn board() -> GameSetup {
    let alice = PlayerId(0);
    let bob = PlayerId(1);
    let mut cards = Vec::new();
    let mut put = |name: &str, owner: PlayerId, zone: ZoneKind| cards.push(CardSetup::new(name, owner, zone));
    for name in ["Forest", "Forest", "Mountain", "Reflecting Pool", "Vivid Crag", "Llanowar Elves", "Grizzly Bears", "Fires of Yavimaya", "Mana Reflection", "Pillar of the Paruns"] {
        put(name, alice, ZoneKind::Battlefield);
    }
    for name in ["Island", "Exotic Orchard", "Fellwar Stone", "Raging Goblin"] {
        put(name, bob, ZoneKind::Battlefield);
    }
    for name in ["Giant Growth", "Endless One", "Spreading Seas", "Forest"] {
        put(name, alice, ZoneKind::Hand);
    }
    for name in ["Forest", "Island"] {
        put(name, alice, ZoneKind::Library);
    }
    GameSetup {
        seed: 1,
        players: vec![
            PlayerSetup { name: "alice".into(), life: 20, mana_pool: ManaPool::parse("{G}{G}{U}").unwrap_or_default() },
            PlayerSetup { name: "bob".into(), life: 20, mana_pool: ManaPool::default() },
        ],
        active_player: alice,
        priority_player: None,
        step: Step::PrecombatMain,
        turn_number: 3,
        cards,
    }
}

fn benches(c: &mut Criterion) {
    let Ok(game) = Game::new(board()) else { panic!("the bench board is a legal setup") };
    assert_eq!(game.state().objects.len(), 20);
    c.bench_function("legal_actions/20_objects", |b| b.iter(|| black_box(&game).legal_actions()));
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
