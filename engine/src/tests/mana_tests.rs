//! Mana abilities, costs, replacement effects and triggered mana abilities (CR 106, 107.5,
//! 107.6, 302.6, 605, 614, 616).

use super::*;
use crate::*;

#[test]
fn forest_taps_for_green_once() {
    let mut s = setup(Step::PrecombatMain);
    let f = perm(&mut s, "Forest", ALICE);
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, f, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}");
    assert!(view(&g, f).tapped);
    let before = g.state().clone();
    let err = activate(&mut g, ALICE, f, 0).unwrap_err();
    assert_eq!(err, Rejection::AlreadyTapped(obj(&g, f)));
    assert_eq!(err.class(), "cost");
    assert_eq!(g.state(), &before);
    assert_eq!(activate(&mut g, ALICE, f, 1).unwrap_err().class(), "object");
    assert_eq!(activate(&mut g, BOB, f, 0).unwrap_err().class(), "priority");
}

#[test]
fn summoning_sick_mana_creature_and_haste() {
    let mut s = setup(Step::PrecombatMain);
    let elves = perm(&mut s, "Llanowar Elves", ALICE);
    edit(&mut s, elves).summoning_sick = true;
    let stone = perm(&mut s, "Fellwar Stone", ALICE);
    edit(&mut s, stone).summoning_sick = true;
    let bobs = perm(&mut s, "Mountain", BOB);
    let mut g = Game::new(s.clone()).unwrap();
    let err = activate(&mut g, ALICE, elves, 0).unwrap_err();
    assert_eq!(err.class(), "summoning_sickness");
    // A noncreature artifact is not affected by CR 302.6.
    activate_full(&mut g, ALICE, stone, 0, Some(ManaType::Red), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{R}");
    let _ = bobs;
    // Fires of Yavimaya gives haste (layer 6).
    perm(&mut s, "Fires of Yavimaya", ALICE);
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, elves).keywords, vec!["Haste"]);
    activate(&mut g, ALICE, elves, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}");
}

#[test]
fn untap_symbol_costs() {
    let mut s = setup(Step::PrecombatMain);
    let sentry = perm(&mut s, "Safehold Sentry", ALICE);
    s.players[0].mana_pool = pool("{W}{W}{W}");
    let mut g = Game::new(s.clone()).unwrap();
    let err = activate(&mut g, ALICE, sentry, 0).unwrap_err();
    assert_eq!(err, Rejection::AlreadyUntapped(obj(&g, sentry)));
    assert_eq!(err.class(), "cost");
    edit(&mut s, sentry).tapped = true;
    let mut g = Game::new(s.clone()).unwrap();
    activate(&mut g, ALICE, sentry, 0).unwrap();
    assert!(!view(&g, sentry).tapped);
    assert_eq!(mana_of(&g, ALICE), "");
    assert_eq!(g.stack_view().len(), 1);
    resolve(&mut g, Answers::default());
    assert_eq!((view(&g, sentry).power, view(&g, sentry).toughness), (Some(2), Some(4)));
    // "Until end of turn" ends in the cleanup step (CR 514.2).
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(view(&g, sentry).toughness, Some(2));
    // Summoning sickness applies to {Q} too.
    edit(&mut s, sentry).summoning_sick = true;
    let mut g = Game::new(s).unwrap();
    assert_eq!(activate(&mut g, ALICE, sentry, 0).unwrap_err().class(), "summoning_sickness");
}

