//! Casting spells (CR 601): from the hand, or from the graveyard with flashback (CR 702.34a); sorcery timing unless an instant (CR 307.1, 117.1a);
//! announce X (CR 601.2b, 107.3a); choose targets (CR 601.2c), an Aura's from its enchant
//! ability (CR 303.4a, 702.5a); splice cards from the hand onto it (CR 702.47); pay the total
//! cost (CR 601.2f-h), with restricted mana only where its restriction allows (CR 106.6).

use crate::costs::{mana_payment, pay_mana};
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};

use crate::layers::{given_or_kept, Board};
use crate::abilities::{Ability, TargetSpec};
use crate::layers::Characteristics;
use crate::mana::{ManaCost, ManaPool, SpendPurpose};
use crate::rejection::Rejection;
use crate::state::{GameState, StackEntry, StackEntryKind, ZoneKind};
use crate::targets::{self, Target};
use crate::types::CardType;
use crate::zones;

/// The parameters of a cast (see `Action::CastSpell`).
pub(crate) struct Cast {
    pub player: PlayerId,
    pub card: ObjectId,
    pub x: Option<u32>,
    pub chosen_targets: Vec<Target>,
    pub payment: Option<ManaPool>,
    /// Permanents sacrificed for an additional cost (CR 601.2b, 601.2h).
    pub sacrifice: Vec<ObjectId>,
    /// The kicker costs paid, 0-based among the card's (CR 702.33a-b).
    pub kicked: Vec<usize>,
    /// A modal spell's chosen modes, 0-based (CR 700.2a).
    pub modes: Vec<usize>,
    /// The cards in the caster's hand spliced onto the spell, in the order of their effects
    /// (CR 702.47a-b).
    pub splice: Vec<ObjectId>,
    /// The permanents tapped rather than paying mana (CR 601.2h, 702.51a).
    pub costs: crate::actions::CastCosts,
}

/// What a checked cast needs to be carried out.
pub(crate) struct CastPlan {
    cost: ManaCost,
    x: u32,
    purpose: SpendPurpose,
    /// The chosen modes in printed order.
    modes: Vec<usize>,
    /// The kicker costs paid, in printed order.
    kicked: Vec<usize>,
    /// The definitions of the cards spliced onto the spell, in the order of their effects.
    spliced: Vec<crate::ids::DefId>,
    /// The cards revealed for the cost, which stay revealed while it is on the stack.
    revealed: Vec<ObjectId>,
    /// What the permanents tapped pay, and the rest paid with mana (CR 702.51a, 701.67a).
    taps: crate::tap_to_pay::Taps,
    /// Whether the spell's additional cost is paid (CR 601.2b).
    additional_paid: bool,
    /// Cast from the graveyard by paying its flashback cost (CR 702.34a).
    flashback: bool,
}

