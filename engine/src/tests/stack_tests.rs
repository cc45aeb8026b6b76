//! The stack (CR 405, 608): spells and abilities as targets (CR 115.1), countering (CR 701.6),
//! targets re-checked on resolution (CR 608.2b), damage to any target (CR 120), layer 7d
//! switching (CR 613.4d), hexproof (CR 702.11b), lifelink (CR 702.15b), APNAP (CR 603.3b).

use super::*;
use crate::*;

#[test]
fn cancel_counters_a_spell_into_its_owners_graveyard() {
    let mut s = setup(Step::PrecombatMain);
    let bears = add(&mut s, "Grizzly Bears", ALICE, ZoneKind::Hand);
    let cancel = add(&mut s, "Cancel", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}{G}");
    s.players[1].mana_pool = pool("{U}{U}{U}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, bears, None).unwrap();
    pass(&mut g).unwrap();
    let spell = top(&g);
    cast_at(&mut g, BOB, cancel, None, vec![spell]).unwrap();
    assert_eq!(g.stack_view().len(), 2);
    let events = {
        pass(&mut g).unwrap();
        pass(&mut g).unwrap()
    };
    assert!(events.iter().any(|e| matches!(e, Event::Countered { .. })));
    assert!(g.stack_view().is_empty());
    assert_eq!(view(&g, bears).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, bears).owner, ALICE);
    assert_eq!(view(&g, cancel).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, cancel).owner, BOB);
    assert_eq!(mana_of(&g, ALICE), "", "no refund (CR 701.6b)");
}

fn mass_ability_on_stack() -> (Game, CardId, CardId, CardId) {
    let mut s = setup(Step::PrecombatMain);
    let mass = perm(&mut s, "Chimeric Mass", ALICE);
    edit(&mut s, mass).counters = counters(&[("charge", 2)]);
    let cancel = add(&mut s, "Cancel", BOB, ZoneKind::Hand);
    let disallow = add(&mut s, "Disallow", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}");
    s.players[1].mana_pool = pool("{U}{U}{U}");
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, mass, 0).unwrap();
    pass(&mut g).unwrap();
    (g, mass, cancel, disallow)
}

#[test]
fn cancel_cannot_target_an_ability() {
    let (mut g, _, cancel, _) = mass_ability_on_stack();
    let ability = top(&g);
    let before = g.state().clone();
    assert_eq!(cast_at(&mut g, BOB, cancel, None, vec![ability]).unwrap_err().class(), "target");
    assert_eq!(g.state(), &before);
    // legal_actions doesn't offer it either.
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::CastSpell { card, .. } if *card == obj(&g, cancel))));
}

