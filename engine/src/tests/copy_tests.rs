//! Copy effects (CR 707, layer 1 CR 613.2a), "until your next turn" (CR 611.2a), entering as a
//! copy (CR 707.5, 614.1c), the legend rule (CR 704.5j), planeswalker loyalty of a copy
//! (CR 306.5b, 704.5i) and linked abilities on copies (CR 607.2a, 607.5).

use super::*;
use crate::abilities::{Ability, Trigger};
use crate::types::Color;
use crate::*;

const MAY: Answers = Answers {
    random: Vec::new(),
    distribute: Vec::new(),
    sacrifice: None,
    pay: None,
    copy: None,
    copy_again: None,
    mana: None,
    discard: None,
    counter: None,
    may: Some(true),
    keep: None,
    color: None,
    creature_type: None,
    replacement_order: Vec::new(),
    returned: Vec::new(),
    damage: None,
    keep_tapped: Vec::new(),
    find: None,
    pick: None,
    colors: Vec::new(),
    exile: None,
    new_targets: None,
    piles: None,
    pile: None,
};

/// Cycles `crystal` (in alice's hand); Resonance's trigger targets `target`; resolves the
/// trigger with `answers` (the cycling ability stays on the stack).
fn cycle_and_copy(g: &mut Game, crystal: CardId, target: Target, answers: Answers) -> Result<(), Rejection> {
    activate(g, ALICE, crystal, 1)?;
    let id = g.pending_triggers()[0].id;
    g.apply(Action::PutTriggers { player: ALICE, order: vec![id], targets: vec![(id, vec![target])] })?;
    resolve_top(g, answers)
}

fn board(alice: &[&str], bob: &[&str], crystals: usize) -> (Game, CardId, Vec<CardId>, Vec<CardId>, Vec<CardId>) {
    let mut s = setup(Step::PrecombatMain);
    let resonance = perm(&mut s, "Crystalline Resonance", ALICE);
    let a: Vec<CardId> = alice.iter().map(|n| perm(&mut s, n, ALICE)).collect();
    let b: Vec<CardId> = bob.iter().map(|n| perm(&mut s, n, BOB)).collect();
    let c: Vec<CardId> = (0..crystals).map(|_| add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand)).collect();
    for _ in 0..3 {
        add(&mut s, "Island", ALICE, ZoneKind::Library);
        add(&mut s, "Island", BOB, ZoneKind::Library);
    }
    s.players[0].mana_pool = pool("{C}{C}{C}{C}{C}{C}{C}{C}");
    (Game::new(s).unwrap(), resonance, a, b, c)
}

fn has_resonance_ability(g: &Game, c: CardId) -> bool {
    let ch = layers::characteristics(g.state(), obj(g, c)).unwrap();
    ch.abilities.iter().any(|a| matches!(&*a.ability, Ability::Triggered(t) if t.trigger == Trigger::YouCycleACard))
}

#[test]
fn a_copy_takes_copiable_values_only() {
    let (mut g, resonance, _, bob, crystals) = board(&[], &["Grizzly Bears"], 1);
    let bears = bob[0];
    g = {
        let mut st = g.state().clone();
        let id = obj(&g, bears);
        st.object_mut(id).unwrap().counters.insert("+1/+1".into(), 2);
        Game::from_state(st)
    };
    let target = t(&g, bears);
    cycle_and_copy(&mut g, crystals[0], target, MAY).unwrap();
    let v = view(&g, resonance);
    assert_eq!(v.name, "Grizzly Bears");
    assert_eq!((v.power, v.toughness), (Some(2), Some(2)));
    assert_eq!(v.types, vec!["Creature"]);
    assert_eq!(v.subtypes, vec!["Bear"]);
    assert_eq!(v.colors, vec!["G"]);
    assert_eq!(v.mana_value, 2);
    assert!(v.counters.is_empty());
    // CR 707.9a: "except it has this ability".
    assert!(has_resonance_ability(&g, resonance));
    assert_eq!(view(&g, bears).power, Some(4));
}