/// Whether `apply` accepts the cast (CR 601.2a-h), carrying nothing out: the card is in the
/// caster's hand (601.2a) and not a land (305.9); sorcery timing unless an instant (307.1,
/// 117.1a); it has a mana cost (118.6, 202.1b); X announced only for a cost with X (601.2b,
/// 107.3a); the chosen targets are legal (601.2c, 115); the pool pays the total cost, restricted
/// mana only where allowed (601.2h, 106.6). `board`: the characteristics now. Once this is
/// `Ok`, `cast` can't fail.
pub(crate) fn check_cast(state: &GameState, board: &Board, c: &Cast) -> Result<CastPlan, Rejection> {
    let Cast { player, card, x, chosen_targets, payment, sacrifice, kicked, modes, splice, costs } = c;
    let (player, card) = (*player, *card);
    let obj = state.object(card).ok_or(Rejection::NoSuchObject(card))?;
    let ch = board.get(&card).ok_or(Rejection::NoSuchObject(card))?;
    // CR 702.34a: from the graveyard only with flashback.
    let flashback = obj.zone == ZoneKind::Graveyard && obj.owner == player && flashback_cost(ch).is_some();
    if (obj.zone != ZoneKind::Hand || obj.owner != player) && !flashback {
        return Err(Rejection::WrongObject { object: card, reason: "not a card in your hand (or one with flashback in your graveyard)".into() });
    }
    if ch.is(CardType::Land) {
        // CR 305.9: a land can't be cast; it is played.
        return Err(Rejection::WrongObject { object: card, reason: "lands are played, not cast".into() });
    }
    // CR 702.8a: flash lets the card be cast any time an instant could be.
    let instant_speed = ch.is(CardType::Instant) || ch.has_keyword(crate::abilities::Keyword::Flash);
    if !instant_speed && (player != state.active || !state.step.is_main() || !state.stack.is_empty()) {
        return Err(Rejection::WrongTiming(
            "sorcery timing: your main phase with an empty stack (CR 307.1)".into(),
        ));
    }
    // CR 118.6 / 202.1b: a spell with no mana cost can't be cast by paying it; with flashback
    // the flashback cost is paid instead (an alternative cost, CR 118.9, 702.34a).
    let cost = if flashback { flashback_cost(ch).flatten() } else { (*ch.mana_cost).clone() }
        .ok_or_else(|| Rejection::CostUnpayable("the card has no mana cost".into()))?;
    let x = crate::activation::announced_x(cost.x, *x)?;
    // CR 601.3, 101.2: an effect that says a spell can't be cast wins over any permission; its
    // mana value includes the announced X (CR 202.3e), so an odd X may make it castable.
    forbidden_by_mana_value(state, board, player, cost.mana_value(x))?;
    // CR 601.2b, 702.33a: kicker is announced with the other additional costs; a spell
    // without kicker can't be kicked.
    let def = obj.def.def();
    let printed_kickers = def.map(|d| d.kickers.as_slice()).unwrap_or_default();
    let mut paid = kicked.clone();
    paid.sort_unstable();
    paid.dedup();
    if paid.len() != kicked.len() {
        return Err(Rejection::InvalidChoice("a kicker cost can be paid only once (CR 702.33a)".into()));
    }
    if paid.iter().any(|k| *k >= printed_kickers.len()) {
        return Err(Rejection::InvalidChoice(format!("this spell has {} kicker cost(s) (CR 702.33a)", printed_kickers.len())));
    }
    let modes = check_modes(def, !kicked.is_empty(), modes)?;
    let spliced = check_splice(state, player, card, ch, splice)?;
    // CR 601.2f: the total cost, locked in before any of it is paid (the permanent reducing it
    // may be sacrificed for the same spell, CR 601.2h Example): the mana cost plus the cost
    // increases (the kicker first, then the splice costs, additional costs too, CR 702.47a),
    // then the reductions.
    let cost = paid.iter().filter_map(|k| printed_kickers.get(*k)).fold(cost, |c, k| c.plus(k));
    // CR 601.2b, 601.2f: an optional additional cost is announced with the others and, paid,
    // added to the total cost (a mandatory one always is); a spell without one can't pay it.
    let additional = def.and_then(|d| d.additional_cost.as_ref());
    let additional_paid = match additional {
        Some(a) => costs.additional_cost || !a.optional,
        None if costs.additional_cost => {
            return Err(Rejection::InvalidChoice("this spell has no optional additional cost (CR 601.2b)".into()));
        }
        None => false,
    };
    let cost = match additional.filter(|_| additional_paid) {
        Some(a) => cost.plus(&a.mana),
        None => cost,
    };
    // CR 701.67b: the generic mana that tapping artifacts and creatures may pay.
    let waterbend_generic = additional.filter(|a| additional_paid && a.waterbend).map_or(0, |a| a.mana.generic);
    let cost = spliced.iter().filter_map(|d| d.def().and_then(|d| d.splice.as_ref())).fold(cost, |c, s| c.plus(&s.cost));
    let cost = match check_additional_reveal(state, board, player, card, def, &costs.reveal)? {
        Some(instead) => cost.plus(&instead),
        None => cost,
    };
    let cost = reduced_cost(state, board, player, ch, cost);
    check_additional_sacrifice(state, board, player, obj.def, sacrifice)?;
    // CR 702.47d, 702.47b: the spliced text's targets are chosen as the spell's own are, after
    // them; a card whose text's targets can't be chosen can't be spliced.
    let specs = cast_target_specs(Some(obj.def), ch, &modes, &spliced);
    // CR 702.16b: the spell is the source (a spell being cast has its card's characteristics).
    if !targets::check_all_from(state, board, &specs, chosen_targets, player, Some(card)) {
        return Err(Rejection::InvalidTarget(format!("the spell needs {} legal target(s)", specs.len())));
    }
    // CR 105.2b: the spell's colors decide what restricted mana may pay for it.
    let purpose = SpendPurpose::CastSpell { colors: ch.colors.len() };
    // CR 601.2h, 702.51a-b: permanents tapped rather than paying part of the total cost; the
    // rest is paid with mana.
    let taps = crate::tap_to_pay::plan(state, board, player, ch, &cost, x, waterbend_generic, costs)?;
    mana_payment(state, player, &taps.to_pay, taps.x, payment.as_ref(), purpose)?;
    Ok(CastPlan { cost, x, purpose, modes, kicked: paid, spliced, taps, revealed: costs.reveal.clone(), additional_paid, flashback })
}

