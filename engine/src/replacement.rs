//! Replacement effects (CR 614): on mana production (CR 106.12b, 614.1a, 616.1), on where a
//! moving object goes (CR 614.1a: "instead"), on the damage a creature deals (CR 614.1a,
//! 614.5: `damage_dealt`), on gaining life and on drawing a card, where a modified event may
//! become subject to another effect (CR 614.11, 616.2: `gain_life`, `draw`), and regeneration
//! (CR 614.8, 701.19).
//!
//! The player producing the mana orders the applicable effects (`replacement_order`); after
//! each one is applied, the remaining ones are checked again (CR 616.1e) and each applies at
//! most once to the event (CR 614.5). For "could produce" (CR 106.7), every order is explored.

use std::collections::BTreeSet;

use crate::abilities::{ManaReplacement, ManaReplacementResult, ManaReplacementScope};
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::mana::{ManaPool, ManaType};
use crate::state::{GameState, ZoneKind};

/// A mana replacement effect from a permanent's static ability.
#[derive(Clone, Debug, PartialEq)]
pub struct ActiveReplacement {
    pub source: ObjectId,
    pub controller: PlayerId,
    pub timestamp: u64,
    pub def: ManaReplacement,
}

/// The production event being modified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProductionContext {
    /// A mana ability with {T} in its cost (CR 106.12).
    pub tapped_for_mana: bool,
    /// The permanent tapped is a land.
    pub source_is_land: bool,
    /// The player who activated the ability.
    pub producer: PlayerId,
}

/// Mana replacement effects of the permanents on the battlefield, in timestamp order.
pub fn active(state: &GameState, board: &Board) -> Vec<ActiveReplacement> {
    let mut v = Vec::new();
    for obj in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&obj.id) else { continue };
        for (st, ts) in ch.statics() {
            if let crate::abilities::StaticAbility::ManaReplacement(def) = st {
                v.push(ActiveReplacement {
                    source: obj.id,
                    controller: obj.controller,
                    timestamp: ts,
                    def: def.clone(),
                });
            }
        }
    }
    v.sort_by_key(|r| (r.timestamp, r.source));
    v
}

pub fn applies(r: &ActiveReplacement, ctx: &ProductionContext) -> bool {
    match r.def.scope {
        ManaReplacementScope::YouTapPermanent => ctx.tapped_for_mana && ctx.producer == r.controller,
        ManaReplacementScope::LandTapped => ctx.tapped_for_mana && ctx.source_is_land,
    }
}

fn apply_one(result: &ManaReplacementResult, pool: &ManaPool) -> ManaPool {
    match result {
        ManaReplacementResult::Multiply(k) => pool.times(*k),
        ManaReplacementResult::ReplaceAll(p) => p.clone(),
        ManaReplacementResult::ReplaceType(t) => {
            let mut p = ManaPool::default();
            p.add(*t, pool.total());
            p
        }
    }
}

/// Applies the effects to an actual production event in the order the producer chose; sources
/// not named in `order` follow in timestamp order.
pub fn apply_in_order(
    reps: &[ActiveReplacement],
    ctx: &ProductionContext,
    pool: ManaPool,
    order: &[ObjectId],
) -> ManaPool {
    let mut pool = pool;
    let mut used = vec![false; reps.len()];
    for _ in 0..reps.len() {
        if pool.is_empty() {
            break;
        }
        let candidates: Vec<usize> = (0..reps.len())
            .filter(|i| !used.get(*i).copied().unwrap_or(true))
            .filter(|i| reps.get(*i).is_some_and(|r| applies(r, ctx)))
            .collect();
        let chosen = order
            .iter()
            .find_map(|src| {
                candidates
                    .iter()
                    .copied()
                    .find(|i| reps.get(*i).is_some_and(|r| r.source == *src))
            })
            .or_else(|| candidates.first().copied());
        let Some(i) = chosen else { break };
        if let (Some(r), Some(u)) = (reps.get(i), used.get_mut(i)) {
            pool = apply_one(&r.def.result, &pool);
            *u = true;
        }
    }
    pool
}

fn types_only(p: &ManaPool) -> ManaPool {
    let mut q = ManaPool::default();
    for t in p.types() {
        q.add(t, 1);
    }
    q
}

