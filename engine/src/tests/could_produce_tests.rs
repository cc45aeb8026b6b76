//! CR 106.7 and the Reflecting Pool rulings.

use std::collections::BTreeSet;

use super::*;
use crate::*;

fn set(ts: &[ManaType]) -> BTreeSet<ManaType> {
    ts.iter().copied().collect()
}

#[test]
fn cr_106_7_example() {
    let mut s = setup(Step::PrecombatMain);
    perm(&mut s, "Forest", ALICE);
    let mine = perm(&mut s, "Exotic Orchard", ALICE);
    let theirs = perm(&mut s, "Exotic Orchard", BOB);
    let mut g = Game::new(s).unwrap();
    assert_eq!(g.could_produce(obj(&g, mine)), set(&[ManaType::Green]));
    assert_eq!(g.could_produce(obj(&g, theirs)), set(&[ManaType::Green]));
    activate_full(&mut g, ALICE, mine, 0, Some(ManaType::Green), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}");
}

#[test]
fn orchards_alone_produce_nothing() {
    let mut s = setup(Step::PrecombatMain);
    let mine = perm(&mut s, "Exotic Orchard", ALICE);
    perm(&mut s, "Exotic Orchard", BOB);
    let mut g = Game::new(s).unwrap();
    assert!(g.could_produce(obj(&g, mine)).is_empty());
    activate(&mut g, ALICE, mine, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "");
}

#[test]
fn reflecting_pools_do_not_help_each_other() {
    let mut s = setup(Step::PrecombatMain);
    let a = perm(&mut s, "Reflecting Pool", ALICE);
    let b = perm(&mut s, "Reflecting Pool", ALICE);
    let g = Game::new(s.clone()).unwrap();
    assert!(g.could_produce(obj(&g, a)).is_empty());
    assert!(g.could_produce(obj(&g, b)).is_empty());
    perm(&mut s, "Ancient Tomb", ALICE);
    let g = Game::new(s).unwrap();
    // Types include colorless for Reflecting Pool.
    assert_eq!(g.could_produce(obj(&g, a)), set(&[ManaType::Colorless]));
}

#[test]
fn costs_are_ignored_and_replacements_in_any_order() {
    let mut s = setup(Step::PrecombatMain);
    let p = perm(&mut s, "Reflecting Pool", ALICE);
    let crag = perm(&mut s, "Vivid Crag", ALICE);
    edit(&mut s, crag).tapped = true; // tapped and no counters: still counts (ruling 2008-05-01)
    let g = Game::new(s.clone()).unwrap();
    assert_eq!(g.could_produce(obj(&g, p)), set(&ManaType::COLORS));
    perm(&mut s, "Contamination", BOB);
    perm(&mut s, "Ritual of Subdual", BOB);
    let g = Game::new(s).unwrap();
    assert_eq!(g.could_produce(obj(&g, crag)), set(&[ManaType::Black, ManaType::Colorless]));
    assert_eq!(g.could_produce(obj(&g, p)), set(&[ManaType::Black, ManaType::Colorless]));
}

#[test]
fn orchard_counts_colors_only_and_fellwar_stone_looks_at_opponents() {
    let mut s = setup(Step::PrecombatMain);
    let orchard = perm(&mut s, "Exotic Orchard", ALICE);
    let stone = perm(&mut s, "Fellwar Stone", ALICE);
    perm(&mut s, "Ancient Tomb", BOB);
    perm(&mut s, "Island", BOB);
    perm(&mut s, "Reflecting Pool", BOB);
    let g = Game::new(s).unwrap();
    assert_eq!(g.could_produce(obj(&g, orchard)), set(&[ManaType::Blue]));
    assert_eq!(g.could_produce(obj(&g, stone)), set(&[ManaType::Blue]));
}

#[test]
fn long_mutual_chains_terminate_quickly() {
    let mut s = setup(Step::PrecombatMain);
    for _ in 0..12 {
        perm(&mut s, "Reflecting Pool", ALICE);
        perm(&mut s, "Exotic Orchard", ALICE);
        perm(&mut s, "Exotic Orchard", BOB);
        perm(&mut s, "Reflecting Pool", BOB);
    }
    let f = perm(&mut s, "Forest", BOB);
    let g = Game::new(s).unwrap();
    let first = g.object_of_card(CardId(0)).unwrap();
    assert_eq!(g.could_produce(first), set(&[ManaType::Green]));
    assert_eq!(g.could_produce(obj(&g, f)), set(&[ManaType::Green]));
}

/// The fixpoint with the per-permanent work done once agrees with the round-by-round reference
/// on many boards of mana producers, references and replacement effects.
#[test]
fn produce_table_agrees_with_the_reference_fixpoint() {
    const POOL: [&str; 16] = [
        "Forest", "Island", "Mountain", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Vivid Crag",
        "Llanowar Elves", "Pillar of the Paruns", "Mana Reflection", "Contamination", "Heartbeat of Spring",
        "Mana Flare", "Ritual of Subdual", "Ancient Tomb", "Meteor Crater",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(seed >> 33).unwrap() % n
    };
    for _ in 0..300 {
        let mut s = setup(Step::PrecombatMain);
        for _ in 0..1 + next(10) {
            let owner = if next(2) == 0 { ALICE } else { BOB };
            perm(&mut s, POOL[next(POOL.len())], owner);
        }
        let Ok(g) = Game::new(s) else { continue };
        let state = g.state();
        let board = crate::layers::compute_all(state);
        let reps = crate::replacement::active(state, &board);
        let fast = crate::could_produce::produce_table(state, &board, &reps, None);
        let naive = crate::could_produce::produce_table_naive(state, &board, &reps, None);
        assert_eq!(fast, naive, "{:?}", state.objects.values().map(|o| &o.def).collect::<Vec<_>>());
        // Lands only: the same for every land.
        let lands = crate::could_produce::land_table(state, &board, &reps);
        for (id, types) in &naive {
            let is_land = board.get(id).is_some_and(|c| c.is(crate::types::CardType::Land));
            assert_eq!(lands.get(id), if is_land { Some(types) } else { None });
        }
    }
}
