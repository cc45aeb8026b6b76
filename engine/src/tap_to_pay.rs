//! Tapping permanents rather than paying mana while a spell's total cost is paid (CR 601.2h):
//! convoke (CR 702.51a-b) and waterbend (CR 701.67a-b). The permanents are chosen as the spell is cast
//! (`actions::CastSpell::costs`); what they pay comes off the total cost, which is locked in
//! before (CR 601.2f, 702.51b: convoke isn't an additional or alternative cost and applies only
//! after the total cost is determined), and the remainder is paid with mana.

use crate::actions::CastCosts;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{Board, Characteristics};
use crate::mana::{ManaCost, ManaType};
use crate::rejection::Rejection;
use crate::state::GameState;
use crate::types::{CardType, Color};

/// What a checked choice of permanents leaves to pay with mana.
#[derive(Clone, Debug)]
pub(crate) struct Taps {
    /// The part of the total cost paid with mana.
    pub to_pay: ManaCost,
    /// The X `to_pay` is paid with (0 once the tapped permanents paid part of the generic
    /// mana, which then includes X, CR 107.3a).
    pub x: u32,
    /// The permanents to tap, in the order chosen.
    pub tapped: Vec<ObjectId>,
}

/// Checks the permanents `player` taps to pay part of `total` (with X = `x`), the total cost of
/// the spell `spell`, and returns what is left to pay with mana. Convoke (CR 702.51a): only a
/// spell with convoke; each an untapped creature `player` controls, tapped once, paying one
/// generic mana of the total cost, or one colored mana of it (a colored, hybrid or Phyrexian
/// symbol of that color) of one of the creature's colors (Siege Wurm's ruling of 2024-01-12:
/// a multicolored creature pays one mana of any of its colors). Waterbend (CR 701.67a-b): each
/// an untapped artifact or creature `player` controls, paying one generic mana, only for the
/// `waterbend_generic` generic mana of the waterbend cost in the total cost (0: none is part
/// of it), never for other mana of the total cost.
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan(
    state: &GameState,
    board: &Board,
    player: PlayerId,
    spell: &Characteristics,
    total: &ManaCost,
    x: u32,
    waterbend_generic: u32,
    chosen: &CastCosts,
) -> Result<Taps, Rejection> {
    if chosen.convoke.is_empty() && chosen.waterbend.is_empty() {
        return Ok(Taps { to_pay: total.clone(), x, tapped: Vec::new() });
    }
    if !chosen.convoke.is_empty() && !spell.has_keyword(crate::abilities::Keyword::Convoke) {
        return Err(Rejection::CostUnpayable("only a spell with convoke can be paid for by tapping creatures (CR 702.51a)".into()));
    }
    let mut to_pay = total.clone();
    // CR 107.3a: X is generic mana once announced; a tapped creature may pay for it too.
    to_pay.generic = to_pay.generic.checked_add(to_pay.x.checked_mul(x).ok_or(Rejection::NotEnoughMana)?).ok_or(Rejection::NotEnoughMana)?;
    to_pay.x = 0;
    let mut tapped: Vec<ObjectId> = Vec::new();
    if !chosen.waterbend.is_empty() && waterbend_generic == 0 {
        return Err(Rejection::CostUnpayable("no waterbend cost is part of this spell's total cost (CR 701.67b)".into()));
    }
    if u32::try_from(chosen.waterbend.len()).unwrap_or(u32::MAX) > waterbend_generic {
        return Err(Rejection::CostUnpayable(format!(
            "tapping pays only for the {{{waterbend_generic}}} of the waterbend cost, not for the rest of the total cost (CR 701.67b)"
        )));
    }
    for id in &chosen.waterbend {
        if tapped.contains(id) {
            return Err(Rejection::CostUnpayable("a permanent can be tapped only once to pay a cost (CR 701.67a)".into()));
        }
        let ch = untapped_you_control(state, board, player, *id)?;
        if !ch.is(CardType::Artifact) && !ch.is(CardType::Creature) {
            return Err(Rejection::CostUnpayable("waterbend taps artifacts and creatures only (CR 701.67a)".into()));
        }
        to_pay.generic = to_pay.generic.checked_sub(1).ok_or_else(|| {
            Rejection::CostUnpayable("no generic mana is left in the total cost for this permanent to pay (CR 701.67a)".into())
        })?;
        tapped.push(*id);
    }
    for (id, pays) in &chosen.convoke {
        if tapped.contains(id) {
            return Err(Rejection::CostUnpayable("a creature can be tapped only once to pay a cost (CR 702.51a)".into()));
        }
        let ch = untapped_you_control(state, board, player, *id)?;
        if !ch.is(CardType::Creature) {
            return Err(Rejection::CostUnpayable("convoke taps creatures only (CR 702.51a)".into()));
        }
        match pays {
            None => {
                // CR 702.51a: "for each generic mana in this spell's total cost".
                to_pay.generic = to_pay.generic.checked_sub(1).ok_or_else(|| {
                    Rejection::CostUnpayable("no generic mana is left in the total cost for this creature to pay (CR 702.51a)".into())
                })?;
            }
            Some(t) => {
                let of_its_color = Color::from_mana_type(*t).is_some_and(|c| ch.colors.contains(&c));
                if !of_its_color {
                    return Err(Rejection::CostUnpayable(format!(
                        "a creature pays for {} with convoke only if it is that color (CR 702.51a)",
                        t.symbol()
                    )));
                }
                if !take_colored(&mut to_pay, *t) {
                    return Err(Rejection::CostUnpayable(format!("no {} is left in the total cost for this creature to pay (CR 702.51a)", t.symbol())));
                }
            }
        }
        tapped.push(*id);
    }
    Ok(Taps { to_pay, x: 0, tapped })
}