#[test]
fn until_your_next_turn_ends_just_before_that_turn() {
    let (mut g, resonance, _, bob, crystals) = board(&[], &["Grizzly Bears"], 1);
    let target = t(&g, bob[0]);
    cycle_and_copy(&mut g, crystals[0], target, MAY).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    advance_to(&mut g, Step::End);
    assert_eq!(view(&g, resonance).name, "Grizzly Bears");
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(g.active_player(), BOB);
    assert_eq!(view(&g, resonance).name, "Grizzly Bears");
    advance_to(&mut g, Step::End);
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(g.active_player(), ALICE);
    let v = view(&g, resonance);
    assert_eq!(v.name, "Crystalline Resonance");
    assert_eq!(v.types, vec!["Enchantment"]);
    assert!(g.state().effects.is_empty());
}

#[test]
fn a_later_copy_overwrites_an_earlier_one_and_a_copy_of_a_copy_is_locked_in() {
    let mut s = setup(Step::PrecombatMain);
    let resonance = perm(&mut s, "Crystalline Resonance", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let goblin = perm(&mut s, "Raging Goblin", BOB);
    let crystal1 = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    let crystal2 = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    let clone = add(&mut s, "Clone", ALICE, ZoneKind::Hand);
    for _ in 0..3 {
        add(&mut s, "Island", ALICE, ZoneKind::Library);
        add(&mut s, "Island", BOB, ZoneKind::Library);
    }
    s.players[0].mana_pool = pool("{U}{C}{C}{C}{C}{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    let tb = t(&g, bears);
    cycle_and_copy(&mut g, crystal1, tb, MAY).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    // Clone copies Resonance-as-Bears: Bears with Resonance's ability (CR 707.3, 707.9a).
    cast(&mut g, ALICE, clone, None).unwrap();
    let copy = obj(&g, resonance);
    resolve_top(&mut g, Answers { copy: Some(copy), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, clone).name, "Grizzly Bears");
    assert!(has_resonance_ability(&g, clone));
    let tg = t(&g, goblin);
    activate(&mut g, ALICE, crystal2, 1).unwrap();
    let pending = g.pending_triggers();
    assert_eq!(pending.len(), 2, "Resonance and the Clone both trigger");
    let order: Vec<u32> = pending.iter().map(|p| p.id).collect();
    let targets = pending.iter().map(|p| (p.id, vec![tg])).collect();
    g.apply(Action::PutTriggers { player: ALICE, order, targets }).unwrap();
    resolve_top(&mut g, MAY).unwrap();
    resolve_top(&mut g, MAY).unwrap();
    assert_eq!(view(&g, resonance).name, "Raging Goblin");
    assert_eq!(view(&g, resonance).keywords, vec!["Haste"]);
    // Both "until your next turn" copies end together; the Clone's own copy effect (of the
    // Goblin) also lasts only until then, while the Clone's first copy (indefinite) remains.
    resolve_top(&mut g, Answers::default()).unwrap();
    advance_to(&mut g, Step::End);
    advance_to(&mut g, Step::Upkeep);
    advance_to(&mut g, Step::End);
    advance_to(&mut g, Step::Upkeep);
    assert_eq!(g.active_player(), ALICE);
    assert_eq!(view(&g, resonance).name, "Crystalline Resonance");
    assert_eq!(view(&g, clone).name, "Grizzly Bears", "the copy it locked in is unchanged (CR 707.2b)");
    assert!(has_resonance_ability(&g, clone));
}

#[test]
fn clone_declined_or_given_a_bad_choice() {
    let mut s = setup(Step::PrecombatMain);
    let clone = add(&mut s, "Clone", ALICE, ZoneKind::Hand);
    let crystal = perm(&mut s, "Indatha Crystal", BOB);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    s.players[0].mana_pool = pool("{U}{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, clone, None).unwrap();
    pass(&mut g).unwrap();
    let not_creature = obj(&g, crystal);
    assert_eq!(pass_with(&mut g, Answers { copy: Some(not_creature), ..Answers::default() }).unwrap_err().class(), "choice");
    let b = obj(&g, bears);
    let listed = g.legal_actions();
    assert!(listed.iter().any(|a| matches!(a, Action::PassPriority { answers, .. } if answers.copy == Some(b))));
    let mut copied = g.clone();
    pass_with(&mut copied, Answers { copy: Some(b), ..Answers::default() }).unwrap();
    assert_eq!(view(&copied, clone).name, "Grizzly Bears");
    assert_eq!(view(&copied, clone).power, Some(2));
    pass_with(&mut g, Answers { may: Some(false), copy: Some(b), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, clone).zone, ZoneKind::Graveyard, "a 0/0 Clone dies (CR 704.5f)");
}

#[test]
fn legend_rule_choice_travels_with_the_resolving_pass() {
    let (g0, resonance, alice, _, crystals) = board(&["Isamaru, Hound of Konda"], &[], 1);
    let isamaru = alice[0];
    let target = t(&g0, isamaru);
    let mut g = g0.clone();
    assert_eq!(cycle_and_copy(&mut g, crystals[0], target, MAY).unwrap_err().class(), "choice");
    let mut g = g0.clone();
    let bad = Answers { keep: Some(ObjectId(9999)), ..MAY };
    assert_eq!(cycle_and_copy(&mut g, crystals[0], target, bad).unwrap_err().class(), "choice");
    let mut g = g0.clone();
    let keep = Answers { keep: Some(obj(&g, resonance)), ..MAY };
    cycle_and_copy(&mut g, crystals[0], target, keep).unwrap();
    assert_eq!(view(&g, resonance).name, "Isamaru, Hound of Konda");
    assert_eq!(view(&g, isamaru).zone, ZoneKind::Graveyard);
    let mut g = g0;
    let keep = Answers { keep: Some(obj(&g, isamaru)), ..MAY };
    cycle_and_copy(&mut g, crystals[0], target, keep).unwrap();
    assert_eq!(view(&g, resonance).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, isamaru).zone, ZoneKind::Battlefield);
}

#[test]
fn a_planeswalker_copy_gets_no_loyalty() {
    let (mut g, resonance, _, bob, crystals) = board(&[], &["Tevesh Szat, Doom of Fools"], 1);
    let target = t(&g, bob[0]);
    cycle_and_copy(&mut g, crystals[0], target, MAY).unwrap();
    assert_eq!(view(&g, resonance).zone, ZoneKind::Graveyard);
    assert_eq!(view(&g, bob[0]).loyalty, Some(4), "the original keeps its loyalty");
}

#[test]
fn linked_exile_returns_only_what_that_object_exiled() {
    let mut s = setup(Step::PrecombatMain);
    let resonance = perm(&mut s, "Crystalline Resonance", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let goblin = perm(&mut s, "Raging Goblin", BOB);
    let ring = add(&mut s, "Oblivion Ring", ALICE, ZoneKind::Hand);
    let ring2 = add(&mut s, "Oblivion Ring", ALICE, ZoneKind::Hand);
    let crystal = add(&mut s, "Indatha Crystal", ALICE, ZoneKind::Hand);
    add(&mut s, "Island", ALICE, ZoneKind::Library);
    s.players[0].mana_pool = pool("{W}{W}{C}{C}{C}{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    let put_first = |g: &mut Game, target: Target| {
        let id = g.pending_triggers()[0].id;
        g.apply(Action::PutTriggers { player: ALICE, order: vec![id], targets: vec![(id, vec![target])] }).unwrap();
    };
    cast(&mut g, ALICE, ring, None).unwrap();
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    let tb = t(&g, bears);
    put_first(&mut g, tb);
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).zone, ZoneKind::Exile);
    // Resonance becomes an Oblivion Ring: it didn't enter, so it exiles nothing.
    let tr = t(&g, ring);
    cycle_and_copy(&mut g, crystal, tr, MAY).unwrap();
    assert!(g.pending_triggers().is_empty());
    assert_eq!(g.stack_view().len(), 1);
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, goblin).zone, ZoneKind::Battlefield);
    // The second Ring exiles Resonance; its copied leaves ability returns nothing.
    cast(&mut g, ALICE, ring2, None).unwrap();
    pass(&mut g).unwrap();
    pass(&mut g).unwrap();
    let tres = t(&g, resonance);
    put_first(&mut g, tres);
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, resonance).zone, ZoneKind::Exile);
    assert_eq!(g.stack_view().len(), 1, "the copied leaves-the-battlefield ability triggered");
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).zone, ZoneKind::Exile);
    assert_eq!(view(&g, ring).zone, ZoneKind::Battlefield);
}

