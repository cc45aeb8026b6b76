//! Commanders (CR 903.3) as recipients of Stumpsquall Hydra's distribution (chosen on
//! resolution), loyalty abilities (CR 606), a planeswalker's loyalty (CR 306.5b-c, 704.5i) and
//! control-changing effects (CR 613.1b) with Tevesh Szat.

use super::*;
use crate::*;

fn dist(pairs: &[(ObjectId, u32)]) -> Answers {
    Answers { distribute: pairs.iter().map(|(o, n)| (Target::Object(*o), *n)).collect(), ..Answers::default() }
}

struct Hydra {
    g: Game,
    hydra: CardId,
    isamaru: CardId,
    tevesh: CardId,
    bears: CardId,
    in_command: CardId,
}

/// Alice casts Stumpsquall Hydra with X = `x` and it resolves; its trigger is on the stack.
/// Bob's Isamaru and Alice's Tevesh are commanders on the battlefield, Alice's Grizzly Bears a
/// plain creature, and Bob's other commander is in the command zone.
fn hydra(x: u32) -> Hydra {
    let mut s = setup(Step::PrecombatMain);
    let hydra = add(&mut s, "Stumpsquall Hydra", ALICE, ZoneKind::Hand);
    let isamaru = perm(&mut s, "Isamaru, Hound of Konda", BOB);
    edit(&mut s, isamaru).commander = true;
    let tevesh = perm(&mut s, "Tevesh Szat, Doom of Fools", ALICE);
    edit(&mut s, tevesh).commander = true;
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let in_command = add(&mut s, "Isamaru, Hound of Konda", BOB, ZoneKind::Command);
    edit(&mut s, in_command).commander = true;
    add(&mut s, "Lightning Bolt", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = ManaPool::parse(&format!("{{G}}{{G}}{{G}}{{R}}{}", "{C}".repeat(x as usize))).unwrap();
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, hydra, Some(x)).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, hydra).zone, ZoneKind::Battlefield);
    let stack = g.stack_view();
    assert_eq!((stack.len(), stack[0].source_card, stack[0].x), (1, Some(hydra), Some(x)));
    Hydra { g, hydra, isamaru, tevesh, bears, in_command }
}

#[test]
fn hydra_distributes_x_among_itself_and_commanders_of_any_kind() {
    let mut h = hydra(4);
    let (hy, isa, tev) = (obj(&h.g, h.hydra), obj(&h.g, h.isamaru), obj(&h.g, h.tevesh));
    resolve_top(&mut h.g, dist(&[(hy, 1), (isa, 2), (tev, 1)])).unwrap();
    assert_eq!((view(&h.g, h.hydra).power, view(&h.g, h.hydra).toughness), (Some(2), Some(2)));
    assert_eq!(view(&h.g, h.isamaru).power, Some(4));
    let v = view(&h.g, h.tevesh);
    assert_eq!(v.counters, counters(&[("loyalty", 4), ("+1/+1", 1)]), "a noncreature commander may get them");
    assert_eq!((v.power, v.loyalty), (None, Some(4)));
}

