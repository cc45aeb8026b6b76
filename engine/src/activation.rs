//! Activating abilities (CR 602): who may, from where (the battlefield; cycling from the hand,
//! CR 702.29a, which triggers "when you cycle" abilities, CR 702.29c-d; scavenge from the
//! graveyard, its cost exiling the card, CR 702.97a), when ("activate only as a sorcery", CR 602.5d;
//! loyalty abilities at sorcery speed and once per permanent per turn, CR 606.3), summoning
//! sickness for {T}/{Q} (CR 302.6), costs, and then either resolving at once (mana abilities,
//! CR 605.3b) or using the stack.

use crate::abilities::{Ability, ActivatedAbility, Keyword};
use crate::costs::{self, Cost};
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use std::borrow::Cow;

use crate::layers::{given_or_kept, Board};
use crate::mana::{ManaPool, ManaType};
use crate::mana_abilities::{self, ManaActivation, ProductionCache};
use crate::rejection::Rejection;
use crate::state::{GameState, StackAbilityKind, StackEntry, StackEntryKind, ZoneKind};
use crate::targets::{self, Target};
use crate::types::CardType;

/// The parameters of an activation (see `Action::ActivateAbility`).
pub(crate) struct Activation {
    pub player: PlayerId,
    pub source: ObjectId,
    pub ability: usize,
    pub x: Option<u32>,
    pub targets: Vec<Target>,
    pub mana_choice: Option<ManaType>,
    pub payment: Option<ManaPool>,
    pub replacement_order: Vec<ObjectId>,
    /// The creatures tapped for "tap another untapped creature you control" (CR 702.184a).
    pub tap: Vec<ObjectId>,
}

/// The announced X (CR 107.3a): absent means 0; an X for a cost without X is refused.
pub(crate) fn announced_x(x_count: u32, x: Option<u32>) -> Result<u32, Rejection> {
    match (x_count, x) {
        (0, None) | (0, Some(0)) => Ok(0),
        (0, Some(_)) => Err(Rejection::InvalidChoice("there is no X to announce".into())),
        (_, v) => Ok(v.unwrap_or(0)),
    }
}

/// An activation `check_activation` accepted: what carrying it out needs.
pub(crate) struct Checked<'b> {
    pub ability: &'b ActivatedAbility,
    /// CR 607.5: an ability a copy effect gave is linked only through that effect.
    link: u64,
    x: u32,
    /// The cost as it is paid: the printed one with the loyalty increases of CR 606.5 applied.
    pub cost: Cost,
    pub source_is_land: bool,
    /// The source is a creature as the ability is activated ("tap a creature for mana").
    pub source_is_creature: bool,
    /// The source has the supertype basic as the ability is activated ("a basic land").
    pub source_is_basic: bool,
    /// The source's power as the ability is activated: for a cost that exiles it, "the power
    /// of the card you exiled" (CR 702.97a).
    exiled_power: u32,
}

impl Checked<'_> {
    /// Paying this cost leaves the characteristics as they were (tapping, untapping, mana and
    /// loyalty change none; removing counters or sacrificing may): a mana ability then
    /// resolves on the board it was activated on.
    pub fn cost_keeps_board(&self) -> bool {
        self.ability.cost.remove_counters.is_empty() && !self.ability.cost.sacrifice_self
    }
}

