//! The 20-object board shared by `benches/legal_actions.rs` and
//! `examples/legal_actions_bench.rs` (the latter runs under callgrind, where criterion can't).

use mtg_engine::{CardSetup, GameSetup, ManaPool, PlayerId, PlayerSetup, Step, ZoneKind};

/// 20 objects, a main phase with mana floating.
pub fn board() -> GameSetup {
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