#[test]
fn oblivion_ring_leaving_returns_the_card_it_exiled() {
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let ring = add(&mut s, "Oblivion Ring", ALICE, ZoneKind::Hand);
    let ring2 = add(&mut s, "Oblivion Ring", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{W}{W}{C}{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    for (card, target) in [(ring, bears), (ring2, ring)] {
        cast(&mut g, ALICE, card, None).unwrap();
        pass(&mut g).unwrap();
        pass(&mut g).unwrap();
        let id = g.pending_triggers()[0].id;
        let tt = t(&g, target);
        // "another target": not itself.
        let me = t(&g, card);
        assert_eq!(
            g.clone().apply(Action::PutTriggers { player: ALICE, order: vec![id], targets: vec![(id, vec![me])] }).unwrap_err().class(),
            "target"
        );
        g.apply(Action::PutTriggers { player: ALICE, order: vec![id], targets: vec![(id, vec![tt])] }).unwrap();
        resolve_top(&mut g, Answers::default()).unwrap();
    }
    assert_eq!(view(&g, ring).zone, ZoneKind::Exile);
    assert_eq!(g.stack_view().len(), 1, "the first Ring's leaves-the-battlefield ability");
    resolve_top(&mut g, Answers::default()).unwrap();
    let v = view(&g, bears);
    assert_eq!((v.zone, v.controller), (ZoneKind::Battlefield, BOB));
}

/// Alice's Gauntlet of Power (green chosen), a Mountain, Llanowar Elves, Raging Goblin, an
/// Indatha Crystal and Sculpting Steel on the stack with its copy choice still to make.
fn steel_on_the_stack() -> (Game, CardId, CardId, CardId, CardId, CardId, CardId) {
    let mut s = setup(Step::PrecombatMain);
    let gauntlet = add(&mut s, "Gauntlet of Power", ALICE, ZoneKind::Hand);
    let steel = add(&mut s, "Sculpting Steel", ALICE, ZoneKind::Hand);
    let mountain = perm(&mut s, "Mountain", ALICE);
    let elves = perm(&mut s, "Llanowar Elves", ALICE);
    let goblin = perm(&mut s, "Raging Goblin", ALICE);
    let crystal = perm(&mut s, "Indatha Crystal", ALICE);
    s.players[0].mana_pool = pool("{C}{C}{C}{C}{C}{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, gauntlet, None).unwrap();
    resolve_top(&mut g, Answers { color: Some(Color::Green), ..Answers::default() }).unwrap();
    cast(&mut g, ALICE, steel, None).unwrap();
    pass(&mut g).unwrap();
    (g, gauntlet, steel, mountain, elves, goblin, crystal)
}

#[test]
fn entering_as_a_copy_of_a_color_chooser_chooses_a_color() {
    // CR 707.5, 614.12: Sculpting Steel entering as a copy of Gauntlet of Power has the
    // Gauntlet's "as this artifact enters, choose a color" as it enters.
    let (mut g, gauntlet, steel, mountain, elves, goblin, _) = steel_on_the_stack();
    let gid = obj(&g, gauntlet);
    let unanswered = Answers { copy: Some(gid), ..Answers::default() };
    assert_eq!(pass_with(&mut g, unanswered.clone()).unwrap_err().class(), "choice");
    let listed: Vec<Answers> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PassPriority { answers, .. } if answers.copy == Some(gid) => Some(answers),
            _ => None,
        })
        .collect();
    assert_eq!(listed.len(), 5, "one answer per color: {listed:?}");
    assert!(!listed.contains(&unanswered));
    pass_with(&mut g, Answers { copy: Some(gid), color: Some(Color::Red), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, steel).name, "Gauntlet of Power");
    // The copy's red and the original's green each give their creatures +1/+1.
    assert_eq!(view(&g, goblin).power, Some(2));
    assert_eq!(view(&g, elves).power, Some(2));
    // A Mountain tapped for {R}: the copy adds {R}; the original (green) adds nothing.
    activate(&mut g, ALICE, mountain, 0).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{R}{R}");
}

#[test]
fn entering_as_a_copy_of_another_artifact_or_of_nothing_chooses_no_color() {
    let (g0, _, steel, _, _, goblin, crystal) = steel_on_the_stack();
    let cid = obj(&g0, crystal);
    let listed: Vec<Answers> = g0
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PassPriority { answers, .. } if answers.copy == Some(cid) => Some(answers),
            _ => None,
        })
        .collect();
    assert_eq!(listed, vec![Answers { copy: Some(cid), ..Answers::default() }]);
    let mut g = g0.clone();
    pass_with(&mut g, Answers { copy: Some(cid), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, steel).name, "Indatha Crystal");
    assert_eq!(view(&g, goblin).power, Some(1));
    let mut g = g0;
    pass_with(&mut g, Answers { may: Some(false), ..Answers::default() }).unwrap();
    assert_eq!(view(&g, steel).name, "Sculpting Steel");
    assert_eq!(view(&g, steel).zone, ZoneKind::Battlefield);
}