/// Whether the activation is allowed and its costs payable (CR 602.2, 602.5d, 606.3, 302.6,
/// 115, 602.2b), carrying nothing out. `board`: the characteristics now. Once this is `Ok`,
/// `activate` can't fail, except a mana ability's choice of mana, which its resolution checks
/// (`mana_abilities::check_resolution`).
pub(crate) fn check_activation<'b>(state: &GameState, board: &'b Board, a: &Activation) -> Result<Checked<'b>, Rejection> {
    let obj = state.object(a.source).ok_or(Rejection::NoSuchObject(a.source))?;
    let ch = board.get(&a.source).ok_or(Rejection::NoSuchObject(a.source))?;
    let (ability, link) = ch
        .abilities
        .iter()
        .filter_map(|i| match &*i.ability {
            Ability::Activated(x) => Some((x, i.link)),
            _ => None,
        })
        .nth(a.ability)
        .ok_or(Rejection::NoSuchAbility { object: a.source, index: a.ability })?;
    // CR 602.2, 702.29a: most abilities are activated on the battlefield, cycling from the hand.
    let zone = ability.functions_from();
    if obj.zone != zone {
        return Err(Rejection::WrongObject {
            object: a.source,
            reason: format!("this ability can be activated only while its source is in the {}", zone.name()),
        });
    }
    // CR 602.2: only the controller of the source (the owner of a card in hand) may activate it.
    let controller = if zone == ZoneKind::Battlefield { obj.controller } else { obj.owner };
    if controller != a.player {
        return Err(Rejection::WrongObject { object: a.source, reason: "controlled by another player".into() });
    }
    let x = announced_x(ability.cost.x_count(), a.x)?;
    if ability.is_sorcery_speed() && (a.player != state.active || !state.step.is_main() || !state.stack.is_empty()) {
        return Err(Rejection::WrongTiming(
            "only as a sorcery: your main phase with an empty stack (CR 602.5d, 606.3)".into(),
        ));
    }
    if ability.once_each_turn && state.activated_once.contains(&(a.source, a.ability)) {
        return Err(Rejection::WrongTiming("this ability can be activated only once each turn (CR 602.5b)".into()));
    }
    if ability.cost.loyalty.is_some() && obj.loyalty_activated_turn == Some(state.turn) {
        return Err(Rejection::WrongTiming(
            "a loyalty ability of this permanent was already activated this turn (CR 606.3)".into(),
        ));
    }
    // CR 302.6 (107.5, 107.6): applies to mana abilities too; haste lifts it (CR 702.10).
    if ability.cost.has_tap_or_untap()
        && ch.is(CardType::Creature)
        && obj.summoning_sick
        && !ch.has_keyword(Keyword::Haste)
    {
        return Err(Rejection::SummoningSick(a.source));
    }
    if !targets::check_all_from(state, board, &ability.targets, &a.targets, a.player, Some(a.source)) {
        return Err(Rejection::InvalidTarget(format!(
            "the ability needs {} legal target(s)",
            ability.targets.len()
        )));
    }
    if !ability.is_mana_ability() && a.mana_choice.is_some() {
        return Err(Rejection::InvalidChoice("this ability doesn't add mana".into()));
    }
    let mut cost = loyalty_cost_increased(state, board, a.player, &ability.cost);
    if cost.its_mana_cost {
        // CR 702.1a-b: "The scavenge cost is equal to its mana cost", read as it is activated;
        // an {X} in it is 0 (Varolz, the Scar-Striped ruling 2013-04-15). No mana cost: {0}.
        let own = (*ch.mana_cost).clone().map(|mut m| {
            m.x = 0;
            m
        }).unwrap_or_default();
        cost.mana = Some(match cost.mana.take() {
            Some(m) => m.plus(&own),
            None => own,
        });
    }
    costs::check_payable(state, a.player, a.source, &cost, x, a.payment.as_ref())?;
    check_tapped_creatures(state, board, a, &cost)?;
    Ok(Checked {
        ability,
        link,
        x,
        cost,
        source_is_land: ch.is(CardType::Land),
        source_is_creature: ch.is(CardType::Creature),
        source_is_basic: ch.supertypes.iter().any(|s| s == "Basic"),
        // CR 702.97a: the card's power as it last existed in the graveyard (CR 107.1b).
        exiled_power: ch.power.map(|p| u32::try_from(p.max(0)).unwrap_or(0)).unwrap_or(0),
    })
}

/// "Tap another untapped creature you control" (station, CR 702.184a): exactly one creature,
/// untapped, controlled by the player, other than the source (CR 601.2h, 602.2b); a cost
/// without it taps none.
fn check_tapped_creatures(state: &GameState, board: &Board, a: &Activation, cost: &Cost) -> Result<(), Rejection> {
    match (cost.tap_another_creature, a.tap.as_slice()) {
        (false, []) => Ok(()),
        (false, _) => Err(Rejection::InvalidChoice("this cost taps no other creature".into())),
        (true, [one]) => {
            let Some(o) = state.object(*one).filter(|o| o.on_battlefield()) else {
                return Err(Rejection::CostUnpayable("the creature to tap must be on the battlefield".into()));
            };
            if *one == a.source || o.controller != a.player || !board.get(one).is_some_and(|c| c.is(CardType::Creature)) {
                return Err(Rejection::CostUnpayable("tap another creature you control (CR 702.184a)".into()));
            }
            if o.tapped {
                return Err(Rejection::AlreadyTapped(*one));
            }
            Ok(())
        }
        (true, _) => Err(Rejection::CostUnpayable("the cost taps exactly one other untapped creature you control".into())),
    }
}

/// CR 606.5, 118.8: "loyalty abilities you activate cost an additional [+N]": N more loyalty
/// counters put on for a [+] cost, N fewer removed for a [−] one (the total is the sum).
fn loyalty_cost_increased(state: &GameState, board: &Board, player: crate::ids::PlayerId, cost: &Cost) -> Cost {
    let Some(mut loyalty) = cost.loyalty else { return cost.clone() };
    for o in state.zone_objects(ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if let crate::abilities::StaticAbility::LoyaltyCostsAdditional(n) = st {
                loyalty = loyalty.saturating_add(*n);
            }
        }
    }
    Cost { loyalty: Some(loyalty), ..cost.clone() }
}