/// One way of paying a waterbend cost's `generic` mana by tapping that `legal_actions` lists:
/// the untapped artifacts and creatures `player` controls, in id order, up to `generic` of them
/// (CR 701.67a).
pub(crate) fn every_permanent_waterbending(state: &GameState, board: &Board, player: PlayerId, generic: u32) -> Vec<ObjectId> {
    state
        .zone_objects(crate::state::ZoneKind::Battlefield, Some(player))
        .iter()
        .filter(|o| !o.tapped && board.get(&o.id).is_some_and(|c| c.is(CardType::Artifact) || c.is(CardType::Creature)))
        .map(|o| o.id)
        .take(usize::try_from(generic).unwrap_or(usize::MAX))
        .collect()
}

/// The characteristics of `id` if it is an untapped permanent `player` controls.
fn untapped_you_control<'b>(state: &GameState, board: &'b Board, player: PlayerId, id: ObjectId) -> Result<&'b Characteristics, Rejection> {
    let ok = state.object(id).is_some_and(|o| o.on_battlefield() && o.controller == player && !o.tapped);
    match board.get(&id) {
        Some(ch) if ok => Ok(ch),
        _ => Err(Rejection::CostUnpayable("only an untapped permanent you control can be tapped to pay a cost (CR 702.51a, 701.67a)".into())),
    }
}

/// Takes one mana symbol of type `t` off `cost`: a colored symbol, else a hybrid symbol with
/// that color (CR 107.4e), else a Phyrexian one (CR 107.4f). False if there is none.
fn take_colored(cost: &mut ManaCost, t: ManaType) -> bool {
    if let Some(i) = cost.colored.iter().position(|c| *c == t) {
        cost.colored.remove(i);
        return true;
    }
    take_hybrid_or_phyrexian(cost, t)
}

/// `take_colored` for a symbol that isn't plain colored: a hybrid one with that color, else a
/// Phyrexian one.
fn take_hybrid_or_phyrexian(cost: &mut ManaCost, t: ManaType) -> bool {
    if let Some(i) = cost.hybrid.iter().position(|(a, b)| *a == t || *b == t) {
        cost.hybrid.remove(i);
        return true;
    }
    if let Some(i) = cost.phyrexian.iter().position(|c| *c == t) {
        cost.phyrexian.remove(i);
        return true;
    }
    false
}

/// One way of convoking a spell with total cost `total` (X = `x`) that `legal_actions` lists
/// beside paying it all with mana: each untapped creature `player` controls, in id order, pays
/// a colored mana of the cost of one of its colors while one is left, else a generic mana while
/// one is left (CR 702.51a). Empty for a spell without convoke, or with no creature to tap.
pub(crate) fn every_creature_convoking(state: &GameState, board: &Board, player: PlayerId, spell: &Characteristics, total: &ManaCost, x: u32) -> CastCosts {
    let mut out = CastCosts::default();
    if !spell.has_keyword(crate::abilities::Keyword::Convoke) {
        return out;
    }
    let mut left = total.clone();
    left.generic = left.generic.saturating_add(left.x.saturating_mul(x));
    for o in state.zone_objects(crate::state::ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&o.id).filter(|c| c.is(CardType::Creature) && !o.tapped) else { continue };
        let color = ManaType::COLORS.into_iter().find(|t| Color::from_mana_type(*t).is_some_and(|c| ch.colors.contains(&c)) && take_colored(&mut left, *t));
        if color.is_some() {
            out.convoke.push((o.id, color));
        } else if left.generic > 0 {
            left.generic -= 1;
            out.convoke.push((o.id, None));
        }
    }
    out
}
