//! Auras and type-setting effects: Spreading Seas (CR 303.4, 305.7, 603.6a, 608.3, 704.5m).

use super::*;
use crate::*;

fn seas_on(s: &mut GameSetup, land: CardId) -> CardId {
    let seas = perm(s, "Spreading Seas", ALICE);
    edit(s, seas).attached_to = Some(land);
    seas
}

fn cast_targeting(g: &mut Game, c: CardId, targets: Vec<Target>) -> Result<Vec<Event>, Rejection> {
    let card = obj(g, c);
    g.apply(Action::CastSpell { player: ALICE, card, x: None, targets, payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() })
}

#[test]
fn enchanted_forest_is_only_an_island() {
    let mut s = setup(Step::PrecombatMain);
    let forest = perm(&mut s, "Forest", ALICE);
    let seas = seas_on(&mut s, forest);
    let mut g = Game::new(s).unwrap();
    let v = view(&g, forest);
    assert_eq!(v.subtypes, vec!["Island"]);
    assert_eq!(v.supertypes, vec!["Basic"]);
    assert_eq!(v.types, vec!["Land"]);
    assert_eq!(view(&g, seas).attached_to, Some(obj(&g, forest)));
    assert_eq!(g.could_produce(obj(&g, forest)), [ManaType::Blue].into_iter().collect());
    // One mana ability, "{T}: Add {U}" (CR 305.6); the Forest's own is gone (CR 305.7).
    assert_eq!(activate(&mut g, ALICE, forest, 1).unwrap_err().class(), "object");
    activate(&mut g, ALICE, forest, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{U}");
}

#[test]
fn enchanted_vivid_crag_loses_its_rules_text() {
    let mut s = setup(Step::PrecombatMain);
    let crag = perm(&mut s, "Vivid Crag", ALICE);
    edit(&mut s, crag).counters = counters(&[("charge", 2)]);
    seas_on(&mut s, crag);
    let mut g = Game::new(s).unwrap();
    assert_eq!(view(&g, crag).subtypes, vec!["Island"]);
    assert_eq!(g.could_produce(obj(&g, crag)), [ManaType::Blue].into_iter().collect());
    assert_eq!(activate_full(&mut g, ALICE, crag, 1, Some(ManaType::Red), vec![]).unwrap_err().class(), "object");
    activate(&mut g, ALICE, crag, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{U}");
    assert_eq!(view(&g, crag).counters, counters(&[("charge", 2)]));
}

#[test]
fn fellwar_stone_sees_the_island() {
    let mut s = setup(Step::PrecombatMain);
    let stone = perm(&mut s, "Fellwar Stone", ALICE);
    let bforest = perm(&mut s, "Forest", BOB);
    seas_on(&mut s, bforest);
    let mut g = Game::new(s).unwrap();
    assert_eq!(
        activate_full(&mut g, ALICE, stone, 0, Some(ManaType::Green), vec![]).unwrap_err().class(),
        "choice"
    );
    activate_full(&mut g, ALICE, stone, 0, Some(ManaType::Blue), vec![]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{U}");
}

#[test]
fn casting_spreading_seas_attaches_it_and_draws() {
    let mut s = setup(Step::PrecombatMain);
    let forest = perm(&mut s, "Forest", BOB);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let seas = add(&mut s, "Spreading Seas", ALICE, ZoneKind::Hand);
    add(&mut s, "Mountain", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{U}{U}");
    let mut g = Game::new(s).unwrap();
    // CR 303.4a: the Aura spell targets what "Enchant land" allows: a land, exactly one.
    let before = g.state().clone();
    assert_eq!(cast_targeting(&mut g, seas, vec![]).unwrap_err().class(), "target");
    let creature = Target::Object(obj(&g, bears));
    assert_eq!(cast_targeting(&mut g, seas, vec![creature]).unwrap_err().class(), "target");
    assert_eq!(g.state(), &before);
    let land = Target::Object(obj(&g, forest));
    let legal = g.legal_actions();
    let casts: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::CastSpell { .. })).collect();
    assert_eq!(casts.len(), 1);
    assert!(matches!(casts[0], Action::CastSpell { targets, .. } if targets == &vec![land]));
    cast_targeting(&mut g, seas, vec![land]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "");
    assert_eq!(g.stack_view()[0].targets, vec![land]);
    resolve(&mut g, Answers::default());
    // CR 608.3c: it enters attached to its target; then its enters trigger waits on the stack.
    let v = view(&g, seas);
    assert_eq!((v.zone, v.controller, v.attached_to), (ZoneKind::Battlefield, ALICE, Some(obj(&g, forest))));
    assert_eq!(view(&g, forest).subtypes, vec!["Island"]);
    let stack = g.stack_view();
    assert_eq!(stack.len(), 1);
    assert_eq!((stack[0].kind, stack[0].source, stack[0].controller), (StackItemKind::Ability, Some(obj(&g, seas)), ALICE));
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 0);
    resolve(&mut g, Answers::default());
    assert_eq!(g.player_view(ALICE).unwrap().hand_size, 1);
    assert_eq!(g.player_view(ALICE).unwrap().library_size, 0);
    assert!(g.stack_view().is_empty());
}

#[test]
fn aura_with_an_illegal_target_goes_to_the_graveyard() {
    let mut s = setup(Step::PrecombatMain);
    let forest = perm(&mut s, "Forest", BOB);
    let seas = add(&mut s, "Spreading Seas", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{U}{U}");
    let mut g = Game::new(s).unwrap();
    let land = Target::Object(obj(&g, forest));
    cast_targeting(&mut g, seas, vec![land]).unwrap();
    // The land leaves before the spell resolves (no card of the pool does that, so edit the state).
    let mut st = g.state().clone();
    let f = obj(&g, forest);
    st.objects.get_mut(&f).unwrap().zone = ZoneKind::Graveyard;
    let mut g = Game::from_state(st);
    resolve(&mut g, Answers::default());
    // CR 608.3b: it doesn't resolve, so it never enters and nothing triggers.
    assert_eq!(view(&g, seas).zone, ZoneKind::Graveyard);
    assert!(g.stack_view().is_empty());
}

#[test]
fn state_based_actions_remove_unattached_or_illegal_auras() {
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let loose = perm(&mut s, "Spreading Seas", ALICE);
    let on_creature = perm(&mut s, "Spreading Seas", ALICE);
    edit(&mut s, on_creature).attached_to = Some(bears);
    let forest = perm(&mut s, "Forest", ALICE);
    let fine = seas_on(&mut s, forest);
    let g = Game::new(s).unwrap();
    // CR 704.5m: not attached, or attached to something "Enchant land" doesn't allow.
    assert_eq!(view(&g, loose).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, on_creature).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, fine).zone, ZoneKind::Battlefield);
    assert_eq!(view(&g, bears).subtypes, vec!["Bear"]);
}

#[test]
fn spreading_seas_oracle_data() {
    let i = card_oracle("Spreading Seas").unwrap();
    assert_eq!(i.mana_cost.as_deref(), Some("{1}{U}"));
    assert_eq!((i.types, i.subtypes), (vec!["Enchantment".to_string()], vec!["Aura".to_string()]));
    assert_eq!(i.oracle, "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land is an Island.");
    let p = card_oracle("Pillar of the Paruns").unwrap();
    assert_eq!((p.mana_cost, p.types), (None, vec!["Land".to_string()]));
    assert_eq!(p.oracle, "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell.");
}
