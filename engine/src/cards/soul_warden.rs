//! Soul Warden ({W} Creature — Human Cleric 1/1): "whenever another creature enters" looks at
//! the permanent as it is on the battlefield (CR 603.6a-b).
use super::{triggered, CardDef};
use crate::abilities::{Amount, Effect, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "Whenever another creature enters, you gain 1 life.";

pub fn def() -> CardDef {
    CardDef::new("Soul Warden", ORACLE)
        .cost("{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Cleric"])
        .pt(1, 1)
        .ability(triggered(Trigger::AnotherCreatureEnters, Effect::GainLife(Amount::Fixed(1))))
}