/// Every type the event could end up producing, over all orders of the applicable effects
/// (CR 106.7). Identical effects are interchangeable, so the search runs over how many of each
/// kind have been applied, which keeps it small even with many copies of one card.
pub fn possible_types(
    reps: &[ActiveReplacement],
    ctx: &ProductionContext,
    raw: &ManaPool,
) -> BTreeSet<ManaType> {
    if raw.is_empty() {
        return BTreeSet::new();
    }
    let mut kinds: Vec<(ManaReplacementResult, u32)> = Vec::new();
    for r in reps.iter().filter(|r| applies(r, ctx)) {
        match kinds.iter_mut().find(|(k, _)| *k == r.def.result) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => kinds.push((r.def.result.clone(), 1)),
        }
    }
    // Multiplying a nonempty amount by at least 1 keeps its types, so with only such effects
    // (or none) every order ends with the raw types: the search below would find just those.
    if kinds.iter().all(|(k, _)| matches!(k, ManaReplacementResult::Multiply(m) if *m >= 1)) {
        return raw.types();
    }
    let mut out = BTreeSet::new();
    let mut seen: BTreeSet<(Vec<u32>, ManaPool)> = BTreeSet::new();
    let mut todo: Vec<(Vec<u32>, ManaPool)> = vec![(vec![0; kinds.len()], types_only(raw))];
    while let Some((used, pool)) = todo.pop() {
        if !seen.insert((used.clone(), pool.clone())) {
            continue;
        }
        let mut terminal = true;
        for (i, (kind, count)) in kinds.iter().enumerate() {
            let u = used.get(i).copied().unwrap_or(0);
            if u < *count && !pool.is_empty() {
                terminal = false;
                let mut next = used.clone();
                if let Some(slot) = next.get_mut(i) {
                    *slot = u.saturating_add(1);
                }
                // Only the types matter here; keep one of each so repeated doubling stays finite.
                let p = types_only(&apply_one(kind, &pool));
                todo.push((next, p));
            }
        }
        if terminal {
            out.extend(pool.types());
        }
    }
    out
}

/// Where an object that would move to `to` goes after the replacement effects on that event
/// (CR 614.1a): the zone, whether to the top of a library, and whether its owner's library is
/// then shuffled (CR 701.24g). The affected object's controller orders
/// them (CR 616.1: `order` names sources, the others follow in timestamp order); after each
/// one applies the rest are checked again and may no longer apply (CR 616.1e-f: a card exiled
/// instead of going to the graveyard no longer "dies"). Each applies at most once (CR 614.5).
pub(crate) fn zone_change_destination(
    state: &GameState,
    board: &Board,
    id: ObjectId,
    to: ZoneKind,
    order: &[ObjectId],
) -> (ZoneKind, bool, bool) {
    use crate::abilities::StaticAbility;
    let Some(obj) = state.object(id) else { return (to, false, false) };
    let from = obj.zone;
    // CR 702.34a: "If the flashback cost was paid, exile this card instead of putting it
    // anywhere else any time it would leave the stack." (Whatever else applies first, this one
    // applies last and the card ends in exile.)
    if from == ZoneKind::Stack && obj.cast_with_flashback && to != ZoneKind::Exile {
        return (ZoneKind::Exile, false, false);
    }
    // (source, timestamp, what it does)
    let mut reps: Vec<(ObjectId, u64, StaticAbility)> = Vec::new();
    for o in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, ts) in ch.statics() {
            match st {
                StaticAbility::GraveyardToExile => reps.push((o.id, ts, st.clone())),
                StaticAbility::DiesToLibraryTop if o.id == id => reps.push((o.id, ts, st.clone())),
                StaticAbility::YourCardsToGraveyardExiled if obj.owner == o.controller && !obj.is_token => {
                    reps.push((o.id, ts, st.clone()))
                }
                _ => {}
            }
        }
    }
    // CR 113.6b: "from anywhere" — the object's own ability, in whatever zone it is.
    if let Some(ch) = board.get(&id) {
        for (st, ts) in ch.statics() {
            if *st == StaticAbility::ToGraveyardShuffledIntoLibrary {
                reps.push((id, ts, st.clone()));
            }
        }
    }
    if reps.is_empty() {
        return (to, false, false);
    }
    reps.sort_by_key(|(src, ts, _)| (*ts, *src));
    let is_creature = board.get(&id).is_some_and(|c| c.is(crate::types::CardType::Creature));
    let (mut dest, mut top, mut shuffle) = (to, false, false);
    let mut used = vec![false; reps.len()];
    loop {
        let applies = |st: &StaticAbility| match st {
            StaticAbility::GraveyardToExile
            | StaticAbility::YourCardsToGraveyardExiled
            | StaticAbility::ToGraveyardShuffledIntoLibrary => dest == ZoneKind::Graveyard,
            // CR 700.4: dying is going from the battlefield to a graveyard as a creature.
            StaticAbility::DiesToLibraryTop => {
                dest == ZoneKind::Graveyard && from == ZoneKind::Battlefield && is_creature
            }
            _ => false,
        };
        let candidates: Vec<usize> = (0..reps.len())
            .filter(|i| !used.get(*i).copied().unwrap_or(true))
            .filter(|i| reps.get(*i).is_some_and(|(_, _, st)| applies(st)))
            .collect();
        let chosen = order
            .iter()
            .find_map(|src| candidates.iter().copied().find(|i| reps.get(*i).is_some_and(|r| r.0 == *src)))
            .or_else(|| candidates.first().copied());
        let Some(i) = chosen else { break };
        if let Some(u) = used.get_mut(i) {
            *u = true;
        }
        match reps.get(i).map(|r| &r.2) {
            Some(StaticAbility::GraveyardToExile | StaticAbility::YourCardsToGraveyardExiled) => {
                (dest, top, shuffle) = (ZoneKind::Exile, false, false)
            }
            Some(StaticAbility::DiesToLibraryTop) => (dest, top, shuffle) = (ZoneKind::Library, true, false),
            Some(StaticAbility::ToGraveyardShuffledIntoLibrary) => (dest, top, shuffle) = (ZoneKind::Library, false, true),
            _ => {}
        }
    }
    (dest, top, shuffle)
}

