//! Reflecting Pool (Land).
use super::{tap_add, CardDef};
use crate::abilities::{ManaSpec, Relation};
use crate::types::CardType;

pub const ORACLE: &str = "{T}: Add one mana of any type that a land you control could produce.";

pub fn def() -> CardDef {
    CardDef::new("Reflecting Pool", ORACLE)
        .types(&[CardType::Land])
        .ability(tap_add(ManaSpec::CouldProduce { lands_of: Relation::You, colors_only: false }))
}
