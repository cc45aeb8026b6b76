//! Void Winnower ({9} Creature — Eldrazi 11/9): its opponents can't cast spells with even mana
//! values, checked once X is announced (CR 601.3, 601.2b, 202.3e). Its second ability, on
//! blocking, is not modelled: the engine has no declare-blockers action yet.
use super::CardDef;
use crate::abilities::{Ability, Relation, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "Your opponents can't cast spells with even mana values. (Zero is even.)\nYour opponents can't block with creatures with even mana values.";

pub fn def() -> CardDef {
    CardDef::new("Void Winnower", ORACLE)
        .cost("{9}")
        .types(&[CardType::Creature])
        .subtypes(&["Eldrazi"])
        .pt(11, 9)
        .ability(Ability::Static(StaticAbility::CantCastEvenManaValue { who: Relation::Opponent }))
}