#[test]
fn hydra_wrong_distributions_are_rejected_as_choices() {
    let mut h = hydra(3);
    let (hy, isa, bears, cmd) = (obj(&h.g, h.hydra), obj(&h.g, h.isamaru), obj(&h.g, h.bears), obj(&h.g, h.in_command));
    pass(&mut h.g).unwrap();
    let before = h.g.state().clone();
    for bad in [
        Answers::default(),                   // nothing is left to chance
        dist(&[(hy, 2)]),                     // not all X
        dist(&[(hy, 2), (isa, 2)]),           // too many
        dist(&[(hy, 1), (bears, 2)]),         // not a commander
        dist(&[(hy, 1), (cmd, 2)]),           // a commander not on the battlefield
        dist(&[(hy, 1), (hy, 2)]),            // named twice
        Answers { distribute: vec![(Target::Player(BOB), 3)], ..Answers::default() },
    ] {
        assert_eq!(pass_with(&mut h.g, bad.clone()).unwrap_err().class(), "choice", "{bad:?}");
        assert_eq!(h.g.state(), &before);
    }
    // legal_actions lists only passes that are accepted (all on one recipient, here).
    let passes = listed_passes(&h.g);
    assert!(passes.contains(&dist(&[(hy, 3)])));
    assert!(passes.iter().all(|a| a.distribute.iter().map(|(_, n)| n).sum::<u32>() == 3));
    pass_with(&mut h.g, dist(&[(hy, 3), (isa, 0)])).unwrap();
    assert_eq!(view(&h.g, h.hydra).power, Some(4));
    assert_eq!(view(&h.g, h.isamaru).counters, counters(&[]));
}

#[test]
fn hydra_with_x_zero_needs_no_answer() {
    let mut h = hydra(0);
    resolve_top(&mut h.g, Answers::default()).unwrap();
    assert_eq!(view(&h.g, h.hydra).power, Some(1));
}

#[test]
fn hydra_gone_may_distribute_among_commanders_or_none() {
    for (answer_isamaru, expected) in [(None, None), (Some(2), Some(4))] {
        let mut h = hydra(2);
        let old = obj(&h.g, h.hydra);
        let target = t(&h.g, h.hydra);
        cast_at(&mut h.g, ALICE, CardId(5), None, vec![target]).unwrap();
        resolve_top(&mut h.g, Answers::default()).unwrap();
        assert_eq!(view(&h.g, h.hydra).zone, ZoneKind::Graveyard);
        pass(&mut h.g).unwrap();
        // The Hydra itself (its old object, or the card now in the graveyard) can't get any.
        for gone in [old, obj(&h.g, h.hydra)] {
            assert_eq!(pass_with(&mut h.g, dist(&[(gone, 2)])).unwrap_err().class(), "choice");
        }
        let isa = obj(&h.g, h.isamaru);
        let answers = match answer_isamaru {
            Some(n) => dist(&[(isa, n)]),
            None => Answers::default(),
        };
        pass_with(&mut h.g, answers).unwrap();
        assert!(h.g.stack_view().is_empty());
        assert_eq!(view(&h.g, h.isamaru).power, expected.or(Some(2)));
    }
}

/// The answers of every pass `legal_actions` lists.
fn listed_passes(g: &Game) -> Vec<Answers> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PassPriority { answers, .. } => Some(answers),
            _ => None,
        })
        .collect()
}

/// Alice's Tevesh Szat on the battlefield in her main phase.
fn tevesh_game(loyalty: u32) -> (GameSetup, CardId) {
    let mut s = setup(Step::PrecombatMain);
    let tevesh = perm(&mut s, "Tevesh Szat, Doom of Fools", ALICE);
    edit(&mut s, tevesh).counters = counters(&[("loyalty", loyalty)]);
    for _ in 0..5 {
        add(&mut s, "Swamp", ALICE, ZoneKind::Library);
        add(&mut s, "Swamp", BOB, ZoneKind::Library);
    }
    (s, tevesh)
}

#[test]
fn tevesh_enters_with_printed_loyalty_and_plus_two_makes_thrulls() {
    let mut s = setup(Step::PrecombatMain);
    let tevesh = add(&mut s, "Tevesh Szat, Doom of Fools", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{B}{C}{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, tevesh, None).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, tevesh);
    assert_eq!((v.loyalty, v.counters.clone()), (Some(4), counters(&[("loyalty", 4)])));
    assert_eq!(v.supertypes, vec!["Legendary"]);
    activate(&mut g, ALICE, tevesh, 0).unwrap();
    assert_eq!(view(&g, tevesh).loyalty, Some(6), "the +2 is paid as a cost");
    resolve_top(&mut g, Answers::default()).unwrap();
    let thrulls: Vec<ObjectView> =
        g.zone_view(ZoneKind::Battlefield, ALICE).into_iter().filter(|v| v.name == "Thrull Token").collect();
    assert_eq!(thrulls.len(), 2);
    assert_eq!((thrulls[0].power, thrulls[0].toughness), (Some(0), Some(1)));
    assert_eq!((thrulls[0].colors.clone(), thrulls[0].subtypes.clone()), (vec!["B".to_string()], vec!["Thrull".to_string()]));
}

