//! Counters (CR 122): keyword counters granting their keyword in layer 6 with their own
//! timestamps (CR 122.1b, 613.1f, 613.7c), random choices made on resolution (Crystalline
//! Giant), and moving counters (Leech Bonder).

use super::*;
use crate::*;

/// Alice's precombat main with a Crystalline Giant (and a library, so turns can pass).
fn giant_setup(start: &[(&str, u32)]) -> (GameSetup, CardId) {
    let mut s = setup(Step::PrecombatMain);
    let giant = perm(&mut s, "Crystalline Giant", ALICE);
    edit(&mut s, giant).counters = counters(start);
    (s, giant)
}

#[test]
fn giant_triggers_at_beginning_of_combat_and_takes_the_scripted_kind() {
    let (s, giant) = giant_setup(&[]);
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    let stack = g.stack_view();
    assert_eq!(stack.len(), 1);
    assert_eq!((stack[0].kind, stack[0].source_card), (StackItemKind::Ability, Some(giant)));
    resolve_top(&mut g, random("flying")).unwrap();
    let v = view(&g, giant);
    assert_eq!(v.counters, counters(&[("flying", 1)]));
    assert_eq!(v.keywords, vec!["Flying"]);
    assert_eq!((v.power, v.toughness), (Some(3), Some(3)));
}

#[test]
fn giant_plus_one_counter_and_first_strike_keyword() {
    let (s, giant) = giant_setup(&[("first strike", 1)]);
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, giant).keywords, vec!["First strike"]);
    advance_to(&mut g, Step::BeginningOfCombat);
    resolve_top(&mut g, random("+1/+1")).unwrap();
    let v = view(&g, giant);
    assert_eq!((v.power, v.toughness), (Some(4), Some(4)));
    assert_eq!(v.counters, counters(&[("first strike", 1), ("+1/+1", 1)]));
}

#[test]
fn giant_scripted_kind_it_already_has_is_rejected_as_a_choice() {
    let (s, _) = giant_setup(&[("trample", 1)]);
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    pass(&mut g).unwrap();
    let before = g.state().clone();
    assert_eq!(pass_with(&mut g, random("trample")).unwrap_err().class(), "choice");
    assert_eq!(pass_with(&mut g, random("double strike")).unwrap_err().class(), "choice");
    assert_eq!(g.state(), &before);
}

#[test]
fn giant_with_all_ten_kinds_triggers_and_adds_nothing() {
    let all: Vec<(&str, u32)> = crate::cards::crystalline_giant_kinds().iter().map(|k| (*k, 1)).collect();
    let (s, giant) = giant_setup(&all);
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    assert_eq!(g.stack_view().len(), 1, "it still triggers (ruling 2020-04-17)");
    pass(&mut g).unwrap();
    // No outcome is possible, so any scripted one is refused.
    assert_eq!(pass_with(&mut g, random("flying")).unwrap_err().class(), "choice");
    pass(&mut g).unwrap();
    assert!(g.stack_view().is_empty());
    assert_eq!(view(&g, giant).counters.len(), 10);
    assert_eq!(view(&g, giant).power, Some(4));
}

#[test]
fn giant_unscripted_choice_is_the_only_kind_left() {
    let nine: Vec<(&str, u32)> =
        crate::cards::crystalline_giant_kinds().iter().filter(|k| **k != "reach").map(|k| (*k, 1)).collect();
    let (s, giant) = giant_setup(&nine);
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, giant).counters.get("reach"), Some(&1));
}

#[test]
fn giant_unscripted_choice_depends_only_on_the_seed() {
    let run = |seed: u64| {
        let (mut s, giant) = giant_setup(&[]);
        s.seed = seed;
        let mut g = Game::new(s).unwrap();
        advance_to(&mut g, Step::BeginningOfCombat);
        resolve_top(&mut g, Answers::default()).unwrap();
        view(&g, giant).counters
    };
    assert_eq!(run(5), run(5));
    assert_eq!(run(5).len(), 1);
    let outcomes: std::collections::BTreeSet<_> = (0..40).map(|s| run(s).into_keys().next().unwrap()).collect();
    assert!(outcomes.len() >= 5, "outcomes spread over the kinds: {outcomes:?}");
}

#[test]
fn giant_does_not_trigger_on_the_opponents_turn() {
    let (mut s, _) = giant_setup(&[]);
    s.active_player = BOB;
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    assert!(g.stack_view().is_empty());
}

#[test]
fn giant_with_flying_from_equipment_can_still_get_a_flying_counter() {
    let (mut s, giant) = giant_setup(&[]);
    let pinions = perm(&mut s, "Bladed Pinions", ALICE);
    edit(&mut s, pinions).attached_to = Some(giant);
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, giant).keywords, vec!["Flying", "First strike"]);
    advance_to(&mut g, Step::BeginningOfCombat);
    resolve_top(&mut g, random("flying")).unwrap();
    assert_eq!(view(&g, giant).counters, counters(&[("flying", 1)]));
}

