//! "Could produce" (CR 106.7): the types of mana a permanent's mana abilities would produce if
//! they resolved now, with every applicable replacement effect in any order, ignoring costs.
//!
//! Abilities like Reflecting Pool or Exotic Orchard refer to what other permanents could
//! produce, which may refer back. The answer is computed for all permanents at once as the least
//! fixpoint of those references: every permanent starts with nothing and gains types until
//! nothing changes. A permanent therefore never contributes a type through a chain that only
//! leads back to itself — what the CR 106.7 example and the Reflecting Pool rulings require
//! ("multiple Reflecting Pools won't help each other"), and what evaluating with "a permanent
//! already being evaluated contributes nothing" gives. It terminates because each set only grows
//! within the six mana types, and it is polynomial, so long reference chains stay cheap.

use std::collections::{BTreeMap, BTreeSet};

use crate::abilities::{Effect, ManaSpec, Relation};
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{compute_all, Board};
use crate::mana::{ManaPool, ManaType};
use crate::replacement::{self, ActiveReplacement, ProductionContext};
use crate::state::{GameState, ZoneKind};
use crate::types::{CardType, Color};

/// What a mana effect would add before replacement effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawMana {
    Fixed(ManaPool),
    /// One mana of a type chosen among these (empty: undefined, CR 106.5).
    OneOf(BTreeSet<ManaType>),
}

/// Types each permanent could produce, keyed by object.
pub type ProduceTable = BTreeMap<ObjectId, BTreeSet<ManaType>>;

/// The raw mana a spec would add for `controller` now, given what permanents could produce.
pub fn raw_mana(
    state: &GameState,
    board: &Board,
    table: &ProduceTable,
    controller: PlayerId,
    spec: &ManaSpec,
) -> RawMana {
    match spec {
        ManaSpec::Fixed(p) => RawMana::Fixed(p.clone()),
        ManaSpec::AnyColor => RawMana::OneOf(ManaType::COLORS.into_iter().collect()),
        ManaSpec::OneOf(types) => RawMana::OneOf(types.iter().copied().collect()),
        ManaSpec::CouldProduce { lands_of, colors_only } => {
            let mut set = BTreeSet::new();
            for obj in state.zone_objects(ZoneKind::Battlefield, None) {
                let mine = obj.controller == controller;
                let wanted = match lands_of {
                    Relation::You => mine,
                    Relation::Opponent => !mine,
                    Relation::Any => true,
                };
                if wanted && board.get(&obj.id).is_some_and(|c| c.is(CardType::Land)) {
                    if let Some(types) = table.get(&obj.id) {
                        set.extend(types.iter().copied());
                    }
                }
            }
            if *colors_only {
                set.retain(|t| t.is_color());
            }
            RawMana::OneOf(set)
        }
        ManaSpec::ColorOfPermanentYouControl => {
            let mut set = BTreeSet::new();
            for obj in state.zone_objects(ZoneKind::Battlefield, Some(controller)) {
                if let Some(c) = board.get(&obj.id) {
                    set.extend(c.colors.iter().map(|c: &Color| c.mana_type()));
                }
            }
            RawMana::OneOf(set)
        }
    }
}

fn mana_specs(effect: &Effect, out: &mut Vec<ManaSpec>) {
    match effect {
        // A spending restriction doesn't change the mana's type (CR 106.6).
        Effect::AddMana(s) | Effect::AddRestrictedMana { spec: s, .. } => out.push(s.clone()),
        Effect::Sequence(v) => v.iter().for_each(|e| mana_specs(e, out)),
        _ => {}
    }
}

fn evaluate(
    state: &GameState,
    board: &Board,
    reps: &[ActiveReplacement],
    table: &ProduceTable,
    id: ObjectId,
) -> BTreeSet<ManaType> {
    let mut out = BTreeSet::new();
    let (Some(obj), Some(ch)) = (state.object(id), board.get(&id)) else {
        return out;
    };
    for ab in ch.activated().into_iter().filter(|a| a.is_mana_ability()) {
        let ctx = ProductionContext {
            tapped_for_mana: ab.cost.tap,
            source_is_land: ch.is(CardType::Land),
            producer: obj.controller,
        };
        let mut specs = Vec::new();
        mana_specs(&ab.effect, &mut specs);
        for spec in specs {
            match raw_mana(state, board, table, obj.controller, &spec) {
                RawMana::Fixed(p) => out.extend(replacement::possible_types(reps, &ctx, &p)),
                RawMana::OneOf(set) => {
                    for t in set {
                        out.extend(replacement::possible_types(reps, &ctx, &ManaPool::single(t)));
                    }
                }
            }
        }
    }
    out
}

/// The least fixpoint for every permanent on the battlefield (and `extra`, wherever it is).
pub fn produce_table(
    state: &GameState,
    board: &Board,
    reps: &[ActiveReplacement],
    extra: Option<ObjectId>,
) -> ProduceTable {
    let mut nodes = state.battlefield_ids();
    if let Some(e) = extra {
        if !nodes.contains(&e) {
            nodes.push(e);
        }
    }
    let mut table: ProduceTable = nodes.iter().map(|n| (*n, BTreeSet::new())).collect();
    // Each round either adds a type somewhere or stops: at most 6 * nodes + 1 rounds.
    let max_rounds = nodes.len().saturating_mul(6).saturating_add(1);
    for _ in 0..max_rounds {
        let mut changed = false;
        for n in &nodes {
            let v = evaluate(state, board, reps, &table, *n);
            if table.get(n) != Some(&v) {
                table.insert(*n, v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    table
}

/// CR 106.7 for one permanent.
pub fn could_produce(state: &GameState, permanent: ObjectId) -> BTreeSet<ManaType> {
    let board = compute_all(state);
    let reps = replacement::active(state, &board);
    produce_table(state, &board, &reps, Some(permanent))
        .remove(&permanent)
        .unwrap_or_default()
}
