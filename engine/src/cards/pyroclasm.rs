//! Pyroclasm ({1}{R} Sorcery): damage to each creature, no target (CR 120.3).
use super::CardDef;
use crate::abilities::{Amount, Effect};
use crate::types::CardType;

pub const ORACLE: &str = "Pyroclasm deals 2 damage to each creature.";

pub fn def() -> CardDef {
    CardDef::new("Pyroclasm", ORACLE)
        .cost("{1}{R}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::DealDamageToEach { amount: Amount::Fixed(2), types: vec![CardType::Creature] })
}
