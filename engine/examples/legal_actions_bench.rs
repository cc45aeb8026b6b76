//! Measures `legal_actions` and "enumerate + apply" on a 20-object board.
//! Run: `cargo run --release -p mtg-engine --example legal_actions_bench [iterations]` (200 by
//! default; fewer for `valgrind --tool=callgrind`).

use std::time::Instant;

use mtg_engine::{CardSetup, Game, GameSetup, ManaPool, PlayerId, PlayerSetup, Step, ZoneKind};

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

fn main() {
    let Ok(game) = Game::new(board()) else { return };
    println!("objects: {}", game.state().objects.len());
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200).max(1);
    let start = Instant::now();
    let mut count = 0usize;
    for _ in 0..n {
        count = game.legal_actions().len();
    }
    let per = start.elapsed() / n;
    println!("legal_actions: {count} actions, {per:?} per call");
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