#[test]
fn any_color_choice_and_counter_cost() {
    let mut s = setup(Step::PrecombatMain);
    let crag = perm(&mut s, "Vivid Crag", ALICE);
    edit(&mut s, crag).counters = counters(&[("charge", 1)]);
    let mut g = Game::new(s).unwrap();
    let before = g.state().clone();
    assert_eq!(activate(&mut g, ALICE, crag, 1).unwrap_err().class(), "choice");
    assert_eq!(g.state(), &before);
    activate_full(&mut g, ALICE, crag, 1, Some(ManaType::Blue), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{U}");
    assert!(view(&g, crag).counters.is_empty());
}

#[test]
fn no_counter_to_remove_is_a_cost_problem() {
    let mut s = setup(Step::PrecombatMain);
    let crag = perm(&mut s, "Vivid Crag", ALICE);
    let mut g = Game::new(s).unwrap();
    let err = activate_full(&mut g, ALICE, crag, 1, Some(ManaType::Blue), vec![]).unwrap_err();
    assert_eq!(err.class(), "cost");
}

#[test]
fn undefined_mana_produces_nothing_but_is_activated() {
    let mut s = setup(Step::PrecombatMain);
    let crater = perm(&mut s, "Meteor Crater", ALICE);
    let pool_land = perm(&mut s, "Reflecting Pool", BOB);
    let mut g = Game::new(s).unwrap();
    let before = g.state().clone();
    let err = activate_full(&mut g, ALICE, crater, 0, Some(ManaType::Green), vec![]).unwrap_err();
    assert_eq!(err.class(), "choice");
    assert_eq!(g.state(), &before);
    activate(&mut g, ALICE, crater, 0).unwrap();
    assert!(view(&g, crater).tapped);
    assert_eq!(mana_of(&g, ALICE), "");
    let _ = pool_land;
}

#[test]
fn meteor_crater_colors_of_permanents() {
    let mut s = setup(Step::PrecombatMain);
    let crater = perm(&mut s, "Meteor Crater", ALICE);
    perm(&mut s, "Fires of Yavimaya", ALICE);
    let mut g = Game::new(s).unwrap();
    assert_eq!(
        g.could_produce(obj(&g, crater)),
        [ManaType::Red, ManaType::Green].into_iter().collect()
    );
    let err = activate_full(&mut g, ALICE, crater, 0, Some(ManaType::Blue), vec![]).unwrap_err();
    assert_eq!(err, Rejection::InvalidManaChoice(ManaType::Blue));
    activate_full(&mut g, ALICE, crater, 0, Some(ManaType::Green), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}");
}

#[test]
fn ancient_tomb_damage_and_contamination() {
    let mut s = setup(Step::PrecombatMain);
    let tomb = perm(&mut s, "Ancient Tomb", ALICE);
    let mut g = Game::new(s.clone()).unwrap();
    activate(&mut g, ALICE, tomb, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{C}{C}");
    assert_eq!(g.player_view(ALICE).unwrap().life, 18);
    perm(&mut s, "Contamination", BOB);
    let mut g = Game::new(s.clone()).unwrap();
    activate(&mut g, ALICE, tomb, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{B}");
    assert_eq!(g.player_view(ALICE).unwrap().life, 18);
    // Ritual of Subdual changes the type only.
    let mut s2 = setup(Step::PrecombatMain);
    let f = perm(&mut s2, "Forest", ALICE);
    let t2 = perm(&mut s2, "Ancient Tomb", ALICE);
    perm(&mut s2, "Ritual of Subdual", BOB);
    let mut g = Game::new(s2).unwrap();
    activate(&mut g, ALICE, f, 0).unwrap();
    activate(&mut g, ALICE, t2, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{C}{C}{C}");
}

#[test]
fn mana_reflection_doubles_per_copy_and_only_when_tapping() {
    let mut s = setup(Step::PrecombatMain);
    let f = perm(&mut s, "Forest", ALICE);
    let pet = perm(&mut s, "Blood Pet", ALICE);
    perm(&mut s, "Mana Reflection", ALICE);
    perm(&mut s, "Mana Reflection", ALICE);
    let bf = perm(&mut s, "Forest", BOB);
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, f, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}{G}{G}{G}");
    // Blood Pet's ability has no {T}: not "tapping for mana" (CR 106.12).
    activate(&mut g, ALICE, pet, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{B}{G}{G}{G}{G}");
    assert_eq!(view(&g, pet).zone, ZoneKind::Graveyard);
    let _ = bf;
}

#[test]
fn replacement_order_is_the_players_choice() {
    let mut s = setup(Step::PrecombatMain);
    let f = perm(&mut s, "Forest", ALICE);
    let refl = perm(&mut s, "Mana Reflection", ALICE);
    let cont = perm(&mut s, "Contamination", BOB);
    let mut g = Game::new(s).unwrap();
    let mut g2 = g.clone();
    // Doubling first, then Contamination: one {B}.
    let order = vec![obj(&g, refl), obj(&g, cont)];
    activate_full(&mut g, ALICE, f, 0, None, order).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{B}");
    // Contamination first, then doubling: {B}{B}.
    let order = vec![obj(&g2, cont)];
    activate_full(&mut g2, ALICE, f, 0, None, order).unwrap();
    assert_eq!(mana_of(&g2, ALICE), "{B}{B}");
}

#[test]
fn mana_flare_triggers_on_lands_only_and_is_not_doubled() {
    let mut s = setup(Step::PrecombatMain);
    let f = perm(&mut s, "Forest", ALICE);
    let elves = perm(&mut s, "Llanowar Elves", ALICE);
    perm(&mut s, "Mana Flare", BOB);
    perm(&mut s, "Mana Reflection", ALICE);
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, f, 0).unwrap();
    // Forest doubled ({G}{G}), plus one {G} from Mana Flare, not doubled.
    assert_eq!(mana_of(&g, ALICE), "{G}{G}{G}");
    assert!(g.stack_view().is_empty());
    activate(&mut g, ALICE, elves, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{G}{G}{G}{G}{G}");
}

#[test]
fn heartbeat_with_contamination_adds_black() {
    let mut s = setup(Step::PrecombatMain);
    let f = perm(&mut s, "Forest", ALICE);
    perm(&mut s, "Heartbeat of Spring", ALICE);
    perm(&mut s, "Contamination", ALICE);
    let crater = perm(&mut s, "Meteor Crater", BOB);
    let mut g = Game::new(s).unwrap();
    activate(&mut g, ALICE, f, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{B}{B}");
    // A land that produces no mana triggers nothing (CR 106.12a).
    g.apply(Action::PassPriority { player: ALICE, answers: Answers::default() }).unwrap();
    activate(&mut g, BOB, crater, 0).unwrap();
    assert_eq!(mana_of(&g, BOB), "");
}

#[test]
fn mana_flare_type_choice_among_produced() {
    let mut s = setup(Step::PrecombatMain);
    let pool_land = perm(&mut s, "Reflecting Pool", ALICE);
    perm(&mut s, "Forest", ALICE);
    perm(&mut s, "Mountain", ALICE);
    perm(&mut s, "Mana Flare", ALICE);
    let mut g = Game::new(s).unwrap();
    activate_full(&mut g, ALICE, pool_land, 0, Some(ManaType::Red), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{R}{R}");
}

/// Pillar of the Paruns' ability (index 0) with the chosen color.
fn tap_pillar(g: &mut Game, pillar: CardId, t: ManaType) {
    activate_full(g, ALICE, pillar, 0, Some(t), vec![]).unwrap();
}

fn cast_paying(g: &mut Game, c: CardId, pay: Option<&str>) -> Result<Vec<Event>, Rejection> {
    let card = obj(g, c);
    g.apply(Action::CastSpell { player: ALICE, card, x: None, targets: vec![], payment: pay.map(pool), sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() })
}

#[test]
fn restricted_mana_pays_only_for_multicolored_spells() {
    let mut s = setup(Step::PrecombatMain);
    let pillar = perm(&mut s, "Pillar of the Paruns", ALICE);
    let elves = add(&mut s, "Llanowar Elves", ALICE, ZoneKind::Hand);
    let bears = add(&mut s, "Grizzly Bears", ALICE, ZoneKind::Hand);
    let mut g = Game::new(s).unwrap();
    tap_pillar(&mut g, pillar, ManaType::Green);
    let pv = g.player_view(ALICE).unwrap().mana_pool;
    // The restriction doesn't change the type (CR 106.6): the pool shows {G}.
    assert_eq!(pv.to_symbols(), "{G}");
    assert_eq!(pv.amount(ManaType::Green), 1);
    assert_eq!(pv.restricted_amount(ManaType::Green, SpendRestriction::MulticoloredSpell), 1);
    let before = g.state().clone();
    for pay in [Some("{G}"), None] {
        let err = cast_paying(&mut g, elves, pay).unwrap_err();
        assert_eq!(err, Rejection::NotEnoughMana);
        assert_eq!(err.class(), "cost");
        assert_eq!(g.state(), &before);
    }
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::CastSpell { .. })));
    assert_eq!(cast_paying(&mut g, bears, None).unwrap_err().class(), "cost");
    // Restricted mana empties with the pool at the end of the step (CR 106.4).
    advance_to(&mut g, Step::BeginningOfCombat);
    assert_eq!(mana_of(&g, ALICE), "");
}

#[test]
fn automatic_payment_spends_restricted_mana_first() {
    let mut s = setup(Step::PrecombatMain);
    let pillar = perm(&mut s, "Pillar of the Paruns", ALICE);
    let forests: Vec<CardId> = (0..2).map(|_| perm(&mut s, "Forest", ALICE)).collect();
    let mountain = perm(&mut s, "Mountain", ALICE);
    let fires = add(&mut s, "Fires of Yavimaya", ALICE, ZoneKind::Hand);
    let mut g = Game::new(s).unwrap();
    tap_pillar(&mut g, pillar, ManaType::Green);
    for f in &forests {
        activate(&mut g, ALICE, *f, 0).unwrap();
    }
    activate(&mut g, ALICE, mountain, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{R}{G}{G}{G}");
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::CastSpell { card, .. } if *card == obj(&g, fires))));
    cast_paying(&mut g, fires, None).unwrap();
    // {1}{R}{G}: the restricted {G} pays for {G}; one unrestricted {G} pays the generic part.
    let left = g.player_view(ALICE).unwrap().mana_pool;
    assert_eq!(left.to_symbols(), "{G}");
    assert!(!left.has_restricted());
}

#[test]
fn explicit_payment_chooses_types_and_restricted_mana_goes_first() {
    let mut s = setup(Step::PrecombatMain);
    let pillar = perm(&mut s, "Pillar of the Paruns", ALICE);
    let bears = add(&mut s, "Grizzly Bears", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{G}{R}");
    let mut g = Game::new(s).unwrap();
    tap_pillar(&mut g, pillar, ManaType::Green);
    assert_eq!(mana_of(&g, ALICE), "{R}{G}{G}");
    // Only one {G} may pay for the monocolored Bears, so {G}{G} is refused.
    assert_eq!(cast_paying(&mut g, bears, Some("{G}{G}")).unwrap_err(), Rejection::NotEnoughMana);
    cast_paying(&mut g, bears, Some("{R}{G}")).unwrap();
    let left = g.player_view(ALICE).unwrap().mana_pool;
    assert_eq!(left.restricted_amount(ManaType::Green, SpendRestriction::MulticoloredSpell), 1);
    assert_eq!(left.total(), 1);
}

#[test]
fn restricted_mana_cannot_pay_activation_costs() {
    let mut s = setup(Step::PrecombatMain);
    let pillar = perm(&mut s, "Pillar of the Paruns", ALICE);
    let walker = perm(&mut s, "Hangarback Walker", ALICE);
    edit(&mut s, walker).counters = counters(&[("+1/+1", 1)]);
    let mut g = Game::new(s).unwrap();
    tap_pillar(&mut g, pillar, ManaType::White);
    let err = activate(&mut g, ALICE, walker, 0).unwrap_err();
    assert_eq!(err.class(), "cost");
    assert_eq!(mana_of(&g, ALICE), "{W}");
}

#[test]
fn doubled_restricted_mana_is_all_restricted() {
    let mut s = setup(Step::PrecombatMain);
    let pillar = perm(&mut s, "Pillar of the Paruns", ALICE);
    perm(&mut s, "Mana Reflection", ALICE);
    let mut g = Game::new(s).unwrap();
    tap_pillar(&mut g, pillar, ManaType::Green);
    let p = g.player_view(ALICE).unwrap().mana_pool;
    // CR 106.6a: the restriction applies to all the mana produced.
    assert_eq!(p.restricted_amount(ManaType::Green, SpendRestriction::MulticoloredSpell), 2);
    assert_eq!(p.unrestricted_amount(ManaType::Green), 0);
}

#[test]
fn reflecting_pool_copies_types_not_restrictions() {
    let mut s = setup(Step::PrecombatMain);
    let refl = perm(&mut s, "Reflecting Pool", ALICE);
    let pillar = perm(&mut s, "Pillar of the Paruns", ALICE);
    edit(&mut s, pillar).tapped = true;
    let elves = add(&mut s, "Llanowar Elves", ALICE, ZoneKind::Hand);
    let mut g = Game::new(s).unwrap();
    assert_eq!(g.could_produce(obj(&g, refl)).len(), 5);
    activate_full(&mut g, ALICE, refl, 0, Some(ManaType::Green), vec![]).unwrap();
    assert!(!g.player_view(ALICE).unwrap().mana_pool.has_restricted());
    cast_paying(&mut g, elves, Some("{G}")).unwrap();
    assert_eq!(mana_of(&g, ALICE), "");
}

#[test]
fn restricted_pool_round_trips_through_serde() {
    let mut p = pool("{R}");
    p.add_restricted(ManaType::Green, SpendRestriction::MulticoloredSpell, 2);
    p.add_restricted(ManaType::Blue, SpendRestriction::MulticoloredSpell, 40);
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"{R}40*{U}@multicolored_spell{G}@multicolored_spell{G}@multicolored_spell\"");
    assert_eq!(serde_json::from_str::<ManaPool>(&json).unwrap(), p);
    assert_eq!(p.to_symbols(), format!("{}{{R}}{{G}}{{G}}", "{U}".repeat(40)));
    // The corpus notation has no restrictions.
    assert!(ManaPool::parse("{G}@multicolored_spell").is_err());
    assert!(serde_json::from_str::<ManaPool>("\"{G}@nonsense\"").is_err());
}