#[test]
fn loyalty_abilities_once_per_turn_at_sorcery_speed() {
    let (s, tevesh) = tevesh_game(4);
    let mut g = Game::new(s.clone()).unwrap();
    activate(&mut g, ALICE, tevesh, 0).unwrap();
    // The stack isn't empty.
    assert_eq!(activate(&mut g, ALICE, tevesh, 1).unwrap_err().class(), "timing");
    resolve_top(&mut g, Answers::default()).unwrap();
    // Once per turn (CR 606.3), whichever ability.
    let before = g.state().clone();
    assert_eq!(activate(&mut g, ALICE, tevesh, 1).unwrap_err().class(), "timing");
    assert_eq!(g.state(), &before);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::ActivateAbility { .. })));
    // Not in the beginning of combat step.
    let mut s2 = s.clone();
    s2.step = Step::BeginningOfCombat;
    let mut g = Game::new(s2).unwrap();
    assert_eq!(activate(&mut g, ALICE, tevesh, 0).unwrap_err().class(), "timing");
    // Again on a later turn of Alice.
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, tevesh, 0).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    for _ in 0..2 {
        advance_to(&mut g, Step::End);
        advance_to(&mut g, Step::PrecombatMain);
    }
    assert_eq!(g.active_player(), ALICE);
    activate(&mut g, ALICE, tevesh, 0).unwrap();
    assert_eq!(view(&g, tevesh).loyalty, Some(8));
}

#[test]
fn minus_ten_needs_ten_loyalty() {
    let (s, tevesh) = tevesh_game(9);
    let mut g = Game::new(s).unwrap();
    let before = g.state().clone();
    assert_eq!(activate(&mut g, ALICE, tevesh, 2).unwrap_err().class(), "cost");
    assert_eq!(g.state(), &before);
}

#[test]
fn minus_ten_gains_all_commanders_and_fetches_them_from_the_command_zone() {
    let (mut s, tevesh) = tevesh_game(10);
    let isamaru = perm(&mut s, "Isamaru, Hound of Konda", BOB);
    edit(&mut s, isamaru).commander = true;
    let bob_bears = perm(&mut s, "Grizzly Bears", BOB);
    let in_command = add(&mut s, "Grizzly Bears", BOB, ZoneKind::Command);
    edit(&mut s, in_command).commander = true;
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, tevesh, 2).unwrap();
    // Loyalty 0: Tevesh dies before its ability resolves (CR 704.5i); the ability still does.
    assert_eq!(view(&g, tevesh).zone, ZoneKind::Graveyard);
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, isamaru);
    assert_eq!((v.controller, v.owner, v.summoning_sick), (ALICE, BOB, true));
    let v = view(&g, in_command);
    assert_eq!((v.zone, v.controller, v.owner, v.commander), (ZoneKind::Battlefield, ALICE, BOB, true));
    assert_eq!(view(&g, bob_bears).controller, BOB, "not a commander");
    // Indefinitely: still Alice's on Bob's turn, and Bob can't activate or attack with it.
    advance_to(&mut g, Step::End);
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(g.active_player(), BOB);
    assert_eq!(view(&g, isamaru).controller, ALICE);
}

