//! X on the stack and on the battlefield (CR 107.3), "enters with" replacement effects
//! (CR 614.1c), layers (CR 613), dies triggers with last known information (CR 603.10a).

use super::*;
use crate::*;

#[test]
fn endless_one_x_on_stack_and_battlefield() {
    let mut s = setup(Step::PrecombatMain);
    let one = add(&mut s, "Endless One", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}{G}{C}{R}");
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, one).mana_value, 0);
    cast(&mut g, ALICE, one, Some(3)).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}"); // generic paid from {C} first, then W U B R G
    let v = view(&g, one);
    assert_eq!((v.zone, v.mana_value), (ZoneKind::Stack, 3));
    assert_eq!(g.stack_view()[0].x, Some(3));
    resolve(&mut g, Answers::default());
    let v = view(&g, one);
    assert_eq!(v.zone, ZoneKind::Battlefield);
    assert_eq!(v.mana_value, 0);
    assert_eq!(v.counters, counters(&[("+1/+1", 3)]));
    assert_eq!((v.power, v.toughness), (Some(3), Some(3)));
    assert!(v.summoning_sick);
}

#[test]
fn endless_one_with_x_zero_dies() {
    let mut s = setup(Step::PrecombatMain);
    let one = add(&mut s, "Endless One", ALICE, ZoneKind::Hand);
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, one, Some(0)).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(view(&g, one).zone, ZoneKind::Graveyard);
}

#[test]
fn sorcery_timing_and_mana() {
    let mut s = setup(Step::PrecombatMain);
    let bears = add(&mut s, "Grizzly Bears", ALICE, ZoneKind::Hand);
    let mut g = Game::new(s.clone()).unwrap();
    assert_eq!(cast(&mut g, ALICE, bears, None).unwrap_err().class(), "cost");
    s.players[0].mana_pool = pool("{G}{G}");
    s.step = Step::Upkeep;
    let mut g = Game::new(s.clone()).unwrap();
    assert_eq!(cast(&mut g, ALICE, bears, None).unwrap_err().class(), "timing");
    s.step = Step::PrecombatMain;
    let mut g = Game::new(s).unwrap();
    let bad = Action::CastSpell { player: ALICE, card: obj(&g, bears), x: None, targets: vec![], payment: Some(pool("{G}")), sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() };
    assert_eq!(g.apply(bad).unwrap_err().class(), "cost");
    let x = Action::CastSpell { player: ALICE, card: obj(&g, bears), x: Some(2), targets: vec![], payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() };
    assert_eq!(g.apply(x).unwrap_err().class(), "choice");
    cast(&mut g, ALICE, bears, None).unwrap();
    // Only instants while the stack isn't empty.
    resolve(&mut g, Answers::default());
    assert_eq!(view(&g, bears).zone, ZoneKind::Battlefield);
    assert_eq!(mana_of(&g, ALICE), "");
}

#[test]
fn hangarback_walker_dies_with_last_known_counters() {
    let mut s = setup(Step::Untap);
    s.step = Step::End;
    s.active_player = BOB;
    let hw = perm(&mut s, "Hangarback Walker", ALICE);
    edit(&mut s, hw).counters = counters(&[("+1/+1", 2)]);
    perm(&mut s, "Contamination", ALICE);
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, hw).power, Some(2));
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(g.active_player(), ALICE);
    assert_eq!(g.stack_view().len(), 1);
    // The choice is required while creatures exist.
    pass(&mut g).unwrap();
    let before = g.state().clone();
    assert_eq!(pass(&mut g).unwrap_err().class(), "choice");
    assert_eq!(g.state(), &before);
    let hw_obj = obj(&g, hw);
    pass_with(&mut g, Answers { sacrifice: Some(vec![hw_obj]), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, hw).zone, ZoneKind::Graveyard);
    // The dies trigger is on the stack; resolve it.
    assert_eq!(g.stack_view().len(), 1);
    assert_eq!(g.stack_view()[0].source_card, Some(hw));
    resolve(&mut g, Answers::default());
    let thopters = g.zone_view(ZoneKind::Battlefield, ALICE).into_iter().filter(|v| v.name == "Thopter Token").collect::<Vec<_>>();
    assert_eq!(thopters.len(), 2);
    assert_eq!(thopters[0].keywords, vec!["Flying"]);
    assert_eq!(thopters[0].colors, Vec::<String>::new());
    assert!(thopters[0].is_token);
    assert_eq!(view(&g, CardId(1)).zone, ZoneKind::Battlefield); // Contamination stays
}

