//! CR 106.7 by simulation: for every permanent with mana abilities, what `could_produce` answers
//! must be exactly the types its mana abilities actually add when activated.
//!
//! "Could produce" ignores costs (CR 106.7), so each ability is simulated on a copy of the game
//! in which its costs are payable: the permanent untapped for {T} (tapped for {Q}), no summoning
//! sickness, the counters a cost removes present, mana for a mana cost, and its controller
//! holding priority. Every mana choice is tried (a choice the engine refuses adds nothing), and
//! with two or more mana replacement effects every order of them, because 106.7 counts "any
//! applicable replacement effects in any order". The union of what the accepted activations add
//! is compared with `could_produce`.
//!
//! The simulation costs a few activations per mana ability, so it runs only when the battlefield
//! (objects, controllers, counters, attachments, continuous effects) changed since the last run.

use std::collections::BTreeSet;

use mtg_engine::abilities::{ActivatedAbility, Effect, ManaReplacement, ManaReplacementResult, ManaSpec};
use mtg_engine::layers::Board;
use mtg_engine::state::ContinuousEffect;
use mtg_engine::{replacement, Action, Counters, GameState, ManaType, ObjectId, PlayerId, ZoneKind};

use super::{Broken, Invariant, RulesGame};

/// What "could produce" depends on: the battlefield and the continuous effects. The counters are
/// kept as the engine's own (a kind is a one-byte id), not as names: printing every kind of every
/// permanent twice a step was 4% of `board_actions`' instructions (BENCHMARKS.md).
type Fingerprint = (Vec<(ObjectId, PlayerId, Counters<u32>, Option<ObjectId>)>, Vec<ContinuousEffect>);

#[derive(Default)]
pub(super) struct Cache {
    last: Option<Fingerprint>,
    oracle_last: Option<Fingerprint>,
}

fn fingerprint(state: &GameState) -> Fingerprint {
    let objects = state
        .zone_objects(ZoneKind::Battlefield, None)
        .iter()
        .map(|o| (o.id, o.controller, o.counters.clone(), o.attached_to))
        .collect();
    (objects, state.effects.to_vec())
}

impl Cache {
    /// The engine's `could_produce` against the independent oracle (`super::oracle`) for every
    /// permanent with mana abilities, when the battlefield changed. `None` when it didn't run;
    /// else whether it was armed (as for the simulation).
    pub(super) fn check_oracle<G: RulesGame>(&mut self, game: &G, board: &Board) -> Result<Option<bool>, Broken> {
        let state = game.state();
        if state.is_over() {
            return Ok(None);
        }
        let fp = fingerprint(state);
        if self.oracle_last.as_ref() == Some(&fp) {
            return Ok(None);
        }
        self.oracle_last = Some(fp);
        let replacements = !replacement::active(state, board).is_empty();
        let mut armed = false;
        for obj in state.zone_objects(ZoneKind::Battlefield, None) {
            let Some(ch) = board.get(&obj.id) else { continue };
            let abilities: Vec<&ActivatedAbility> = ch.activated().into_iter().filter(|a| a.is_mana_ability()).collect();
            if abilities.is_empty() {
                continue;
            }
            let Some(expected) = super::oracle::could_produce(state, board, obj.id) else { return Ok(Some(false)) };
            let references = abilities.iter().any(|a| matches!(&a.effect, Effect::AddMana(ManaSpec::CouldProduce { .. })));
            armed |= replacements || references;
            let answered = game.could_produce(obj.id);
            if answered != expected {
                return Err(Broken::new(
                    Invariant::CouldProduceOracle,
                    format!("could_produce({} {:?}) = {answered:?}, but CR 106.7 read over the card definitions gives {expected:?}", ch.name, obj.id),
                ));
            }
        }
        Ok(Some(armed))
    }

