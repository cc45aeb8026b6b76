//! An independent reading of CR 106.7, for a second opinion on `could_produce`:
//!
//! > The type of mana a permanent could produce at any time includes any type of mana that an
//! > ability of that permanent would produce if the ability were to resolve at that time, taking
//! > into account any applicable replacement effects in any possible order. Ignore whether any
//! > costs of the ability could or could not be paid. If that permanent wouldn't produce any
//! > mana under these conditions, or no type of mana can be defined this way, there's no type of
//! > mana it could produce.
//!
//! Written from that text over the permanents' characteristics (their mana abilities and their
//! mana replacement effects as the card definitions state them), sharing no code with the
//! engine's fixpoint (`mtg_engine::could_produce`), its replacement-effect code
//! (`mtg_engine::replacement`) or its resolution of mana abilities. Where the engine iterates a
//! least fixpoint over all permanents, this is a brute force: each ability's every choice is
//! resolved in the mind, every permutation of the applicable replacement effects applied in
//! turn, and a reference to what another land "could produce" is answered by asking the same
//! question of that land — with the permanents already being asked on the way contributing
//! nothing (the CR 106.7 example and the Reflecting Pool rulings: two Reflecting Pools don't
//! help each other).
//!
//! The brute force is exponential in the worst case, so it declines (returns `None`) boards
//! with more than [`MAX_REFERRERS`] permanents whose abilities refer to other lands or more than
//! [`MAX_REPLACEMENTS`] applicable replacement effects.

use std::collections::{BTreeMap, BTreeSet};

use mtg_engine::abilities::{Effect, ManaReplacementResult, ManaReplacementScope, ManaSpec, Relation, StaticAbility};
use mtg_engine::layers::Board;
use mtg_engine::types::CardType;
use mtg_engine::{GameState, ManaType, ObjectId, PlayerId, ZoneKind};

/// At most this many permanents with "could produce" references on a board the oracle answers.
pub const MAX_REFERRERS: usize = 10;
/// At most this many mana replacement effects on a board the oracle answers.
pub const MAX_REPLACEMENTS: usize = 6;

/// Amounts of each of the six types, in `ManaType::ALL` order.
type Amounts = [u64; 6];

fn index(t: ManaType) -> usize {
    ManaType::ALL.iter().position(|u| *u == t).unwrap_or(0)
}

/// A replacement effect as its card states it: whose tapping it watches and what it does.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Replacement {
    controller: PlayerId,
    scope: ManaReplacementScope,
    result: ManaReplacementResult,
}

/// One mana ability's production: whether its cost taps the permanent ("tapped for mana",
/// CR 106.12), whether the permanent is a land, and who would produce the mana.
#[derive(Clone, Copy, Debug)]
struct Event {
    tapped: bool,
    land: bool,
    producer: PlayerId,
}

struct Oracle<'a> {
    state: &'a GameState,
    board: &'a Board,
    replacements: Vec<Replacement>,
    memo: BTreeMap<(ObjectId, Vec<ObjectId>), BTreeSet<ManaType>>,
}

/// Whether `o` is a permanent the question can see: on the battlefield and not phased out (CR
/// 702.26b: a phased-out permanent is treated as though it doesn't exist).
fn in_play(o: &mtg_engine::state::Object) -> bool {
    o.zone == ZoneKind::Battlefield && o.phased_out.is_none()
}

/// What `permanent` could produce by CR 106.7, or `None` when the board is too large for the
/// brute force.
pub fn could_produce(state: &GameState, board: &Board, permanent: ObjectId) -> Option<BTreeSet<ManaType>> {
    let mut replacements = Vec::new();
    let mut referrers = 0;
    for o in state.objects.values().filter(|o| in_play(o)) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (s, _) in ch.statics() {
            if let StaticAbility::ManaReplacement(r) = s {
                replacements.push(Replacement { controller: o.controller, scope: r.scope, result: r.result.clone() });
            }
        }
        let refers = ch.activated().iter().any(|a| {
            let mut specs = Vec::new();
            specs_of(&a.effect, &mut specs);
            specs.iter().any(|s| matches!(s, ManaSpec::CouldProduce { .. }))
        });
        referrers += usize::from(refers);
    }
    if referrers > MAX_REFERRERS || replacements.len() > MAX_REPLACEMENTS {
        return None;
    }
    let mut o = Oracle { state, board, replacements, memo: BTreeMap::new() };
    Some(o.ask(permanent, &mut Vec::new()))
}

