//! Meteor Crater (Land) — the CR 106.5 example.
use super::{tap_add, CardDef};
use crate::abilities::ManaSpec;
use crate::types::CardType;

pub const ORACLE: &str =
    "{T}: Choose a color of a permanent you control. Add one mana of that color.";

pub fn def() -> CardDef {
    CardDef::new("Meteor Crater", ORACLE)
        .types(&[CardType::Land])
        .ability(tap_add(ManaSpec::ColorOfPermanentYouControl))
}
