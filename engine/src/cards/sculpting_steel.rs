//! Sculpting Steel ({3} Artifact): an "as enters" copy replacement for artifacts (CR 614.1c,
//! 707.5). Entering as a copy, it has the copied abilities as it enters, so a copied "as this
//! enters, choose a color" applies to it (CR 614.12). Oracle text in
//! `rulings/cards.toml`.
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "You may have this artifact enter as a copy of any artifact on the battlefield.";

pub fn def() -> CardDef {
    CardDef::new("Sculpting Steel", ORACLE)
        .cost("{3}")
        .types(&[CardType::Artifact])
        .ability(Ability::Static(StaticAbility::EntersAsCopy(CardType::Artifact)))
}