#[test]
fn disallow_counters_an_activated_ability() {
    let (mut g, mass, _, disallow) = mass_ability_on_stack();
    let ability = top(&g);
    assert!(g.legal_actions().contains(&Action::CastSpell {
        player: BOB,
        card: obj(&g, disallow),
        x: None,
        targets: vec![ability],
        payment: None,
        sacrifice: vec![],
        kicked: vec![],
        modes: vec![],
        splice: vec![], costs: Default::default(),
    }));
    cast_at(&mut g, BOB, disallow, None, vec![ability]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert!(g.stack_view().is_empty(), "the countered ability left the stack");
    let v = view(&g, mass);
    assert_eq!((v.types.clone(), v.power), (vec!["Artifact".to_string()], None));
    assert_eq!(view(&g, disallow).zone, ZoneKind::Graveyard);
}

#[test]
fn disallow_counters_a_triggered_ability() {
    let mut s = setup(Step::PrecombatMain);
    let giant = perm(&mut s, "Crystalline Giant", ALICE);
    let disallow = add(&mut s, "Disallow", BOB, ZoneKind::Hand);
    let islands: Vec<CardId> = (0..3).map(|_| perm(&mut s, "Island", BOB)).collect();
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    pass(&mut g).unwrap();
    for i in islands {
        activate(&mut g, BOB, i, 0).unwrap();
    }
    let trigger = top(&g);
    cast_at(&mut g, BOB, disallow, None, vec![trigger]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert!(g.stack_view().is_empty());
    assert!(view(&g, giant).counters.is_empty());
}

#[test]
fn a_spell_whose_only_target_is_gone_does_not_resolve() {
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let growth = add(&mut s, "Giant Growth", ALICE, ZoneKind::Hand);
    let bolt = add(&mut s, "Lightning Bolt", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}");
    s.players[1].mana_pool = pool("{R}");
    let mut g = Game::new(s).unwrap();
    let b = t(&g, bears);
    cast_at(&mut g, ALICE, growth, None, vec![b]).unwrap();
    pass(&mut g).unwrap();
    cast_at(&mut g, BOB, bolt, None, vec![b]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).zone, ZoneKind::Graveyard);
    let growth_id = g.stack_view()[0].id;
    pass(&mut g).unwrap();
    let ev = pass(&mut g).unwrap();
    assert!(ev.contains(&Event::DidNotResolve { id: growth_id }));
    assert_eq!(view(&g, growth).zone, ZoneKind::Graveyard);
}

#[test]
fn cancel_whose_target_spell_was_countered_does_not_resolve() {
    let mut s = setup(Step::PrecombatMain);
    let bears = add(&mut s, "Grizzly Bears", ALICE, ZoneKind::Hand);
    let cancel = add(&mut s, "Cancel", BOB, ZoneKind::Hand);
    let disallow = add(&mut s, "Disallow", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}{G}");
    s.players[1].mana_pool = pool("{U}{U}{U}{U}{U}{U}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, bears, None).unwrap();
    pass(&mut g).unwrap();
    let spell = top(&g);
    cast_at(&mut g, BOB, cancel, None, vec![spell]).unwrap();
    cast_at(&mut g, BOB, disallow, None, vec![spell]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap(); // Disallow counters the Bears
    assert_eq!(view(&g, bears).zone, ZoneKind::Graveyard);
    let cancel_id = g.stack_view()[0].id;
    pass(&mut g).unwrap();
    let ev = pass(&mut g).unwrap();
    assert!(ev.contains(&Event::DidNotResolve { id: cancel_id }));
    assert!(g.stack_view().is_empty());
    assert_eq!(view(&g, cancel).zone, ZoneKind::Graveyard);
}

#[test]
fn lightning_bolt_hits_players_creatures_and_planeswalkers() {
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let tevesh = perm(&mut s, "Tevesh Szat, Doom of Fools", BOB);
    let giant = perm(&mut s, "Crystalline Giant", BOB);
    let bolts: Vec<CardId> = (0..4).map(|_| add(&mut s, "Lightning Bolt", ALICE, ZoneKind::Hand)).collect();
    s.players[0].mana_pool = pool("{R}{R}{R}{R}");
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, tevesh).loyalty, Some(4), "set up with its printed loyalty (CR 306.5b)");
    cast_at(&mut g, ALICE, bolts[0], None, vec![Target::Player(BOB)]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(g.player_view(BOB).unwrap().life, 17);
    let tv = t(&g, tevesh);
    cast_at(&mut g, ALICE, bolts[1], None, vec![tv]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, tevesh);
    assert_eq!((v.loyalty, v.counters.clone(), v.damage), (Some(1), counters(&[("loyalty", 1)]), 0));
    let gt = t(&g, giant);
    cast_at(&mut g, ALICE, bolts[2], None, vec![gt]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, giant).zone, ZoneKind::Graveyard, "3 damage is lethal to a 3/3 (CR 704.5g)");
    cast_at(&mut g, ALICE, bolts[3], None, vec![tv]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, tevesh).zone, ZoneKind::Graveyard, "0 loyalty (CR 704.5i)");
    assert_eq!(view(&g, bears).damage, 0);
}

#[test]
fn lightning_bolt_marks_damage_until_cleanup() {
    let mut s = setup(Step::PrecombatMain);
    let giant = perm(&mut s, "Crystalline Giant", BOB);
    edit(&mut s, giant).counters = counters(&[("+1/+1", 1)]);
    let bolt = add(&mut s, "Lightning Bolt", ALICE, ZoneKind::Hand);
    add(&mut s, "Forest", BOB, ZoneKind::Library);
    s.players[0].mana_pool = pool("{R}");
    let mut g = Game::new(s).unwrap();
    let gt = t(&g, giant);
    cast_at(&mut g, ALICE, bolt, None, vec![gt]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, giant).damage, 3);
    assert_eq!(view(&g, giant).zone, ZoneKind::Battlefield);
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(view(&g, giant).damage, 0);
}

#[test]
fn lightning_bolt_cannot_target_a_land_or_a_card_in_hand() {
    let mut s = setup(Step::PrecombatMain);
    let forest = perm(&mut s, "Forest", BOB);
    let bolt = add(&mut s, "Lightning Bolt", ALICE, ZoneKind::Hand);
    let bears = add(&mut s, "Grizzly Bears", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{R}");
    let mut g = Game::new(s).unwrap();
    for target in [t(&g, forest), t(&g, bears)] {
        assert_eq!(cast_at(&mut g, ALICE, bolt, None, vec![target]).unwrap_err().class(), "target");
    }
    let targets: Vec<Vec<Target>> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::CastSpell { targets, .. } => Some(targets),
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![vec![Target::Player(ALICE)], vec![Target::Player(BOB)]]);
}

