//! Cycling (CR 702.29) and putting triggered abilities on the stack (CR 603.3b, 603.3d):
//! "when you cycle" triggers go above the cycling ability and resolve first; a trigger with no
//! legal target is removed; a player's order and targets are chosen with `PutTriggers`.

use super::*;
use crate::*;

/// Alice: Crystalline Resonance on the battlefield, Indatha Crystal in hand, {C}{C}; bob: the
/// given permanents.
fn resonance_board(bob_perms: &[&str]) -> (Game, CardId, CardId, Vec<CardId>) {
    let mut s = setup(Step::PrecombatMain);
    let resonance = perm(&mut s, "Crystalline Resonance", ALICE);
    let bob: Vec<CardId> = bob_perms.iter().map(|n| perm(&mut s, n, BOB)).collect();
    let crystal = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{C}{C}");
    (Game::new(s).unwrap(), resonance, crystal, bob)
}

fn put(g: &mut Game, order: Vec<u32>, targets: Vec<(u32, Vec<Target>)>) -> Result<Vec<Event>, Rejection> {
    let player = g.priority_player().unwrap();
    g.apply(Action::PutTriggers { player, order, targets })
}

#[test]
fn cycling_discards_from_the_hand_and_draws_on_resolution() {
    let mut s = setup(Step::PrecombatMain);
    let crystal = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{C}{C}");
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, crystal, 1).unwrap();
    assert_eq!(view(&g, crystal).zone, ZoneKind::Graveyard, "discarding is part of the cost");
    let stack = g.stack_view();
    assert_eq!(stack.len(), 1);
    assert_eq!(stack[0].ability_kind, Some(StackAbilityKind::Activated));
    assert_eq!(stack[0].source_card, Some(crystal));
    assert_eq!(stack[0].source, Some(obj(&g, crystal)), "the source is the card in the graveyard");
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 0);
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 1);
    assert_eq!(g.player_view(ALICE).unwrap().library_size, 0);
}

#[test]
fn cycling_works_only_from_the_hand_and_the_mana_ability_only_on_the_battlefield() {
    let mut s = setup(Step::PrecombatMain);
    let on_field = perm(&mut s, "Indatha Crystal", ALICE);
    let in_hand = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}");
    let mut g = Game::new(s).unwrap();
    assert_eq!(activate(&mut g, ALICE, on_field, 1).unwrap_err().class(), "object");
    assert_eq!(activate_full(&mut g, ALICE, in_hand, 0, Some(ManaType::Green), vec![]).unwrap_err().class(), "object");
    activate_full(&mut g, ALICE, on_field, 0, Some(ManaType::Black), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{B}{C}{C}");
    // Only {W}, {B} or {G}.
    let mut s = setup(Step::PrecombatMain);
    let c = perm(&mut s, "Indatha Crystal", ALICE);
    let mut g = Game::new(s).unwrap();
    assert_eq!(activate_full(&mut g, ALICE, c, 0, Some(ManaType::Red), vec![]).unwrap_err().class(), "choice");
    // legal_actions offers the cycling of the card in hand.
    let mut s = setup(Step::PrecombatMain);
    let h = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}");
    let g = Game::new(s).unwrap();
    let src = obj(&g, h);
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::ActivateAbility { source, ability: 1, .. } if *source == src)));
}

#[test]
fn a_targeted_trigger_waits_for_its_controller() {
    let (mut g, resonance, crystal, bob) = resonance_board(&["Grizzly Bears"]);
    activate(&mut g, ALICE, crystal, 1).unwrap();
    let pending = g.pending_triggers();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].source_card, Some(resonance));
    assert_eq!(pending[0].controller, ALICE);
    assert!(pending[0].needs_targets);
    assert_eq!(g.priority_player(), Some(ALICE));
    // Nothing else can happen first.
    assert_eq!(pass(&mut g).unwrap_err().class(), "timing");
    let id = pending[0].id;
    // Missing target, or "another" target that is Resonance itself.
    assert_eq!(put(&mut g, vec![id], vec![]).unwrap_err().class(), "target");
    let me = t(&g, resonance);
    assert_eq!(put(&mut g, vec![id], vec![(id, vec![me])]).unwrap_err().class(), "target");
    // Every action listed now is a PutTriggers and is accepted.
    let listed = g.legal_actions();
    assert!(!listed.is_empty());
    for a in &listed {
        assert!(matches!(a, Action::PutTriggers { .. }), "{a:?}");
        assert!(g.clone().apply(a.clone()).is_ok(), "{a:?}");
    }
    let bears = t(&g, bob[0]);
    put(&mut g, vec![id], vec![(id, vec![bears])]).unwrap();
    assert!(g.pending_triggers().is_empty());
    let stack = g.stack_view();
    assert_eq!(stack.len(), 2);
    assert_eq!(stack[0].source_card, Some(resonance));
    assert_eq!(stack[0].ability_kind, Some(StackAbilityKind::Triggered));
    assert_eq!(stack[0].targets, vec![bears]);
    assert_eq!(stack[1].source_card, Some(crystal));
    // PutTriggers with nothing waiting is refused.
    assert_eq!(put(&mut g, vec![], vec![]).unwrap_err().class(), "timing");
}