/// CR 601.2b, 601.2f, 701.20a: "As an additional cost to cast this spell, reveal a [subtype]
/// card from your hand or pay [cost]": one card of that subtype in the caster's hand, never the
/// spell's own card (on the stack by now, CR 601.2a), whether or not it is revealed already
/// (CR 701.20c); or, revealing none, the cost paid instead, returned to be added to the total.
/// A spell without such a cost reveals nothing.
fn check_additional_reveal(
    state: &GameState,
    board: &Board,
    player: PlayerId,
    card: ObjectId,
    def: Option<&crate::cards::CardDef>,
    chosen: &[ObjectId],
) -> Result<Option<ManaCost>, Rejection> {
    let Some(wanted) = def.and_then(|d| d.additional_reveal.as_ref()) else {
        return if chosen.is_empty() { Ok(None) } else { Err(Rejection::InvalidChoice("this spell has no card to reveal for its cost".into())) };
    };
    match chosen {
        [] => wanted.or_pay.clone().map(Some).ok_or_else(|| Rejection::CostUnpayable(format!("the additional cost reveals a {} card (CR 601.2h)", wanted.subtype))),
        [one] => {
            let ok = *one != card
                && state.object(*one).is_some_and(|o| o.zone == ZoneKind::Hand && o.owner == player)
                && board.get(one).is_some_and(|c| c.subtypes.contains(&wanted.subtype));
            if ok {
                Ok(None)
            } else {
                Err(Rejection::CostUnpayable(format!("the card revealed must be another {} card in your hand (CR 701.20a)", wanted.subtype)))
            }
        }
        _ => Err(Rejection::CostUnpayable("the additional cost reveals one card".into())),
    }
}

/// CR 702.47a-b, 601.2b: the cards spliced onto the spell: each a card in the caster's hand
/// with "splice onto [subtype]", a subtype the spell has, spliced at most once; never the
/// spell's own card, which is on the stack as the cards to splice are revealed (Glacial Ray's
/// ruling of 2013-06-07). Their definitions, in the order given (their effects' order).
fn check_splice(state: &GameState, player: PlayerId, card: ObjectId, spell: &Characteristics, chosen: &[ObjectId]) -> Result<Vec<crate::ids::DefId>, Rejection> {
    let mut out = Vec::new();
    for (i, id) in chosen.iter().enumerate() {
        if *id == card {
            return Err(Rejection::InvalidChoice("a card can't be spliced onto itself: it is on the stack (CR 702.47a)".into()));
        }
        if chosen.get(..i).is_some_and(|earlier| earlier.contains(id)) {
            return Err(Rejection::InvalidChoice("a card can be spliced onto a spell only once (CR 702.47b)".into()));
        }
        let o = state.object(*id).ok_or(Rejection::NoSuchObject(*id))?;
        if o.zone != ZoneKind::Hand || o.owner != player {
            return Err(Rejection::InvalidChoice("only a card in your hand can be spliced (CR 702.47a)".into()));
        }
        let onto = o.def.def().and_then(|d| d.splice.as_ref()).map(|s| s.onto.as_str());
        if !onto.is_some_and(|q| spell.subtypes.iter().any(|s| s == q)) {
            return Err(Rejection::InvalidChoice("the card has no splice ability for a spell of this quality (CR 702.47a)".into()));
        }
        out.push(o.def);
    }
    Ok(out)
}

