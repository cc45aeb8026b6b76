//! Turn structure, priority, lands, combat, upkeep triggers, cleanup, SBAs for players.

use super::*;
use crate::*;

#[test]
fn pools_empty_and_new_turn_untaps_and_draws() {
    let mut s = setup(Step::PrecombatMain);
    let f = perm(&mut s, "Forest", ALICE);
    let bf = perm(&mut s, "Forest", BOB);
    edit(&mut s, bf).tapped = true;
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    edit(&mut s, bears).summoning_sick = true;
    let top = add(&mut s, "Island", BOB, ZoneKind::Library);
    add(&mut s, "Swamp", BOB, ZoneKind::Library);
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, f, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}");
    pass(&mut g).unwrap();
    assert_eq!(g.priority_player(), Some(BOB));
    assert_eq!(mana_of(&g, ALICE), "{G}");
    pass(&mut g).unwrap();
    assert_eq!(g.step(), Step::BeginningOfCombat);
    assert_eq!(mana_of(&g, ALICE), "");
    advance_to(&mut g, Step::Draw);
    assert_eq!((g.active_player(), g.turn_number()), (BOB, 3));
    assert!(!view(&g, bf).tapped);
    assert!(view(&g, f).tapped); // not Alice's untap step
    assert!(!view(&g, bears).summoning_sick);
    assert_eq!(view(&g, top).zone, ZoneKind::Hand);
    assert_eq!(g.player_view(BOB).unwrap().library_size, 1);
}

#[test]
fn land_play_rules() {
    let mut s = setup(Step::PrecombatMain);
    let crag = add(&mut s, "Vivid Crag", ALICE, ZoneKind::Hand);
    let f = add(&mut s, "Forest", ALICE, ZoneKind::Hand);
    let bobs = add(&mut s, "Forest", BOB, ZoneKind::Hand);
    let mut g = Game::new(s).unwrap();
    let play = |g: &Game, p: PlayerId, c: CardId| Action::PlayLand { player: p, card: obj(g, c), pay: None };
    g.apply(play(&g, ALICE, crag)).unwrap();
    let v = view(&g, crag);
    assert_eq!((v.zone, v.tapped), (ZoneKind::Battlefield, true));
    assert_eq!(v.counters, counters(&[("charge", 2)]));
    assert_eq!(g.apply(play(&g, ALICE, f)).unwrap_err(), Rejection::NoLandPlayLeft);
    assert_eq!(g.apply(play(&g, ALICE, f)).unwrap_err().class(), "timing");
    assert_eq!(g.apply(play(&g, ALICE, bobs)).unwrap_err().class(), "object");
    pass(&mut g).unwrap();
    assert_eq!(g.apply(play(&g, BOB, bobs)).unwrap_err().class(), "timing");
}

#[test]
fn attacking_and_summoning_sickness() {
    let mut s = setup(Step::PrecombatMain);
    let goblin = perm(&mut s, "Raging Goblin", ALICE);
    edit(&mut s, goblin).summoning_sick = true;
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    edit(&mut s, bears).summoning_sick = true;
    let mut g = Game::new(s).unwrap();
    let atk = |g: &Game, c: Vec<CardId>| Action::DeclareAttackers { player: ALICE, attackers: c.iter().map(|c| obj(g, *c)).collect() };
    // CR 508.1: the declaration is due only in the declare attackers step, not before.
    let before = g.state().clone();
    assert_eq!(g.apply(atk(&g, vec![goblin])).unwrap_err().class(), "timing");
    assert_eq!(g.state(), &before);
    advance_to(&mut g, Step::BeginningOfCombat);
    assert_eq!(g.apply(atk(&g, vec![goblin])).unwrap_err().class(), "timing");
    advance_to(&mut g, Step::DeclareAttackers);
    let before = g.state().clone();
    assert_eq!(g.apply(atk(&g, vec![bears])).unwrap_err().class(), "summoning_sickness");
    assert_eq!(g.state(), &before);
    g.apply(atk(&g, vec![goblin])).unwrap();
    // Declared once: a second declaration is out of time.
    assert_eq!(g.apply(atk(&g, vec![])).unwrap_err().class(), "timing");
    assert_eq!(g.step(), Step::DeclareAttackers);
    assert!(view(&g, goblin).tapped);
    advance_to(&mut g, Step::PostcombatMain);
    assert_eq!(g.player_view(BOB).unwrap().life, 19);
}

