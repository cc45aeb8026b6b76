//! Building a game from a described position (a corpus case's `setup`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::card_def;
use crate::ids::{CardId, DefId, ObjectId, PlayerId};
use crate::mana::ManaPool;
use crate::rng::Rng;
use crate::state::{CardRecord, Combat, Effects, GameState, Object, Player, ZoneKind};
use crate::turn::Step;
use crate::types::CardType;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    pub seed: u64,
    /// Exactly two players.
    pub players: Vec<PlayerSetup>,
    pub active_player: PlayerId,
    /// Default: the active player.
    pub priority_player: Option<PlayerId>,
    pub step: Step,
    pub turn_number: u32,
    /// `CardId(i)` is `cards[i]`. Order within each zone follows this order (library: first = top).
    pub cards: Vec<CardSetup>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerSetup {
    pub name: String,
    pub life: i32,
    pub mana_pool: ManaPool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardSetup {
    pub name: String,
    pub owner: PlayerId,
    /// Battlefield only; default the owner.
    pub controller: Option<PlayerId>,
    /// Not `Stack`.
    pub zone: ZoneKind,
    pub tapped: bool,
    /// Counters on it. A planeswalker on the battlefield with no `loyalty` entry gets its printed
    /// loyalty, as it would have entering (CR 306.5b); the corpus always states the count.
    pub counters: BTreeMap<String, u32>,
    /// Came under its controller's control this turn (CR 302.6).
    pub summoning_sick: bool,
    pub commander: bool,
    pub attached_to: Option<CardId>,
}

impl CardSetup {
    /// A card with every option at its default.
    pub fn new(name: &str, owner: PlayerId, zone: ZoneKind) -> CardSetup {
        CardSetup {
            name: name.to_string(),
            owner,
            controller: None,
            zone,
            tapped: false,
            counters: BTreeMap::new(),
            summoning_sick: false,
            commander: false,
            attached_to: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum SetupError {
    #[error("exactly two players are supported, got {0}")]
    PlayerCount(usize),
    #[error("unknown card `{0}`")]
    UnknownCard(String),
    #[error("card {card} names player {player:?}, who doesn't exist")]
    BadPlayer { card: usize, player: PlayerId },
    #[error("the active or priority player {0:?} doesn't exist")]
    BadTurnPlayer(PlayerId),
    #[error("card {0} can't start on the stack")]
    StackZone(usize),
    #[error("card {0} has an impossible attachment")]
    BadAttachment(usize),
    #[error("too many cards")]
    TooManyCards,
}

pub(crate) fn build(setup: GameSetup) -> Result<GameState, SetupError> {
    if setup.players.len() != 2 {
        return Err(SetupError::PlayerCount(setup.players.len()));
    }
    let valid = |p: PlayerId| usize::from(p.0) < 2;
    if !valid(setup.active_player) {
        return Err(SetupError::BadTurnPlayer(setup.active_player));
    }
    if let Some(p) = setup.priority_player.filter(|p| !valid(*p)) {
        return Err(SetupError::BadTurnPlayer(p));
    }
    let mut state = GameState {
        players: setup
            .players
            .iter()
            .map(|p| Player {
                name: p.name.clone(),
                life: p.life,
                mana_pool: p.mana_pool.clone(),
                lost: false,
                drew_from_empty: false,
                poison: 0,
                shuffles: 0,
                spell_mana_this_turn: 0,
                no_maximum_hand_size: false,
            })
            .collect(),
        cards: Vec::new(),
        objects: crate::objects::Objects::new(),
        stack: Vec::new(),
        effects: Effects::default(),
        pending_triggers: Vec::new(),
        active: setup.active_player,
        priority: Some(setup.priority_player.unwrap_or(setup.active_player)),
        step: setup.step,
        turn: setup.turn_number,
        passes: 0,
        lands_played: 0,
        extra_land_plays: 0,
        combat: Combat::default(),
        next_object: 0,
        next_timestamp: 0,
        rng: Rng::new(setup.seed),
        trigger_wait: None,
        next_trigger_id: 0,
        linked_exiles: Vec::new(),
        haunts: Vec::new(),
        shields: Vec::new(),
        regeneration_shields: Vec::new(),
        exiled_until: Vec::new(),
        delayed_triggers: Vec::new(),
        attacked_with: Vec::new(),
        activated_once: Vec::new(),
        upkeep_phases: None,
        board_cache: Default::default(),
        paid_life_as_it_enters: false,
    };
    let mut ids: Vec<ObjectId> = Vec::new();
    for (i, c) in setup.cards.iter().enumerate() {
        let def = card_def(&c.name).ok_or_else(|| SetupError::UnknownCard(c.name.clone()))?;
        let def_id = DefId::card(&c.name).ok_or_else(|| SetupError::UnknownCard(c.name.clone()))?;
        if !valid(c.owner) {
            return Err(SetupError::BadPlayer { card: i, player: c.owner });
        }
        if let Some(p) = c.controller.filter(|p| !valid(*p)) {
            return Err(SetupError::BadPlayer { card: i, player: p });
        }
        if c.zone == ZoneKind::Stack {
            return Err(SetupError::StackZone(i));
        }
        let card = CardId(u32::try_from(i).map_err(|_| SetupError::TooManyCards)?);
        let id = state.new_object_id();
        let timestamp = state.new_timestamp();
        let on_battlefield = c.zone == ZoneKind::Battlefield;
        let controller = if on_battlefield { c.controller.unwrap_or(c.owner) } else { c.owner };
        let mut counters: crate::counters::Counters<u32> =
            c.counters.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (k.clone(), *n)).collect();
        // A planeswalker set up on the battlefield without a stated loyalty entered with its
        // printed loyalty (CR 306.5b); an explicit `loyalty` counter count (even 0) is kept.
        if on_battlefield && def.types.contains(&CardType::Planeswalker) && !c.counters.contains_key("loyalty") {
            if let Some(l) = def.loyalty.and_then(|l| u32::try_from(l).ok()).filter(|l| *l > 0) {
                counters.insert("loyalty".into(), l);
            }
        }
        // Counters already there were put on as the object arrived (CR 613.7c).
        let counter_timestamps = counters.keys().map(|k| (k.clone(), timestamp)).collect();
        state.objects.insert(
            id,
            Object {
                id,
                card: Some(card),
                def: def_id,
                is_token: false,
                owner: c.owner,
                controller,
                base_controller: controller,
                zone: c.zone,
                timestamp,
                tapped: on_battlefield && c.tapped,
                counters,
                counter_timestamps,
                damage: 0,
                summoning_sick: on_battlefield && c.summoning_sick,
                // A permanent set up as new this turn came under its controller's control after
                // their last upkeep began only if it is their turn and past it; the setup says
                // "this turn", and echo counts it as new (CR 702.30a).
                new_since_upkeep: on_battlefield && c.summoning_sick,
                attached_to: None,
                x: None,
                entered_x: None,
                loyalty_activated_turn: None,
                chosen_color: None,
                chosen_type: None,
                spell_copy: false,
                sacrificed_power: None,
                kicked: Vec::new(),
                cast_with_flashback: false,
                colors_spent: 0,
        deathtouch_damage: false,
        additional_cost_paid: false,
        phased_out: None,
            },
        );
        state.cards.push(CardRecord { name: def_id, owner: c.owner, commander: c.commander, object: Some(id) });
        ids.push(id);
    }
    for (i, c) in setup.cards.iter().enumerate() {
        let Some(target) = c.attached_to else { continue };
        let target_id = usize::try_from(target.0).ok().and_then(|t| ids.get(t)).copied();
        let (Some(me), Some(t)) = (ids.get(i).copied(), target_id) else {
            return Err(SetupError::BadAttachment(i));
        };
        let both_on_battlefield = [me, t]
            .iter()
            .all(|x| state.object(*x).is_some_and(|o| o.zone == ZoneKind::Battlefield));
        if me == t || !both_on_battlefield {
            return Err(SetupError::BadAttachment(i));
        }
        if let Some(o) = state.object_mut(me) {
            o.attached_to = Some(t);
        }
    }
    Ok(state)
}
