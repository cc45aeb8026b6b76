//! Costs of activated abilities (CR 118, 602.2b): mana (with X, CR 107.3a), the tap symbol
//! (CR 107.5), the untap symbol (CR 107.6), removing counters, sacrificing the source,
//! discarding it (cycling, CR 702.29a), loyalty costs (CR 606.4, 606.6), and tapping another
//! untapped creature you control (station, CR 702.184a; checked and paid by `activation`).
//! Summoning sickness for {T}/{Q} costs (CR 302.6) is checked at activation (`activation`).

use serde::{Deserialize, Serialize};

use crate::mana::ManaCost;

/// An activation cost. All parts must be paid (CR 601.2h, 602.2b).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cost {
    pub mana: Option<ManaCost>,
    /// {T} (CR 107.5).
    pub tap: bool,
    /// {Q} (CR 107.6).
    pub untap: bool,
    /// "Remove N [kind] counters from this".
    pub remove_counters: Vec<(String, u32)>,
    /// "Sacrifice this".
    pub sacrifice_self: bool,
    /// "Discard this card" (cycling, CR 702.29a): the source must be in its owner's hand.
    #[serde(default)]
    pub discard_self: bool,
    /// "Exile this card from your graveyard" (scavenge, CR 702.97a): the source must be a card
    /// in its owner's graveyard.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exile_self: bool,
    /// A mana cost "equal to its mana cost", defined by the effect that grants the ability
    /// ("The scavenge cost is equal to its mana cost", CR 702.1a-b): the source's mana cost as
    /// the ability is activated, added to `mana`; an {X} in it is 0 (Varolz, the Scar-Striped
    /// ruling 2013-04-15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub its_mana_cost: bool,
    /// A loyalty symbol: [+N] puts N loyalty counters on the permanent, [−N] removes N
    /// (CR 606.4); it also makes the ability a loyalty ability (CR 606.3).
    pub loyalty: Option<i32>,
    /// "Tap another untapped creature you control" (station, CR 702.184a): the creature is
    /// chosen as the ability is activated (`Action::ActivateAbility::tap`); its summoning
    /// sickness doesn't matter (CR 302.6 restricts only its own {T} abilities).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tap_another_creature: bool,
}

impl Cost {
    /// {T} or {Q} in the cost: the ability is subject to CR 302.6.
    pub fn has_tap_or_untap(&self) -> bool {
        self.tap || self.untap
    }

    pub fn x_count(&self) -> u32 {
        self.mana.as_ref().map(|m| m.x).unwrap_or(0)
    }
}

use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::mana::{ManaPool, PayError, SpendPurpose};
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};

impl From<PayError> for Rejection {
    fn from(e: PayError) -> Rejection {
        match e {
            PayError::NotEnoughMana => Rejection::NotEnoughMana,
            PayError::PaymentMismatch => Rejection::PaymentMismatch,
        }
    }
}

/// The mana a cost takes from `player`'s pool (CR 601.2h): exactly `payment` if given;
/// restricted mana only where `purpose` allows it (CR 106.6). Pays nothing: `Ok` means
/// `pay_mana` with the same arguments succeeds and spends exactly this.
pub(crate) fn mana_payment(
    state: &GameState,
    player: PlayerId,
    cost: &ManaCost,
    x: u32,
    payment: Option<&ManaPool>,
    purpose: SpendPurpose,
) -> Result<ManaPool, Rejection> {
    mana_and_life_payment(state, player, cost, x, payment, purpose).map(|(spent, _)| spent)
}

/// `mana_payment`, with the life the cost's Phyrexian symbols take (2 each, CR 107.4f): a
/// player can pay life only if their life total is at least the payment (CR 119.4).
pub(crate) fn mana_and_life_payment(
    state: &GameState,
    player: PlayerId,
    cost: &ManaCost,
    x: u32,
    payment: Option<&ManaPool>,
    purpose: SpendPurpose,
) -> Result<(ManaPool, u32), Rejection> {
    let p = state.player(player).ok_or(Rejection::NoSuchPlayer(player))?;
    let (spent, life) = cost.payment_with_life(&p.mana_pool, x, payment, purpose)?;
    if p.mana_pool.minus(&spent).is_none() {
        return Err(Rejection::NotEnoughMana);
    }
    if life > 0 && i64::from(p.life) < i64::from(life) {
        return Err(Rejection::CostUnpayable("a player can pay life only if their life total is at least the payment (CR 119.4)".into()));
    }
    Ok((spent, life))
}