/// CR 614.1c, 616.1f: "[Creatures] you control enter as a copy of this [permanent]": the copiable
/// values (CR 707.2) of the first such permanent `controller` controls, for an object with
/// characteristics `ch` (a creature as it would enter) entering under their control. The copy
/// effect applies before the "enters" replacements of the text it will have (CR 616.1f
/// Example: Rusted Sentinel's "enters tapped" is gone).
pub(crate) fn enters_as_copy_of_other(
    state: &GameState,
    board: &Board,
    ch: &crate::layers::Characteristics,
    controller: PlayerId,
) -> Option<(crate::layers::CopiableValues, crate::layers::CopyOrigin)> {
    if !ch.is(crate::types::CardType::Creature) {
        return None;
    }
    let source = state.zone_objects(ZoneKind::Battlefield, Some(controller)).into_iter().find(|o| {
        board.get(&o.id).is_some_and(|c| {
            c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::CreaturesYouControlEnterAsCopyOfThis))
        })
    })?;
    let values = crate::layers::copiable_values(state, source.id)?;
    Some((values, crate::layers::CopyOrigin { original: source.id, exceptions: Vec::new() }))
}

/// CR 614.1a, 614.5: the damage `source` deals instead of `n` once the replacement effects on
/// the damage it would deal apply: each "if a creature you control would deal damage to a
/// permanent or player, it deals double that damage instead" whose controller controls the
/// source creature doubles it, once: the doubled damage is a modified event the same effect
/// doesn't replace again (two of them make 2 damage 8, not 4 and not unbounded: CR 614.5's
/// Example). They apply before prevention effects, one of the orders the affected player or
/// controller may choose (CR 616.1); the engine offers no other.
pub(crate) fn damage_dealt(state: &GameState, board: &Board, source: Option<ObjectId>, n: u32) -> u32 {
    use crate::abilities::StaticAbility;
    let Some(src) = source.and_then(|s| state.object(s)).filter(|o| o.on_battlefield()) else { return n };
    if !board.get(&src.id).is_some_and(|c| c.is(crate::types::CardType::Creature)) {
        return n;
    }
    let mut dealt = n;
    for o in state.zone_objects(ZoneKind::Battlefield, Some(src.controller)) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if matches!(st, StaticAbility::DoubleDamageFromCreaturesYouControl) {
                dealt = dealt.saturating_mul(2);
            }
        }
    }
    dealt
}

/// The first permanent `player` controls (in timestamp order) with the static ability `which`.
pub(crate) fn controlled_with(state: &GameState, board: &Board, player: PlayerId, which: &crate::abilities::StaticAbility) -> Option<ObjectId> {
    state
        .zone_objects(ZoneKind::Battlefield, Some(player))
        .iter()
        .find(|o| board.get(&o.id).is_some_and(|c| c.statics().any(|(st, _)| st == which)))
        .map(|o| o.id)
}

