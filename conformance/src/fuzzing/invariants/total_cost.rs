//! A cast spends exactly the spell's total cost (CR 601.2f-h): its mana cost with the value
//! announced for X, plus the cost increases ("noncreature spells cost {N} more", anyone's),
//! minus the reductions ("[color] spells you cast cost {N} less", the spell's own "costs {N}
//! less for each creature you attacked with this turn", counting the attackers as declared, CR
//! 608.2i), generic mana only and never below zero; the total is locked in before it is paid
//! (CR 601.2h Example: sacrificing Thunderscape Familiar as part of the cost still reduces it).
//! A kicked spell's total cost includes its kicker cost, a cost increase added before the
//! reductions (CR 702.33a, 601.2f), and so do the splice costs of the cards spliced onto it
//! (CR 702.47a), and so does the cost paid instead of revealing a card ("reveal a Merfolk card
//! from your hand or pay {3}", CR 601.2f) when none is revealed. A card cast from its
//! graveyard with flashback starts from its flashback cost instead of its mana cost (an
//! alternative cost, CR 118.9, 702.34a). Read here from the cards' abilities, kicker and
//! splice, apart from the engine's `casting`. Each creature tapped for convoke pays one mana
//! of it (CR 702.51a); a Phyrexian symbol may be paid with 2 life (CR 107.4f), or with the two
//! cards a replacement of the life payment exiles instead (Ashiok, Wicked Manipulator).
//!
//! Armed by every accepted cast of a spell with a mana cost.

use mtg_engine::abilities::{Ability, FlashbackCost, StaticAbility};
use mtg_engine::layers::Board;
use mtg_engine::mana::ManaCost;
use mtg_engine::types::CardType;
use mtg_engine::{Action, GameState, ObjectId, PlayerId, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

/// The generic mana the cost reductions take off `card`'s cost for `player` now (before the
/// floor at zero): the "[color or type] spells you cast cost less" of their permanents and the spell's
/// own "for each creature you attacked with this turn".
pub(crate) fn reductions(state: &GameState, board: &Board, player: PlayerId, card: ObjectId) -> u32 {
    let Some(spell) = board.get(&card) else { return 0 };
    let mut less = 0u32;
    for o in state.zone_objects(ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if let StaticAbility::SpellsCostLess { colors, types, generic } = st {
                if colors.iter().any(|c| spell.colors.contains(c)) || types.iter().any(|t| spell.is(*t)) {
                    less = less.saturating_add(*generic);
                }
            }
        }
    }
    let attacked = u32::try_from(state.attacked_with.iter().filter(|(p, _)| *p == player).count()).unwrap_or(u32::MAX);
    for (st, _) in spell.statics() {
        if let StaticAbility::CostsLessForEachCreatureYouAttackedWith { generic } = st {
            less = less.saturating_add(generic.saturating_mul(attacked));
        }
    }
    less
}

/// The total cost's mana value of casting `card` with `x` for `player` now, if it has a mana
/// cost; `kicked`: with those of its kicker costs added; `additional`: with these other
/// additional costs added (`additional_costs`).
fn total_cost(state: &GameState, board: &Board, player: PlayerId, card: ObjectId, x: u32, kicked: &[usize], additional: &[ManaCost]) -> Option<u32> {
    let spell = board.get(&card)?;
    // CR 702.34a, 118.9: a card cast from its owner's graveyard is cast with flashback, its
    // flashback cost paid instead of its mana cost.
    let from_graveyard = state.object(card).is_some_and(|o| o.zone == ZoneKind::Graveyard);
    let printed = if from_graveyard { flashback_cost(spell)? } else { spell.mana_cost.as_ref()?.clone() };
    let kickers = state.object(card).and_then(|o| o.def.def()).map(|d| d.kickers.clone()).unwrap_or_default();
    let cost = kicked.iter().filter_map(|k| kickers.get(*k)).fold(printed, |c, k| c.plus(k));
    let cost = &additional.iter().fold(cost, |c, a| c.plus(a));
    let mut generic = cost.generic;
    if !spell.is(CardType::Creature) {
        for o in state.zone_objects(ZoneKind::Battlefield, None) {
            let Some(ch) = board.get(&o.id) else { continue };
            for (st, _) in ch.statics() {
                if let StaticAbility::NoncreatureSpellsCostMore { generic: more } = st {
                    generic = generic.saturating_add(*more);
                }
            }
        }
    }
    generic = generic.saturating_sub(reductions(state, board, player, card));
    // Each colored, hybrid and Phyrexian symbol is one mana (CR 202.3f-g), unless a Phyrexian
    // one is paid with 2 life instead (CR 107.4f), which `check` counts from the life paid.
    let symbols = cost.colored.len().saturating_add(cost.hybrid.len()).saturating_add(cost.phyrexian.len());
    let colored = u32::try_from(symbols).unwrap_or(u32::MAX);
    Some(generic.saturating_add(colored).saturating_add(cost.x.saturating_mul(x)))
}