#[test]
fn oblivion_ring_destroyed_before_its_exile_resolves_exiles_for_good() {
    // CR 607.2a, 603.10a: the leaves ability resolves first and finds nothing exiled with the
    // Ring; the exile then happens and nothing is linked to bring the card back.
    let mut s = setup(Step::PrecombatMain);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    let ring = add(&mut s, "Oblivion Ring", ALICE, ZoneKind::Hand);
    let disenchant = add(&mut s, "Disenchant", BOB, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{W}{C}{C}");
    s.players[1].mana_pool = pool("{W}{C}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, ring, None).unwrap();
    resolve(&mut g, Answers::default());
    let id = g.pending_triggers()[0].id;
    let tb = t(&g, bears);
    g.apply(Action::PutTriggers { player: ALICE, order: vec![id], targets: vec![(id, vec![tb])] }).unwrap();
    pass(&mut g).unwrap();
    // Disenchant can't target a creature.
    assert_eq!(cast_at(&mut g.clone(), BOB, disenchant, None, vec![tb]).unwrap_err().class(), "target");
    let tr = t(&g, ring);
    cast_at(&mut g, BOB, disenchant, None, vec![tr]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, ring).zone, ZoneKind::Graveyard);
    assert_eq!(g.stack_view().len(), 2, "the leaves ability above the exile");
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).zone, ZoneKind::Battlefield);
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).zone, ZoneKind::Exile);
    assert!(g.stack_view().is_empty());
}