/// `n` doubled once for each instance of `which` among the permanents `player` controls: each
/// "twice that many instead" applies once to the event (CR 614.5), so two of them make four
/// times as many. Saturating.
fn doubled_by_each(state: &GameState, board: &Board, player: PlayerId, which: &crate::abilities::StaticAbility, n: u32) -> u32 {
    let instances: usize = state
        .zone_objects(ZoneKind::Battlefield, Some(player))
        .iter()
        .filter_map(|o| board.get(&o.id))
        .map(|c| c.statics().filter(|(st, _)| *st == which).count())
        .sum();
    (0..instances).fold(n, |n, _| n.saturating_mul(2))
}

/// The most draws one life-gain event becomes (a bound for absurd amounts, as for the draws of
/// one effect).
const MAX_DRAWS_FOR_LIFE: u32 = 1000;

/// CR 119.3, 614.1a, 616.2: `player` would gain `n` life. With "if you would gain life, draw
/// that many cards instead" the event becomes `n` draws (each one a draw that draw replacements
/// may modify, CR 616.2, and that effect doesn't apply to them again, CR 614.5: one such effect
/// replaces the event, the others no longer apply to it); otherwise the player gains the life.
/// `answers` carry the choices the draws' replacements ask for (`draw`).
pub(crate) fn gain_life(
    state: &mut GameState,
    player: PlayerId,
    n: u32,
    answers: &crate::actions::Answers,
    ev: &mut Vec<crate::events::Event>,
) -> Result<(), crate::rejection::Rejection> {
    if n == 0 {
        return Ok(());
    }
    let board = crate::layers::board_of(state);
    // CR 614.1a, 614.5: each "you gain twice that much life instead" the player controls
    // doubles the event once (two of them: four times, Boon Reflection's ruling). They apply
    // before "draw that many cards instead", one of the orders the player may choose
    // (CR 616.1); the engine offers no other.
    let n = doubled_by_each(state, &board, player, &crate::abilities::StaticAbility::GainTwiceThatMuchLifeInstead, n);
    if controlled_with(state, &board, player, &crate::abilities::StaticAbility::GainLifeDrawsInstead).is_some() {
        for _ in 0..n.min(MAX_DRAWS_FOR_LIFE) {
            draw(state, player, answers, ev)?;
        }
        return Ok(());
    }
    crate::damage::gain_life_unreplaced(state, player, n, ev);
    Ok(())
}

/// CR 121.2, 614.11: `player` would draw a card. "If you would draw a card, return a card from
/// your graveyard to your hand instead. If you can't, you lose the game": the player chooses one
/// of their graveyard's cards (`Answers::returned`, needed when there are several), or with none
/// there loses the game (CR 104.3e). It applies even with an empty library (CR 614.11). Without
/// such an effect, the card is drawn.
pub(crate) fn draw(
    state: &mut GameState,
    player: PlayerId,
    answers: &crate::actions::Answers,
    ev: &mut Vec<crate::events::Event>,
) -> Result<(), crate::rejection::Rejection> {
    use crate::rejection::Rejection;
    let board = crate::layers::board_of(state);
    // CR 614.10: "you may skip that draw instead": skipped, the draw doesn't happen at all
    // (even with an empty library, CR 614.11), and no other replacement applies to it.
    if answers.may == Some(true)
        && controlled_with(state, &board, player, &crate::abilities::StaticAbility::MaySkipDraw).is_some()
    {
        return Ok(());
    }
    if controlled_with(state, &board, player, &crate::abilities::StaticAbility::DrawReturnsFromGraveyardInstead).is_none() {
        crate::zones::draw(state, player, ev);
        return Ok(());
    }
    let graveyard: Vec<ObjectId> = state.zone_objects(ZoneKind::Graveyard, Some(player)).iter().map(|o| o.id).collect();
    let chosen = match graveyard.as_slice() {
        [] => None,
        [only] => Some(*only),
        _ => Some(
            answers
                .returned
                .iter()
                .copied()
                .find(|id| graveyard.contains(id))
                .ok_or_else(|| Rejection::MissingChoice("a card to return from the graveyard instead of drawing".into()))?,
        ),
    };
    match chosen {
        Some(id) => {
            crate::zones::move_to(state, id, ZoneKind::Hand, None, ev);
        }
        None => crate::game_loss::lose(state, &board, &[player], ev)?,
    }
    Ok(())
}

/// CR 614.1a, 614.5, 616.1g: how many tokens an effect creates under `controller`'s control when
/// it would create `n`: each "creates twice that many of those tokens instead" of a permanent
/// that player controls applies once to the creation event (two of them, four times as many),
/// before anything replaces the tokens' entering. Saturating; the effect caps what it creates.
pub(crate) fn tokens_created(state: &GameState, board: &Board, controller: PlayerId, n: u32) -> u32 {
    doubled_by_each(state, board, controller, &crate::abilities::StaticAbility::TokensCreatedDoubled, n)
}

