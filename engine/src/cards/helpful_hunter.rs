//! Helpful Hunter ({1}{W} Creature — Cat 1/1): a "when this enters" ability (CR 603.6a).
use super::{triggered, CardDef};
use crate::abilities::{Effect, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "When this creature enters, draw a card.";

pub fn def() -> CardDef {
    CardDef::new("Helpful Hunter", ORACLE)
        .cost("{1}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Cat"])
        .pt(1, 1)
        .ability(triggered(Trigger::ThisEnters, Effect::DrawCards(crate::abilities::Amount::Fixed(1))))
}