/// CR 702.34a: the flashback cost of a card with flashback whose spell would be an instant or
/// sorcery (`Some(None)`: "equal to its mana cost" and it has none, CR 118.6); `None` without
/// flashback. With several flashback abilities the first is used (printed before granted): the
/// format has no key for the choice.
pub(crate) fn flashback_cost(ch: &Characteristics) -> Option<Option<ManaCost>> {
    if !ch.is(CardType::Instant) && !ch.is(CardType::Sorcery) {
        return None;
    }
    ch.abilities.iter().find_map(|a| match &*a.ability {
        Ability::Flashback(crate::abilities::FlashbackCost::Mana(m)) => Some(Some(m.clone())),
        Ability::Flashback(crate::abilities::FlashbackCost::ItsManaCost) => Some((*ch.mana_cost).clone()),
        _ => None,
    })
}

/// CR 700.2a, 700.2d, 601.4: a modal spell's modes are chosen as it is cast: "choose one"
/// exactly one; "choose one; if this spell was kicked, choose any number instead" one or more
/// when it is kicked (the kicker, announced later in CR 601.2b, may be considered already
/// chosen); each mode at most once. A spell that isn't modal takes no modes. The modes are
/// returned in printed order (the order they are performed in).
fn check_modes(def: Option<&crate::cards::CardDef>, kicked: bool, chosen: &[usize]) -> Result<Vec<usize>, Rejection> {
    let (n, count) = def.map(|d| (d.modes.len(), d.mode_count)).unwrap_or((0, crate::abilities::ModeCount::One));
    if n == 0 {
        return if chosen.is_empty() { Ok(Vec::new()) } else { Err(Rejection::InvalidChoice("this spell isn't modal (CR 700.2)".into())) };
    }
    let mut modes = chosen.to_vec();
    modes.sort_unstable();
    modes.dedup();
    if modes.len() != chosen.len() {
        return Err(Rejection::InvalidChoice("each mode can be chosen only once (CR 700.2d)".into()));
    }
    if modes.iter().any(|m| *m >= n) {
        return Err(Rejection::InvalidChoice(format!("the spell has {n} modes")));
    }
    // CR 107.1c: "any number" may be zero, so a kicked "choose any number" spell may be cast
    // with no mode chosen; "choose one" means exactly one (CR 700.2a, 601.4).
    let any_number = kicked && count == crate::abilities::ModeCount::OneOrAnyNumberIfKicked;
    match modes.len() {
        _ if any_number => Ok(modes),
        1 => Ok(modes),
        n => Err(Rejection::InvalidChoice(format!("choose one: {n} modes chosen, and more or fewer only if the spell is kicked (CR 700.2a, 601.4)"))),
    }
}

/// The targets a spell with these chosen modes needs (CR 601.2c, 700.2c): a modal spell's
/// are those of its chosen modes, in printed order; then those of the text of each card
/// spliced onto it, in its order (CR 702.47d).
pub(crate) fn cast_target_specs(def: Option<crate::ids::DefId>, ch: &Characteristics, modes: &[usize], spliced: &[crate::ids::DefId]) -> Vec<TargetSpec> {
    let card = def.filter(|d| !d.is_token_def()).and_then(|d| d.def());
    let mut specs = match card {
        Some(d) if !d.modes.is_empty() => modes.iter().filter_map(|m| d.modes.get(*m)).flat_map(|m| m.targets.iter().cloned()).collect(),
        _ => spell_target_specs(def, ch),
    };
    specs.extend(spliced.iter().filter_map(|d| d.def()).flat_map(|d| d.spell_targets.iter().cloned()));
    specs
}

