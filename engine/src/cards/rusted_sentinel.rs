//! Rusted Sentinel ({4} Artifact Creature — Golem 3/4): "enters tapped" (CR 614.1c).
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "This creature enters tapped.";

pub fn def() -> CardDef {
    CardDef::new("Rusted Sentinel", ORACLE)
        .cost("{4}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Golem"])
        .pt(3, 4)
        .ability(Ability::Static(StaticAbility::EntersTapped))
}