    /// `None` when the simulation didn't run (nothing changed); else whether it was armed: a
    /// permanent with mana abilities was compared while a mana replacement effect was on the
    /// battlefield or an ability read what other permanents could produce.
    pub(super) fn check<G: RulesGame>(&mut self, game: &G, board: &Board) -> Result<Option<bool>, Broken> {
        let state = game.state();
        if state.is_over() {
            return Ok(None);
        }
        let fp = fingerprint(state);
        if self.last.as_ref() == Some(&fp) {
            return Ok(None);
        }
        self.last = Some(fp);
        let replacements = !replacement::active(state, board).is_empty();
        let mut compared = false;
        let mut references = false;
        let orders = replacement_orders(state, board);
        for obj in state.zone_objects(ZoneKind::Battlefield, None) {
            let Some(ch) = board.get(&obj.id) else { continue };
            let abilities: Vec<(usize, &ActivatedAbility)> =
                ch.activated().into_iter().enumerate().filter(|(_, a)| a.is_mana_ability()).collect();
            if abilities.is_empty() {
                continue;
            }
            compared = true;
            references |= abilities.iter().any(|(_, a)| matches!(&a.effect, Effect::AddMana(ManaSpec::CouldProduce { .. })));
            let mut simulated = BTreeSet::new();
            for (index, ab) in abilities {
                let base = payable_copy(state, obj.id, ab);
                for choice in mana_choices(ab) {
                    for order in &orders {
                        let mut g = G::from_state(base.clone());
                        let action = Action::ActivateAbility {
                            player: obj.controller,
                            source: obj.id,
                            ability: index,
                            x: None,
                            targets: Vec::new(),
                            mana_choice: choice,
                            payment: None,
                            replacement_order: order.clone(),
                            tap: Vec::new(),
                        };
                        if let Ok(events) = g.apply(action) {
                            simulated.extend(super::produced_by(&base, g.state(), &events, obj.controller, obj.id));
                        }
                    }
                }
            }
            let answered = game.could_produce(obj.id);
            if answered != simulated {
                return Err(Broken::new(
                    Invariant::CouldProduce,
                    format!(
                        "could_produce({} {:?}) = {answered:?}, but its mana abilities, activated with every choice, add {simulated:?}",
                        ch.name, obj.id
                    ),
                ));
            }
        }
        Ok(Some(compared && (replacements || references)))
    }
}

/// The game with `source`'s ability payable by its controller right now.
fn payable_copy(state: &GameState, source: ObjectId, ab: &ActivatedAbility) -> GameState {
    let mut s = state.clone();
    let controller = s.object(source).map(|o| o.controller).unwrap_or(s.active);
    s.priority = Some(controller);
    s.passes = 0;
    s.combat.awaiting_declaration = false;
    // Triggered abilities waiting to be put on the stack (CR 603.3b) would only make the
    // activation wait; they don't change what the ability produces.
    s.trigger_wait = None;
    s.pending_triggers.clear();
    if let Some(o) = s.object_mut(source) {
        o.tapped = ab.cost.untap;
        o.summoning_sick = false;
        for (kind, n) in &ab.cost.remove_counters {
            let have = o.counters.entry(kind.into()).or_insert(0);
            *have = (*have).max(*n);
        }
    }
    if let (Some(cost), Some(p)) = (&ab.cost.mana, s.player_mut(controller)) {
        // Enough of every type for any cost of this size; the added types are measured as
        // growth over this pool, so the extra mana is never mistaken for production.
        let need = cost.mana_value(0);
        for t in ManaType::ALL {
            p.mana_pool.add(t, need);
        }
    }
    s
}

/// Fixed mana needs no choice; anything else is tried with no choice and with every type.
fn mana_choices(ab: &ActivatedAbility) -> Vec<Option<ManaType>> {
    match &ab.effect {
        Effect::AddMana(ManaSpec::Fixed(_)) => vec![None],
        _ => std::iter::once(None).chain(ManaType::ALL.into_iter().map(Some)).collect(),
    }
}

/// The orders of replacement effects to simulate: the default one, and, when effects that change
/// the TYPE of mana disagree, one order per distinct such effect in which it applies last.
///
/// Each effect applies once per event (CR 616.1), and an effect that changes the type of mana
/// sets it whatever came before, so the type that comes out is the one the last type-changing
/// effect gives; effects that multiply the amount never change it. So "every possible order"
/// (CR 106.7) yields exactly the types these orders yield — every distinct type-changer once
/// last — however many copies of each effect are on the battlefield. (This holds for the card
/// pool's replacement effects, which apply to every land tapped for mana whatever its type.)
fn replacement_orders(state: &GameState, board: &Board) -> Vec<Vec<ObjectId>> {
    let active = replacement::active(state, board);
    let changers: Vec<&replacement::ActiveReplacement> =
        active.iter().filter(|r| !matches!(r.def.result, ManaReplacementResult::Multiply(_))).collect();
    let mut distinct: Vec<&ManaReplacement> = Vec::new();
    for r in &changers {
        if !distinct.contains(&&r.def) {
            distinct.push(&r.def);
        }
    }
    let mut out = vec![Vec::new()];
    if distinct.len() < 2 {
        return out;
    }
    for last in distinct {
        let mut order: Vec<ObjectId> = changers.iter().filter(|r| r.def != *last).map(|r| r.source).collect();
        order.extend(changers.iter().filter(|r| r.def == *last).map(|r| r.source));
        out.push(order);
    }
    out
}