#[test]
fn no_attackers_skips_to_end_of_combat() {
    let mut s = setup(Step::BeginningOfCombat);
    perm(&mut s, "Grizzly Bears", ALICE);
    let mut g = Game::new(s).unwrap();
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(g.step(), Step::DeclareAttackers);
    assert_eq!(g.priority_player(), Some(ALICE));
    // Passing while the declaration is due declares no attackers; Alice then holds priority in
    // the step, and the step ends after both players pass (CR 508.8).
    pass(&mut g).unwrap();
    assert_eq!((g.step(), g.priority_player()), (Step::DeclareAttackers, Some(ALICE)));
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(g.step(), Step::EndOfCombat);
}

#[test]
fn discard_to_hand_size() {
    let mut s = setup(Step::End);
    let cards: Vec<CardId> = (0..9).map(|_| add(&mut s, "Forest", ALICE, ZoneKind::Hand)).collect();
    let mut g = Game::new(s).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(pass(&mut g).unwrap_err().class(), "choice");
    let one = vec![obj(&g, cards[0])];
    assert_eq!(pass_with(&mut g, Answers { discard: Some(one), ..Answers::default() }).unwrap_err().class(), "choice");
    let two = vec![obj(&g, cards[0]), obj(&g, cards[8])];
    pass_with(&mut g, Answers { discard: Some(two), ..Answers::default() }).unwrap();
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 7);
    assert_eq!(view(&g, cards[8]).zone, ZoneKind::Graveyard);
    assert_eq!((g.active_player(), g.step()), (BOB, Step::Upkeep));
}

#[test]
fn drawing_from_an_empty_library_loses() {
    let mut s = setup(Step::Upkeep);
    let mut g = Game::new(s.clone()).unwrap();
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert!(g.is_over());
    assert!(g.player_view(ALICE).unwrap().lost);
    assert_eq!(g.priority_player(), None);
    assert!(g.legal_actions().is_empty());
    assert_eq!(pass_with_player(&mut g, ALICE).unwrap_err().class(), "timing");
    s.players[1].life = 0;
    let g = Game::new(s).unwrap();
    assert!(g.is_over());
    assert!(g.player_view(BOB).unwrap().lost);
}

fn pass_with_player(g: &mut Game, p: PlayerId) -> Result<Vec<Event>, Rejection> {
    g.apply(Action::PassPriority { player: p, answers: Answers::default() })
}

#[test]
fn cumulative_upkeep_pay_or_sacrifice() {
    let mut s = setup(Step::Untap);
    s.step = Step::Cleanup;
    s.active_player = BOB;
    s.priority_player = Some(BOB);
    let ritual = perm(&mut s, "Ritual of Subdual", ALICE);
    edit(&mut s, ritual).counters = counters(&[("age", 1)]);
    let f1 = perm(&mut s, "Forest", ALICE);
    let f2 = perm(&mut s, "Forest", ALICE);
    let f3 = perm(&mut s, "Forest", ALICE);
    let mut g = Game::new(s).unwrap();
    // From bob's cleanup step (no priority normally), passing moves to alice's upkeep.
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert_eq!((g.active_player(), g.step()), (ALICE, Step::Upkeep));
    assert_eq!(g.stack_view().len(), 1);
    for f in [f1, f2, f3] {
        activate(&mut g, ALICE, f, 0).unwrap();
    }
    assert_eq!(mana_of(&g, ALICE), "{C}{C}{C}");
    pass(&mut g).unwrap();
    assert_eq!(pass(&mut g).unwrap_err().class(), "choice");
    // Two age counters: {4} needed, only three mana.
    assert_eq!(pass_with(&mut g, Answers { pay: Some(true), ..Answers::default() }).unwrap_err().class(), "cost");
    pass_with(&mut g, Answers { pay: Some(false), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, ritual).zone, ZoneKind::Graveyard);
}

#[test]
fn cumulative_upkeep_paid() {
    let mut s = setup(Step::Upkeep);
    let ritual = perm(&mut s, "Ritual of Subdual", ALICE);
    s.players[0].mana_pool = pool("{G}{G}");
    add(&mut s, "Forest", ALICE, ZoneKind::Library);
    let mut g = Game::new(s).unwrap();
    // The upkeep began before the setup: no trigger. Move to the next one.
    assert!(g.stack_view().is_empty());
    let _ = ritual;
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(g.step(), Step::Draw);
    assert_eq!(mana_of(&g, ALICE), "");
}