/// `board`: the characteristics now, if the caller has them.
pub(crate) fn cast(state: &mut GameState, c: Cast, ev: &mut Vec<Event>, board: Option<&Board>) -> Result<(), Rejection> {
    let mut kept = None;
    let board = given_or_kept(board, state, &mut kept);
    let CastPlan { cost, x, purpose, modes, kicked, spliced, taps, revealed, additional_paid, flashback } = check_cast(state, board, &c)?;
    let Cast { player, card, chosen_targets, payment, sacrifice, .. } = c;
    // CR 601.2h: the costs are paid, mana first and then the sacrifice, in any order the
    // player likes; the total was locked in by the check.
    let pool_before = state.player(player).map_or(0, |p| p.mana_pool.total());
    let mana_before = state.player(player).map(|p| p.mana_pool.clone()).unwrap_or_default();
    pay_mana(state, player, &taps.to_pay, taps.x, payment.as_ref(), purpose, ev)?;
    // CR 702.44a: the colors of the mana spent to cast it, for sunburst (creatures tapped for
    // convoke spend no mana).
    let colors_spent = state
        .player(player)
        .and_then(|p| mana_before.minus(&p.mana_pool))
        .map_or(0, |m| u32::try_from(m.types().into_iter().filter(|t| t.is_color()).count()).unwrap_or(0));
    // CR 702.51a, 701.67a: the permanents tapped rather than paying mana (CR 702.51c: the
    // creatures tapped for convoke convoked it).
    for id in &taps.tapped {
        zones::tap(state, *id, ev);
    }
    // CR 700.14: the mana actually spent (after cost changes; life paid for a Phyrexian
    // symbol is no mana) counts toward what the player expends this turn.
    let spent = pool_before.saturating_sub(state.player(player).map_or(0, |p| p.mana_pool.total()));
    if let Some(p) = state.player_mut(player).filter(|_| spent > 0) {
        let before = p.spell_mana_this_turn;
        p.spell_mana_this_turn = before.saturating_add(spent);
        let after = p.spell_mana_this_turn;
        crate::triggers::expended(state, player, before, after);
    }
    // CR 608.2h: "the sacrificed creature's power" is its power as it last existed there.
    let sacrificed_power = sacrifice
        .first()
        .and_then(|id| board.get(id))
        .and_then(|c| c.power)
        .map(|p| u32::try_from(p.max(0)).unwrap_or(0));
    for id in sacrifice {
        zones::sacrifice(state, id, ev);
    }
    let new = zones::move_to(state, card, ZoneKind::Stack, Some(player), ev).ok_or(Rejection::NoSuchObject(card))?;
    // The X announced, carried only by a spell whose cost has X (CR 107.3a).
    let announced = (cost.x > 0).then_some(x);
    if let Some(o) = state.object_mut(new) {
        o.x = announced;
        o.sacrificed_power = sacrificed_power;
        o.kicked = kicked.clone();
        o.additional_cost_paid = additional_paid;
        o.cast_with_flashback = flashback;
        o.colors_spent = colors_spent;
    }
    state.stack.push(StackEntry {
        id: new,
        controller: player,
        targets: chosen_targets,
        x: announced,
        kind: StackEntryKind::Spell,
        kicked,
        modes,
        spliced,
        revealed,
    });
    ev.push(Event::SpellCast { player, object: new, x: announced });
    crate::triggers::spell_cast(state, new);
    // CR 117.3c.
    state.passes = 0;
    Ok(())
}