#[test]
fn hangarback_walker_grows() {
    let mut s = setup(Step::PrecombatMain);
    let hw = perm(&mut s, "Hangarback Walker", ALICE);
    s.players[0].mana_pool = pool("{C}");
    let mut g = Game::new(s).unwrap();
    // 0/0 with no counters dies as the game starts (CR 704.5f): no tokens.
    assert_eq!(view(&g, hw).zone, ZoneKind::Graveyard);
    assert!(g.stack_view().len() == 1);
    resolve(&mut g, Answers::default());
    assert!(g.zone_view(ZoneKind::Battlefield, ALICE).is_empty());
}

#[test]
fn hangarback_walker_activation() {
    let mut s = setup(Step::PrecombatMain);
    let hw = perm(&mut s, "Hangarback Walker", ALICE);
    edit(&mut s, hw).counters = counters(&[("+1/+1", 1)]);
    s.players[0].mana_pool = pool("{C}");
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, hw, 0).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(view(&g, hw).counters, counters(&[("+1/+1", 2)]));
    assert_eq!(view(&g, hw).toughness, Some(2));
}

#[test]
fn counter_annihilation() {
    let mut s = setup(Step::PrecombatMain);
    let b = perm(&mut s, "Grizzly Bears", ALICE);
    edit(&mut s, b).counters = counters(&[("+1/+1", 3), ("-1/-1", 1)]);
    let g = Game::new(s).unwrap();
    let v = view(&g, b);
    assert_eq!(v.counters, counters(&[("+1/+1", 2)]));
    assert_eq!(v.power, Some(4));
}

#[test]
fn chimeric_mass_enters_with_x_and_animates() {
    let mut s = setup(Step::PrecombatMain);
    let mass = add(&mut s, "Chimeric Mass", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}{C}{G}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, mass, Some(3)).unwrap();
    resolve(&mut g, Answers::default());
    let v = view(&g, mass);
    assert_eq!(v.counters, counters(&[("charge", 3)]));
    assert_eq!(v.types, vec!["Artifact"]);
    assert_eq!(v.power, None);
    activate(&mut g, ALICE, mass, 0).unwrap();
    resolve(&mut g, Answers::default());
    let v = view(&g, mass);
    assert_eq!(v.types, vec!["Artifact", "Creature"]);
    assert_eq!(v.subtypes, vec!["Construct"]);
    assert_eq!((v.power, v.toughness), (Some(3), Some(3)));
    // It became a creature this turn under a controller who had it since... it entered this
    // turn, so it is summoning sick (CR 302.6) — it can't attack.
    assert!(v.summoning_sick);
    advance_to(&mut g, Step::End);
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    let v = view(&g, mass);
    assert_eq!(v.types, vec!["Artifact"]);
    assert_eq!(v.power, None);
}