/// The mana ability being resolved, as `activate` hands it to `mana_abilities`.
pub(crate) fn mana_activation<'a>(a: &'a Activation, checked: &Checked<'_>, cache: Option<&'a ProductionCache>) -> ManaActivation<'a> {
    ManaActivation {
        cache,
        player: a.player,
        source: a.source,
        source_is_land: checked.source_is_land,
        source_is_creature: checked.source_is_creature,
        source_is_basic: checked.source_is_basic,
        tapped_for_mana: checked.ability.cost.tap,
        mana_choice: a.mana_choice,
        order: &a.replacement_order,
    }
}

/// `board`: the characteristics now, if the caller has them.
/// `cache`: shared by the trials of one `legal_actions` call (with `board` their common board).
pub(crate) fn activate(
    state: &mut GameState,
    a: Activation,
    ev: &mut Vec<Event>,
    board: Option<&Board>,
    cache: Option<&ProductionCache>,
) -> Result<(), Rejection> {
    let given = board.is_some();
    let mut kept = None;
    let board = given_or_kept(board, state, &mut kept);
    let checked = check_activation(state, board, &a)?;
    let (source_card, counters_before) = match state.object(a.source) {
        Some(o) => (o.card, o.counters.clone()),
        None => return Err(Rejection::NoSuchObject(a.source)),
    };
    let ability = checked.ability.clone();
    let (link, x, exiled_power) = (checked.link, checked.x, checked.exiled_power);
    costs::pay(state, a.player, a.source, &checked.cost, x, a.payment.as_ref(), ev)?;
    // CR 702.184a: the other creature tapped to pay the cost; the ability's effect refers to
    // it as "the tapped creature" (through the stack entry's event).
    for id in &a.tap {
        crate::zones::tap(state, *id, ev);
    }
    let tapped_creature = a.tap.first().copied();
    if ability.once_each_turn {
        state.activated_once.push((a.source, a.ability));
    }
    if ability.cost.loyalty.is_some() {
        let turn = state.turn;
        if let Some(o) = state.object_mut(a.source) {
            o.loyalty_activated_turn = Some(turn);
        }
    }
    if ability.is_mana_ability() {
        ev.push(Event::AbilityActivated { player: a.player, source: a.source, ability: a.ability, stack_id: None });
        // Tapping, untapping and paying mana change no characteristics, so the board computed
        // above still holds; removing counters or sacrificing may, so then it is recomputed.
        let unchanged = checked.cost_keeps_board();
        let shared = given && unchanged;
        let act = mana_activation(&a, &checked, if shared { cache } else { None });
        let board = if unchanged { Some(Cow::Borrowed(board)) } else { None };
        return mana_abilities::resolve(state, &act, &ability.effect, board, ev);
    }
    let id = state.new_object_id();
    let source_counters = state.object(a.source).map(|o| o.counters.clone()).unwrap_or(counters_before);
    // A discarded card is a new object in the graveyard (CR 400.7): that is the ability's source
    // now (its "when you cycle this card" abilities trigger from there, CR 702.29c); so is an
    // exiled one in exile.
    let source = if ability.cost.discard_self || ability.cost.exile_self {
        source_card.and_then(|c| state.cards.get(usize::try_from(c.0).ok()?)?.object).unwrap_or(a.source)
    } else {
        a.source
    };
    let cycling = ability.cycling;
    state.stack.push(StackEntry {
        id,
        controller: a.player,
        targets: a.targets,
        x: if ability.cost.x_count() > 0 { Some(x) } else { None },
        kicked: Vec::new(),
        modes: Vec::new(),
        spliced: Vec::new(),
        revealed: Vec::new(),
        kind: StackEntryKind::Ability {
            source,
            source_card,
            effect: ability.effect,
            target_specs: ability.targets,
            source_counters,
            ability_kind: StackAbilityKind::Activated,
            ability: None,
            link,
            // CR 702.97a: "the card you exiled" and its power.
            event: if ability.cost.exile_self {
                crate::state::TriggerEvent { player: None, object: Some(source), amount: exiled_power }
            } else {
                crate::state::TriggerEvent { object: tapped_creature, ..Default::default() }
            },
        },
    });
    ev.push(Event::AbilityActivated { player: a.player, source: a.source, ability: a.ability, stack_id: Some(id) });
    if cycling {
        // CR 702.29c-d: activating a cycling ability is cycling the card.
        crate::triggers::cycled(state, a.player, Some(source).filter(|s| *s != a.source));
    }
    // CR 117.3c: the player keeps priority; the round of passes starts over.
    state.passes = 0;
    Ok(())
}
