//! Gravebane Zombie ({3}{B} Creature — Zombie 3/2): "if this creature would die, ... instead"
//! (CR 614.1a, 700.4).
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "If this creature would die, put it on top of its owner's library instead.";

pub fn def() -> CardDef {
    CardDef::new("Gravebane Zombie", ORACLE)
        .cost("{3}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Zombie"])
        .pt(3, 2)
        .ability(Ability::Static(StaticAbility::DiesToLibraryTop))
}
