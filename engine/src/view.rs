//! Observable state: what tests and the conformance adapter read. Every value is derived from
//! the state through `layers` at the moment it is asked for.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ids::{CardId, ObjectId, PlayerId};
use crate::layers::Board;
use crate::mana::ManaPool;
pub use crate::state::StackAbilityKind;
use crate::state::{GameState, StackEntryKind, ZoneKind};
use crate::targets::Target;
use crate::types::CardType;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ObjectView {
    pub id: ObjectId,
    pub card: Option<CardId>,
    pub name: String,
    pub zone: ZoneKind,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub tapped: bool,
    /// Only for creatures (CR 208.3).
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    /// Only for planeswalkers (CR 306.5).
    pub loyalty: Option<i32>,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    pub supertypes: Vec<String>,
    /// Letters W U B R G.
    pub colors: Vec<String>,
    /// The card's color identity, letters W U B R G (CR 903.4).
    pub color_identity: Vec<String>,
    pub keywords: Vec<String>,
    pub counters: BTreeMap<String, u32>,
    pub mana_value: u32,
    pub damage: u32,
    pub attached_to: Option<ObjectId>,
    pub commander: bool,
    /// A card in a hand shown to all players (CR 701.20a: `reveal::is_revealed`).
    #[serde(default)]
    pub revealed: bool,
    pub summoning_sick: bool,
    pub is_token: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub id: PlayerId,
    pub name: String,
    pub life: i32,
    pub mana_pool: ManaPool,
    pub hand_size: u32,
    pub library_size: u32,
    pub lost: bool,
    /// Poison counters (CR 122.1f).
    pub poison: u32,
    /// How many times the library has been shuffled (CR 701.24a).
    pub shuffles: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StackItemKind {
    Spell,
    Ability,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StackItemView {
    pub id: ObjectId,
    pub kind: StackItemKind,
    /// A spell's own object, or an ability's source.
    pub source: Option<ObjectId>,
    pub source_card: Option<CardId>,
    pub controller: PlayerId,
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    /// For abilities: activated or triggered (CR 113.1b-c); `None` for spells.
    pub ability_kind: Option<StackAbilityKind>,
}

/// A triggered ability waiting for its controller's `Action::PutTriggers` (CR 603.3b, 603.3d).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingTriggerView {
    pub id: u32,
    pub source: Option<ObjectId>,
    pub source_card: Option<CardId>,
    pub controller: PlayerId,
    pub needs_targets: bool,
}

pub(crate) fn object_view(state: &GameState, board: &Board, id: ObjectId) -> Option<ObjectView> {
    let obj = state.object(id)?;
    let ch = board.get(&id)?;
    let creature = ch.is(CardType::Creature);
    let x = if obj.zone == ZoneKind::Stack { obj.x.unwrap_or(0) } else { 0 };
    Some(ObjectView {
        id,
        card: obj.card,
        name: ch.name.to_string(),
        zone: obj.zone,
        owner: obj.owner,
        controller: obj.controller,
        tapped: obj.tapped,
        power: if creature { ch.power.or(Some(0)) } else { None },
        toughness: if creature { ch.toughness.or(Some(0)) } else { None },
        loyalty: if ch.is(CardType::Planeswalker) { ch.loyalty } else { None },
        types: ch.types.iter().map(|t| t.name().to_string()).collect(),
        subtypes: (*ch.subtypes).clone(),
        supertypes: (*ch.supertypes).clone(),
        colors: ch.colors.iter().map(|c| c.letter().to_string()).collect(),
        color_identity: obj.def.def().map(crate::color_identity::of).unwrap_or_default().iter().map(|c| c.letter().to_string()).collect(),
        keywords: ch.keyword_names().into_iter().map(str::to_string).collect(),
        counters: obj.counters.to_map(),
        mana_value: ch.mana_value(x),
        damage: obj.damage,
        attached_to: obj.attached_to,
        commander: !obj.is_token && state.card_commander(obj.card),
        revealed: crate::reveal::is_revealed(state, board, id),
        summoning_sick: obj.summoning_sick,
        is_token: obj.is_token,
    })
}

pub(crate) fn player_view(state: &GameState, p: PlayerId) -> Option<PlayerView> {
    let pl = state.player(p)?;
    let count = |z| u32::try_from(state.zone_objects(z, Some(p)).len()).unwrap_or(u32::MAX);
    Some(PlayerView {
        id: p,
        name: pl.name.clone(),
        life: pl.life,
        mana_pool: pl.mana_pool.clone(),
        hand_size: count(ZoneKind::Hand),
        library_size: count(ZoneKind::Library),
        lost: pl.lost,
        poison: pl.poison,
        shuffles: pl.shuffles,
    })
}

pub(crate) fn stack_view(state: &GameState) -> Vec<StackItemView> {
    state
        .stack
        .iter()
        .rev()
        .map(|e| match &e.kind {
            StackEntryKind::Spell => StackItemView {
                id: e.id,
                kind: StackItemKind::Spell,
                source: Some(e.id),
                source_card: state.object(e.id).and_then(|o| o.card),
                controller: e.controller,
                targets: e.targets.clone(),
                x: e.x,
                ability_kind: None,
            },
            StackEntryKind::Ability { source, source_card, ability_kind, .. } => StackItemView {
                id: e.id,
                kind: StackItemKind::Ability,
                source: Some(*source),
                source_card: *source_card,
                controller: e.controller,
                targets: e.targets.clone(),
                x: e.x,
                ability_kind: Some(*ability_kind),
            },
        })
        .collect()
}

/// The triggered abilities waiting for a `PutTriggers` decision, in timestamp order.
pub(crate) fn pending_triggers(state: &GameState) -> Vec<PendingTriggerView> {
    let Some(wait) = state.trigger_wait else { return Vec::new() };
    crate::triggers::waiting_for(state, wait.player)
        .into_iter()
        .map(|t| PendingTriggerView {
            id: t.id,
            source: Some(t.source),
            source_card: t.source_card,
            controller: t.controller,
            needs_targets: !t.target_specs.is_empty(),
        })
        .collect()
}