#[test]
fn a_trigger_with_no_legal_target_is_removed() {
    let (mut g, _, crystal, _) = resonance_board(&[]);
    let events = activate(&mut g, ALICE, crystal, 1).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::TriggerRemoved { .. })));
    assert!(g.pending_triggers().is_empty());
    assert_eq!(g.stack_view().len(), 1);
    assert_eq!(g.stack_view()[0].source_card, Some(crystal));
}

#[test]
fn the_player_orders_simultaneous_triggers_top_first() {
    let mut s = setup(Step::PrecombatMain);
    let resonance = perm(&mut s, "Crystalline Resonance", ALICE);
    let goblin = perm(&mut s, "Raging Goblin", BOB);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let gempalm = add(&mut s, "Gempalm Incinerator", ALICE, ZoneKind::Hand);
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{R}{C}");
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, gempalm, 0).unwrap();
    let pending = g.pending_triggers();
    assert_eq!(pending.len(), 2);
    let id_of = |c: CardId| pending.iter().find(|p| p.source_card == Some(c)).unwrap().id;
    let (r, gp) = (id_of(resonance), id_of(gempalm));
    let targets = vec![(r, vec![t(&g, bears)]), (gp, vec![t(&g, goblin)])];
    assert_eq!(put(&mut g, vec![r], targets.clone()).unwrap_err().class(), "choice", "not a permutation");
    assert_eq!(put(&mut g, vec![r, r], targets.clone()).unwrap_err().class(), "choice");
    put(&mut g, vec![gp, r], targets).unwrap();
    let stack = g.stack_view();
    assert_eq!(stack.iter().map(|i| i.source_card).collect::<Vec<_>>(), vec![Some(gempalm), Some(resonance), Some(gempalm)]);
    // Gempalm's trigger: X = the number of Goblins on the battlefield (1), from the graveyard.
    resolve_top(&mut g, Answers { may: Some(true), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, goblin).zone, ZoneKind::Graveyard);
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 0, "the draw comes last");
}

#[test]
fn you_may_needs_an_answer_and_no_does_nothing() {
    let (mut g, resonance, crystal, bob) = resonance_board(&["Grizzly Bears"]);
    activate(&mut g, ALICE, crystal, 1).unwrap();
    let id = g.pending_triggers()[0].id;
    let bears = t(&g, bob[0]);
    put(&mut g, vec![id], vec![(id, vec![bears])]).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(pass(&mut g).unwrap_err().class(), "choice");
    // legal_actions offers both answers of the resolving pass.
    let listed = g.legal_actions();
    assert!(listed.iter().any(|a| matches!(a, Action::PassPriority { answers, .. } if answers.may == Some(true))));
    assert!(listed.iter().any(|a| matches!(a, Action::PassPriority { answers, .. } if answers.may == Some(false))));
    for a in &listed {
        assert!(g.clone().apply(a.clone()).is_ok(), "{a:?}");
    }
    pass_with(&mut g, Answers { may: Some(false), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, resonance).name, "Crystalline Resonance");
    assert_eq!(g.stack_view().len(), 1);
}

#[test]
fn countering_the_cycling_ability_leaves_the_trigger() {
    let (mut g, resonance, crystal, bob) = {
        let mut s = setup(Step::PrecombatMain);
        let resonance = perm(&mut s, "Crystalline Resonance", ALICE);
        let bears = perm(&mut s, "Grizzly Bears", BOB);
        let crystal = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
        add(&mut s, "Disallow", BOB, ZoneKind::Hand);
        add(&mut s, "Island", ALICE, ZoneKind::Library);
        s.players[0].mana_pool = pool("{C}{C}");
        s.players[1].mana_pool = pool("{U}{U}{C}");
        (Game::new(s).unwrap(), resonance, crystal, vec![bears])
    };
    activate(&mut g, ALICE, crystal, 1).unwrap();
    let id = g.pending_triggers()[0].id;
    let bears = t(&g, bob[0]);
    put(&mut g, vec![id], vec![(id, vec![bears])]).unwrap();
    pass(&mut g).unwrap();
    let cycling = Target::Object(g.stack_view()[1].id);
    let disallow = g.state().zone_objects(ZoneKind::Hand, Some(BOB))[0].id;
    g.apply(Action::CastSpell { player: BOB, card: disallow, x: None, targets: vec![cycling], payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() }).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(g.stack_view().len(), 1);
    assert_eq!(g.stack_view()[0].source_card, Some(resonance));
    resolve_top(&mut g, Answers { may: Some(true), ..Answers::default() }).unwrap();
    assert!(g.stack_view().is_empty());
    assert_eq!(view(&g, resonance).name, "Grizzly Bears");
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 0, "the cycling draw was countered");
}