#[test]
fn fires_pump_targets() {
    let mut s = setup(Step::PrecombatMain);
    let fires = perm(&mut s, "Fires of Yavimaya", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let mut g = Game::new(s).unwrap();
    let src = obj(&g, fires);
    let no_target = Action::ActivateAbility { player: ALICE, source: src, ability: 0, x: None, targets: vec![], mana_choice: None, payment: None, replacement_order: vec![], tap: vec![] };
    assert_eq!(g.apply(no_target).unwrap_err().class(), "target");
    let bad = Action::ActivateAbility { player: ALICE, source: src, ability: 0, x: None, targets: vec![Target::Object(src)], mana_choice: None, payment: None, replacement_order: vec![], tap: vec![] };
    assert_eq!(g.apply(bad).unwrap_err().class(), "target");
    let ok = Action::ActivateAbility { player: ALICE, source: src, ability: 0, x: None, targets: vec![Target::Object(obj(&g, bears))], mana_choice: None, payment: None, replacement_order: vec![], tap: vec![] };
    g.apply(ok).unwrap();
    assert_eq!(view(&g, fires).zone, ZoneKind::Graveyard);
    resolve(&mut g, Answers::default());
    assert_eq!(view(&g, bears).power, Some(4));
}

#[test]
fn order_of_whiteclay_returns_a_creature_card() {
    let mut s = setup(Step::PrecombatMain);
    let order = perm(&mut s, "Order of Whiteclay", ALICE);
    edit(&mut s, order).tapped = true;
    let bears = add(&mut s, "Grizzly Bears", ALICE, ZoneKind::Graveyard);
    let mass = add(&mut s, "Safehold Sentry", BOB, ZoneKind::Graveyard);
    s.players[0].mana_pool = pool("{W}{W}{W}");
    let mut g = Game::new(s).unwrap();
    let src = obj(&g, order);
    let mk = |t: ObjectId| Action::ActivateAbility { player: ALICE, source: src, ability: 0, x: None, targets: vec![Target::Object(t)], mana_choice: None, payment: None, replacement_order: vec![], tap: vec![] };
    assert_eq!(g.apply(mk(obj(&g, mass))).unwrap_err().class(), "target");
    g.apply(mk(obj(&g, bears))).unwrap();
    resolve(&mut g, Answers::default());
    let v = view(&g, bears);
    assert_eq!((v.zone, v.controller, v.summoning_sick), (ZoneKind::Battlefield, ALICE, true));
}

#[test]
fn chimeric_mass_ruling_layers_7b_and_7c() {
    // Chimeric Mass rulings 2011-01-01: 3/3, Giant Growth 6/6, Diminish 4/4, reactivate 6/6.
    let mut s = setup(Step::PrecombatMain);
    let mass = perm(&mut s, "Chimeric Mass", ALICE);
    edit(&mut s, mass).counters = counters(&[("charge", 3)]);
    let growth = add(&mut s, "Giant Growth", ALICE, ZoneKind::Hand);
    let diminish = add(&mut s, "Diminish", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}{G}{U}");
    let mut g = Game::new(s).unwrap();
    let pt = |g: &Game| (view(g, mass).power.unwrap(), view(g, mass).toughness.unwrap());
    activate(&mut g, ALICE, mass, 0).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(pt(&g), (3, 3));
    let target = vec![Target::Object(obj(&g, mass))];
    g.apply(Action::CastSpell { player: ALICE, card: obj(&g, growth), x: None, targets: target.clone(), payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() }).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(pt(&g), (6, 6));
    assert_eq!(view(&g, growth).zone, ZoneKind::Graveyard);
    g.apply(Action::CastSpell { player: ALICE, card: obj(&g, diminish), x: None, targets: target, payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() }).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(pt(&g), (4, 4));
    activate(&mut g, ALICE, mass, 0).unwrap();
    resolve(&mut g, Answers::default());
    assert_eq!(pt(&g), (6, 6));
}

#[test]
fn spell_with_illegal_target_does_not_resolve() {
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let pet = perm(&mut s, "Blood Pet", BOB);
    let growth = add(&mut s, "Giant Growth", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}");
    let mut g = Game::new(s).unwrap();
    let t = vec![Target::Object(obj(&g, pet))];
    g.apply(Action::CastSpell { player: ALICE, card: obj(&g, growth), x: None, targets: t, payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() }).unwrap();
    assert_eq!(g.stack_view()[0].kind, StackItemKind::Spell);
    pass(&mut g).unwrap();
    // Bob sacrifices the target in response (a mana ability, CR 605.3b).
    activate(&mut g, BOB, pet, 0).unwrap();
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    assert!(g.stack_view().is_empty());
    assert_eq!(view(&g, growth).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, bears).power, Some(2));
}

#[test]
fn creature_types_are_sorted_and_exclude_other_subtypes() {
    use crate::types::{is_creature_type, CREATURE_TYPES};
    assert!(CREATURE_TYPES.windows(2).all(|w| w[0] < w[1]));
    for t in ["Frog", "Giant", "Time Lord", "Zubera", "Advisor", "Construct"] {
        assert!(is_creature_type(t), "{t}");
    }
    for t in ["Equipment", "Forest", "Aura", "Szat", "frog"] {
        assert!(!is_creature_type(t), "{t}");
    }
}