/// The mana specs an effect adds mana by (a spending restriction doesn't change the type,
/// CR 106.6; a sequence adds each).
fn specs_of(effect: &Effect, out: &mut Vec<ManaSpec>) {
    match effect {
        Effect::AddMana(s) | Effect::AddRestrictedMana { spec: s, .. } => out.push(s.clone()),
        Effect::Sequence(v) => v.iter().for_each(|e| specs_of(e, out)),
        _ => {}
    }
}

impl Oracle<'_> {
    /// What `id` could produce while the permanents in `asking` are being asked (they
    /// contribute nothing to their own answer).
    fn ask(&mut self, id: ObjectId, asking: &mut Vec<ObjectId>) -> BTreeSet<ManaType> {
        let key = {
            let mut a = asking.clone();
            a.sort();
            (id, a)
        };
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let mut out = BTreeSet::new();
        let (Some(obj), Some(ch)) = (self.state.object(id), self.board.get(&id)) else { return out };
        let land = ch.is(CardType::Land);
        let controller = obj.controller;
        let abilities: Vec<_> = ch.activated().into_iter().filter(|a| a.is_mana_ability()).cloned().collect();
        asking.push(id);
        for ab in &abilities {
            let event = Event { tapped: ab.cost.tap, land, producer: controller };
            let mut specs = Vec::new();
            specs_of(&ab.effect, &mut specs);
            for spec in specs {
                for raw in self.raw_choices(&spec, controller, id, asking) {
                    out.extend(self.after_replacements(event, raw));
                }
            }
        }
        asking.pop();
        self.memo.insert(key, out.clone());
        out
    }

    /// Every amount the spec could add before replacement effects, one per choice.
    fn raw_choices(&mut self, spec: &ManaSpec, controller: PlayerId, source: ObjectId, asking: &mut Vec<ObjectId>) -> Vec<Amounts> {
        let one = |t: ManaType| {
            let mut a = [0u64; 6];
            a[index(t)] = 1;
            a
        };
        match spec {
            ManaSpec::Fixed(pool) => {
                let mut a = [0u64; 6];
                for t in ManaType::ALL {
                    a[index(t)] = u64::from(pool.amount(t));
                }
                vec![a]
            }
            ManaSpec::AnyColor => [ManaType::White, ManaType::Blue, ManaType::Black, ManaType::Red, ManaType::Green].map(one).to_vec(),
            ManaSpec::OneOf(types) => types.iter().map(|t| one(*t)).collect(),
            ManaSpec::ForEachCreatureYouControl(t) => {
                let n = self
                    .state
                    .objects
                    .values()
                    .filter(|o| in_play(o) && o.controller == controller)
                    .filter(|o| self.board.get(&o.id).is_some_and(|c| c.is(CardType::Creature)))
                    .count();
                let mut a = [0u64; 6];
                a[index(*t)] = u64::try_from(n).unwrap_or(u64::MAX);
                vec![a]
            }
            ManaSpec::EqualToThisPower(t) => {
                // CR 107.1b: a power of 0 or less adds nothing.
                let power = self.board.get(&source).and_then(|c| c.power).unwrap_or(0);
                let mut a = [0u64; 6];
                a[index(*t)] = u64::try_from(power.max(0)).unwrap_or(0);
                vec![a]
            }
            // One mana of the color chosen for the source itself (CR 607.2a), none without one.
            ManaSpec::OneOfChosenColor => match self.state.object(source).and_then(|o| o.chosen_color) {
                Some(c) => vec![one(c.mana_type())],
                None => vec![[0u64; 6]],
            },
            ManaSpec::ColorOfPermanentYouControl => {
                let mut colors = BTreeSet::new();
                for o in self.state.objects.values().filter(|o| in_play(o) && o.controller == controller) {
                    if let Some(ch) = self.board.get(&o.id) {
                        colors.extend(ch.colors.iter().map(|c| c.mana_type()));
                    }
                }
                colors.into_iter().map(one).collect()
            }
            ManaSpec::CouldProduce { lands_of, colors_only } => {
                let lands: Vec<ObjectId> = self
                    .state
                    .objects
                    .values()
                    .filter(|o| in_play(o) && !asking.contains(&o.id))
                    .filter(|o| match lands_of {
                        Relation::You => o.controller == controller,
                        Relation::Opponent => o.controller != controller,
                        Relation::Any => true,
                    })
                    .filter(|o| self.board.get(&o.id).is_some_and(|c| c.is(CardType::Land)))
                    .map(|o| o.id)
                    .collect();
                let mut types = BTreeSet::new();
                for l in lands {
                    types.extend(self.ask(l, asking));
                }
                types.into_iter().filter(|t| !*colors_only || *t != ManaType::Colorless).map(one).collect()
            }
        }
    }

    /// The types `raw` comes out as, over every order of the replacement effects that apply
    /// to the event (each applies once, CR 614.5, 616.1).
    fn after_replacements(&self, event: Event, raw: Amounts) -> BTreeSet<ManaType> {
        let applicable: Vec<&Replacement> = self
            .replacements
            .iter()
            .filter(|r| match r.scope {
                ManaReplacementScope::YouTapPermanent => event.tapped && event.producer == r.controller,
                ManaReplacementScope::LandTapped => event.tapped && event.land,
            })
            .collect();
        let mut out = BTreeSet::new();
        let mut order: Vec<usize> = (0..applicable.len()).collect();
        permutations(&mut order, 0, &mut |perm| {
            let mut a = raw;
            for i in perm {
                if a.iter().all(|n| *n == 0) {
                    break;
                }
                a = replace(&applicable[*i].result, a);
            }
            for (t, n) in ManaType::ALL.iter().zip(a) {
                if n > 0 {
                    out.insert(*t);
                }
            }
        });
        out
    }
}