#[test]
fn legal_actions_list_the_copy_choices() {
    // CR 707.5, 707.9e: the resolving pass of a Sculpting Steel lists one answer per artifact it
    // may enter as a copy of, and, for an artifact whose copiable values have a copy ability
    // (another Sculpting Steel that copied nothing), the answers copying again through it.
    let mut s = setup(Step::PrecombatMain);
    let steel = add(&mut s, "Sculpting Steel", ALICE, ZoneKind::Hand);
    let first = perm(&mut s, "Sculpting Steel", BOB);
    let crystal = perm(&mut s, "Indatha Crystal", BOB);
    let bears = perm(&mut s, "Grizzly Bears", BOB);
    s.players[0].mana_pool = pool("{C}{C}{C}");
    let mut g = Game::new(s).unwrap();
    cast(&mut g, ALICE, steel, None).unwrap();
    pass(&mut g).unwrap();
    let (fid, cid, bid) = (obj(&g, first), obj(&g, crystal), obj(&g, bears));
    let listed: Vec<Answers> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PassPriority { answers, .. } => Some(answers),
            _ => None,
        })
        .collect();
    let copying = |of: ObjectId, again: Option<ObjectId>| Answers { copy: Some(of), copy_again: again, ..Answers::default() };
    assert!(listed.contains(&copying(cid, None)), "{listed:?}");
    assert!(listed.contains(&copying(fid, None)), "{listed:?}");
    assert!(listed.contains(&copying(fid, Some(cid))), "copying again through the other Steel: {listed:?}");
    assert!(!listed.iter().any(|a| a.copy == Some(bid) || a.copy_again == Some(bid)), "not an artifact: {listed:?}");
    assert!(!listed.iter().any(|a| a.copy == Some(cid) && a.copy_again.is_some()), "the Crystal has no copy ability: {listed:?}");
    pass_with(&mut g, copying(fid, Some(cid))).unwrap();
    assert_eq!(view(&g, steel).name, "Indatha Crystal");
}
