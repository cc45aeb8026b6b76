//! Combat as invariants, checked on every transition that begins a combat damage step:
//! CR 510.1a (an attacking creature's combat damage adds up to its power), CR 704.5h and
//! 702.2b (a creature dealt damage by a source with deathtouch doesn't survive to the next
//! priority, unless it's indestructible, CR 702.12b), CR 510.4 (a first-strike combat
//! damage step happens only when a creature with first strike or double strike is in combat),
//! and, on every step, CR 704.5f-g (a creature with toughness 0 or less, or with lethal damage,
//! doesn't survive to the next priority).

use mtg_engine::abilities::Keyword;
use mtg_engine::state::ZoneKind;
use mtg_engine::targets::Target;
use mtg_engine::turn::Step;
use mtg_engine::{Event, ObjectId};

use super::{Broken, Invariant, RulesGame, Transition};
use crate::fuzzing::reach::Reach;

/// Counts what combat the transition reached: blocks, first-strike steps, trample over
/// blockers (for `mtg-conformance reach`).
pub(super) fn reached<G: RulesGame>(t: &Transition<'_, G>, events: &[Event], reach: &mut Reach) {
    if events.iter().any(|e| matches!(e, Event::BlockersDeclared { blocks, .. } if !blocks.is_empty())) {
        reach.blocks += 1;
    }
    if !began_combat_damage(events) {
        return;
    }
    let (before, after) = (t.before.state(), t.after.state());
    if after.combat.first_strike_step && before.combat.struck_first.is_empty() {
        reach.first_strike_steps += 1;
    }
    for a in &before.combat.blocked {
        let trample = t.before_board.get(a).is_some_and(|c| c.has_keyword(Keyword::Trample));
        let to_player = events.iter().any(|e| matches!(e, Event::DamageDealt { source: Some(s), target: Target::Player(_), .. } if s == a));
        if trample && to_player {
            reach.trample_over_blockers += 1;
        }
    }
}

pub(super) fn began_combat_damage(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::StepBegan { step: Step::CombatDamage, .. }))
}

/// CR 510.1a: in a transition that begins a combat damage step, the combat damage each
/// attacking creature deals adds up to at most its power, and to exactly its power when nothing
/// it damages has protection (CR 702.16e prevents some) and no prevention effect is in play
/// (CR 615). Returns whether it was armed (an
/// attacker dealt combat damage).
pub(super) fn damage_sums_to_power<G: RulesGame>(t: &Transition<'_, G>, events: &[Event]) -> Result<bool, Broken> {
    if !began_combat_damage(events) {
        return Ok(false);
    }
    let before = t.before.state();
    let mut armed = false;
    for a in &before.combat.attackers {
        let dealt: u32 = events
            .iter()
            .filter_map(|e| match e {
                Event::DamageDealt { source: Some(s), amount, .. } if s == a => Some(*amount),
                _ => None,
            })
            .sum();
        // Damage a replacement effect doubles is the `replacement-once` invariant's.
        if dealt == 0 || super::replacement_once::doublers(before, t.before_board, *a) > 0 {
            continue;
        }
        armed = true;
        let power = assigns(before, t.before_board, *a);
        if dealt > power || (dealt != power && !prevention_possible(t)) {
            return Err(Broken::new(
                Invariant::CombatDamage,
                format!("attacking creature {a:?} with power {power} dealt {dealt} combat damage in one step"),
            ));
        }
    }
    Ok(armed)
}

/// CR 510.1a: the combat damage `a` assigns, its power; its toughness when that is greater and a
/// permanent its controller controls says "each creature you control with toughness greater than
/// its power assigns combat damage equal to its toughness rather than its power" (Tapestry
/// Warden). 0 or less assigns none.
pub(super) fn assigns(state: &mtg_engine::state::GameState, board: &mtg_engine::layers::Board, a: ObjectId) -> u32 {
    use mtg_engine::abilities::{StaticAbility, ToughnessFor};
    let Some(c) = board.get(&a) else { return 0 };
    let power = c.power.unwrap_or(0);
    let toughness = c.toughness.unwrap_or(power);
    let controller = state.object(a).map(|o| o.controller);
    let by_toughness = toughness > power
        && state.zone_objects(ZoneKind::Battlefield, controller).iter().any(|o| {
            board.get(&o.id).is_some_and(|p| {
                p.statics().any(|(s, _)| matches!(s, StaticAbility::ToughnessRatherThanPower(ToughnessFor::CombatDamage)))
            })
        });
    u32::try_from(if by_toughness { toughness } else { power }).unwrap_or(0)
}

/// Whether some of a combat damage event may be prevented: protection on the battlefield
/// (CR 702.16e), prevention shields or static prevention effects (CR 615).
pub(super) fn prevention_possible<G: RulesGame>(t: &Transition<'_, G>) -> bool {
    let before = t.before.state();
    let protection_in_play = before.objects.values().any(|o| {
        o.zone == ZoneKind::Battlefield
            && t.before_board.get(&o.id).is_some_and(|c| c.keywords().iter().any(|k| matches!(k, Keyword::ProtectionFrom(_))) || o.chosen_color.is_some())
    });
    let prevention_in_play = !before.shields.is_empty()
        || before.objects.values().any(|o| {
            o.zone == ZoneKind::Battlefield
                && t.before_board.get(&o.id).is_some_and(|c| {
                    c.statics().any(|(st, _)| matches!(st, mtg_engine::abilities::StaticAbility::PreventDamageTo { .. }))
                })
        });
    protection_in_play || prevention_in_play
}

