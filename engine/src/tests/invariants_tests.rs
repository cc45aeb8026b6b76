//! Property tests of invariants over arbitrary starting positions (64 cases each by default).

use proptest::prelude::*;

use super::*;
use crate::*;

/// Passes until Alice's next beginning of combat (discarding to hand size when asked).
fn to_alices_next_combat(g: &mut Game) {
    // Already in a beginning of combat: the next one is on a later turn.
    let after_turn = if g.step() == Step::BeginningOfCombat { g.turn_number() } else { 0 };
    for _ in 0..200 {
        if pass(g).is_err() {
            let hand: Vec<ObjectId> = g.zone_view(ZoneKind::Hand, g.active_player()).iter().map(|v| v.id).collect();
            let excess = hand.len().saturating_sub(7);
            let discard = Some(hand.into_iter().take(excess).collect());
            pass_with(g, Answers { discard, ..Answers::default() }).unwrap();
        }
        if g.step() == Step::BeginningOfCombat && g.active_player() == ALICE && g.turn_number() > after_turn {
            return;
        }
    }
    panic!("never reached Alice's beginning of combat");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Crystalline Giant never has more than the ten kinds, and its trigger never adds a kind
    /// it already has: exactly one new kind while one is missing, nothing once all ten are there.
    #[test]
    fn crystalline_giant_adds_only_missing_kinds(
        start in proptest::collection::vec(0u32..3, 10),
        seed in any::<u64>(),
        turns in 1usize..12,
    ) {
        let kinds = crate::cards::crystalline_giant_kinds();
        let mut s = setup(Step::PrecombatMain);
        s.seed = seed;
        let giant = perm(&mut s, "Crystalline Giant", ALICE);
        edit(&mut s, giant).counters =
            kinds.iter().zip(&start).filter(|(_, n)| **n > 0).map(|(k, n)| (k.to_string(), *n)).collect();
        for _ in 0..turns + 1 {
            add(&mut s, "Forest", ALICE, ZoneKind::Library);
            add(&mut s, "Island", BOB, ZoneKind::Library);
        }
        let mut g = Game::new(s).unwrap();
        for _ in 0..turns {
            to_alices_next_combat(&mut g);
            let before = view(&g, giant).counters;
            prop_assert_eq!(g.stack_view().len(), 1);
            resolve_top(&mut g, Answers::default()).unwrap();
            let after = view(&g, giant).counters;
            let new: Vec<&String> = after.keys().filter(|k| !before.contains_key(*k)).collect();
            let missing = kinds.iter().filter(|k| !before.contains_key(**k)).count();
            prop_assert_eq!(new.len(), usize::from(missing > 0));
            for (k, n) in &before {
                prop_assert_eq!(after.get(k), Some(n), "no kind it already had was added to");
            }
            prop_assert!(after.keys().all(|k| kinds.contains(&k.as_str())));
            prop_assert!(after.len() <= 10);
        }
    }

    /// Animated Chimeric Mass's power and toughness equal its charge counters with no other
    /// effect; with none it is 0/0 and dies (CR 704.5f).
    #[test]
    fn chimeric_mass_pt_equals_charge_counters(charge in 0u32..200) {
        let mut s = setup(Step::PrecombatMain);
        let mass = perm(&mut s, "Chimeric Mass", ALICE);
        edit(&mut s, mass).counters = counters(&[("charge", charge)]);
        s.players[0].mana_pool = pool("{C}");
        let mut g = Game::new(s).unwrap();
        activate(&mut g, ALICE, mass, 0).unwrap();
        resolve_top(&mut g, Answers::default()).unwrap();
        let v = view(&g, mass);
        if charge == 0 {
            prop_assert_eq!(v.zone, ZoneKind::Graveyard);
        } else {
            let n = i32::try_from(charge).unwrap();
            prop_assert_eq!((v.power, v.toughness), (Some(n), Some(n)));
            prop_assert_eq!(v.types, vec!["Artifact".to_string(), "Creature".to_string()]);
        }
    }
}