/// Two commanders named Isamaru enter together under Alice's control, with no legendary
/// permanent there before: the legend rule (CR 704.5j) applies to them, so the resolving pass
/// must name one to keep, and `legal_actions` lists a keep for each (else it lists no pass the
/// engine accepts, and the game has no legal action).
#[test]
fn minus_ten_with_two_same_named_commanders_lists_a_keep_for_each() {
    // Loyalty 10: Tevesh dies as the ability is activated (CR 704.5i), so no legendary permanent
    // is left on the battlefield.
    let (mut s, tevesh) = tevesh_game(10);
    let hers = add(&mut s, "Isamaru, Hound of Konda", ALICE, ZoneKind::Command);
    edit(&mut s, hers).commander = true;
    let his = add(&mut s, "Isamaru, Hound of Konda", BOB, ZoneKind::Command);
    edit(&mut s, his).commander = true;
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, tevesh, 2).unwrap();
    pass(&mut g).unwrap();
    let passes = listed_passes(&g);
    let kept: Vec<Option<ObjectId>> = passes.iter().map(|a| a.keep).collect();
    assert!(kept.contains(&Some(obj(&g, hers))) && kept.contains(&Some(obj(&g, his))), "{kept:?}");
    for answers in passes {
        let mut g = g.clone();
        let keep = answers.keep;
        g.apply(Action::PassPriority { player: BOB, answers }).unwrap();
        let on_battlefield = [hers, his].into_iter().filter(|c| view(&g, *c).zone == ZoneKind::Battlefield).count();
        assert_eq!(on_battlefield, 1, "one Isamaru stays (keep {keep:?})");
    }
}

#[test]
fn plus_one_sacrifice_is_optional_and_commanders_draw_more() {
    let (mut s, tevesh) = tevesh_game(4);
    let commander = perm(&mut s, "Isamaru, Hound of Konda", ALICE);
    edit(&mut s, commander).commander = true;
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let bob_bears = perm(&mut s, "Grizzly Bears", BOB);
    let hand = |g: &Game| g.player_view(ALICE).unwrap().hand_size;
    let sac = |ids: Vec<ObjectId>| Answers { sacrifice: Some(ids), ..Answers::default() };

    // Nothing is chosen for the player: no answer is refused; Tevesh itself, an opponent's
    // creature or two permanents are not allowed.
    let mut g = Game::new(s.clone()).unwrap();
    activate(&mut g, ALICE, tevesh, 1).unwrap();
    assert_eq!(view(&g, tevesh).loyalty, Some(5));
    pass(&mut g).unwrap();
    let before = g.state().clone();
    let (me, theirs) = (obj(&g, tevesh), obj(&g, bob_bears));
    for bad in [Answers::default(), sac(vec![me]), sac(vec![theirs]), sac(vec![obj(&g, bears), obj(&g, commander)])] {
        assert_eq!(pass_with(&mut g, bad).unwrap_err().class(), "choice");
        assert_eq!(g.state(), &before);
    }
    pass_with(&mut g, sac(vec![])).unwrap();
    assert_eq!(hand(&g), 0);

    let mut g = Game::new(s.clone()).unwrap();
    activate(&mut g, ALICE, tevesh, 1).unwrap();
    let b = obj(&g, bears);
    resolve_top(&mut g, sac(vec![b])).unwrap();
    assert_eq!((view(&g, bears).zone, hand(&g)), (ZoneKind::Graveyard, 2));

    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, tevesh, 1).unwrap();
    let c = obj(&g, commander);
    resolve_top(&mut g, sac(vec![c])).unwrap();
    assert_eq!((view(&g, commander).zone, hand(&g)), (ZoneKind::Graveyard, 3));
}

#[test]
fn bob_cannot_activate_alices_planeswalker() {
    let (mut s, tevesh) = tevesh_game(4);
    s.priority_player = Some(BOB);
    s.active_player = BOB;
    let mut g = Game::new(s).unwrap();
    assert_eq!(activate(&mut g, BOB, tevesh, 0).unwrap_err().class(), "object");
}