#[test]
fn flying_counter_then_turn_to_frog_has_no_flying() {
    let (mut s, giant) = giant_setup(&[("flying", 1)]);
    let frog = add(&mut s, "Turn to Frog", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{U}{U}");
    let mut g = Game::new(s).unwrap();
    let target = t(&g, giant);
    cast_at(&mut g, ALICE, frog, None, vec![target]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, giant);
    assert_eq!(v.keywords, Vec::<String>::new());
    assert_eq!(v.counters, counters(&[("flying", 1)]));
    assert_eq!((v.power, v.toughness), (Some(1), Some(1)));
    assert_eq!(v.colors, vec!["U"]);
    assert_eq!(v.subtypes, vec!["Frog"]);
    assert_eq!(v.types, vec!["Artifact", "Creature"]);
    // It lost its triggered ability too: nothing triggers this combat.
    advance_to(&mut g, Step::BeginningOfCombat);
    assert!(g.stack_view().is_empty());
}

#[test]
fn turn_to_frog_then_flying_counter_has_flying() {
    let (mut s, giant) = giant_setup(&[("+1/+1", 1)]);
    let frog = add(&mut s, "Turn to Frog", ALICE, ZoneKind::Hand);
    let islands = [perm(&mut s, "Island", ALICE), perm(&mut s, "Island", ALICE)];
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    add(&mut s, "Island", BOB, ZoneKind::Library);
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    for i in islands {
        activate(&mut g, ALICE, i, 0).unwrap();
    }
    // In response to the trigger: the ability on the stack resolves anyway (CR 113.7a).
    let target = t(&g, giant);
    cast_at(&mut g, ALICE, frog, None, vec![target]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, giant).keywords, Vec::<String>::new());
    assert_eq!(view(&g, giant).power, Some(2)); // base 1/1 (7b), +1/+1 counter (7c)
    resolve_top(&mut g, random("flying")).unwrap();
    let v = view(&g, giant);
    assert_eq!(v.keywords, vec!["Flying"], "the counter is newer than the loses-all-abilities effect");
    // Until end of turn only: the next turn it is a Giant again, with both keywords kept.
    advance_to(&mut g, Step::Upkeep);
    let v = view(&g, giant);
    assert_eq!((v.power, v.subtypes.clone(), v.colors.len()), (Some(4), vec!["Giant".to_string()], 0));
    assert_eq!(v.keywords, vec!["Flying"]);
}

#[test]
fn adding_a_counter_of_a_kind_renews_the_timestamp_of_that_kind() {
    // Leech Bonder moves a flying counter onto a Frog that already had one: all flying
    // counters get the new timestamp (CR 613.7c), so flying comes back.
    let mut s = setup(Step::PrecombatMain);
    let bonder = perm(&mut s, "Leech Bonder", ALICE);
    edit(&mut s, bonder).tapped = true;
    let giant = perm(&mut s, "Crystalline Giant", ALICE);
    edit(&mut s, giant).counters = counters(&[("flying", 1)]);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    edit(&mut s, bears).counters = counters(&[("flying", 1)]);
    let frog = add(&mut s, "Turn to Frog", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{U}{U}{U}");
    let mut g = Game::new(s).unwrap();
    let target = t(&g, giant);
    cast_at(&mut g, ALICE, frog, None, vec![target]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, giant).keywords, Vec::<String>::new());
    let (from, to) = (t(&g, bears), t(&g, giant));
    activate_at(&mut g, ALICE, bonder, 0, vec![from, to]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, giant);
    assert_eq!(v.counters, counters(&[("flying", 2)]));
    assert_eq!(v.keywords, vec!["Flying"]);
    assert_eq!(view(&g, bears).keywords, Vec::<String>::new());
}

#[test]
fn leech_bonder_enters_with_two_minus_counters() {
    let mut s = setup(Step::PrecombatMain);
    let bonder = add(&mut s, "Leech Bonder", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{U}{U}{U}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, bonder, None).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, bonder);
    assert_eq!(v.counters, counters(&[("-1/-1", 2)]));
    assert_eq!((v.power, v.toughness), (Some(1), Some(1)));
}

fn bonder_game() -> (Game, CardId, CardId, CardId) {
    let mut s = setup(Step::PrecombatMain);
    let bonder = perm(&mut s, "Leech Bonder", ALICE);
    edit(&mut s, bonder).tapped = true;
    edit(&mut s, bonder).counters = counters(&[("-1/-1", 2)]);
    let giant = perm(&mut s, "Crystalline Giant", BOB);
    edit(&mut s, giant).counters = counters(&[("flying", 1), ("+1/+1", 2)]);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    add(&mut s, "Lightning Bolt", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{U}{R}");
    (Game::new(s).unwrap(), bonder, giant, bears)
}

#[test]
fn leech_bonder_moves_a_minus_counter() {
    let (mut g, bonder, _, bears) = bonder_game();
    let (from, to) = (t(&g, bonder), t(&g, bears));
    activate_at(&mut g, ALICE, bonder, 0, vec![from, to]).unwrap();
    assert!(!view(&g, bonder).tapped, "{{Q}} untapped it as a cost");
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bonder).power, Some(2));
    let v = view(&g, bears);
    assert_eq!(v.counters, counters(&[("-1/-1", 1)]));
    assert_eq!((v.power, v.toughness), (Some(1), Some(1)));
}

