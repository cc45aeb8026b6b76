//! Turn structure (CR 500-514): steps in order, the turn-based actions at their beginning
//! (untap, draw, declare attackers, combat damage, cleanup), "at the beginning of" triggers
//! (upkeep CR 503.1a, combat CR 507.1), "until your next turn" effects ending just before that
//! turn (CR 611.2a), mana pools emptying at the end of each step
//! (CR 106.4), and a new turn for the other player.

use serde::{Deserialize, Serialize};

use crate::abilities::Trigger;
use crate::actions::Answers;
use crate::events::Event;
use crate::ids::ObjectId;
use crate::priority::{give_priority, settle};
use crate::rejection::Rejection;
use crate::state::{Duration, GameState, ZoneKind};
use crate::{combat, triggers, zones};

/// The steps of a turn (CR 500.1), main phases included as steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Step {
    Untap,
    Upkeep,
    Draw,
    PrecombatMain,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    CombatDamage,
    EndOfCombat,
    PostcombatMain,
    End,
    Cleanup,
}

impl Step {
    pub const ALL: [Step; 12] = [
        Step::Untap,
        Step::Upkeep,
        Step::Draw,
        Step::PrecombatMain,
        Step::BeginningOfCombat,
        Step::DeclareAttackers,
        Step::DeclareBlockers,
        Step::CombatDamage,
        Step::EndOfCombat,
        Step::PostcombatMain,
        Step::End,
        Step::Cleanup,
    ];

    /// The corpus name (`rulings/README.md`).
    pub fn name(self) -> &'static str {
        match self {
            Step::Untap => "untap",
            Step::Upkeep => "upkeep",
            Step::Draw => "draw",
            Step::PrecombatMain => "precombat_main",
            Step::BeginningOfCombat => "beginning_of_combat",
            Step::DeclareAttackers => "declare_attackers",
            Step::DeclareBlockers => "declare_blockers",
            Step::CombatDamage => "combat_damage",
            Step::EndOfCombat => "end_of_combat",
            Step::PostcombatMain => "postcombat_main",
            Step::End => "end",
            Step::Cleanup => "cleanup",
        }
    }

    pub fn from_name(s: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|st| st.name() == s)
    }

    /// The next step of the same turn; `None` after cleanup.
    pub fn next(self) -> Option<Step> {
        let i = Step::ALL.iter().position(|s| *s == self)?;
        Step::ALL.get(i.checked_add(1)?).copied()
    }

    pub fn is_main(self) -> bool {
        matches!(self, Step::PrecombatMain | Step::PostcombatMain)
    }
}

/// CR 106.4: mana empties from every pool at the end of each step and phase.
fn empty_pools(state: &mut GameState, ev: &mut Vec<Event>) {
    for (i, p) in state.players.iter_mut().enumerate() {
        if !p.mana_pool.is_empty() {
            let lost = std::mem::take(&mut p.mana_pool);
            if let Ok(i) = u8::try_from(i) {
                ev.push(Event::ManaPoolEmptied { player: crate::ids::PlayerId(i), lost });
            }
        }
    }
}

/// Additional beginning phases with only an upkeep step (CR 500.10: "you get N additional upkeep
/// steps after this phase"; their untap and draw steps are skipped, CR 500.11), still to come
/// this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpkeepPhases {
    /// The last step of the phase they come directly after (CR 500.8).
    pub after: Step,
    /// How many are still to come.
    pub count: u32,
    /// Whether one of them is under way.
    pub under_way: bool,
    /// The step the turn goes on with after the last of them (`None`: the next turn).
    pub resume: Option<Step>,
}

/// The last step of the phase `step` is in (CR 500.1).
fn last_step_of_phase(step: Step) -> Step {
    match step {
        Step::Untap | Step::Upkeep | Step::Draw => Step::Draw,
        Step::PrecombatMain => Step::PrecombatMain,
        Step::BeginningOfCombat | Step::DeclareAttackers | Step::DeclareBlockers | Step::CombatDamage | Step::EndOfCombat => {
            Step::EndOfCombat
        }
        Step::PostcombatMain => Step::PostcombatMain,
        Step::End | Step::Cleanup => Step::Cleanup,
    }
}

