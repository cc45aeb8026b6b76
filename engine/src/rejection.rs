//! Why an action was refused. `Game::apply` is transactional: a rejection leaves the state as it was.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ids::{ObjectId, PlayerId};
use crate::mana::ManaType;

#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Rejection {
    #[error("{0:?} is already tapped and can't be tapped to pay {{T}} (CR 107.5)")]
    AlreadyTapped(ObjectId),
    #[error("{0:?} is already untapped and can't be untapped to pay {{Q}} (CR 107.6)")]
    AlreadyUntapped(ObjectId),
    #[error("not enough mana to pay the cost")]
    NotEnoughMana,
    #[error("the given payment doesn't pay the cost exactly")]
    PaymentMismatch,
    #[error("{object:?} doesn't have {amount} {kind} counter(s) to remove")]
    NotEnoughCounters { object: ObjectId, kind: String, amount: u32 },
    #[error("the cost can't be paid: {0}")]
    CostUnpayable(String),
    #[error("{0:?} hasn't been under its controller's control since their most recent turn began (CR 302.6)")]
    SummoningSick(ObjectId),
    #[error("can't do that now: {0}")]
    WrongTiming(String),
    #[error("no land play left this turn (CR 305.2)")]
    NoLandPlayLeft,
    #[error("the game is over")]
    GameOver,
    #[error("illegal or missing target: {0}")]
    InvalidTarget(String),
    #[error("{0:?} is not a type of mana this ability can produce now")]
    InvalidManaChoice(ManaType),
    #[error("a required choice is missing: {0}")]
    MissingChoice(String),
    #[error("choice not allowed: {0}")]
    InvalidChoice(String),
    /// An effect says the action can't be done (CR 101.2: "can't" wins over "can").
    #[error("forbidden by an effect: {0}")]
    Forbidden(String),
    #[error("{0:?} doesn't have priority")]
    NotYourPriority(PlayerId),
    #[error("no such object {0:?}")]
    NoSuchObject(ObjectId),
    #[error("no such player {0:?}")]
    NoSuchPlayer(PlayerId),
    #[error("{object:?} has no activated ability number {index}")]
    NoSuchAbility { object: ObjectId, index: usize },
    #[error("{object:?} is not where the action needs it: {reason}")]
    WrongObject { object: ObjectId, reason: String },
    #[error("unsupported: {0}")]
    Unsupported(String),
}

impl Rejection {
    /// The rejection class of `rulings/README.md`.
    pub fn class(&self) -> &'static str {
        match self {
            Rejection::AlreadyTapped(_)
            | Rejection::AlreadyUntapped(_)
            | Rejection::NotEnoughMana
            | Rejection::PaymentMismatch
            | Rejection::NotEnoughCounters { .. }
            | Rejection::CostUnpayable(_) => "cost",
            Rejection::SummoningSick(_) => "summoning_sickness",
            Rejection::WrongTiming(_) | Rejection::NoLandPlayLeft | Rejection::GameOver => "timing",
            Rejection::InvalidTarget(_) => "target",
            Rejection::InvalidManaChoice(_)
            | Rejection::MissingChoice(_)
            | Rejection::InvalidChoice(_)
            | Rejection::Forbidden(_) => "choice",
            Rejection::NotYourPriority(_) => "priority",
            Rejection::NoSuchObject(_)
            | Rejection::NoSuchPlayer(_)
            | Rejection::NoSuchAbility { .. }
            | Rejection::WrongObject { .. }
            | Rejection::Unsupported(_) => "object",
        }
    }
}