#[test]
fn leech_bonder_kind_is_a_choice_when_there_are_several() {
    let (mut g, bonder, giant, bears) = bonder_game();
    let (from, to) = (t(&g, giant), t(&g, bears));
    activate_at(&mut g, ALICE, bonder, 0, vec![from, to]).unwrap();
    pass(&mut g).unwrap();
    let before = g.state().clone();
    assert_eq!(pass(&mut g).unwrap_err().class(), "choice");
    let wrong = Answers { counter: Some("-1/-1".into()), ..Answers::default() };
    assert_eq!(pass_with(&mut g, wrong).unwrap_err().class(), "choice");
    assert_eq!(g.state(), &before);
    // legal_actions offers exactly the passes that work.
    for a in g.legal_actions() {
        if let Action::PassPriority { answers, .. } = &a {
            assert!(matches!(answers.counter.as_deref(), Some("flying" | "+1/+1")), "{answers:?}");
        }
    }
    pass_with(&mut g, Answers { counter: Some("flying".into()), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, giant).counters, counters(&[("+1/+1", 2)]));
    assert_eq!(view(&g, giant).keywords, Vec::<String>::new());
    assert_eq!(view(&g, bears).keywords, vec!["Flying"]);
}

#[test]
fn leech_bonder_needs_two_different_creatures() {
    let (mut g, bonder, _, bears) = bonder_game();
    let b = t(&g, bears);
    assert_eq!(activate_at(&mut g, ALICE, bonder, 0, vec![b, b]).unwrap_err().class(), "target");
    assert_eq!(activate_at(&mut g, ALICE, bonder, 0, vec![b]).unwrap_err().class(), "target");
    let listed = g.legal_actions().into_iter().filter(|a| matches!(a, Action::ActivateAbility { .. })).count();
    assert_eq!(listed, 6, "ordered pairs of three different creatures");
}

#[test]
fn leech_bonder_with_one_target_gone_moves_nothing() {
    let (mut g, bonder, giant, bears) = bonder_game();
    let (from, to) = (t(&g, giant), t(&g, bears));
    activate_at(&mut g, ALICE, bonder, 0, vec![from, to]).unwrap();
    // In response, Lightning Bolt kills the second target.
    cast_at(&mut g, ALICE, CardId(3), None, vec![to]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).zone, ZoneKind::Graveyard);
    resolve_top(&mut g, Answers { counter: Some("flying".into()), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, giant).counters, counters(&[("flying", 1), ("+1/+1", 2)]));
}

#[test]
fn leech_bonder_moving_charge_counters_changes_an_animated_chimeric_mass() {
    // Chimeric Mass ruling 2011-01-01: charge counters changing while it is a creature change
    // its power and toughness.
    let mut s = setup(Step::PrecombatMain);
    let bonder = perm(&mut s, "Leech Bonder", ALICE);
    edit(&mut s, bonder).tapped = true;
    let mass = perm(&mut s, "Chimeric Mass", ALICE);
    edit(&mut s, mass).counters = counters(&[("charge", 2)]);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    s.players[0].mana_pool = pool("{C}{U}");
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, mass, 0).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, mass).power, Some(2));
    let (from, to) = (t(&g, mass), t(&g, bears));
    activate_at(&mut g, ALICE, bonder, 0, vec![from, to]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!((view(&g, mass).power, view(&g, mass).toughness), (Some(1), Some(1)));
    assert_eq!(view(&g, bears).counters, counters(&[("charge", 1)]));
}

#[test]
fn a_creature_dying_with_both_counter_kinds_leaves_with_both() {
    // CR 704.3, 704.5f, 704.5q: toughness 0 and the +1/+1/-1/-1 pair are dealt with at the
    // same time, so Hangarback Walker's dies ability sees its +1/+1 counter (CR 603.10a).
    let mut s = setup(Step::PrecombatMain);
    let bonder = perm(&mut s, "Leech Bonder", ALICE);
    edit(&mut s, bonder).tapped = true;
    edit(&mut s, bonder).counters = counters(&[("-1/-1", 2)]);
    let walker = perm(&mut s, "Hangarback Walker", ALICE);
    edit(&mut s, walker).counters = counters(&[("+1/+1", 1)]);
    s.players[0].mana_pool = pool("{U}");
    let mut g = Game::new(s).unwrap();
    let (from, to) = (t(&g, bonder), t(&g, walker));
    activate_at(&mut g, ALICE, bonder, 0, vec![from, to]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, walker).zone, ZoneKind::Graveyard);
    resolve_top(&mut g, Answers::default()).unwrap();
    let thopters = g
        .state()
        .zone_objects(ZoneKind::Battlefield, None)
        .iter()
        .filter(|o| o.def.name() == "Thopter Token")
        .count();
    assert_eq!(thopters, 1);
}