/// "You get `n` additional upkeep steps after this phase" (CR 500.10): `n` beginning phases with
/// only an upkeep step directly after the current phase (CR 500.8); during one of them, after it.
pub(crate) fn add_upkeep_phases(state: &mut GameState, n: u32) {
    if n == 0 {
        return;
    }
    let in_upkeep_phase = state.upkeep_phases.as_ref().is_some_and(|u| u.under_way);
    let after = if in_upkeep_phase { Step::Upkeep } else { last_step_of_phase(state.step) };
    match state.upkeep_phases.as_mut() {
        Some(u) if adds_to(u, after) => u.count = u.count.saturating_add(n),
        _ => state.upkeep_phases = Some(UpkeepPhases { after, count: n, under_way: false, resume: None }),
    }
}

/// Whether new upkeep phases after `after` join those `u` already holds: more of them after the
/// same phase, or during one of them; they are all alike, so their order doesn't matter.
fn adds_to(u: &UpkeepPhases, after: Step) -> bool {
    u.after == after || u.under_way
}

/// The step that follows the current one, with the additional upkeep phases (CR 500.10) put in:
/// each is an upkeep step alone, and after the last of them the turn goes on as it would have.
fn next_step(state: &mut GameState) -> Option<Step> {
    let normal = following(state);
    let step = state.step;
    let Some(u) = state.upkeep_phases.as_mut() else { return normal };
    let leaving_phase = if u.under_way { step == Step::Upkeep } else { step == u.after && normal != Some(step) };
    if !leaving_phase {
        return normal;
    }
    if !u.under_way {
        u.resume = normal;
    }
    if u.count > 0 {
        u.count = u.count.saturating_sub(1);
        u.under_way = true;
        return Some(Step::Upkeep);
    }
    let resume = u.resume;
    state.upkeep_phases = None;
    resume
}

/// What follows the current step (CR 508.8: no attackers, no blockers or damage steps).
fn following(state: &GameState) -> Option<Step> {
    if state.step == Step::DeclareAttackers && state.combat.attackers.is_empty() {
        return Some(Step::EndOfCombat);
    }
    // CR 510.4: a first-strike combat damage step is followed by a second one.
    if state.step == Step::CombatDamage && combat::second_damage_step_follows(state) {
        return Some(Step::CombatDamage);
    }
    state.step.next()
}

/// Ends the current step and begins the next ones until a player receives priority.
pub(crate) fn end_step(state: &mut GameState, answers: &Answers, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    // Untap and cleanup give no priority in a normal turn, so at most a couple of turns pass.
    for _ in 0..64 {
        empty_pools(state, ev);
        match next_step(state) {
            Some(next) => {
                if state.step == Step::CombatDamage {
                    combat::end_first_strike_step(state);
                }
                // CR 511.3: as the end of combat step ends, creatures leave combat (an
                // additional phase may come before the postcombat main phase, CR 500.10).
                if state.step == Step::EndOfCombat {
                    state.combat = Default::default();
                }
                state.step = next
            }
            None => {
                // CR 500.2 / 102.1: the next player in turn order takes a turn.
                state.turn = state.turn.saturating_add(1);
                state.active = state.active.opponent();
                state.step = Step::Untap;
                state.upkeep_phases = None;
                end_until_next_turn(state, ev);
            }
        }
        ev.push(Event::StepBegan { step: state.step, turn: state.turn, active: state.active });
        if begin_step(state, answers, ev)? {
            return Ok(());
        }
    }
    Ok(())
}

/// CR 611.2a: "until [player]'s next turn" effects end immediately before that turn begins,
/// all at once (Crystalline Resonance rulings 2020-04-17-2 and -9), before its untap step.
fn end_until_next_turn(state: &mut GameState, ev: &mut Vec<Event>) {
    let active = state.active;
    let before = state.effects.len();
    state.effects.retain(|e| e.duration != Duration::UntilNextTurnOf(active));
    let ended = before.saturating_sub(state.effects.len());
    if ended > 0 {
        ev.push(Event::EffectsEnded { count: ended });
        crate::layers::apply_control(state);
        // Links made through an ended copy effect are gone with it (CR 607.5; ruling -6).
        let links: Vec<u64> = state.effects.iter().map(|e| e.timestamp).collect();
        state.linked_exiles.retain(|l| l.link == 0 || links.contains(&l.link));
    }
}