#[test]
fn twisted_image_switches_after_modifications_and_draws() {
    let mut s = setup(Step::PrecombatMain);
    let order = perm(&mut s, "Order of Whiteclay", ALICE);
    let growth = add(&mut s, "Giant Growth", ALICE, ZoneKind::Hand);
    let image = add(&mut s, "Twisted Image", ALICE, ZoneKind::Hand);
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{G}{U}");
    let mut g = Game::new(s).unwrap();
    let o = t(&g, order);
    // Switch first, then +3/+3: the switch still applies last (layer 7d after 7c).
    cast_at(&mut g, ALICE, image, None, vec![o]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!((view(&g, order).power, view(&g, order).toughness), (Some(4), Some(1)));
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 2);
    cast_at(&mut g, ALICE, growth, None, vec![o]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!((view(&g, order).power, view(&g, order).toughness), (Some(7), Some(4)));
}

#[test]
fn twisted_image_on_a_zero_power_creature_kills_it() {
    // Order of Whiteclay 1/4 with a -1/-1 counter is 0/3 (7c); switched (7d) it is 3/0 and
    // dies (CR 704.5f).
    let mut s = setup(Step::PrecombatMain);
    let order = perm(&mut s, "Order of Whiteclay", ALICE);
    edit(&mut s, order).counters = counters(&[("-1/-1", 1)]);
    let image = add(&mut s, "Twisted Image", ALICE, ZoneKind::Hand);
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{U}");
    let mut g = Game::new(s).unwrap();
    assert_eq!((view(&g, order).power, view(&g, order).toughness), (Some(0), Some(3)));
    let o = t(&g, order);
    cast_at(&mut g, ALICE, image, None, vec![o]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, order).zone, ZoneKind::Graveyard);
}

#[test]
fn hexproof_counter_stops_opponents_targeting_only() {
    let mut s = setup(Step::PrecombatMain);
    let giant = perm(&mut s, "Crystalline Giant", ALICE);
    edit(&mut s, giant).counters = counters(&[("hexproof", 1)]);
    let growth = add(&mut s, "Giant Growth", ALICE, ZoneKind::Hand);
    let bolt = add(&mut s, "Lightning Bolt", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}");
    s.players[1].mana_pool = pool("{R}");
    let mut g = Game::new(s).unwrap();
    let gt = t(&g, giant);
    cast_at(&mut g, ALICE, growth, None, vec![gt]).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(cast_at(&mut g, BOB, bolt, None, vec![gt]).unwrap_err().class(), "target");
    pass(&mut g).unwrap();
    assert_eq!(view(&g, giant).power, Some(6));
}

#[test]
fn lifelink_counter_gains_life_in_combat() {
    let mut s = setup(Step::PrecombatMain);
    let giant = perm(&mut s, "Crystalline Giant", ALICE);
    edit(&mut s, giant).counters = counters(&[("lifelink", 1), ("vigilance", 1)]);
    let mut g = Game::new(s).unwrap();
    advance_to(&mut g, Step::BeginningOfCombat);
    resolve_top(&mut g, random("+1/+1")).unwrap();
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert_eq!(g.step(), Step::DeclareAttackers);
    let attacker = obj(&g, giant);
    g.apply(Action::DeclareAttackers { player: ALICE, attackers: vec![attacker] }).unwrap();
    assert!(!view(&g, giant).tapped, "vigilance");
    advance_to(&mut g, Step::EndOfCombat);
    assert_eq!(g.player_view(BOB).unwrap().life, 16);
    assert_eq!(g.player_view(ALICE).unwrap().life, 24);
}

#[test]
fn simultaneous_triggers_go_on_the_stack_in_apnap_order() {
    // Both Walkers die as the game starts (0/0): the active player's trigger goes on the stack
    // first, so the other player's resolves first (CR 603.3b).
    let mut s = setup(Step::PrecombatMain);
    let mine = perm(&mut s, "Hangarback Walker", ALICE);
    let theirs = perm(&mut s, "Hangarback Walker", BOB);
    let g = Game::new(s).unwrap();
    let stack = g.stack_view();
    assert_eq!(stack.len(), 2);
    assert_eq!((stack[0].controller, stack[0].source_card), (BOB, Some(theirs)));
    assert_eq!((stack[1].controller, stack[1].source_card), (ALICE, Some(mine)));
}

