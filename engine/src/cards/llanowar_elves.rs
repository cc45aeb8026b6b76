//! Llanowar Elves ({G} Creature — Elf Druid 1/1).
use super::{mana, tap_add, CardDef};
use crate::abilities::ManaSpec;
use crate::types::CardType;

pub const ORACLE: &str = "{T}: Add {G}.";

pub fn def() -> CardDef {
    CardDef::new("Llanowar Elves", ORACLE)
        .cost("{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Druid"])
        .pt(1, 1)
        .ability(tap_add(ManaSpec::Fixed(mana("{G}"))))
}