/// Turn-based actions of a beginning step; returns whether a player received priority.
fn begin_step(state: &mut GameState, answers: &Answers, ev: &mut Vec<Event>) -> Result<bool, Rejection> {
    let active = state.active;
    match state.step {
        Step::Untap => {
            state.lands_played = 0;
            state.extra_land_plays = 0;
            state.combat = Default::default();
            state.attacked_with.clear();
            state.activated_once.clear();
            // CR 700.14: "this turn" for the mana spent to cast spells.
            for p in &mut state.players {
                p.spell_mana_this_turn = 0;
            }
            // CR 502.1: phasing first, then untapping (CR 502.3).
            crate::phasing::untap_step(state, active, ev);
            let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, Some(active)).iter().map(|o| o.id).collect();
            // CR 502.3: the active player determines which permanents untap; "you may choose
            // not to untap this" lets them keep one tapped (`Answers::keep_tapped`).
            let board = crate::layers::board_of(state);
            let kept: Vec<ObjectId> = ids
                .iter()
                .copied()
                .filter(|id| {
                    answers.keep_tapped.contains(id)
                        && board.get(id).is_some_and(|c| {
                            c.abilities.iter().any(|a| {
                                matches!(&*a.ability, crate::abilities::Ability::Static(crate::abilities::StaticAbility::MayChooseNotToUntap))
                            })
                        })
                })
                .collect();
            for id in ids {
                if let Some(o) = state.object_mut(id) {
                    // CR 302.6: controlled continuously since this turn began.
                    o.summoning_sick = false;
                }
                if kept.contains(&id) {
                    continue;
                }
                // CR 502.3: the active player's permanents untap (a stun counter replaces it).
                zones::untap(state, id, ev);
            }
            // CR 502.4: no player receives priority during the untap step.
            return Ok(false);
        }
        Step::Upkeep => triggers::beginning_of_step(state, Trigger::BeginningOfYourUpkeep),
        Step::BeginningOfCombat => triggers::beginning_of_step(state, Trigger::BeginningOfCombatOnYourTurn),
        Step::Draw => crate::replacement::draw(state, active, answers, ev)?,
        Step::DeclareAttackers => {
            combat::begin_declare_attackers(state, ev);
            return Ok(true);
        }
        Step::DeclareBlockers => {
            combat::begin_declare_blockers(state);
            return Ok(true);
        }
        Step::CombatDamage => combat::combat_damage(state, answers, ev)?,
        // CR 511.2: "at end of combat" abilities trigger as the step begins.
        Step::EndOfCombat => triggers::beginning_of_end_of_combat(state),
        Step::End => triggers::beginning_of_end_step(state),
        Step::Cleanup => return cleanup(state, answers, ev),
        _ => {}
    }
    give_priority(state, active, ev);
    Ok(true)
}

/// CR 514: discard to hand size, remove damage and end "until end of turn" effects; players get
/// priority only if that caused state-based actions or triggers (CR 514.3a).
fn cleanup(state: &mut GameState, answers: &Answers, ev: &mut Vec<Event>) -> Result<bool, Rejection> {
    let active = state.active;
    let hand: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(active)).iter().map(|o| o.id).collect();
    // CR 402.2: the maximum hand size is seven unless an effect says the player has none.
    let unlimited = state.player(active).is_some_and(|p| p.no_maximum_hand_size);
    let excess = if unlimited { 0 } else { hand.len().saturating_sub(7) };
    if excess > 0 {
        let chosen = answers
            .discard
            .as_ref()
            .ok_or_else(|| Rejection::MissingChoice(format!("{excess} card(s) to discard to hand size")))?;
        let unique: std::collections::BTreeSet<_> = chosen.iter().collect();
        if chosen.len() != excess || unique.len() != excess || !chosen.iter().all(|c| hand.contains(c)) {
            return Err(Rejection::InvalidChoice(format!("discard exactly {excess} card(s) from your hand")));
        }
        for id in chosen {
            ev.push(Event::Discarded { player: active, object: *id });
            zones::move_to(state, *id, ZoneKind::Graveyard, None, ev);
        }
    }
    // CR 514.2: simultaneously, damage wears off and "until end of turn" effects end.
    for o in state.objects.values_mut() {
        o.damage = 0;
    }
    let before = state.effects.len();
    state.effects.retain(|e| e.duration != Duration::EndOfTurn);
    crate::prevention::end_of_turn(state);
    let ended = before.saturating_sub(state.effects.len());
    if ended > 0 {
        ev.push(Event::EffectsEnded { count: ended });
        // An ended control effect gives control back (CR 613.1b).
        crate::layers::apply_control(state);
    }
    if settle(state, ev) {
        give_priority(state, active, ev);
        return Ok(true);
    }
    Ok(false)
}