/// CR 119.4: `player` pays `n` life (a loss of that much life), unless a permanent they control
/// says "if you would pay life while your library has at least that many cards in it, exile
/// that many cards from the top of your library instead" (CR 614.1a): then the top `n` cards
/// are exiled, all at once. A card entering the battlefield from that library as the life is
/// paid (`entering`) is neither counted nor exiled (CR 614.13c). The caller checked that the
/// player has at least `n` life (CR 119.4; Ashiok ruling 2023-09-01).
pub(crate) fn pay_life(state: &mut GameState, player: PlayerId, n: u32, entering: &[crate::ids::ObjectId], ev: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    let board = crate::layers::board_of(state);
    let replaced =
        crate::replacement::controlled_with(state, &board, player, &crate::abilities::StaticAbility::PayLifeExilesFromLibraryInstead)
            .is_some();
    let library: Vec<crate::ids::ObjectId> = state
        .zone_objects(crate::state::ZoneKind::Library, Some(player))
        .iter()
        .map(|o| o.id)
        .filter(|id| !entering.contains(id))
        .collect();
    let k = usize::try_from(n).unwrap_or(usize::MAX);
    if replaced && library.len() >= k {
        let top: Vec<crate::ids::ObjectId> = library.into_iter().take(k).collect();
        crate::zones::move_batch(state, &top, crate::state::ZoneKind::Exile, None, &[], ev);
        return;
    }
    crate::effects::lose_life(state, player, n, ev);
}

/// Pays a mana cost from `player`'s pool (CR 601.2h), as `mana_payment` found it.
pub(crate) fn pay_mana(
    state: &mut GameState,
    player: PlayerId,
    cost: &ManaCost,
    x: u32,
    payment: Option<&ManaPool>,
    purpose: SpendPurpose,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let (spent, life) = mana_and_life_payment(state, player, cost, x, payment, purpose)?;
    let p = state.player_mut(player).ok_or(Rejection::NoSuchPlayer(player))?;
    p.mana_pool = p.mana_pool.minus(&spent).ok_or(Rejection::NotEnoughMana)?;
    if life > 0 {
        // CR 107.4f, 119.4: the life a Phyrexian symbol was paid with.
        pay_life(state, player, life, &[], ev);
    }
    if !spent.is_empty() {
        ev.push(Event::ManaSpent { player, mana: spent });
    }
    Ok(())
}

/// Whether every part of an activation cost can be paid now (CR 602.2b, 601.2h), paying
/// nothing: `Ok` means `pay` with the same arguments succeeds.
pub(crate) fn check_payable(
    state: &GameState,
    player: PlayerId,
    source: ObjectId,
    cost: &Cost,
    x: u32,
    payment: Option<&ManaPool>,
) -> Result<(), Rejection> {
    let obj = state.object(source).ok_or(Rejection::NoSuchObject(source))?;
    // CR 107.5: {T} can be paid only by an untapped permanent; CR 107.6: {Q} only by a tapped one.
    if cost.tap && obj.tapped {
        return Err(Rejection::AlreadyTapped(source));
    }
    if cost.untap && !obj.tapped {
        return Err(Rejection::AlreadyUntapped(source));
    }
    // CR 118.3: a cost can't be paid with counters that aren't there.
    for (kind, n) in &cost.remove_counters {
        if obj.counters.get(kind).copied().unwrap_or(0) < *n {
            return Err(Rejection::NotEnoughCounters { object: source, kind: kind.clone(), amount: *n });
        }
    }
    // CR 606.6: a negative loyalty cost needs at least that many loyalty counters.
    let loyalty_change = cost.loyalty.unwrap_or(0);
    if loyalty_change < 0 {
        let need = loyalty_change.unsigned_abs();
        if obj.counters.get("loyalty").copied().unwrap_or(0) < need {
            return Err(Rejection::NotEnoughCounters { object: source, kind: "loyalty".into(), amount: need });
        }
    }
    // CR 701.21a: only a permanent can be sacrificed.
    if cost.sacrifice_self && !obj.on_battlefield() {
        return Err(Rejection::CostUnpayable("only a permanent can be sacrificed".into()));
    }
    if cost.discard_self && (obj.zone != ZoneKind::Hand || obj.owner != player) {
        return Err(Rejection::CostUnpayable("only a card in your hand can be discarded".into()));
    }
    // CR 702.97a: "Exile this card from your graveyard".
    if cost.exile_self && (obj.zone != ZoneKind::Graveyard || obj.owner != player) {
        return Err(Rejection::CostUnpayable("only a card in your graveyard can be exiled from it".into()));
    }
    match &cost.mana {
        Some(m) => {
            mana_payment(state, player, m, x, payment, SpendPurpose::ActivateAbility)?;
        }
        None => {
            if payment.is_some_and(|p| !p.is_empty()) {
                return Err(Rejection::PaymentMismatch);
            }
        }
    }
    Ok(())
}