#[test]
fn legal_actions_list_new_targets_for_redirect() {
    // CR 115.7d-e: with Redirect resolving, the passes listed include Arc Trail's targets
    // unchanged (the plain pass) and trading places; a list making the two the same is never listed, and
    // passing with it is rejected, the state unchanged.
    let mut s = setup(Step::PrecombatMain);
    let arc = add(&mut s, "Arc Trail", ALICE, ZoneKind::Hand);
    let redirect = add(&mut s, "Redirect", ALICE, ZoneKind::Hand);
    let bear = perm(&mut s, "Runeclaw Bear", BOB);
    let elves = perm(&mut s, "Llanowar Elves", BOB);
    s.players[0].mana_pool = pool("{R}{C}{U}{U}");
    let mut g = Game::new(s).unwrap();
    let (b, e) = (t(&g, bear), t(&g, elves));
    cast_at(&mut g, ALICE, arc, None, vec![b, e]).unwrap();
    let a = top(&g);
    cast_at(&mut g, ALICE, redirect, None, vec![a]).unwrap();
    pass(&mut g).unwrap();
    let listed: Vec<Option<Vec<Target>>> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PassPriority { answers, .. } => Some(answers.new_targets),
            _ => None,
        })
        .collect();
    assert!(listed.contains(&None), "{listed:?}");
    assert!(listed.contains(&Some(vec![e, b])), "{listed:?}");
    assert!(!listed.contains(&Some(vec![b, b])), "{listed:?}");
    let before = g.state().clone();
    let same = Answers { new_targets: Some(vec![b, b]), ..Answers::default() };
    assert_eq!(pass_with(&mut g, same).unwrap_err().class(), "target");
    assert_eq!(g.state(), &before);
    pass_with(&mut g, Answers { new_targets: Some(vec![e, b]), ..Answers::default() }).unwrap();
    assert_eq!(g.stack_view()[0].targets, vec![e, b]);
}

/// CR 101.4: Fleshbag Marauder's "each player sacrifices a creature of their choice": the
/// resolving pass lists every combination of one choice per player with a choice (Alice: the
/// Marauder or the Bears; Bob: one of his three creatures), six answers.
#[test]
fn legal_actions_list_each_players_sacrifice_choices() {
    let mut s = setup(Step::PrecombatMain);
    let marauder = add(&mut s, "Fleshbag Marauder", ALICE, ZoneKind::Hand);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let his: Vec<CardId> = (0..3).map(|_| perm(&mut s, "Grizzly Bears", BOB)).collect();
    s.players[0].mana_pool = pool("{B}{B}{B}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, marauder, None).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(g.state().stack.len(), 1, "the Marauder's trigger");
    // Alice passes; Bob's pass resolves the trigger.
    pass(&mut g).unwrap();
    let mut listed: Vec<Vec<ObjectId>> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PassPriority { answers, .. } => answers.sacrifice.map(|mut v| { v.sort(); v }),
            _ => None,
        })
        .collect();
    listed.sort();
    let g = &g;
    let mut expected: Vec<Vec<ObjectId>> = [marauder, bears]
        .into_iter()
        .flat_map(|a| his.iter().map(move |b| { let mut v = vec![obj(g, a), obj(g, *b)]; v.sort(); v }))
        .collect();
    expected.sort();
    assert_eq!(listed, expected);
}

/// CR 701.67a: the waterbend taps `legal_actions` lists for Spirit Water Revival are untapped
/// artifacts and creatures its caster controls: not a tapped creature, not a land, not Bob's.
#[test]
fn legal_actions_waterbend_only_with_untapped_artifacts_and_creatures() {
    let mut s = setup(Step::PrecombatMain);
    let revival = add(&mut s, "Spirit Water Revival", ALICE, ZoneKind::Hand);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let crystal = perm(&mut s, "Indatha Crystal", ALICE);
    let tapped = perm(&mut s, "Grizzly Bears", ALICE);
    edit(&mut s, tapped).tapped = true;
    let island = perm(&mut s, "Island", ALICE);
    perm(&mut s, "Grizzly Bears", BOB);
    s.players[0].mana_pool = pool("{U}{U}{U}{U}{U}{U}{U}{U}{U}");
    let g = Game::new(s).unwrap();
    let rid = obj(&g, revival);
    let lists: Vec<Vec<ObjectId>> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::CastSpell { card, costs, .. } if card == rid && !costs.waterbend.is_empty() => Some(costs.waterbend),
            _ => None,
        })
        .collect();
    let mut expected = vec![obj(&g, bears), obj(&g, crystal)];
    expected.sort();
    assert!(!lists.is_empty(), "a waterbend by tapping is listed");
    for mut l in lists {
        l.sort();
        assert_eq!(l, expected, "not {:?} (tapped) nor {:?} (a land)", obj(&g, tapped), obj(&g, island));
    }
}