/// CR 704.5h: after a transition in which a source with deathtouch dealt damage to a creature,
/// once a player has priority that creature is no longer on the battlefield (it was destroyed),
/// unless it is indestructible. Returns whether it was armed.
pub(super) fn deathtouch_is_lethal<G: RulesGame>(t: &Transition<'_, G>, events: &[Event]) -> Result<bool, Broken> {
    let after = t.after.state();
    if after.priority.is_none() || after.is_over() {
        return Ok(false);
    }
    let mut armed = false;
    for e in events {
        let Event::DamageDealt { source: Some(s), target: Target::Object(o), amount } = e else { continue };
        if *amount == 0 {
            continue;
        }
        let deathtouch = t.before_board.get(s).or_else(|| t.after_board.get(s)).is_some_and(|c| c.has_keyword(Keyword::Deathtouch));
        let creature = t.before_board.get(o).is_some_and(|c| c.is(mtg_engine::types::CardType::Creature));
        if !deathtouch || !creature {
            continue;
        }
        armed = true;
        let still = after.object(*o).is_some_and(|x| x.zone == ZoneKind::Battlefield);
        let indestructible = t.after_board.get(o).is_some_and(|c| c.has_keyword(Keyword::Indestructible));
        if still && !indestructible {
            return Err(Broken::new(
                Invariant::Deathtouch,
                format!("creature {o:?} was dealt {amount} damage by {s:?}, which has deathtouch, and is still on the battlefield"),
            ));
        }
    }
    Ok(armed)
}

/// CR 510.4: a first-strike combat damage step begins only when an attacking or blocking
/// creature has first strike or double strike. Returns whether it was armed (a combat damage
/// step began with blockers or attackers in combat).
pub(super) fn first_strike_step<G: RulesGame>(t: &Transition<'_, G>, events: &[Event]) -> Result<bool, Broken> {
    if !began_combat_damage(events) {
        return Ok(false);
    }
    let before = t.before.state();
    let after = t.after.state();
    if !after.combat.first_strike_step || !before.combat.struck_first.is_empty() {
        return Ok(!before.combat.attackers.is_empty());
    }
    let mut combatants: Vec<ObjectId> = before.combat.attackers.clone();
    combatants.extend(before.combat.blocks.iter().map(|(b, _)| *b));
    let striker = combatants.iter().any(|id| {
        before.object(*id).is_some_and(|o| o.zone == ZoneKind::Battlefield)
            && t.before_board.get(id).is_some_and(|c| c.has_keyword(Keyword::FirstStrike) || c.has_keyword(Keyword::DoubleStrike))
    });
    if !striker {
        return Err(Broken::new(
            Invariant::FirstStrikeStep,
            "a first-strike combat damage step began with no creature with first strike or double strike in combat",
        ));
    }
    Ok(true)
}

/// CR 704.5f-g, 704.3: after a step that leaves a player with priority, no creature on the
/// battlefield has toughness 0 or less, or damage marked on it at least its toughness (unless it
/// is indestructible, CR 702.12b). Armed when the step dealt a creature lethal damage, or put on
/// it -1/-1 counters at least its toughness (by the board before the step).
pub(super) fn lethal_damage<G: RulesGame>(t: &Transition<'_, G>, events: &[Event]) -> Result<bool, Broken> {
    let after = t.after.state();
    if after.priority.is_none() || after.is_over() || after.combat.awaiting_declaration {
        return Ok(false);
    }
    let before = t.before.state();
    let mut dealt: std::collections::BTreeMap<ObjectId, (u32, u32)> = std::collections::BTreeMap::new();
    for e in events {
        match e {
            Event::DamageDealt { target: Target::Object(o), amount, .. } => dealt.entry(*o).or_default().0 += amount,
            Event::CountersAdded { object, kind, amount } if kind == "-1/-1" => dealt.entry(*object).or_default().1 += amount,
            _ => {}
        }
    }
    let armed = dealt.iter().any(|(id, (damage, minus))| {
        let Some(o) = before.object(*id).filter(|o| o.zone == ZoneKind::Battlefield) else { return false };
        let Some(ch) = t.before_board.get(id).filter(|c| c.is(mtg_engine::types::CardType::Creature)) else { return false };
        let toughness = i64::from(ch.toughness.unwrap_or(0));
        (*damage > 0 && i64::from(o.damage.saturating_add(*damage)) >= toughness) || (*minus > 0 && toughness <= i64::from(*minus))
    });
    for o in after.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = t.after_board.get(&o.id) else { continue };
        if let Some(d) = super::game_wide::toughness_or_lethal_damage(o, ch) {
            return Err(Broken::new(Invariant::LethalDamage, format!("{d} while a player has priority")));
        }
    }
    Ok(armed)
}
