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
use crate::layers::{board_of, Board};
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

/// The raw mana a spec would add for `controller` now, given what permanents could produce;
/// `source` is the ability's source, if it has one.
pub fn raw_mana(
    state: &GameState,
    board: &Board,
    table: &ProduceTable,
    controller: PlayerId,
    source: Option<ObjectId>,
    spec: &ManaSpec,
) -> RawMana {
    match spec {
        // CR 607.2a: the choice of the ability it is linked to, made for this object.
        ManaSpec::OneOfChosenColor => {
            let mut p = ManaPool::default();
            if let Some(c) = source.and_then(|s| state.object(s)).and_then(|o| o.chosen_color) {
                p.add(c.mana_type(), 1);
            }
            RawMana::Fixed(p)
        }
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
        ManaSpec::ForEachCreatureYouControl(t) => {
            let n = state
                .zone_objects(ZoneKind::Battlefield, Some(controller))
                .iter()
                .filter(|o| board.get(&o.id).is_some_and(|c| c.is(CardType::Creature)))
                .count();
            let mut p = crate::mana::ManaPool::default();
            p.add(*t, u32::try_from(n).unwrap_or(u32::MAX));
            RawMana::Fixed(p)
        }
        ManaSpec::EqualToThisPower(t) => {
            // CR 107.1b: a negative power counts as 0.
            let power = source.and_then(|s| board.get(&s)).and_then(|c| c.power).unwrap_or(0);
            let mut p = crate::mana::ManaPool::default();
            p.add(*t, u32::try_from(power.max(0)).unwrap_or(0));
            RawMana::Fixed(p)
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

/// Each mana spec of `id`'s mana abilities, with the production event it would be part of
/// (CR 106.12: a {T} ability taps for mana).
#[cfg(test)]
fn productions(state: &GameState, board: &Board, id: ObjectId) -> Vec<(ProductionContext, ManaSpec)> {
    let mut out = Vec::new();
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
        out.extend(specs.into_iter().map(|spec| (ctx, spec)));
    }
    out
}

#[cfg(test)]
/// The types `raw` mana comes out as, with the replacement effects in any order.
fn raw_types(reps: &[ActiveReplacement], ctx: &ProductionContext, raw: RawMana) -> BTreeSet<ManaType> {
    match raw {
        RawMana::Fixed(p) => replacement::possible_types(reps, ctx, &p),
        RawMana::OneOf(set) => {
            set.into_iter().flat_map(|t| replacement::possible_types(reps, ctx, &ManaPool::single(t))).collect()
        }
    }
}

#[cfg(test)]
fn mana_specs(effect: &Effect, out: &mut Vec<ManaSpec>) {
    for_each_spec(effect, &mut |s| out.push(s.clone()));
}

#[cfg(test)]
fn evaluate(
    state: &GameState,
    board: &Board,
    reps: &[ActiveReplacement],
    table: &ProduceTable,
    id: ObjectId,
) -> BTreeSet<ManaType> {
    productions(state, board, id)
        .into_iter()
        .flat_map(|(ctx, spec)| raw_types(reps, &ctx, raw_mana(state, board, table, ctx.producer, Some(id), &spec)))
        .collect()
}

/// A set of mana types as six bits (W U B R G C order): the fixpoint's sets, copied and
/// joined without allocating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Types(u8);

impl Types {
    fn of(t: ManaType) -> Types {
        let i = ManaType::ALL.iter().position(|u| *u == t).unwrap_or(0);
        Types(1 << i)
    }
    fn union(types: impl IntoIterator<Item = ManaType>) -> Types {
        Types(types.into_iter().fold(0, |m, t| m | Types::of(t).0))
    }
    fn from_set(set: &BTreeSet<ManaType>) -> Types {
        Types::union(set.iter().copied())
    }
    fn iter(self) -> impl Iterator<Item = ManaType> {
        ManaType::ALL.into_iter().enumerate().filter(move |(i, _)| self.0 & (1 << i) != 0).map(|(_, t)| t)
    }
    fn to_set(self) -> BTreeSet<ManaType> {
        self.iter().collect()
    }
}

/// A "could produce" reference of one mana ability (CR 106.7): the types the `lands` (indices
/// into the fixpoint's permanents) could produce (only colors if `colors_only`), each as
/// produced in `ctx`.
struct Reference {
    ctx: ProductionContext,
    lands: Vec<usize>,
    colors_only: bool,
}

/// What `evaluate` computes for one permanent, split into the part that doesn't depend on the
/// table (`known`) and the references, which are re-read every round.
struct Node {
    known: Types,
    references: Vec<Reference>,
}

/// The battlefield as the references read it: each permanent, its controller, whether a land.
type Field = Vec<(ObjectId, PlayerId, bool)>;

fn node(
    state: &GameState,
    board: &Board,
    reps: &[ActiveReplacement],
    field: &Field,
    ids: &[ObjectId],
    memo: &mut Memo,
    id: ObjectId,
) -> Node {
    let mut n = Node { known: Types::default(), references: Vec::new() };
    let (Some(obj), Some(ch)) = (state.object(id), board.get(&id)) else {
        return n;
    };
    let source_is_land = ch.is(CardType::Land);
    // As `productions`, without collecting: each mana spec of each mana ability.
    for ab in ch.activated().into_iter().filter(|a| a.is_mana_ability()) {
        let ctx = ProductionContext { tapped_for_mana: ab.cost.tap, source_is_land, producer: obj.controller };
        for_each_spec(&ab.effect, &mut |spec| {
            let controller = ctx.producer;
            let offered: Types = match spec {
                ManaSpec::CouldProduce { lands_of, colors_only } => {
                    // The lands `raw_mana` reads the table for: the same every round. A land
                    // outside the fixpoint's permanents has no entry in the table, so it adds
                    // nothing.
                    let lands = field
                        .iter()
                        .filter(|(_, c, is_land)| {
                            let mine = *c == controller;
                            let wanted = match lands_of {
                                Relation::You => mine,
                                Relation::Opponent => !mine,
                                Relation::Any => true,
                            };
                            wanted && *is_land
                        })
                        .filter_map(|(id, _, _)| ids.iter().position(|x| x == id))
                        .collect();
                    n.references.push(Reference { ctx, lands, colors_only: *colors_only });
                    return;
                }
                // Every other spec ignores the table. A fixed amount comes out as the union of
                // its types each produced alone: the replacement effects (multiply, replace
                // all, replace the type) turn any nonempty amount into the same types, except
                // that multiplying keeps them (`replacement::possible_types`).
                ManaSpec::Fixed(p) => Types::union(ManaType::ALL.into_iter().filter(|t| p.amount(*t) > 0)),
                ManaSpec::AnyColor => Types::union(ManaType::COLORS),
                ManaSpec::OneOf(types) => Types::union(types.iter().copied()),
                ManaSpec::ColorOfPermanentYouControl | ManaSpec::ForEachCreatureYouControl(_) | ManaSpec::EqualToThisPower(_) | ManaSpec::OneOfChosenColor => match raw_mana(state, board, &ProduceTable::new(), controller, Some(id), spec) {
                    RawMana::Fixed(p) => Types::from_set(&p.types()),
                    RawMana::OneOf(set) => Types::from_set(&set),
                },
            };
            // As `raw_types`, with one mana of each offered type looked up in the memo.
            for t in offered.iter() {
                n.known.0 |= possible_single(memo, reps, &ctx, t).0;
            }
        });
    }
    n
}

/// Calls `f` with each mana spec of an effect (as `mana_specs` collects them).
fn for_each_spec(effect: &Effect, f: &mut impl FnMut(&ManaSpec)) {
    match effect {
        // A spending restriction doesn't change the mana's type (CR 106.6).
        Effect::AddMana(s) | Effect::AddRestrictedMana { spec: s, .. } => f(s),
        Effect::Sequence(v) => v.iter().for_each(|e| for_each_spec(e, f)),
        _ => {}
    }
}

/// `possible_types` of one mana of a type, remembered: the fixpoint asks the same few again
/// and again.
type Memo = Vec<(ProductionContext, ManaType, Types)>;

fn possible_single(
    memo: &mut Memo,
    reps: &[ActiveReplacement],
    ctx: &ProductionContext,
    t: ManaType,
) -> Types {
    if let Some((_, _, v)) = memo.iter().find(|(c, u, _)| c == ctx && *u == t) {
        return *v;
    }
    let v = Types::from_set(&replacement::possible_types(reps, ctx, &ManaPool::single(t)));
    memo.push((*ctx, t, v));
    v
}

/// The least fixpoint for every permanent on the battlefield (and `extra`, wherever it is).
/// Computes what `evaluate` would, round after round, but reads the board once per permanent.
pub fn produce_table(
    state: &GameState,
    board: &Board,
    reps: &[ActiveReplacement],
    extra: Option<ObjectId>,
) -> ProduceTable {
    let mut ids = state.battlefield_ids();
    if let Some(e) = extra {
        if !ids.contains(&e) {
            ids.push(e);
        }
    }
    fixpoint(state, board, reps, &ids)
}

/// `produce_table` for the lands on the battlefield only: all that a "could produce"
/// reference reads (`raw_mana` looks only at lands), and the same for them, since what a land
/// could produce depends only on what lands could produce.
pub(crate) fn land_table(state: &GameState, board: &Board, reps: &[ActiveReplacement]) -> ProduceTable {
    let ids: Vec<ObjectId> = state
        .battlefield_ids()
        .into_iter()
        .filter(|id| board.get(id).is_some_and(|c| c.is(CardType::Land)))
        .collect();
    fixpoint(state, board, reps, &ids)
}

fn fixpoint(state: &GameState, board: &Board, reps: &[ActiveReplacement], ids: &[ObjectId]) -> ProduceTable {
    let field: Field = state
        .zone_objects(ZoneKind::Battlefield, None)
        .into_iter()
        .map(|o| (o.id, o.controller, board.get(&o.id).is_some_and(|c| c.is(CardType::Land))))
        .collect();
    // Indexed like `ids`: every set starts empty and only grows.
    let mut table: Vec<Types> = vec![Types::default(); ids.len()];
    let mut memo = Memo::new();
    let nodes: Vec<Node> = ids.iter().map(|id| node(state, board, reps, &field, ids, &mut memo, *id)).collect();
    // Each round either adds a type somewhere or stops: at most 6 * nodes + 1 rounds.
    let max_rounds = nodes.len().saturating_mul(6).saturating_add(1);
    for _ in 0..max_rounds {
        let mut changed = false;
        for (i, n) in nodes.iter().enumerate() {
            let mut v = n.known;
            for r in &n.references {
                let set = r.lands.iter().fold(0u8, |m, l| m | table.get(*l).map_or(0, |t| t.0));
                for t in Types(set).iter() {
                    if !r.colors_only || t.is_color() {
                        v.0 |= possible_single(&mut memo, reps, &r.ctx, t).0;
                    }
                }
            }
            if let Some(slot) = table.get_mut(i) {
                if *slot != v {
                    *slot = v;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    ids.iter().zip(table).map(|(id, t)| (*id, t.to_set())).collect()
}

/// The reference implementation `produce_table` follows (kept for the tests that compare).
#[cfg(test)]
pub(crate) fn produce_table_naive(
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
    let board = board_of(state);
    let reps = replacement::active(state, &board);
    produce_table(state, &board, &reps, Some(permanent))
        .remove(&permanent)
        .unwrap_or_default()
}