/// What one replacement effect does to an amount of mana, as its card says.
fn replace(result: &ManaReplacementResult, a: Amounts) -> Amounts {
    match result {
        ManaReplacementResult::Multiply(k) => a.map(|n| n.saturating_mul(u64::from(*k))),
        ManaReplacementResult::ReplaceAll(pool) => {
            let mut b = [0u64; 6];
            for t in ManaType::ALL {
                b[index(t)] = u64::from(pool.amount(t));
            }
            b
        }
        ManaReplacementResult::ReplaceType(t) => {
            let mut b = [0u64; 6];
            b[index(*t)] = a.iter().sum();
            b
        }
    }
}

/// Calls `f` with every permutation of `v[k..]` after `v[..k]` (Heap-free, by swapping).
fn permutations(v: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k >= v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_all_orders() {
        let mut seen = BTreeSet::new();
        permutations(&mut vec![0, 1, 2], 0, &mut |p| {
            seen.insert(p.to_vec());
        });
        assert_eq!(seen.len(), 6);
    }

    #[test]
    fn replacing_the_type_keeps_the_amount_and_multiplying_keeps_the_type() {
        let mut a = [0u64; 6];
        a[index(ManaType::Green)] = 2;
        let b = replace(&ManaReplacementResult::ReplaceType(ManaType::Black), a);
        assert_eq!(b[index(ManaType::Black)], 2);
        assert_eq!(replace(&ManaReplacementResult::Multiply(3), a)[index(ManaType::Green)], 6);
    }
}
