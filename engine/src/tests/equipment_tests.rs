//! Equipment (CR 301.5): granting abilities in layer 6 with the Equipment's timestamp, renewed
//! when it becomes attached (CR 613.7e); equip as a sorcery (CR 702.6a); becoming unattached
//! as a state-based action (CR 704.5n).

use super::*;
use crate::*;

fn pinions_game(attached: bool) -> (Game, CardId, CardId, CardId) {
    let mut s = setup(Step::PrecombatMain);
    let pinions = perm(&mut s, "Bladed Pinions", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    let theirs = perm(&mut s, "Grizzly Bears", BOB);
    if attached {
        edit(&mut s, pinions).attached_to = Some(bears);
    }
    add(&mut s, "Turn to Frog", ALICE, ZoneKind::Hand);
    s.players[0].mana_pool = pool("{C}{C}{C}{C}{U}{U}");
    (Game::new(s).unwrap(), pinions, bears, theirs)
}

#[test]
fn equipped_creature_has_flying_and_first_strike() {
    let (g, pinions, bears, theirs) = pinions_game(true);
    assert_eq!(view(&g, bears).keywords, vec!["Flying", "First strike"]);
    assert_eq!(view(&g, theirs).keywords, Vec::<String>::new());
    assert_eq!(view(&g, pinions).attached_to, Some(obj(&g, bears)));
    assert_eq!(view(&g, pinions).keywords, vec!["Equip"]);
}

#[test]
fn equip_attaches_to_a_creature_you_control_as_a_sorcery() {
    let (mut g, pinions, bears, theirs) = pinions_game(false);
    let th = t(&g, theirs);
    assert_eq!(activate_at(&mut g, ALICE, pinions, 0, vec![th]).unwrap_err().class(), "target");
    let b = t(&g, bears);
    activate_at(&mut g, ALICE, pinions, 0, vec![b]).unwrap();
    assert_eq!(mana_of(&g, ALICE), "{U}{U}{C}{C}");
    // Not while the stack isn't empty.
    assert_eq!(activate_at(&mut g, ALICE, pinions, 0, vec![b]).unwrap_err().class(), "timing");
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, pinions).attached_to, Some(obj(&g, bears)));
    assert_eq!(view(&g, bears).keywords, vec!["Flying", "First strike"]);
}

#[test]
fn equip_is_not_instant_speed() {
    let mut s = setup(Step::BeginningOfCombat);
    let pinions = perm(&mut s, "Bladed Pinions", ALICE);
    let bears = perm(&mut s, "Grizzly Bears", ALICE);
    s.players[0].mana_pool = pool("{C}{C}");
    let mut g = Game::new(s).unwrap();
    let b = t(&g, bears);
    assert_eq!(activate_at(&mut g, ALICE, pinions, 0, vec![b]).unwrap_err().class(), "timing");
}

#[test]
fn equipment_attached_to_a_noncreature_becomes_unattached() {
    let mut s = setup(Step::PrecombatMain);
    let pinions = perm(&mut s, "Bladed Pinions", ALICE);
    let forest = perm(&mut s, "Forest", ALICE);
    edit(&mut s, pinions).attached_to = Some(forest);
    let g = Game::new(s).unwrap();
    let v = view(&g, pinions);
    assert_eq!((v.zone, v.attached_to), (ZoneKind::Battlefield, None));
}

#[test]
fn equipped_creature_leaving_leaves_the_equipment_unattached() {
    let (mut g, pinions, bears, _) = pinions_game(true);
    let mut st = g.state().clone();
    let id = obj(&g, bears);
    let mut ev = Vec::new();
    crate::zones::move_to(&mut st, id, ZoneKind::Graveyard, None, &mut ev);
    g = Game::from_state(st);
    let v = view(&g, pinions);
    assert_eq!((v.zone, v.attached_to), (ZoneKind::Battlefield, None));
}

#[test]
fn turn_to_frog_removes_granted_abilities_until_reequipped() {
    let (mut g, pinions, bears, _) = pinions_game(true);
    let b = t(&g, bears);
    cast_at(&mut g, ALICE, CardId(3), None, vec![b]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).keywords, Vec::<String>::new());
    // Re-equipping to the same creature does nothing (CR 701.3b); to another and back gives
    // the Equipment a newer timestamp than the Frog effect (CR 613.7e).
    activate_at(&mut g, ALICE, pinions, 0, vec![b]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).keywords, Vec::<String>::new());
    let mut st = g.state().clone();
    st.objects.get_mut(&obj(&g, pinions)).unwrap().attached_to = None;
    let mut g = Game::from_state(st);
    activate_at(&mut g, ALICE, pinions, 0, vec![b]).unwrap();
    resolve_top(&mut g, Answers::default()).unwrap();
    assert_eq!(view(&g, bears).keywords, vec!["Flying", "First strike"]);
}