/// Checks that every part of an activation cost can be paid (`check_payable`), then pays it
/// (CR 602.2b, 601.2h). Nothing is paid unless everything can be; once checked, paying can't fail.
pub(crate) fn pay(
    state: &mut GameState,
    player: PlayerId,
    source: ObjectId,
    cost: &Cost,
    x: u32,
    payment: Option<&ManaPool>,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    check_payable(state, player, source, cost, x, payment)?;
    if let Some(m) = &cost.mana {
        pay_mana(state, player, m, x, payment, SpendPurpose::ActivateAbility, ev)?;
    }
    if cost.tap {
        crate::zones::tap(state, source, ev);
    }
    if cost.untap {
        crate::zones::untap(state, source, ev);
    }
    for (kind, n) in &cost.remove_counters {
        crate::zones::remove_counters(state, source, kind, *n, ev);
    }
    let loyalty_change = cost.loyalty.unwrap_or(0);
    if loyalty_change > 0 {
        crate::zones::add_counters(state, source, "loyalty", loyalty_change.unsigned_abs(), ev);
    } else if loyalty_change < 0 {
        crate::zones::remove_counters(state, source, "loyalty", loyalty_change.unsigned_abs(), ev);
    }
    if cost.sacrifice_self {
        crate::zones::sacrifice(state, source, ev);
    }
    if cost.discard_self {
        ev.push(Event::Discarded { player, object: source });
        crate::zones::move_to(state, source, ZoneKind::Graveyard, None, ev);
    }
    if cost.exile_self {
        crate::zones::move_to(state, source, ZoneKind::Exile, None, ev);
    }
    Ok(())
}

/// Pays a cumulative upkeep: `cost` once for each of the `n` age counters, the whole
/// set or nothing (CR 702.24a). A choice of mana for each counter is the one combination the
/// pool can pay (a pool that could pay more than one leaves the choice unmade); a sacrifice
/// takes a different permanent for each counter (`answers.sacrifice`), the permanent with the
/// upkeep among them if named (Phyrexian Soulgorger ruling 2006-07-15).
pub(crate) fn pay_upkeep(
    state: &mut crate::state::GameState,
    player: crate::ids::PlayerId,
    cost: &crate::abilities::UpkeepCost,
    n: u32,
    answers: &crate::actions::Answers,
    ev: &mut Vec<crate::events::Event>,
) -> Result<(), crate::rejection::Rejection> {
    use crate::abilities::UpkeepCost;
    use crate::mana::SpendPurpose;
    use crate::rejection::Rejection;
    // No game reaches this many age counters; the bound keeps the combinations few.
    let n = n.min(64);
    match cost {
        UpkeepCost::Mana(c) => pay_mana(state, player, &times(&[(c, n)]), 0, None, SpendPurpose::Other, ev),
        UpkeepCost::ManaOneOf(options) => {
            let mut payable: Vec<(ManaCost, crate::mana::ManaPool)> = Vec::new();
            for counts in splits(n, options.len()) {
                let total = times(&options.iter().zip(counts).collect::<Vec<_>>());
                if let Ok(spent) = mana_payment(state, player, &total, 0, None, SpendPurpose::Other) {
                    if !payable.iter().any(|(_, s)| *s == spent) {
                        payable.push((total, spent));
                    }
                }
            }
            match payable.as_slice() {
                [] => Err(Rejection::NotEnoughMana),
                [(total, _)] => pay_mana(state, player, total, 0, None, SpendPurpose::Other, ev),
                _ => Err(Rejection::MissingChoice(
                    "which cost to pay for each age counter: the mana pool can pay more than one combination".into(),
                )),
            }
        }
        // CR 118.11: the draws are the payment, even those replacement effects change.
        UpkeepCost::DrawCard => {
            for _ in 0..n {
                crate::replacement::draw(state, player, answers, ev)?;
            }
            Ok(())
        }
        UpkeepCost::Sacrifice(types) => {
            let board = crate::layers::board_of(state);
            let options = crate::sacrifice::candidates(state, &board, player, types);
            let chosen: Vec<crate::ids::ObjectId> = answers.sacrifice.clone().unwrap_or_default();
            let mut distinct = chosen.clone();
            distinct.sort();
            distinct.dedup();
            if usize::try_from(n).ok() != Some(chosen.len()) || distinct.len() != chosen.len() {
                return Err(Rejection::InvalidChoice(format!(
                    "a different permanent to sacrifice for each of the {n} age counters (CR 702.24a)"
                )));
            }
            if !chosen.iter().all(|id| options.contains(id)) {
                return Err(Rejection::InvalidChoice("a permanent named to sacrifice isn't one its controller may".into()));
            }
            for id in &chosen {
                ev.push(crate::events::Event::Sacrificed { object: *id });
            }
            crate::zones::move_batch(state, &chosen, crate::state::ZoneKind::Graveyard, None, &[], ev);
            Ok(())
        }
    }
}

/// The sum of each mana cost taken its number of times.
fn times(parts: &[(&ManaCost, u32)]) -> ManaCost {
    let mut total = ManaCost::default();
    for (c, k) in parts {
        total.generic = total.generic.saturating_add(c.generic.saturating_mul(*k));
        for _ in 0..*k {
            total.colored.extend(c.colored.iter().copied());
        }
    }
    total
}

/// Every way to split `n` choices among `k` options: how many times each option is chosen.
fn splits(n: u32, k: usize) -> Vec<Vec<u32>> {
    match k {
        0 => Vec::new(),
        1 => vec![vec![n]],
        _ => (0..=n)
            .flat_map(|first| {
                splits(n - first, k - 1).into_iter().map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
            })
            .collect(),
    }
}
