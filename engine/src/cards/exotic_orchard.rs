//! Exotic Orchard (Land) — the CR 106.7 example.
use super::{tap_add, CardDef};
use crate::abilities::{ManaSpec, Relation};
use crate::types::CardType;

pub const ORACLE: &str =
    "{T}: Add one mana of any color that a land an opponent controls could produce.";

pub fn def() -> CardDef {
    CardDef::new("Exotic Orchard", ORACLE).types(&[CardType::Land]).ability(tap_add(
        ManaSpec::CouldProduce { lands_of: Relation::Opponent, colors_only: true },
    ))
}