/// Whether a permanent with "Lands can't enter the battlefield" is on the battlefield (CR 608.3e).
pub(crate) fn lands_cant_enter(state: &GameState, board: &Board) -> bool {
    state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
        board
            .get(&o.id)
            .is_some_and(|c| c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::LandsCantEnter)))
    })
}

/// CR 614.1c, 614.12: whether a permanent of another player's ("[types] your opponents control
/// enter tapped") makes the permanent `id` (with characteristics `ch` as it will be on the
/// battlefield) enter tapped. It enters tapped: it never "becomes tapped" (CR 603.2e).
pub(crate) fn enters_tapped_by_others(state: &GameState, id: ObjectId, ch: &crate::layers::Characteristics) -> bool {
    let Some(controller) = state.object(id).map(|o| o.controller) else { return false };
    let board = crate::layers::board_of(state);
    state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
        o.id != id
            && o.controller != controller
            && board.get(&o.id).is_some_and(|c| {
                c.statics().any(|(st, _)| match st {
                    crate::abilities::StaticAbility::OpponentsPermanentsEnterTapped(types) => types.iter().any(|t| ch.is(*t)),
                    _ => false,
                })
            })
    })
}

/// CR 701.19a, 614.8: "regenerate [a permanent]" creates a shield; the next time it would be
/// destroyed this turn, instead it is tapped, all damage is removed from it, and it is removed
/// from combat. `Some(true)`: a shield was used and the permanent stays.
pub(crate) fn regenerate_instead(state: &mut GameState, id: ObjectId, ev: &mut Vec<crate::events::Event>) -> bool {
    let Some(i) = state.regeneration_shields.iter().position(|s| *s == id) else { return false };
    state.regeneration_shields.remove(i);
    if let Some(o) = state.object_mut(id) {
        o.damage = 0;
    }
    crate::zones::tap(state, id, ev);
    state.combat.attackers.retain(|a| *a != id);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rep(source: u32, controller: u8, result: ManaReplacementResult, scope: ManaReplacementScope) -> ActiveReplacement {
        ActiveReplacement {
            source: ObjectId(source),
            controller: PlayerId(controller),
            timestamp: u64::from(source),
            def: ManaReplacement { scope, result },
        }
    }

    fn tapped_land(p: u8) -> ProductionContext {
        ProductionContext { tapped_for_mana: true, source_is_land: true, producer: PlayerId(p) }
    }

    #[test]
    fn doubling_twice_is_four_times() {
        let r = ManaReplacementResult::Multiply(2);
        let reps = vec![
            rep(1, 0, r.clone(), ManaReplacementScope::YouTapPermanent),
            rep(2, 0, r, ManaReplacementScope::YouTapPermanent),
        ];
        let out = apply_in_order(&reps, &tapped_land(0), ManaPool::parse("{G}").unwrap(), &[]);
        assert_eq!(out.to_symbols(), "{G}{G}{G}{G}");
        // Not the controller of the Reflections: no doubling.
        let out = apply_in_order(&reps, &tapped_land(1), ManaPool::parse("{G}").unwrap(), &[]);
        assert_eq!(out.to_symbols(), "{G}");
    }

    #[test]
    fn order_matters_and_all_orders_are_possible() {
        let black = rep(1, 1, ManaReplacementResult::ReplaceAll(ManaPool::parse("{B}").unwrap()), ManaReplacementScope::LandTapped);
        let colorless = rep(2, 1, ManaReplacementResult::ReplaceType(ManaType::Colorless), ManaReplacementScope::LandTapped);
        let double = rep(3, 0, ManaReplacementResult::Multiply(2), ManaReplacementScope::YouTapPermanent);
        let reps = vec![black, colorless, double];
        let raw = ManaPool::parse("{C}{C}").unwrap();
        let ctx = tapped_land(0);
        // Timestamp order: {B}, then {C}, then doubled.
        assert_eq!(apply_in_order(&reps, &ctx, raw.clone(), &[]).to_symbols(), "{C}{C}");
        // Colorless first, double, then black last: one {B}.
        let o = [ObjectId(2), ObjectId(3), ObjectId(1)];
        assert_eq!(apply_in_order(&reps, &ctx, raw.clone(), &o).to_symbols(), "{B}");
        let all = possible_types(&reps, &ctx, &raw);
        assert_eq!(all, [ManaType::Black, ManaType::Colorless].into_iter().collect());
        assert!(possible_types(&reps, &ctx, &ManaPool::default()).is_empty());
    }
}