#[test]
fn turn_to_frog_on_animated_chimeric_mass() {
    // Layer 4 replaces the creature type only (CR 205.1a); layer 6 removes the granted P/T
    // ability that came earlier, so only the Frog's base 1/1 (7b) is left.
    let mut s = setup(Step::PrecombatMain);
    let mass = perm(&mut s, "Chimeric Mass", ALICE);
    edit(&mut s, mass).counters = counters(&[("charge", 4)]);
    let frog = add(&mut s, "Turn to Frog", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}{U}");
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, mass, 0).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let m = t(&g, mass);
    cast_at(&mut g, ALICE, frog, None, vec![m]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, mass);
    assert_eq!((v.power, v.toughness), (Some(1), Some(1)));
    assert_eq!((v.types.clone(), v.subtypes.clone(), v.colors.clone()), (
        vec!["Artifact".to_string(), "Creature".to_string()],
        vec!["Frog".to_string()],
        vec!["U".to_string()]
    ));
    // It lost its own activated ability too.
    assert_eq!(activate(&mut g, ALICE, mass, 0).unwrap_err().class(), "object");
}

/// The board kept with a state (`layers::board_of`) is read again while nothing changes, and
/// computed afresh after any change to the objects or the continuous effects, in the state and
/// in copies of it.
#[test]
fn the_kept_board_follows_every_change() {
    use std::sync::Arc;
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let g = Game::new(s).unwrap();
    let mut state = g.state().clone();
    let id = obj(&g, bears);
    let first = layers::board_of(&state);
    assert!(Arc::ptr_eq(&first, &layers::board_of(&state)), "unchanged: the same board");
    // A change to an object (a +1/+1 counter, layer 7c).
    state.object_mut(id).unwrap().counters.insert("+1/+1".into(), 1);
    let after = layers::board_of(&state);
    assert!(!Arc::ptr_eq(&first, &after));
    assert_eq!(after.get(&id).and_then(|c| c.power), Some(3));
    // A copy shares the kept board until one of them changes.
    let mut copy = state.clone();
    assert!(Arc::ptr_eq(&after, &layers::board_of(&copy)));
    // A continuous effect (+3/+3 until end of turn, layer 7c) added to the copy only.
    copy.effects.push(state::ContinuousEffect {
        timestamp: 99,
        source: None,
        affected: vec![id],
        modifications: vec![abilities::Modification::ModifyPt { power: 3, toughness: 3 }],
        duration: state::Duration::EndOfTurn,
        copy_of: None,
    });
    assert_eq!(layers::board_of(&copy).get(&id).and_then(|c| c.power), Some(6));
    assert_eq!(layers::board_of(&state).get(&id).and_then(|c| c.power), Some(3));
    for st in [&state, &copy] {
        assert_eq!(*layers::board_of(st), layers::compute_all(st));
    }
    // Tapping, damage and summoning sickness are no input of the layers: the board is kept.
    let before = layers::board_of(&state);
    {
        let o = state.object_mut(id).unwrap();
        o.tapped = !o.tapped;
        o.damage += 1;
        o.summoning_sick = !o.summoning_sick;
    }
    assert!(Arc::ptr_eq(&before, &layers::board_of(&state)), "only what the layers don't read changed");
    // Each input of the layers, changed alone, is seen.
    let changes: [fn(&mut state::Object); 4] = [
        |o| o.controller = BOB,
        |o| o.timestamp += 1,
        |o| o.zone = ZoneKind::Graveyard,
        |o| o.chosen_color = Some(types::Color::Red),
    ];
    for change in changes {
        let mut st = state.clone();
        let kept = layers::board_of(&st);
        change(st.object_mut(id).unwrap());
        assert!(!Arc::ptr_eq(&kept, &layers::board_of(&st)));
        assert_eq!(*layers::board_of(&st), layers::compute_all(&st));
    }
}