/// CR 601.3: "[opponents] can't cast spells with even mana values" (a permanent's static ability).
fn forbidden_by_mana_value(state: &GameState, board: &Board, player: PlayerId, mv: u32) -> Result<(), Rejection> {
    if mv % 2 != 0 {
        return Ok(());
    }
    for o in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if let crate::abilities::StaticAbility::CantCastEvenManaValue { who } = st {
                let applies = match who {
                    crate::abilities::Relation::You => o.controller == player,
                    crate::abilities::Relation::Opponent => o.controller != player,
                    crate::abilities::Relation::Any => true,
                };
                if applies {
                    return Err(Rejection::Forbidden(format!(
                        "a spell with the even mana value {mv} can't be cast (CR 601.3)"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// CR 601.2f: the mana cost, plus cost increases ("noncreature spells cost {N} more", anyone's),
/// then cost reductions ("[color or type] spells you cast cost {N} less", and the spell's own
/// "costs {N} less for each ...": generic mana only, never below zero).
pub(crate) fn reduced_cost(state: &GameState, board: &Board, player: PlayerId, spell: &Characteristics, mut cost: ManaCost) -> ManaCost {
    for o in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if let crate::abilities::StaticAbility::NoncreatureSpellsCostMore { generic } = st {
                if !spell.is(crate::types::CardType::Creature) {
                    cost.generic = cost.generic.saturating_add(*generic);
                }
            }
        }
    }
    for o in state.zone_objects(ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if let crate::abilities::StaticAbility::SpellsCostLess { colors, types, generic } = st {
                if colors.iter().any(|c| spell.colors.contains(c)) || types.iter().any(|t| spell.is(*t)) {
                    cost.generic = cost.generic.saturating_sub(*generic);
                }
            }
        }
    }
    for (st, _) in spell.statics() {
        if let crate::abilities::StaticAbility::CostsLessForEachCreatureYouAttackedWith { generic } = st {
            // CR 608.2i: the attackers as they were, not as they are now.
            let n = u32::try_from(state.attacked_with.iter().filter(|(p, _)| *p == player).count()).unwrap_or(u32::MAX);
            cost.generic = cost.generic.saturating_sub(generic.saturating_mul(n));
        }
    }
    cost
}

/// CR 601.2b, 601.2h: "As an additional cost to cast this spell, sacrifice a [type]": exactly one
/// permanent of that type the caster controls; a spell without one takes none.
fn check_additional_sacrifice(
    state: &GameState,
    board: &Board,
    player: PlayerId,
    def: crate::ids::DefId,
    chosen: &[ObjectId],
) -> Result<(), Rejection> {
    let wanted = def.def().and_then(|d| d.additional_sacrifice.clone());
    match (wanted, chosen) {
        (None, []) => Ok(()),
        (None, _) => Err(Rejection::InvalidChoice("this spell has no sacrifice to pay".into())),
        (Some(types), [one]) => {
            let ok = state.object(*one).is_some_and(|o| o.on_battlefield() && o.controller == player)
                && board.get(one).is_some_and(|c| types.iter().any(|t| c.is(*t)));
            if ok {
                Ok(())
            } else {
                Err(Rejection::CostUnpayable("the sacrifice must be a permanent of the required type you control".into()))
            }
        }
        (Some(_), _) => Err(Rejection::CostUnpayable("the additional cost is one permanent to sacrifice (CR 601.2h)".into())),
    }
}

/// The targets a spell of this card needs: those of its spell text, or for an Aura the one
/// object its enchant ability allows (CR 303.4a). With several enchant abilities the first
/// gives the target; the others are checked as the Aura stays attached (CR 702.5c, 704.5m).
pub(crate) fn spell_target_specs(def: Option<crate::ids::DefId>, ch: &Characteristics) -> Vec<TargetSpec> {
    // A card of the pool's; a token is never cast.
    let card = def.filter(|d| !d.is_token_def()).and_then(|d| d.def());
    let mut specs = card.map(|d| d.spell_targets.clone()).unwrap_or_default();
    if is_aura(ch) {
        if let Some(spec) = enchant_specs(ch).into_iter().next() {
            specs.push(spec);
        }
    }
    specs
}

/// CR 303.4: an Aura is an enchantment with the subtype Aura.
pub(crate) fn is_aura(ch: &Characteristics) -> bool {
    ch.is(CardType::Enchantment) && ch.subtypes.iter().any(|s| s == "Aura")
}

/// The "Enchant [object]" abilities of an object (CR 702.5a).
pub(crate) fn enchant_specs(ch: &Characteristics) -> Vec<TargetSpec> {
    ch.abilities
        .iter()
        .filter_map(|a| match &*a.ability {
            Ability::Enchant(spec) => Some(spec.clone()),
            _ => None,
        })
        .collect()
}