/// A flashback cost as the card states it ("Flashback {3}{R}") or as the effect that granted it
/// does ("equal to its mana cost", none for a card without one, CR 118.6); the first of several.
fn flashback_cost(spell: &mtg_engine::layers::Characteristics) -> Option<ManaCost> {
    spell.abilities.iter().find_map(|a| match &*a.ability {
        Ability::Flashback(FlashbackCost::Mana(m)) => Some(Some(m.clone())),
        Ability::Flashback(FlashbackCost::ItsManaCost) => Some((*spell.mana_cost).clone()),
        _ => None,
    })?
}

/// The splice costs of the cards spliced onto `card` (CR 702.47a) and, with no card revealed
/// for its "reveal a [subtype] card from your hand or pay [cost]", that cost (CR 601.2f); and
/// its optional additional cost if `paid` ("you may waterbend {6}"), or a mandatory one (CR
/// 601.2b).
fn additional_costs(state: &GameState, card: ObjectId, splice: &[ObjectId], reveal: &[ObjectId], paid: bool) -> Vec<ManaCost> {
    let def = |id: ObjectId| state.object(id).and_then(|o| o.def.def());
    let mut out: Vec<ManaCost> = splice.iter().filter_map(|id| def(*id).and_then(|d| d.splice.as_ref()).map(|s| s.cost.clone())).collect();
    if reveal.is_empty() {
        out.extend(def(card).and_then(|d| d.additional_reveal.as_ref()).and_then(|r| r.or_pay.clone()));
    }
    out.extend(def(card).and_then(|d| d.additional_cost.as_ref()).filter(|a| paid || !a.optional).map(|a| a.mana.clone()));
    out
}

/// How many Phyrexian symbols `card`'s mana cost has.
fn phyrexian_symbols(board: &Board, card: ObjectId) -> u32 {
    let n = board.get(&card).and_then(|c| c.mana_cost.as_ref()).map(|m| m.phyrexian.len()).unwrap_or(0);
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub(super) fn check<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let (Ok(_), Action::CastSpell { player, card, x, kicked, splice, costs, .. }) = (t.outcome, t.action) else { return Ok(false) };
    let (b, a) = (t.before.state(), t.after.state());
    let additional = additional_costs(b, *card, splice, &costs.reveal, costs.additional_cost);
    let Some(total) = total_cost(b, t.before_board, *player, *card, x.unwrap_or(0), kicked, &additional) else { return Ok(false) };
    let pool = |s: &GameState| s.player(*player).map(|p| p.mana_pool.total()).unwrap_or(0);
    let spent = pool(b).saturating_sub(pool(a));
    // CR 107.4f: a Phyrexian symbol paid with 2 life instead of mana; casting pays no other life.
    // A replacement may exile cards from the top of the caster's library instead of the life
    // paid (Ashiok, Wicked Manipulator: "exile that many cards ... instead"), one card a life.
    let life = |s: &GameState| s.player(*player).map(|p| i64::from(p.life)).unwrap_or(0);
    let count = |s: &GameState, zone| i64::try_from(s.zone_objects(zone, Some(*player)).len()).unwrap_or(0);
    let library_to_exile = (count(b, ZoneKind::Library) - count(a, ZoneKind::Library))
        .min(count(a, ZoneKind::Exile) - count(b, ZoneKind::Exile))
        .max(0);
    let life_paid = (life(b) - life(a)).max(0) + library_to_exile;
    let by_life = u32::try_from(life_paid / 2).unwrap_or(u32::MAX).min(phyrexian_symbols(t.before_board, *card));
    // CR 702.51a, 701.67a: each permanent tapped for convoke or waterbend pays one mana of the
    // total cost instead.
    let tapped = u32::try_from(costs.convoke.len().saturating_add(costs.waterbend.len())).unwrap_or(u32::MAX);
    if spent.saturating_add(by_life).saturating_add(tapped) != total || pool(a) > pool(b) {
        return Err(Broken::new(
            Invariant::TotalCostPaid,
            format!("casting {card:?} spent {spent} mana from the pool; its total cost is {total} (CR 601.2f-h)"),
        ));
    }
    Ok(true)
}