/// `layers::dependency_ordered` (what `reach` counts, CR 613.8b): Urborg's "each land is a Swamp"
/// depends on Blood Moon's "nonbasic lands are Mountains", which would remove it. With Urborg
/// the earlier, Blood Moon applies first out of timestamp order; with Blood Moon the earlier,
/// timestamp order already applies it first. Either way Urborg is a Mountain and no Swamp.
#[test]
fn dependency_ordered_says_when_dependency_changed_the_order() {
    for urborg_first in [true, false] {
        let mut s = setup(Step::PrecombatMain);
        let (urborg, _moon) = if urborg_first {
            let u = add(&mut s, "Urborg, Tomb of Yawgmoth", ALICE, ZoneKind::Battlefield);
            (u, add(&mut s, "Blood Moon", BOB, ZoneKind::Battlefield))
        } else {
            let m = add(&mut s, "Blood Moon", BOB, ZoneKind::Battlefield);
            (add(&mut s, "Urborg, Tomb of Yawgmoth", ALICE, ZoneKind::Battlefield), m)
        };
        let g = Game::new(s).unwrap();
        assert_eq!(crate::layers::dependency_ordered(g.state()), urborg_first, "urborg first: {urborg_first}");
        let v = view(&g, urborg);
        assert!(v.subtypes.iter().any(|t| t == "Mountain") && !v.subtypes.iter().any(|t| t == "Swamp"), "{:?}", v.subtypes);
    }
    let mut s = setup(Step::PrecombatMain);
    add(&mut s, "Forest", ALICE, ZoneKind::Battlefield);
    assert!(!crate::layers::dependency_ordered(Game::new(s).unwrap().state()));
}

/// The trace of a computation (what `same-objects-across-layers` reads, CR 613.6): each static
/// ability's effect with the objects it applied to in each of its layers, in order.
#[test]
fn the_trace_records_each_effect_in_each_of_its_layers() {
    use crate::abilities::Layer;
    let mut s = setup(Step::PrecombatMain);
    let opalescence = perm(&mut s, "Opalescence", ALICE);
    let humility = perm(&mut s, "Humility", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let g = Game::new(s).unwrap();
    let (board, trace) = crate::layers::compute_traced(g.state());
    assert_eq!(board, crate::layers::compute_all(g.state()));
    let layers_of = |card: CardId| -> Vec<(Layer, Vec<ObjectId>)> {
        let e = trace.effects.iter().find(|e| e.source == obj(&g, card)).expect("an effect of the card");
        e.layers.iter().map(|(l, objs)| (*l, { let mut o = objs.clone(); o.sort(); o })).collect()
    };
    // Opalescence (earlier) makes Humility a 4/4 creature: layer 4, then 7b.
    assert_eq!(layers_of(opalescence), vec![(Layer::Type, vec![obj(&g, humility)]), (Layer::PtSet, vec![obj(&g, humility)])]);
    // Humility then takes every creature, itself included, in layer 6 and the same in 7b.
    let mut creatures = vec![obj(&g, humility), obj(&g, bears)];
    creatures.sort();
    assert_eq!(layers_of(humility), vec![(Layer::Ability, creatures.clone()), (Layer::PtSet, creatures)]);
    assert_eq!(trace.effects.len(), 2);
}

/// `affected_on`, the observer the conformance crate's FilterReadAgain mutant re-reads an
/// effect's text with: on the final board Humility's "all creatures" are Humility (made a
/// creature by Opalescence) and the Bears, not Opalescence itself.
#[test]
fn affected_on_reads_an_effects_text_on_the_board_given() {
    use crate::abilities::{Ability, StaticAbility};
    let mut s = setup(Step::PrecombatMain);
    perm(&mut s, "Opalescence", ALICE);
    let humility = perm(&mut s, "Humility", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let g = Game::new(s).unwrap();
    let (board, trace) = crate::layers::compute_traced(g.state());
    let e = trace.effects.iter().find(|e| e.source == obj(&g, humility)).expect("Humility's effect");
    let Ability::Static(StaticAbility::Continuous { affected, .. }) = &*e.ability else { panic!("a continuous static ability") };
    let mut got = crate::layers::affected_on(g.state(), &board, e.source, affected);
    got.sort();
    let mut creatures = vec![obj(&g, humility), obj(&g, bears)];
    creatures.sort();
    assert_eq!(got, creatures);
}