/// Found by fuzzing: passing while the attack declaration is due declares no attackers; the
/// state-based actions and triggers that follow must leave the active player to put their
/// triggers on the stack and then hold priority (CR 508.1m, 117.3a), not hand priority to the
/// opponent with the triggers still waiting.
#[test]
fn declaring_no_attackers_is_not_a_pass_of_priority() {
    let mut s = setup(Step::DeclareAttackers);
    perm(&mut s, "Hangarback Walker", ALICE);
    perm(&mut s, "Hangarback Walker", ALICE);
    let mut g = Game::new(s).unwrap();
    pass(&mut g).unwrap();
    // Both 0/0 Walkers died once the declaration was made; their two triggers wait for Alice.
    assert_eq!(g.pending_triggers().len(), 2);
    assert_eq!(g.priority_player(), Some(ALICE));
    assert!(!g.legal_actions().is_empty());
    let order: Vec<u32> = g.pending_triggers().iter().map(|t| t.id).collect();
    g.apply(Action::PutTriggers { player: ALICE, order, targets: vec![] }).unwrap();
    assert_eq!(g.stack_view().len(), 2);
    assert_eq!(g.priority_player(), Some(ALICE));
    assert_eq!(g.step(), Step::DeclareAttackers);
}

/// CR 508.1a: `legal_actions` lists the attack declarations the active player may make: each
/// subset of the creatures able to attack (here two untapped Grizzly Bears, not a summoning-sick
/// one or a Forest), every one of them accepted.
#[test]
fn legal_actions_list_each_declaration_of_able_attackers() {
    let mut s = setup(Step::DeclareAttackers);
    let a = perm(&mut s, "Grizzly Bears", ALICE);
    let b = perm(&mut s, "Grizzly Bears", ALICE);
    let sick = perm(&mut s, "Grizzly Bears", ALICE);
    edit(&mut s, sick).summoning_sick = true;
    perm(&mut s, "Forest", ALICE);
    let g = Game::new(s).unwrap();
    let (a, b) = (obj(&g, a), obj(&g, b));
    let mut listed: Vec<Vec<ObjectId>> = g
        .legal_actions()
        .into_iter()
        .filter_map(|x| match x {
            Action::DeclareAttackers { attackers, .. } => Some(attackers),
            _ => None,
        })
        .collect();
    listed.sort();
    let mut want = vec![vec![], vec![a], vec![b], vec![a, b]];
    want.sort();
    assert_eq!(listed, want);
}

/// CR 514.3a: in the cleanup step a player receives priority only if state-based actions were
/// performed or triggered abilities wait. A "for as long as you control" effect ending there,
/// because Act of Treason's control of its source ended (CR 514.2, 611.2b), is neither: the
/// turn ends without priority.
#[test]
fn a_control_duration_ending_in_cleanup_gives_no_priority() {
    let mut s = setup(Step::PrecombatMain);
    let olivia = perm(&mut s, "Olivia Voldaren", BOB);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let treason = add(&mut s, "Act of Treason", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}{C}{C}{C}{C}{R}{R}{B}{B}");
    let mut g = Game::new(s).unwrap();
    let target = t(&g, olivia);
    cast_at(&mut g, ALICE, treason, None, vec![target]).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(view(&g, olivia).controller, ALICE);
    // Olivia's first ability makes the Bears a Vampire; her second takes them for as long as
    // Alice controls Olivia.
    let target = t(&g, bears);
    activate_at(&mut g, ALICE, olivia, 0, vec![target]).unwrap();
    resolve(&mut g, Answers::default());
    activate_at(&mut g, ALICE, olivia, 1, vec![target]).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(view(&g, bears).controller, ALICE);
    advance_to(&mut g, Step::End);
    pass(&mut g).unwrap();
    let events = pass(&mut g).unwrap();
    assert_eq!((view(&g, olivia).controller, view(&g, bears).controller), (BOB, BOB));
    // CR 514.2: Act of Treason's two "until end of turn" effects (control, haste) end; then,
    // Olivia back with Bob, her "for as long as you control Olivia" effect (CR 611.2b).
    let ended: Vec<usize> = events.iter().filter_map(|e| match e { Event::EffectsEnded { count } => Some(*count), _ => None }).collect();
    assert_eq!(ended, vec![2, 1]);
    assert_ne!(g.step(), Step::Cleanup, "priority in the cleanup step with no state-based action or trigger");
    assert_eq!(g.active_player(), BOB);
}

/// CR 104.4b: a loop of mandatory actions makes the game a draw. Alice, at 0 life with no
/// cards, controls Bob's Lich's Mirror: each time she would lose, the Mirror shuffles what she
/// owns (nothing) into her library and she draws seven from an empty library, so she would lose
/// again at the next check, forever. The game ends for both players (the engine marks a draw as
/// both having lost).
#[test]
fn a_loss_replaced_at_every_check_is_a_draw() {
    let mut s = setup(Step::PrecombatMain);
    let mirror = perm(&mut s, "Lich's Mirror", BOB);
    edit(&mut s, mirror).controller = Some(ALICE);
    s.players[0].life = 0;
    let g = Game::new(s).unwrap();
    // The state-based actions are checked as the game begins with a player to get priority.
    assert!(g.state().is_over());
    assert!(g.state().players.iter().all(|p| p.lost), "a draw ends the game for each player");
}
